"""Crapette players for AI seats.

`STRATEGIES[name]()` gives an object with `choose_action(view)` (the next action of the player on turn) and
`should_call_crapette(view)` (asked of the player not on turn after each action of the other, and of the player
whose turn starts, on the action that ended the other's turn).

Both read only a `CrapetteView` (never a face-down card) and are deterministic: no randomness at all.

- "first_legal": the first legal action in the engine's order. It never calls "Crapette!" and often breaks the
  priority rule without noticing.
- "strong": never breaks the priority rule (it only picks among the actions the rule allows), calls "Crapette!"
  whenever a call would be right, turns up its stock as soon as the rule lets it (the card waits while every other
  move stays possible, so knowing it early is free), then plays the best line of moves up to the next card to turn
  up or the end of its turn (see `search.py`), and takes its first action.

Measured with `benchmarks/crapette.py` (the figures are in its docstring's command's output).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from bot.games.crapette.engine import REPETITIONS_FOR_DRAW
from bot.games.crapette.moves import TURN_STOCK, Action
from bot.games.crapette.search import DEFAULT_WEIGHTS, TurnSearch, Weights, allowed_now, unseen_cards
from bot.games.crapette.view import CrapetteView


class CrapetteStrategy(Protocol):
    """What the table and the simulator need from an AI player."""

    name: str

    def choose_action(self, view: CrapetteView) -> Action:
        """The next action of `view.seat`, which is on turn: one of `view.legal_actions`."""
        ...

    def should_call_crapette(self, view: CrapetteView) -> bool:
        """Whether `view.seat` calls "Crapette!" now."""
        ...


class FirstLegalStrategy:
    """The baseline: the first legal action, never a call."""

    name = "first_legal"

    def choose_action(self, view: CrapetteView) -> Action:
        return view.legal_actions[0]

    def should_call_crapette(self, view: CrapetteView) -> bool:
        return False


class StrongStrategy:
    """Keeps the priority rule, calls every broken rule it sees, turns up its stock whenever it may, and plays the
    best line of its own moves (see the module docstring)."""

    name = "strong"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def should_call_crapette(self, view: CrapetteView) -> bool:
        if view.is_over or view.breach_to_call() is None:
            return False
        if view.closing is not None:
            return True  # the turn has passed already: the call only counts
        # In a loop (this turn started on a table seen before), let the opponent play on: a right call would end
        # their turn on the same table again and the game would be drawn by repetition.
        return view.repetitions < REPETITIONS_FOR_DRAW - 1

    def choose_action(self, view: CrapetteView) -> Action:
        seat = view.seat
        board = view.board()
        options = view.options
        moved = view.moved_ids()
        allowed = allowed_now(board, seat, options, moved)
        if TURN_STOCK in allowed and not _next_card_seen(view):
            return TURN_STOCK  # free information: the card waits while every other move stays possible
        if len(allowed) == 1:
            return allowed[0]
        search = TurnSearch(
            board, seat, options, unseen_cards(board, seat), self.weights, view.side_tables_seen
        )
        plan = search.best(moved)
        return plan.actions[0]


def _next_card_seen(view: CrapetteView) -> bool:
    """Whether the card `view.seat` would turn up next is known (its stock was seen on the discard, or the
    discard is about to be turned over)."""
    player = view.players[view.seat]
    return player.seen_stock is not None or (player.stock_count == 0 and bool(player.discard))


STRATEGIES: Final[dict[str, Callable[[], CrapetteStrategy]]] = {
    "first_legal": FirstLegalStrategy,
    "strong": StrongStrategy,
}
