"""Crapette in the Activity (the game shown through the board's own parts, `bot/activity/views/generic.py`), as a
reviewer found it at phone width: cards as Discord emoji markup in the page's text, a menu of bare card faces (what
each move does with the card, and which comes first, left out), the board in the server's language for a French
reader, and the move menu offered to the player waiting for their turn."""

from __future__ import annotations

import re
from typing import Any

from bot.activity.views import view_for
from bot.activity.views.base import table_state
from bot.games.crapette.moves import TURN_STOCK, Move
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import session_of
from bot.service.table import Table
from bot.ui.i18n import t
from tests.games.crapette.test_board_controls import with_only
from tests.games.crapette.test_table_ui import crapette_table

MARKUP = re.compile(r"<a?:\w+:\d+>")


def play_of(table: Table, user_id: int, locale: str) -> dict[str, Any]:
    play: dict[str, Any] = table_state(view_for("crapette"), table, user_id, locale)["play"]
    return play


def at_a_breach_to_avoid(table: Table) -> None:
    """Play within the rule until the player on turn has a move the priority rule asks for first."""
    session = session_of(table)
    engine = session.engine
    for _ in range(400):
        seat = engine.current_player
        if engine.rule_asks() is not None and any(isinstance(a, Move) for a in engine.legal_actions(seat)):
            return
        legal = engine.legal_actions(seat)
        session.apply(seat, CrapetteAction(next(a for a in legal if engine.priority_violation(a) is None)))
    raise AssertionError("no position where the rule asks for a move")


def text_of(play: dict[str, Any]) -> str:
    return "\n".join(block["title"] + block["text"] for block in play["board"])


def test_the_page_writes_cards_as_text_and_each_move_with_its_words(emojis: dict[str, int]) -> None:
    table = crapette_table(seed=6)
    at_a_breach_to_avoid(table)
    engine = session_of(table).engine
    seat = engine.current_player
    user = table.seats[seat].user_id
    play = play_of(table, user, "en-US")
    (menu,) = [control for control in play["hand"]["controls"] if control["type"] == "menu"]
    first = menu["options"][0]
    assert first["mark"] == "❗" and first["note"] == t("en-US", "crapette.menu.first")
    for option in menu["options"]:
        assert option["card"] and option["detail"] and "→" in option["detail"], option
        assert option["label"].endswith(option["detail"]) and option["card"][:-1] in option["label"]
    session_of(table).apply(
        seat, CrapetteAction(engine.rule_asks()[1][0])
    )  # the move asked for, told on the board
    text = text_of(play_of(table, user, "en-US"))
    assert "↪" in text and not MARKUP.search(text), text


def test_the_page_speaks_its_readers_language_and_the_channel_keeps_the_servers() -> None:
    table = crapette_table(seed=6)  # the server speaks English
    at_a_breach_to_avoid(table)
    seat = session_of(table).engine.current_player
    play = play_of(table, table.seats[seat].user_id, "fr")
    (menu,) = [control for control in play["hand"]["controls"] if control["type"] == "menu"]
    assert menu["placeholder"] == t("fr", "crapette.move_placeholder")
    assert menu["options"][0]["note"] == t("fr", "crapette.menu.first")
    buttons = {control["label"] for control in play["hand"]["controls"] if control["type"] == "button"}
    assert t("fr", "crapette.button.call") in buttons
    assert table.locale == "en-US", "the table itself is untouched"


def test_the_player_waiting_sees_the_call_not_the_moves() -> None:
    table = crapette_table(seed=6)
    at_a_breach_to_avoid(table)
    waiting = 1 - session_of(table).engine.current_player
    controls = play_of(table, table.seats[waiting].user_id, "en-US")["hand"]["controls"]
    assert [control["id"].split(":")[3] for control in controls] == ["call"], controls
    assert controls[0]["label"] == t("en-US", "crapette.button.call")


def test_a_menu_with_no_move_reaches_the_page_as_its_sentence_alone() -> None:
    """The board's menu stays in its place when no card can move, disabled, its one option there only because
    Discord asks for one: the page gets the sentence (in its reader's language), no option to choose."""
    table = with_only(crapette_table(), TURN_STOCK)
    play = play_of(table, table.seats[0].user_id, "de")
    menu = next(control for control in play["hand"]["controls"] if control["type"] == "menu")
    assert menu["disabled"] and menu["options"] == []
    assert menu["placeholder"] == t("de", "crapette.no_move.turn")
