"""Hints for `/hint`: the next move toward a win when the solver finds one, else a sensible move.

What a hint may reveal: the solver reads every card, hidden ones included, but the hint only passes on the first
move of a winning line (which is what solitaire programs' hints do: "this move keeps the game winnable"). A
heuristic hint, used when the solver finds no win in time, looks only at what players see. `Hint.status` is the
solver's verdict on the position ("winnable", "unwinnable" or "unknown"); saying "unwinnable" out loud tells the
players something the cards do not show, so whether to say it is the interface's choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.klondike.engine import Klondike
from bot.games.klondike.moves import DRAW, FOUNDATION, WASTE, Move, column_index
from bot.games.klondike.search import UNKNOWN, WINNABLE
from bot.games.klondike.solver import solve

DEFAULT_HINT_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move.

    - `move`: the move to suggest, None when there is none (the game is over, or nothing but pointless moves).
    - `winning`: True when `move` is the first move of a winning line the solver found (a draw included: the
      line may start by drawing); False for a heuristic suggestion.
    - `status`: the solver's verdict on the position, "winnable", "unwinnable" or "unknown" (also "unknown"
      once the game is over: the solver is not asked).
    """

    move: Move | None
    winning: bool
    status: str


def hint(game: Klondike, time_limit: float = DEFAULT_HINT_SECONDS) -> Hint:
    """The hint for the current position (the solver runs on the calling thread for up to `time_limit` seconds:
    call it off the event loop)."""
    if game.is_over:
        return Hint(None, False, UNKNOWN)
    result = solve(game, time_limit=time_limit)
    if result.status == WINNABLE and result.moves:
        return Hint(result.moves[0], True, WINNABLE)
    return Hint(heuristic_move(game), False, result.status)


def heuristic_move(game: Klondike) -> Move | None:
    """A sensible move from what players see: a safe move to a foundation, then a move that turns up a face-down
    card (from the column with the most of them), another move to a foundation, a waste card to the tableau, a
    king to an empty column, then drawing. None if only pointless moves are left (or none at all)."""
    safe = game.auto_moves()
    if safe:
        return safe[0]
    columns = game.columns
    best: tuple[int, Move] | None = None
    to_foundation: Move | None = None
    from_waste: Move | None = None
    king: Move | None = None
    for move in game.legal_moves():
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
    if game.stock_count or game.waste:
        return DRAW
    return None
