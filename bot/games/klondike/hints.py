"""Hints for **Hint** and `/hint`: advice from the cards the players have seen, never from the hidden ones.

A hint reads a `SeenPosition` (what a careful player remembers: see `layout.py`). A safe move to a foundation is
suggested at once. Otherwise the solver plays a few guessed deals (`knowledge.py`: the unseen cards shuffled into
the unseen places), and each guessed deal it wins votes for its first move. The most voted move and the moves that
get the most done (a card up, a card turned up, a waste card put down) are then tried on every guessed deal; the one
that wins the most of them is the hint (a tie goes to the one that gets more done), told with its count ("won 5 of
6 tries"). Only when every card has been seen is there a single deal, the real one, and then "this leads to a win"
is a fact. When no guessed deal is won, a sensible move from what everyone sees (`heuristic_move`). A hint never
leads back to a position the game went through when another move will do, so following the hints never goes round
in circles.

Every search stops at a number of positions rather than a time, so the same position gives the same hint on a busy
machine too. Up to about half a second of CPU: call it off the event loop (the solver pool).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from bot.games.base import Notice
from bot.games.klondike.engine import Klondike
from bot.games.klondike.knowledge import guesses
from bot.games.klondike.layout import FullPosition, SeenPosition
from bot.games.klondike.moves import DRAW, FOUNDATION, WASTE, Move, column_index
from bot.games.klondike.search import UNKNOWN, UNWINNABLE, WINNABLE
from bot.games.klondike.solver import solve
from bot.games.klondike.wording import describe

GUESSES: Final = 6  # guessed deals per hint while some cards are unseen
FIRST_MOVE_NODES: Final = 3_000  # the solver's positions per guessed deal, looking for a winning line
CHECK_NODES: Final = 1_500  # per guessed deal, checking that a candidate move still wins there
CANDIDATES: Final = 4  # the moves checked on every guessed deal
HINT_NODES: Final = 24_000  # the solver's positions for the whole hint (about 0.6 s on one core)
SAFETY_SECONDS: Final = 5.0  # a CPU-time cap per search, far above what the node limits take

# Why a move is suggested.
SAFE: Final = "safe"  # a card that can go up with no loss
WINNING: Final = "winning"  # every card is known and the solver wins after it
LIKELY: Final = "likely"  # it wins `wins` of `tries` guessed deals
HEURISTIC: Final = "heuristic"  # no guessed deal was won: a sensible move from what everyone sees
NOTHING: Final = "nothing"  # no move at all (the game is over)


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move (None when there is none), why (`SAFE`, `WINNING`, `LIKELY`, `HEURISTIC`, `NOTHING`),
    and on how many guessed deals the solver won after it, out of how many tried."""

    move: Move | None
    reason: str
    wins: int = 0
    tries: int = 0


def hint(game: Klondike) -> Hint:
    """The hint for `game`'s current position, from what its players have seen."""
    if game.is_over:
        return Hint(None, NOTHING)
    return hint_from_seen(game.seen_position(), game.positions_on_the_way())


def hint_from_seen(seen: SeenPosition, on_the_way: frozenset[int] = frozenset()) -> Hint:
    """The hint for a position as the players know it; `on_the_way`: the `position_key` of the positions the
    game went through, where a hint does not lead back when another move will do."""
    return _choose(guesses(seen, GUESSES), on_the_way, exact=not seen.unseen_cards())


def advice(seen: SeenPosition, on_the_way: frozenset[int] = frozenset()) -> Notice:
    """The hint in words, for the player who asked."""
    deals = guesses(seen, GUESSES)
    chosen = _choose(deals, on_the_way, exact=not seen.unseen_cards())
    if chosen.move is None:
        return Notice("klondike.game_over")
    board = Klondike.from_position(deals[0])  # what everyone sees is the same in every guess
    move = describe(board, chosen.move)
    if chosen.reason == SAFE:
        return Notice("klondike.hint_safe", {"move": move})
    if chosen.reason == WINNING:
        return Notice("klondike.hint_winning", {"move": move})
    if chosen.reason == LIKELY:
        return Notice("klondike.hint_likely", {"move": move, "wins": chosen.wins, "count": chosen.tries})
    if chosen.move == DRAW:
        return Notice("klondike.hint_draw")
    return Notice("klondike.hint_try", {"move": move})


def _choose(deals: list[FullPosition], on_the_way: frozenset[int], *, exact: bool) -> Hint:
    board = Klondike.from_position(deals[0])
    safe = board.auto_moves()
    if safe:
        return Hint(safe[0], SAFE)
    legal = board.legal_moves()
    if not legal:
        return Hint(None, NOTHING)
    allowed = [move for move in legal if _leads_to(board, move) not in on_the_way] or legal
    budget = _Budget(HINT_NODES)
    votes: Counter[Move] = Counter()
    won_after: dict[Move, set[int]] = {}
    lost: set[int] = set()  # guessed deals lost whatever the move
    for index, deal in enumerate(deals):
        status, line = budget.solve(deal, FIRST_MOVE_NODES)
        if status == WINNABLE and line and line[0] in allowed:
            votes[line[0]] += 1
            won_after.setdefault(line[0], set()).add(index)
        elif status == UNWINNABLE:
            lost.add(index)
    if len(lost) == len(deals):
        return Hint(heuristic_move(board, allowed), HEURISTIC, 0, len(deals))
    best_move, best_wins = allowed[0], 0
    for move in _candidates(board, allowed, votes):
        wins = set(won_after.get(move, ()))
        open_deals = [index for index in range(len(deals)) if index not in wins and index not in lost]
        for checked, index in enumerate(open_deals):
            if len(wins) + len(open_deals) - checked <= best_wins:
                break  # it can no longer beat the best move so far
            after = Klondike.from_position(deals[index])
            after.play(move)
            if budget.solve(after.full_position(), CHECK_NODES)[0] == WINNABLE:
                wins.add(index)
        if len(wins) > best_wins:
            best_move, best_wins = move, len(wins)
    if not best_wins:
        return Hint(heuristic_move(board, allowed), HEURISTIC, 0, len(deals))
    return Hint(best_move, WINNING if exact else LIKELY, best_wins, len(deals))


def _candidates(board: Klondike, allowed: list[Move], votes: Counter[Move]) -> list[Move]:
    """The moves worth checking on every guessed deal, best first (a tie in wins goes to the earlier): the
    solver's most voted first move, and the moves that make the most progress (`_progress`). Preferring progress
    among moves that win as often keeps a player who follows the hints from wandering."""
    order = {move: place for place, move in enumerate(allowed)}

    def preference(move: Move) -> tuple[int, int, int]:
        return _progress(board, move), -votes[move], order[move]

    chosen = sorted(allowed, key=preference)[:CANDIDATES]
    if votes:
        most_voted = max(votes, key=lambda move: (votes[move], -order[move]))
        if most_voted not in chosen:
            chosen[-1:] = [most_voted]
    return sorted(chosen, key=preference)


def _progress(board: Klondike, move: Move) -> int:
    """How much a move gets done, 0 the most: a card up to its foundation, a card turned up, a waste card put
    down, a draw, another column move, a foundation card taken back."""
    if move.target == FOUNDATION:
        return 0
    source = column_index(move.source)
    if source is not None:
        column = board.columns[source]
        return 1 if move.count == len(column.face_up) and column.face_down else 4
    if move.source == WASTE:
        return 2
    return 3 if move.is_draw else 5


def _leads_to(board: Klondike, move: Move) -> int:
    """The `position_key` after `move` (a card it turns up is a guess, but then the position is new anyway)."""
    after = board.copy()
    after.play(move)
    return after.position_key()


class _Budget:
    """The solver's positions left for one hint: each search gets its own limit, or what is left if less."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def solve(self, deal: FullPosition, limit: int) -> tuple[str, list[Move]]:
        if self.left <= 0:
            return UNKNOWN, []
        result = solve(deal, time_limit=SAFETY_SECONDS, node_limit=min(limit, self.left), cpu_time=True)
        self.left -= max(result.nodes, 1)
        return result.status, result.moves or []


def heuristic_move(game: Klondike, allowed: list[Move] | None = None) -> Move | None:
    """A sensible move from what players see, among `allowed` (default: every legal move): a safe move to a
    foundation, then a move that turns up a face-down card (from the column with the most of them), another move
    to a foundation, a waste card to the tableau, a king to an empty column, then drawing. None if only pointless
    moves are left (or none at all)."""
    moves = game.legal_moves() if allowed is None else allowed
    safe = [move for move in game.auto_moves() if move in moves]
    if safe:
        return safe[0]
    columns = game.columns
    best: tuple[int, Move] | None = None
    to_foundation: Move | None = None
    from_waste: Move | None = None
    king: Move | None = None
    for move in moves:
        source = column_index(move.source)
        if source is not None:
            held = columns[source]
            whole = move.count == len(held.face_up)
            if whole and held.face_down:
                if best is None or held.face_down > best[0]:
                    best = (held.face_down, move)
                continue
            if move.target == FOUNDATION and to_foundation is None:
                to_foundation = move
            continue
        if move.source == WASTE:
            target = column_index(move.target)
            if target is None:
                to_foundation = to_foundation or move
            elif columns[target].is_empty:
                king = king or move
            else:
                from_waste = from_waste or move
    if best is not None:
        return best[1]
    for choice in (to_foundation, from_waste, king):
        if choice is not None:
            return choice
    if DRAW in moves:
        return DRAW
    return None
