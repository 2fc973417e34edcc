"""The strong AI's look at the opponent's reply before it ends a turn (`reply.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.games.crapette import STRATEGIES, Crapette, CrapetteOptions, Move, ai
from bot.games.crapette.ai import StrongStrategy
from bot.games.crapette.board import Board
from bot.games.crapette.reply import hidden_orders, reply_values
from bot.games.crapette.search import DEFAULT_WEIGHTS, unseen_cards
from tests.games.crapette.helpers import arranged
from tests.games.crapette.test_ai import (
    test_face_down_order_never_changes_a_decision as same_decisions_with_cards_swapped,
)

SIDES = ("KS 7S", "9D", "KH 8C", "KC", "KC/1", "KS/1", "KH/1", "KD/1")


def handed_over(hearts_foundation: str) -> Board:
    """Seat 1's discard holds 8♥ 7♥ 6♥ 5♥ (5♥ on top); nothing else of theirs can move."""
    game = arranged(
        crapettes=("QH 6D", "KC/1"),
        sides=SIDES,
        foundations=(hearts_foundation,),
        stocks=("QC", ""),
        discards=("", "8H/1 7H/1 6H/1 5H/1"),
    )
    return game.view(0).board()


def test_a_table_that_opens_a_chain_for_the_opponent_is_worth_its_cards_less() -> None:
    chain = handed_over("AH/1 2H/1 3H/1 4H/1")  # 5♥ goes up, then 6♥, 7♥, 8♥: four cards gone
    closed = handed_over("AH/1 2H/1 3H/1")
    orders = hidden_orders(unseen_cards(closed, 1), 3, seed=1)
    values = reply_values([chain, closed], 0, CrapetteOptions(), DEFAULT_WEIGHTS, orders)
    assert values[1] - values[0] == 4 * DEFAULT_WEIGHTS.card


def empty_pile_table() -> Crapette:
    """Turn 5 of a benchmark deal: side pile 3 is empty; the turned 6♠ fits only there, and so does the crapette's
    2♠ (or any card)."""
    game = arranged(
        crapettes=(
            "3C 2C AS JS 4S 8S 10D 4D 7H 4H 2S",
            "4S/1 KH/1 5H/1 8D/1 2H/1 7S/1 6C/1 3S/1 QS/1 4C/1 4H/1 3H/1",
        ),
        stocks=(
            "QH 9D 8H 5S 6H QS AC 10S 9H JC KS 2H 9S KC QC 5D 5C 7C AH 3H 3D 6D 7S 3S KD AD 9C 5H 7D 4C",
            "7D/1 9C/1 QC/1 QD/1 5C/1 KS/1 8C/1 KD/1 JH/1 KC/1 JS/1 6S/1 10C/1 3C/1 7H/1 8H/1 4D/1 7C/1 5S/1 AH/1 "
            "AC/1 QH/1 5D/1 9D/1 JD/1 10S/1 3D/1 10D/1 9H/1 6H/1 9S/1",
        ),
        discards=("KH 6C", "8S/1 10H/1 JH"),
        turned=("6S", ""),
        sides=("8D", "2D/1", "", "QD JC/1 10H", "JD 10C", "2C/1", "6D/1", "8C"),
        foundations=("AS/1 2S/1", "", "", "", "", "", "", "AD/1 2D"),
    )
    game._turn = 5
    return game


def test_the_opponents_reply_changes_how_the_turn_ends() -> None:
    view = empty_pile_table().view(0)
    # The one-turn search alone puts the turned 6♠ in the empty pile and turns up the next card.
    assert StrongStrategy(reply_tables=0).choose_action(view) == Move("st", "s3")
    # Played out, the opponent's replies to the tables that line ends on cost more than ending the turn now, the
    # crapette's 2♠ in the empty pile (a crapette card gone, no empty pile left to them) and 6♠ discarded.
    assert STRATEGIES["strong"]().choose_action(view) == Move("cr", "s3")


def test_the_reply_reads_no_face_down_card(monkeypatch: pytest.MonkeyPatch) -> None:
    looked_at: list[int] = []

    def counting(tables: Sequence[Board], *rest: Any) -> list[float]:
        looked_at.append(len(tables))
        return reply_values(tables, *rest)

    monkeypatch.setattr(ai, "reply_values", counting)
    same_decisions_with_cards_swapped()  # the same decisions with face-down cards in another order
    assert len(looked_at) >= 5  # ... with the reply looked at on the way
