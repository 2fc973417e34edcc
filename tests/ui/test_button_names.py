"""A private text never names a button by another label than the one the reader sees: a French player at an
English table is told to press **I'll start**, the label on the board, not **Je commence**."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.games.base import Notice
from bot.games.registry import GAMES
from bot.games.thegame.ui.table_ui import UI
from bot.ui.game_ui import render_notice, ui_for_key
from bot.ui.help import help_embed
from bot.ui.i18n import LANGUAGES, catalog
from tests.games.thegame.ui.tables import new_table
from tests.ui.test_i18n import button_labels

BOLD = re.compile(r"\*\*(.+?)\*\*")


def labels_on(content: dict[str, Any]) -> set[str]:
    """The labels of a message's buttons."""
    view = content["view"]
    assert isinstance(view, discord.ui.View)
    return {
        component["label"]
        for row in view.to_components()
        for component in row["components"]
        if component["type"] == 2 and component.get("label")
    }


def named_labels(text: str) -> set[str]:
    """The bold words of a text that are a button's label in some language."""
    every_label = {label for language in LANGUAGES for label in button_labels(language).values()}
    return {word for word in BOLD.findall(text) if word in every_label}


@pytest.mark.parametrize(
    ("reader", "table_locale"), [("fr", "en-US"), ("en-US", "fr"), ("de", "fr"), ("fr", "de")]
)
def test_a_hand_names_the_board_button_as_the_board_shows_it(reader: str, table_locale: str) -> None:
    table = new_table(locale=table_locale)  # the team is choosing who starts
    board = UI.board(table)
    hand = UI.hand(table, 0, reader, notice=None, hints=True)
    text = str(hand["embed"].description)
    named = named_labels(text)
    assert named, text
    assert named <= labels_on(board), (named, labels_on(board))
    assert catalog(reader.split("-")[0])["button.i_start"] not in named


def test_a_refusal_names_the_board_button_as_the_board_shows_it() -> None:
    table = new_table(locale="en-US")
    text = render_notice("fr", Notice("engine.first_player_not_chosen"), buttons=table.locale)
    assert named_labels(text) == {"I'll start"} and "I'll start" in labels_on(UI.board(table))
    assert text.startswith("L'équipe n'a pas encore choisi")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize(("reader", "buttons"), [("fr", "en"), ("en", "de"), ("de", "fr")])
def test_the_rules_name_buttons_in_the_language_of_the_table(game: str, reader: str, buttons: str) -> None:
    _title, body = ui_for_key(game).rules(reader, buttons)
    for word in named_labels(body):
        assert word in button_labels(buttons).values(), (game, word)
    if game in ("thegame", "hearts", "barbu"):
        assert f"**{catalog(buttons)['button.my_hand']}**" in body


def test_help_names_the_lobby_buttons_as_the_server_shows_them() -> None:
    text = str(help_embed("fr", "de").description)
    assert named_labels(text) == {"Mitspielen", "KI hinzufügen", "Starten", "Meine Hand"}
    assert "partie nouvelle" in text
