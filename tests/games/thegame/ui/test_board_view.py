"""The board's buttons and menus while a game is played are kept, and change with the markers and the language."""

from __future__ import annotations

import discord

from bot.games.thegame.session import SetMarker
from bot.games.thegame.ui.board import board_view, marker_menu, marker_states
from bot.ui import components as shared
from bot.ui.activity_button import EMOJI, OpenTableButton, add_open_table_button
from bot.ui.i18n import t
from tests.games.thegame.ui.tables import mid_game, new_table, play_turns, session


async def test_the_view_of_a_board_in_play_is_kept_until_a_marker_changes() -> None:
    """In the bot (inside its event loop) the kept view is finished: discord.py only reads it."""
    table = play_turns(new_table(2, ai=()), 3)
    first = board_view(table)
    assert board_view(table) is first, "the same buttons and menu: kept"
    assert first.is_finished()
    session(table).apply(0, SetMarker("B", "keep_off"))
    marked = board_view(table)
    assert marked is not first
    menu = marked.to_components()[1]["components"][0]
    assert [option["value"] for option in menu["options"]][2:5] == ["B.small_steps", "B.clear", "C.keep_off"]
    assert "Alice" in menu["options"][2]["description"]


def test_each_table_and_language_has_its_own_view() -> None:
    table = mid_game()
    french = mid_game(locale="fr")
    assert board_view(table) is not board_view(french)
    labels = [button.get("label") for button in board_view(french).to_components()[0]["components"]]
    assert labels != [button.get("label") for button in board_view(table).to_components()[0]["components"]]
    other = mid_game()
    other.id = table.id + 1
    custom_ids = board_view(other).to_components()[0]["components"][0]["custom_id"]
    assert str(other.id) in custom_ids


def test_the_kept_view_sends_what_discord_py_s_view_of_the_same_items_sends() -> None:
    """Kept as its components, written once: the same payload as the items' own view, Open the table included."""
    table = play_turns(new_table(2, ai=()), 3)
    session(table).apply(0, SetMarker("B", "keep_off"))
    items = discord.ui.View(timeout=None)
    items.add_item(shared.HandButton(table.id, label=t(table.locale, "button.my_hand"), emoji="🂠"))
    items.add_item(shared.HowToPlayButton("thegame", label=t(table.locale, "button.how_to_play")))
    items.add_item(marker_menu(table.id, table.locale, marker_states(table, session(table))))
    assert board_view(table).to_components() == items.to_components()
    content = {"view": board_view(table)}
    add_open_table_button(content, table)
    items.add_item(OpenTableButton(table.id, label=t(table.locale, "button.open_table"), emoji=EMOJI))
    assert content["view"].to_components() == items.to_components()
