"""A name someone chose is text wherever the bot writes it: `escape_name` keeps it as written and takes away every
way Discord's markdown could read it as something else; plain-text places show it as it is."""

from __future__ import annotations

import re

import discord
import pytest

from bot.service.table import Seat, Table, TableStatus
from bot.ui.display import players_only
from bot.ui.format import escape_name, unescaped
from bot.ui.game_ui import ui_for
from bot.ui.hand_result import hand_result_message
from bot.ui.i18n import t
from bot.ui.lobby import render_table
from tests.games.test_trick_tables import table_at

HOSTILE = [
    "[l](https://evil.example)",
    "<@&123456789012345678>",
    "<@123456789012345678>",
    "<#123456789012345678>",
    "<t:0:R>",
    "<:emoji:123456789012345678>",
    "</game new:1>",
    "@everyone",
    "@here",
    "**bold** _it_ ~~strike~~ ||spoiler|| `code`",
    "# heading",
    "-# small",
    "> quote",
    "- list",
    "https://evil.example",
    "back\\slash",
]
# What Discord would read as more than text, where no backslash stands before it.
MARKUP = re.compile(
    r"(?<!\\)\[[^\]]*(?<!\\)\]\(|https?://|(?<!\\)<[@#:/t]|(?<!\\)@(everyone|here)|(?<!\\)(\*\*|__|~~|\|\||`)"
    r"|^(?<!\\)[#>\-]"
)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_is_never_markup_and_shows_as_written(name: str) -> None:
    escaped = escape_name(name)
    assert not MARKUP.search(escaped), escaped
    assert unescaped(escaped) == name  # each backslash only stands before the mark it neutralises


@pytest.mark.parametrize("name", ["Alice", "Émile", "Jean-Luc", "O'Brien", "Dr. Who", "Zoë (away)", "Ada 🤖"])
def test_an_ordinary_name_is_left_alone(name: str) -> None:
    assert escape_name(name) == name


def test_a_name_never_breaks_a_line() -> None:
    assert escape_name("two\nlines") == "two lines"


def test_a_command_mention_in_a_name_stays_text_in_a_catalog_sentence() -> None:
    text = t("en-US", "board.play", name=escape_name("</hand>"), card="`5`", pile="A")
    assert text.startswith("\\<\\/hand>") and "</" not in text


def test_a_public_line_pings_only_the_tables_human_players() -> None:
    table = Table(
        id=1, guild_id=1, channel_id=2, created_by=10, created_at=0.0, seed=1, status=TableStatus.PLAYING,
        seats=[Seat(10, "Alice"), Seat(-1, "Ada", is_ai=True), Seat(11, "Bob")],
    )  # fmt: skip
    allowed = players_only(table).to_dict()
    assert allowed["parse"] == [] and not allowed.get("replied_user")
    assert sorted(int(user) for user in allowed["users"]) == [10, 11]
    assert not allowed.get("roles")


def test_a_hearts_hands_result_names_its_players_as_text() -> None:
    table = table_at("hearts", 4, seed=3, steps=60)
    session = table.require_session()
    recap = session.shown_hand()  # type: ignore[attr-defined]
    assert recap is not None, "60 steps finish Hearts' first hand"
    table.seats[0].name = "[l](https://evil.example)"
    table.seats[1].name = "<@&123456789012345678>"
    ui = ui_for(table)
    shown = ""
    for message in [render_table(table), hand_result_message(table, ui, recap)]:  # type: ignore[arg-type]
        embed = message["embed"]
        assert isinstance(embed, discord.Embed)
        data = embed.to_dict()
        texts = [data.get("title", ""), data.get("description", "")]
        texts += [part for field in data.get("fields", []) for part in (field["name"], field["value"])]
        shown += "\n".join(str(text) for text in texts) + "\n"
    assert escape_name(table.seats[0].name) in shown
    assert not re.search(r"(?<!\\)\[l(?<!\\)\]\(|https://|(?<!\\)<@&", shown), shown
