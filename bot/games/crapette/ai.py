"""Crapette players for AI seats.

`STRATEGIES[name]()` gives an object with `choose_action(view)` (the next action of the player on turn) and
`should_call_crapette(view)` (asked of the player not on turn after each action of the other, and of the player
whose turn starts, on the action that ended the other's turn).

Both read only a `CrapetteView` (never a face-down card) and are deterministic: the strong player's only draws (of
the opponent's face-down cards, `reply.py`) come from a generator seeded from what its seat sees.

- "first_legal": the first legal action in the engine's order. It never calls "Crapette!" and often breaks the
  priority rule without noticing.
- "strong": never breaks the priority rule (it only picks among the actions the rule allows), calls "Crapette!"
  whenever a call would be right, turns up its stock as soon as the rule lets it (the card waits while every other
  move stays possible, so knowing it early is free), then plays the best line of moves up to the next card to turn
  up or the end of its turn (see `search.py`), and takes its first action. Before it settles how to end its turn,
  it plays the opponent's reply on the best tables it could end on (`reply.py`) and adds to each table's score how
  much better than their average the reply leaves it; the search is run again with those scores when they could
  change its choice (both searches then at most `REPLY_NODE_BUDGET` tables, so a decision costs about what one
  search of `NODE_BUDGET` did).

Measured with `benchmarks/crapette.py` (the figures are in its docstring's command's output).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from bot.games.crapette.board import Board
from bot.games.crapette.engine import REPETITIONS_FOR_DRAW
from bot.games.crapette.moves import TURN_STOCK, Action
from bot.games.crapette.reply import REPLY_SAMPLES, hidden_orders, reply_values
from bot.games.crapette.search import DEFAULT_WEIGHTS, TurnSearch, Weights, allowed_now, unseen_cards
from bot.games.crapette.view import CrapetteView

REPLY_NODE_BUDGET: Final = 300  # tables per search when the reply is looked at (two searches then)
REPLY_TABLES: Final = 6  # the best tables to end a turn on whose reply is looked at


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

    def __init__(
        self,
        weights: Weights = DEFAULT_WEIGHTS,
        reply_tables: int = REPLY_TABLES,
        reply_budget: int = REPLY_NODE_BUDGET,
    ) -> None:
        self.reply_budget = reply_budget
        self.weights = weights
        self.reply_tables = reply_tables
        # The opponent's reply on tables already looked at this turn (their face-down cards unchanged).
        self._reply_turn = -1
        self._reply_hidden: tuple[int, ...] = ()
        self._reply_cache: dict[tuple[object, ...], float] = {}

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
        unseen = unseen_cards(board, seat)
        search = TurnSearch(board, seat, options, unseen, self.weights, view.side_tables_seen)
        search.end_tables = {}
        if self.reply_tables >= 2:
            search.node_budget = self.reply_budget
        plan = search.best(moved)
        if self.reply_tables < 2 or len(search.end_tables) < 2:
            return plan.actions[0]
        overrides = self._reply_overrides(search.end_tables, tuple(search.opponent_unseen), seat, view)
        if not _could_change(plan.score, search.end_tables, overrides):
            return plan.actions[0]
        again = TurnSearch(board, seat, options, unseen, self.weights, view.side_tables_seen)
        again.end_overrides = overrides
        again.node_budget = self.reply_budget
        return again.best(moved).actions[0]

    def _reply_overrides(
        self,
        end_tables: dict[tuple[object, ...], tuple[float, Board]],
        hidden: tuple[int, ...],
        seat: int,
        view: CrapetteView,
    ) -> dict[tuple[object, ...], float]:
        """New scores for the best tables to end the turn on: each one's score plus how much better than the
        average of them the opponent's reply leaves it. `hidden`: the opponent's cards the seat has not seen, in
        card order (`unseen_cards`), as the search worked them out."""
        ranked = sorted(end_tables.items(), key=lambda item: -item[1][0])[: self.reply_tables]
        if self._reply_hidden != hidden or self._reply_turn != view.turn_number:
            self._reply_hidden = hidden
            self._reply_turn = view.turn_number
            self._reply_cache = {}
        cache = self._reply_cache
        missing = [(key, table) for key, (_, table) in ranked if key not in cache]
        if missing:
            orders = hidden_orders(hidden, REPLY_SAMPLES, _view_seed(hidden, view.turn_number))
            values = reply_values([table for _, table in missing], seat, view.options, self.weights, orders)
            cache.update((key, value) for (key, _), value in zip(missing, values, strict=True))
        mean = sum(cache[key] for key, _ in ranked) / len(ranked)
        return {key: score + cache[key] - mean for key, (score, _) in ranked}


def _could_change(
    best: float,
    end_tables: dict[tuple[object, ...], tuple[float, Board]],
    overrides: dict[tuple[object, ...], float],
) -> bool:
    """Whether new scores for some end tables could change the best line (worth `best`): a second search is
    only needed then."""
    top_key = max(overrides, key=lambda key: end_tables[key][0])
    top_score = end_tables[top_key][0]
    new_best = max(overrides.values())
    if best > top_score:  # the best line does not end the turn on one of these tables
        return new_best > best
    # The best line ends on the best of them: it stays if that table is still the best and lost nothing.
    return overrides[top_key] < new_best or overrides[top_key] < top_score


def _view_seed(hidden: tuple[int, ...], turn: int) -> int:
    """A seed for the draws of face-down cards, from what the seat sees (the same view, the same draws)."""
    seed = turn
    for card in hidden:
        seed = (seed * 131 + card + 1) % 2_147_483_647
    return seed


def _next_card_seen(view: CrapetteView) -> bool:
    """Whether the card `view.seat` would turn up next is known (its stock was seen on the discard, or the
    discard is about to be turned over)."""
    player = view.players[view.seat]
    return player.seen_stock is not None or (player.stock_count == 0 and bool(player.discard))


STRATEGIES: Final[dict[str, Callable[[], CrapetteStrategy]]] = {
    "first_legal": FirstLegalStrategy,
    "strong": StrongStrategy,
}
