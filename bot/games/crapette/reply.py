"""The opponent's reply, looked at before the strong AI ends its turn.

`TurnSearch` scores a table it hands over with a few signs of danger (what the opponent's top cards could do).
Those signs miss the opponent's big turns: a turned card that starts a chain of foundation moves from the side
piles, their crapette running out card after card. So, for the few best tables the search can end its turn on,
`reply_values` plays the opponent's next turn with a cheap greedy player (foundation first, then a lone side card
freed, then their own cards out of their piles, then the stock) and reads what is left on both sides afterwards.

The face-down cards the opponent would turn up are what the seat cannot know: they are drawn, a few times, from
the opponent's cards the seat has not seen, with a generator seeded from that set of cards and the turn number
(never from hidden state), the same draws for every table compared. The greedy player keeps the priority rule
(`allowed_now`), as the opponent must.

The scores go back into the search as a correction (see `StrongStrategy` in `ai.py`): each looked-at table gets
its search score plus how much better than the average of the looked-at tables the reply leaves it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, UNKNOWN, CrapetteOptions
from bot.games.crapette.moves import (
    CRAPETTE,
    DISCARD,
    DISCARD_TURNED,
    END_TURN,
    FIRST_FOUNDATION,
    FIRST_SIDE,
    TURN_STOCK,
    TURNED,
    Action,
    Move,
    move_spots,
)
from bot.games.crapette.search import Weights, allowed_now, material

REPLY_SAMPLES: Final = 3  # draws of the opponent's face-down cards per table
REPLY_STEPS: Final = 120  # actions of the opponent's turn played at most
OPPONENT_WINS: Final = 1e6  # the score of a reply that empties the opponent's piles

_OWN_SOURCES: Final = (CRAPETTE, TURNED, DISCARD)


def hidden_orders(unseen: Sequence[int], samples: int, seed: int) -> list[list[int]]:
    """`samples` orders of `unseen`, the opponent's cards the seat has not seen (the same for every table of one
    search: its line never shows an opponent's face-down card)."""
    generator = random.Random(seed)
    orders = []
    for _ in range(samples):
        order = list(unseen)
        generator.shuffle(order)
        orders.append(order)
    return orders


def reply_values(
    tables: Sequence[Board],
    seat: int,
    options: CrapetteOptions,
    weights: Weights,
    orders: Sequence[list[int]],
) -> list[float]:
    """For each table (handed over by `seat`, masked as `seat` sees it), the material after the opponent's greedy
    reply, averaged over the draws of their face-down cards (higher is better for `seat`)."""
    values = []
    for table in tables:
        total = 0.0
        for order in orders:
            board = _dealt_hidden(table, 1 - seat, order)
            total += _after_reply(board, seat, options, weights)
        values.append(total / max(1, len(orders)))
    return values


def _dealt_hidden(table: Board, owner: int, order: list[int]) -> Board:
    """A copy of `table` with `owner`'s face-down cards (crapette under its top, stock) taken from `order`."""
    board = table.copy()
    cards = iter(order)
    for pile in (board.crapettes[owner], board.stocks[owner]):
        for index, card in enumerate(pile):
            if card == UNKNOWN:
                pile[index] = next(cards, UNKNOWN)
    return board


def _after_reply(board: Board, seat: int, options: CrapetteOptions, weights: Weights) -> float:
    other = 1 - seat
    for _ in range(REPLY_STEPS):
        action = greedy_action(board, other, options)
        if isinstance(action, Move):
            source, target = move_spots(action)
            board.move(other, source, target)
            if not board.cards_left(other):
                return -OPPONENT_WINS
        elif action is TURN_STOCK:
            if not board.stocks[other]:
                board.stocks[other] = board.discards[other][::-1]
                board.discards[other] = []
            board.turned[other] = board.stocks[other].pop()
        else:
            break  # the turned card is discarded, or the turn ends: the turn passes
    return material(board, seat, weights)


def greedy_action(board: Board, player: int, options: CrapetteOptions) -> Action:
    """Foundation moves and freeing moves first (the rule), then a card out of the player's own piles (onto the
    seat's piles before a side pile), then the stock; never a move between side piles the rule does not ask for."""
    allowed = allowed_now(board, player, options, ())
    best: Action | None = None
    best_rank = 9
    for action in allowed:
        if not isinstance(action, Move):
            continue
        source, target = move_spots(action)
        if target >= FIRST_FOUNDATION:
            return action
        if source in _OWN_SOURCES:
            rank = 1 if target < FIRST_SIDE else 2
        elif len(board.sides[source - FIRST_SIDE]) == 1 and (
            target < FIRST_SIDE or board.sides[target - FIRST_SIDE]
        ):
            rank = 0  # frees a side pile
        else:
            continue
        if rank < best_rank:
            best, best_rank = action, rank
    if best is not None:
        return best
    for action in allowed:
        if action is TURN_STOCK and board.turned[player] == NO_CARD:
            return action
    for action in allowed:
        if action is DISCARD_TURNED or action is END_TURN:
            return action
    return END_TURN
