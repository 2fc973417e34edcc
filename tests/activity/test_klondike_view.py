"""Klondike as the Activity draws it (no server): the piles as the board's picture shows them and nothing more (no
face-down card, no card of the stock, only the waste's cards the table shows), the moves a seat may make now, and
every message the page may send read into the game's own action, or refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.activity.views import view_for
from bot.activity.views.base import table_state
from bot.games.errors import GameError
from bot.games.klondike.moves import DRAW, Move
from bot.games.klondike.session import AutoPlay, GiveUp, KlondikeSession, MakeMove, PassDeal, UndoMove
from bot.games.registry import rules_for
from bot.service.table import Seat, Table, TableStatus
from bot.ui.i18n import t


def klondike_table(seats: int = 1, mode: str = "turns", seed: int = 4, draw: int = 3) -> Table:
    rules = rules_for("klondike")
    table = Table(
        id=5,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=seed,
        game_key="klondike",
        options=rules.options({"team_play": mode, "draw_one": draw == 1}),
        seats=[Seat(100 + index, f"P{index}") for index in range(seats)],
        status=TableStatus.PLAYING,
    )
    table.session = rules.new_session(seats, seed, table.options, [])
    return table


def session_of(table: Table) -> KlondikeSession:
    session = table.require_session()
    assert isinstance(session, KlondikeSession)
    return session


def play_of(table: Table, user_id: int, locale: str = "en") -> dict[str, Any]:
    play: dict[str, Any] = table_state(view_for("klondike"), table, user_id, locale)["play"]
    return play


def hidden_cards(table: Table) -> set[str]:
    """Every card the board does not show now: face down in a column, in the stock, under the waste's fan."""
    engine = session_of(table).engine
    shown = {card.code for card in engine.waste_shown}
    shown |= {card.code for column in engine.columns for card in column.face_up}
    shown |= {card.code for card in engine.foundations.values() if card is not None}
    return {card.code for card in engine.deck} - shown


@pytest.mark.parametrize("draw", [1, 3])
def test_a_page_never_gets_a_card_the_board_does_not_show(draw: int) -> None:
    table = klondike_table(seed=draw * 7, draw=draw)
    session = session_of(table)
    rng = random.Random(draw)
    for _ in range(120):
        if session.engine.is_over:
            break
        text = json.dumps(play_of(table, 100))
        for code in hidden_cards(table):
            assert f'"{code}"' not in text, code
        moves = session.engine.legal_moves()
        session.apply(0, MakeMove(rng.choice(moves)))


def test_the_piles_and_the_moves_of_the_position() -> None:
    table = klondike_table(seed=12)
    engine = session_of(table).engine
    play = play_of(table, 100, "fr")
    assert play["kind"] == "klondike" and play["can_act"]
    assert play["stock"] == engine.stock_count and play["waste"] == []
    assert [column["down"] for column in play["columns"]] == list(range(7))
    assert [column["up"] for column in play["columns"]] == [
        [c.code for c in col.face_up] for col in engine.columns
    ]
    assert play["moves"] == [
        {"source": move.source, "target": move.target, "count": move.count}
        for move in engine.legal_moves()
        if move != DRAW
    ]
    assert play["labels"]["stock"] == t("fr", "klondike.stock")
    assert play["labels"]["columns"][2] == t("fr", "activity.klondike.column", number=3)
    assert play["progress"] == t("fr", "klondike.progress", score=0, moves=0, undos=0)


def test_in_turns_only_the_seat_with_the_deal_may_move() -> None:
    table = klondike_table(seats=2, mode="turns")
    first, second = play_of(table, 100), play_of(table, 101)
    assert first["can_act"] and first["can_pass"] and first["moves"]
    assert not second["can_act"] and second["moves"] == [] and not second["can_draw"]
    assert second["turn_line"] == t("en", "klondike.turn_of", name="P0")
    watching = play_of(table, 999)
    assert not watching["seated"] and not watching["can_act"]
    together = klondike_table(seats=2, mode="together")
    assert play_of(together, 101)["can_act"] and not play_of(together, 101)["can_pass"]


def test_the_page_s_messages_become_the_game_s_own_actions() -> None:
    table = klondike_table()
    view = view_for("klondike")
    read = lambda message: view.action(table, 0, message, "en")  # noqa: E731
    assert read({"kind": "move", "source": "column:3", "target": "column:5", "count": 2}) == MakeMove(
        Move("column:3", "column:5", 2)
    )
    assert read({"kind": "move", "source": "waste", "target": "foundation"}) == MakeMove(
        Move("waste", "foundation")
    )
    # With the card the page showed moving (the page sends it; the game checks it is still there).
    assert read({"kind": "move", "source": "waste", "target": "column:2", "card": "8H"}) == MakeMove(
        Move("waste", "column:2"), "8H"
    )
    assert read({"kind": "draw"}) == MakeMove(DRAW)
    assert read({"kind": "auto"}) == AutoPlay()
    assert read({"kind": "undo"}) == UndoMove()
    assert read({"kind": "pass"}) == PassDeal()
    assert read({"kind": "give_up", "confirmed": True}) == GiveUp()


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "move", "source": "column:9", "target": "column:1"},
        {"kind": "move", "source": "column:1", "target": "stock"},
        {"kind": "move", "source": "column:1", "target": "column:2", "count": 0},
        {"kind": "move", "source": "column:1", "target": "column:2", "count": 40},
        {"kind": "move", "source": "column:1", "target": "column:2", "count": "2"},
        {"kind": "move", "source": 1, "target": "column:2"},
        {"kind": "move", "source": "waste", "target": "column:2", "card": 7},
        {"kind": "shuffle"},
        {},
    ],
)
def test_a_forged_or_garbled_move_is_refused_as_a_stale_button(message: dict[str, Any]) -> None:
    with pytest.raises(GameError) as refused:
        view_for("klondike").action(klondike_table(), 0, message, "en")
    assert refused.value.key == "error.stale_button"


def test_giving_up_asks_first_with_the_boards_own_words() -> None:
    table = klondike_table(seats=2)
    view = view_for("klondike")
    question = view.confirmation(table, 0, {"kind": "give_up"}, "fr")
    assert question is not None
    assert question.question == t("fr", "klondike.give_up_question", count=2)
    assert question.confirm == t("fr", "klondike.button.give_up_confirm")
    assert view.confirmation(table, 0, {"kind": "give_up", "confirmed": True}, "fr") is None
    assert view.confirmation(table, 0, {"kind": "draw"}, "fr") is None
