"""The strong AI's look at its own turn: every sequence of moves the priority rule allows, up to the next unknown card
to turn up or the end of the turn, scored by what the table would then be worth.

A turn is many moves between chances: a face-down card turned up from the stock is the only thing a player cannot
foresee. So the search goes through the player's own moves on the face-up cards (their order included: moving a
card aside to uncover the one below, loading the opponent before or after) until one of two stops:

- **go on**: no card waits to be placed and the rule lets the player turn up the next one, which is face down: worth
  the table as it is, plus the chance that the next card can be placed (read from the player's own cards still
  unseen: a seat knows its own deck, never the order of its face-down cards);
- **end**: the turned card cannot be placed and is discarded (or there is nothing left to turn up): worth the table
  as the opponent will find it: the places it offers their crapette, their discard and their next card (or the
  chance their next card has one), the cards of theirs that could be loaded onto ours, the side piles left empty
  for them, and whether our own next card keeps a place.

A stock made of a discard turned over is known card by card (everyone saw the discard), so turning up its next card
is just another step of the search, not a stop.

Only moves the priority rule allows are searched, so the AI never breaks it. Moves that change nothing (a lone side
card onto an empty side pile) and equivalent targets (a second empty side pile, two foundations asking for the same
card) are left out; side piles already seen this turn are never brought back; a table reached twice is scored once,
and the search stops after `NODE_BUDGET` tables or `MAX_DEPTH` actions in a line, scoring what is left as it stands.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from bot.games.crapette.board import Board, fits_opponent
from bot.games.crapette.layout import (
    CARD_RANK,
    CARD_RED,
    CARD_SUIT,
    CARDS_PER_DECK,
    KING,
    NO_CARD,
    UNKNOWN,
    CrapetteOptions,
)
from bot.games.crapette.moves import (
    DISCARD_TURNED,
    END_TURN,
    FIRST_FOUNDATION,
    FIRST_SIDE,
    TURN_STOCK,
    Action,
    Move,
    move_spots,
)

NODE_BUDGET: Final = 600
MAX_DEPTH: Final = 60  # actions in a line
WON: Final = 1e9  # the score of a line that empties the player's piles
REARRANGING: Final = 0.05  # a move between side piles costs this: of two equal lines, the one with fewer wins


@dataclass(frozen=True, slots=True)
class Weights:
    """What the evaluation counts (points per unit)."""

    card: float = 10.0  # each card a player still has to get rid of
    crapette_card: float = 5.0  # ... more when it is in their crapette
    go_on: float = 9.0  # the chance that the next turned card can be placed, times this
    crapette_exposed: float = 6.0  # a card of the opponent's that could be loaded onto our crapette
    discard_exposed: float = 3.0  # ... onto our discard
    opponent_crapette_free: float = 7.0  # the opponent's crapette top has a place
    opponent_discard_free: float = 3.0  # the opponent's discard top has a place
    empty_side: float = 4.0  # a side pile left empty for the opponent
    opponent_next_free: float = 6.0  # the opponent's next card to turn up (when known) has a place
    own_next_free: float = 6.0  # our own next card (when known) has a place for our next turn
    opponent_go_on: float = 20.0  # the chance the opponent's next card (unknown) has a place, times this


DEFAULT_WEIGHTS: Final = Weights()


@dataclass(slots=True)
class Plan:
    """The best line found: its actions and its score."""

    actions: list[Action]
    score: float


def allowed_now(board: Board, seat: int, options: CrapetteOptions, moved: Collection[int]) -> list[Action]:
    """The actions that keep the priority rule (the same as `priority.allowed_actions` on the legal actions),
    from one pass of move generation."""
    moves = board.legal_moves(seat, options, moved)
    foundation: list[Action] = [move for move in moves if move.to_foundation]
    if foundation:
        return foundation
    sides = board.sides
    freeing: list[Action] = []
    for move in moves:
        source, target = move_spots(move)
        lone = FIRST_SIDE <= source < FIRST_FOUNDATION and len(sides[source - FIRST_SIDE]) == 1
        if lone and (target < FIRST_SIDE or sides[target - FIRST_SIDE]):
            freeing.append(move)
    if freeing:
        return freeing
    actions: list[Action] = list(moves)
    if board.turned[seat] != NO_CARD:
        if not (options.sources_rules and any(move.source == "st" for move in moves)):
            actions.append(DISCARD_TURNED)
    elif board.stocks[seat] or board.discards[seat]:
        actions.append(TURN_STOCK)
    else:
        actions.append(END_TURN)
    return actions


class TurnSearch:
    """One search from `board` (a seat's view, masked) for `seat`, on turn."""

    def __init__(
        self,
        board: Board,
        seat: int,
        options: CrapetteOptions,
        unseen: list[int],
        weights: Weights = DEFAULT_WEIGHTS,
        sides_seen: Collection[tuple[tuple[int, ...], ...]] = frozenset(),
    ) -> None:
        self.board = board
        self.seat = seat
        self.options = options
        self.unseen = unseen  # the seat's own cards it cannot see: what its next turned card may be
        self.opponent_unseen = unseen_cards(board, 1 - seat)
        self.weights = weights
        # Side piles seen this turn, as moves between side piles went: never brought back (a turn must not go round
        # in circles, and each decision is a new search: without this, two searches could undo each other).
        self.sides_seen = sides_seen
        self.node_budget = NODE_BUDGET
        self.nodes = 0
        self._depth = 0
        self._scores: dict[tuple[object, ...], float] = {}
        # The tables a line can end the turn on (after the discard), with their score: filled when not None.
        self.end_tables: dict[tuple[object, ...], tuple[float, Board]] | None = None
        # Scores given from outside to some of those tables (the opponent's reply looked at, see `reply.py`).
        self.end_overrides: dict[tuple[object, ...], float] = {}
        # Every place a line stops (to turn up an unknown card, or to end the turn), with its score and the line
        # that first reached it: filled when not None (the lines `benchmarks/crapette_lookahead.py` plays out).
        self.stops: dict[tuple[object, ...], tuple[float, tuple[Action, ...]]] | None = None
        self._line: list[Action] = []

    def best(self, moved: Collection[int] = ()) -> Plan:
        """The best line from here (at least one action)."""
        # Coming back to the start is never better than stopping there.
        self._scores[self._key()] = float("-inf")
        return self._search(frozenset(moved), side_run=True)

    # ------------------------------------------------------------------ search

    def _search(self, moved: frozenset[int], side_run: bool) -> Plan:
        """The best line from the table as it is. `side_run`: only moves between side piles were made since the
        table of the view, so the side piles seen this turn (`sides_seen`) must not come back."""
        board = self.board
        seat = self.seat
        self.nodes += 1
        best: Plan | None = None
        path = self._line
        for action in self._candidates(moved):
            path.append(action)
            if isinstance(action, Move):
                source, target = move_spots(action)
                card = board.move(seat, source, target)
                between_sides = source >= FIRST_SIDE and FIRST_SIDE <= target < FIRST_FOUNDATION
                if between_sides and not self.options.sources_rules:
                    line = self._after_step(moved | {card}, side_run)
                else:
                    line = self._after_step(frozenset(), side_run and between_sides)
                if between_sides:
                    line.score -= REARRANGING  # only worth it for what it opens
                board.unmove(seat, source, target, card)
            elif action is TURN_STOCK:
                if self._next_card_seen():
                    recycled = self._turn()
                    line = self._after_step(frozenset(), side_run=False)
                    self._unturn(recycled)
                else:
                    line = Plan([], self._go_on_score())
                    self._stop(action, line.score)
            else:  # discard the turned card, or end the turn
                line = Plan([], self._end_score())
                self._stop(action, line.score)
            path.pop()
            if best is None or line.score > best.score:
                best = Plan([action, *line.actions], line.score)
                if best.score >= WON:
                    break
        assert best is not None, "the rule always allows an action"
        return best

    def _after_step(self, moved: frozenset[int], side_run: bool) -> Plan:
        """The best line from the table reached by a step (scored once per table)."""
        if not self.board.cards_left(self.seat):
            return Plan([], WON)
        key = self._key()
        seen = self._scores.get(key)
        if seen is not None:
            return Plan([], seen)
        if side_run and key[0] in self.sides_seen:
            return Plan([], float("-inf"))
        if self.nodes >= self.node_budget or self._depth >= MAX_DEPTH:
            return Plan([], self._stop_score())
        self._scores[key] = float("-inf")  # a table on the current line: never worth coming back to
        self._depth += 1
        line = self._search(moved, side_run)
        self._depth -= 1
        self._scores[key] = line.score
        return line

    def _stop(self, action: Action, score: float) -> None:
        """Record the line to a stop (`action` on the table as it is), the first one to reach it."""
        if self.stops is not None:
            self.stops.setdefault((action, *self._key()), (score, tuple(self._line)))

    def _next_card_seen(self) -> bool:
        """Whether the card the seat would turn up next is known: a stock seen on the discard, or the discard
        itself about to be turned over."""
        stock = self.board.stocks[self.seat]
        return stock[-1] != UNKNOWN if stock else bool(self.board.discards[self.seat])

    def _turn(self) -> list[int] | None:
        """Turn up the next card (the discard turned over first if the stock is empty); returns that discard."""
        board = self.board
        seat = self.seat
        recycled = None
        if not board.stocks[seat]:
            recycled = board.discards[seat]
            board.stocks[seat] = recycled[::-1]
            board.discards[seat] = []
        board.turned[seat] = board.stocks[seat].pop()
        return recycled

    def _unturn(self, recycled: list[int] | None) -> None:
        board = self.board
        seat = self.seat
        board.stocks[seat].append(board.turned[seat])
        board.turned[seat] = NO_CARD
        if recycled is not None:
            board.stocks[seat] = []
            board.discards[seat] = recycled

    def _candidates(self, moved: frozenset[int]) -> list[Action]:
        """The allowed actions minus those that change nothing or repeat another's effect."""
        board = self.board
        actions = allowed_now(board, self.seat, self.options, moved)
        kept: list[Action] = []
        seen_targets: set[tuple[int, int]] = set()  # (source spot, target class)
        sides = board.sides
        foundations = board.foundations
        for action in actions:
            if not isinstance(action, Move):
                kept.append(action)
                continue
            source, target = move_spots(action)
            if target >= FIRST_FOUNDATION:
                pile = foundations[target - FIRST_FOUNDATION]
                kind = 1000 + (CARD_SUIT[pile[-1]] * 16 + CARD_RANK[pile[-1]] if pile else 0)
            elif target >= FIRST_SIDE:
                pile = sides[target - FIRST_SIDE]
                if pile:
                    kind = target
                else:
                    if source >= FIRST_SIDE and len(sides[source - FIRST_SIDE]) == 1:
                        continue  # a lone card onto an empty pile: the same table
                    kind = 2000
            else:
                kind = target
            if (source, kind) in seen_targets:
                continue
            seen_targets.add((source, kind))
            kept.append(action)
        return kept

    def _key(self) -> tuple[object, ...]:
        board = self.board
        seat = self.seat
        other = 1 - seat
        return (
            tuple(map(tuple, board.sides)),
            tuple(map(len, board.foundations)),
            len(board.crapettes[seat]),
            len(board.discards[seat]),
            len(board.stocks[seat]),
            board.turned[seat],
            len(board.discards[other]),
            len(board.crapettes[other]),
        )

    # ------------------------------------------------------------------ scores

    def _material(self) -> float:
        return material(self.board, self.seat, self.weights)

    def _go_on_score(self) -> float:
        return self._material() + self.weights.go_on * self._placeable_share()

    def _stop_score(self) -> float:
        """A line cut by the budget: scored as the table stands, as if the turn ended there."""
        return self._material() - self._threats()

    def _end_score(self) -> float:
        """Discard the turned card (if any) and hand the table over."""
        board = self.board
        seat = self.seat
        card = board.turned[seat]
        if card == NO_CARD:
            return self._handed_over_score()
        board.turned[seat] = NO_CARD
        board.discards[seat].append(card)
        try:
            return self._handed_over_score()
        finally:
            board.discards[seat].pop()
            board.turned[seat] = card

    def _handed_over_score(self) -> float:
        key = self._key()
        override = self.end_overrides.get(key)
        if override is not None:
            return override
        score = self._material() - self._threats()
        if self.end_tables is not None and key not in self.end_tables:
            self.end_tables[key] = (score, self.board.copy())
        return score

    def _placeable_share(self, unseen: list[int] | None = None, owner: int | None = None) -> float:
        """The share of `owner`'s unseen cards (by default the seat's) that would have a place now if turned up."""
        if unseen is None:
            unseen = self.unseen
        if owner is None:
            owner = self.seat
        if not unseen:
            return 0.0
        board = self.board
        if any(not pile for pile in board.sides):
            return 1.0
        wanted_foundation: set[int] = set()
        ace = False
        for pile in board.foundations:
            if not pile:
                ace = True
            elif CARD_RANK[pile[-1]] < KING:
                wanted_foundation.add(CARD_SUIT[pile[-1]] * 16 + CARD_RANK[pile[-1]] + 1)
        wanted_side = {CARD_RANK[pile[-1]] * 2 + (0 if CARD_RED[pile[-1]] else 1) for pile in board.sides}
        other = 1 - owner
        opponent_piles = [pile for pile in (board.discards[other], board.crapettes[other]) if pile]
        alternate = self.options.alternate
        count = 0
        for card in unseen:
            rank = CARD_RANK[card]
            if (
                (rank == 1 and ace)
                or CARD_SUIT[card] * 16 + rank in wanted_foundation
                or (rank + 1) * 2 + (1 if CARD_RED[card] else 0) in wanted_side
                or any(fits_opponent(card, pile, alternate) for pile in opponent_piles)
            ):
                count += 1
        return count / len(unseen)

    def _threats(self) -> float:
        """What the table offers the opponent at the start of their turn."""
        board = self.board
        weights = self.weights
        seat, other = self.seat, 1 - self.seat
        alternate = self.options.alternate
        theirs = [pile[-1] for pile in board.sides if pile]
        own_tops = [pile[-1] for pile in (board.crapettes[other], board.discards[other]) if pile]
        loadable = [card for card in (*theirs, *own_tops) if card != UNKNOWN]
        score = 0.0
        crapette = board.crapettes[seat]
        if crapette and crapette[-1] != UNKNOWN:
            score += weights.crapette_exposed * min(
                2, sum(fits_opponent(c, crapette, alternate) for c in loadable)
            )
        discard = board.discards[seat]
        if discard:
            score += weights.discard_exposed * min(
                2, sum(fits_opponent(c, discard, alternate) for c in loadable)
            )
        empty = sum(1 for pile in board.sides if not pile)
        score += weights.empty_side * empty
        crapette, discard, stock = board.crapettes[other], board.discards[other], board.stocks[other]
        if crapette and self._has_place(crapette[-1], other, empty):
            score += weights.opponent_crapette_free
        if discard and self.options.sources_rules and self._has_place(discard[-1], other, empty):
            score += weights.opponent_discard_free
        following = stock[-1] if stock else (discard[0] if discard else UNKNOWN)
        if following == UNKNOWN:  # the chance their first card turned up goes on (their cards unseen so far)
            score += weights.opponent_go_on * self._placeable_share(self.opponent_unseen, other)
        elif self._has_place(following, other, empty):
            score += weights.opponent_next_free
        own_stock, own_discard = board.stocks[seat], board.discards[seat]
        own_next = own_stock[-1] if own_stock else (own_discard[0] if own_discard else UNKNOWN)
        if self._has_place(own_next, seat, empty):
            score -= (
                weights.own_next_free
            )  # a place kept for the card we turn up next (if the opponent leaves it)
        return score

    def _has_place(self, card: int, owner: int, empty_sides: int) -> bool:
        """Whether `card` (a card of `owner`'s piles) could be placed by `owner` now (False for UNKNOWN)."""
        if card == UNKNOWN:
            return False
        if empty_sides:
            return True
        board = self.board
        rank = CARD_RANK[card]
        for foundation in board.foundations:
            if foundation:
                top = foundation[-1]
                if CARD_SUIT[top] == CARD_SUIT[card] and CARD_RANK[top] + 1 == rank:
                    return True
            elif rank == 1:
                return True
        for side in board.sides:
            top = side[-1]
            if CARD_RANK[top] == rank + 1 and CARD_RED[top] != CARD_RED[card]:
                return True
        target = 1 - owner
        alternate = self.options.alternate
        return fits_opponent(card, board.discards[target], alternate) or fits_opponent(
            card, board.crapettes[target], alternate
        )


def material(board: Board, seat: int, weights: Weights) -> float:
    """What is left to get rid of, the opponent's minus `seat`'s: `weights.card` a card, `weights.crapette_card`
    more for each in a crapette (higher is better for `seat`)."""
    other = 1 - seat
    mine = weights.card * board.cards_left(seat) + weights.crapette_card * len(board.crapettes[seat])
    theirs = weights.card * board.cards_left(other) + weights.crapette_card * len(board.crapettes[other])
    return theirs - mine


def unseen_cards(board: Board, seat: int) -> list[int]:
    """`seat`'s own cards that are not face up on `board` (a masked table): in its stock or under its crapette's
    top, or buried under other cards."""
    seen = {
        card
        for pile in (*board.sides, *board.foundations, *board.discards, *board.crapettes)
        for card in pile
    }
    seen.update(board.turned)
    first = seat * CARDS_PER_DECK
    return [card for card in range(first, first + CARDS_PER_DECK) if card not in seen]
