"""A channel with no table: its page offers to open one of each game right there (found launching the Activity from
Discord's app launcher in an empty channel: the page only said to go and type `/game new`). The table opens as
`/game new` opens it, its lobby posted in the channel with the person who asked as its host; a forged game, or a
second table while one is open, is refused in one sentence and opens nothing."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.activity.actions import ActivityActions
from bot.activity.identity import Viewer
from bot.activity.views.base import chosen_options, under_its_game
from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from bot.games.errors import GameError
from bot.games.registry import GAMES, rules_for
from bot.storage.settings import GuildSettings
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import activity_settings, activity_url, open_page
from tests.e2e.driver import TableDriver


async def test_a_table_opened_from_the_page_of_an_empty_channel(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    bob = await open_page(emulator, activity_url(activity_bot), world.bob, world.channel)  # Bob reads French
    alice = await open_page(emulator, activity_url(activity_bot), world.alice, world.channel)
    assert bob.state["table"] is None
    assert [(game["key"], game["name"]) for game in bob.state["new"]] == [
        (key, ui_for_key(key).name("fr")) for key in GAMES
    ]
    crapette = bob.state["new"][-1]
    assert (crapette["seats"], crapette["pitch"]) == ("2 joueurs", t("fr", "game.crapette.pitch")), (
        "as /help says"
    )
    assert [game["name"] for game in alice.state["new"]][1] == ui_for_key("hearts").name("en")
    klondike = next(game for game in bob.state["new"] if game["key"] == "klondike")
    assert [option["name"] for option in klondike["options"]] == ["draw_one", "any_colour", "team_play"]
    assert klondike["options"][0]["label"] == "Retourner une carte du talon au lieu de trois", (
        "under Klondike's name, without it (Discord's words are `Klondike\xa0: retourner...`)"
    )
    assert klondike["options"][2]["label"] == "À plusieurs\xa0: à tour de rôle, ou tous en même temps"
    assert bob.state["new"][0]["options"][0]["label"].startswith("Expert\xa0: poser au moins trois cartes")
    assert [choice["label"] for choice in klondike["options"][2]["choices"]] == [
        "à tour de rôle",
        "tous en même temps",
    ]
    forged = await bob.act({"kind": "new", "game": "poker"})
    assert forged["refused"] and forged["text"] == t("fr", "error.stale_button")
    assert driver.bot.games.in_channel(world.channel.id) is None, "a forged game opens nothing"
    assert (await bob.act({"kind": "new", "game": "hearts"}))["refused"] is False
    for page in (alice, bob):
        lobby = await page.wait_state(lambda s: s["table"] is not None and s["table"]["status"] == "lobby")
        assert lobby["table"]["game"] == "hearts" and "new" not in lobby
    table = driver.table()
    assert table.game_key == "hearts" and table.host_id == world.bob.id and table.seats[0].name == "Bob"
    assert table.options == rules_for("hearts").options({}), "the defaults, as /game new opens it"
    await driver.settle()
    board = driver.public_messages()[-1]
    assert board.id == table.board_message_id and board.custom_ids, (
        "its lobby posted in the channel, with buttons"
    )
    # The server's language as /game new would choose it: no /settings choice and no Community server here, so
    # English, whatever Bob reads (his own answers stay French).
    assert table.locale == "en"
    second = await alice.act({"kind": "new", "game": "barbu"})
    assert second["refused"] and second["text"] == t("en", "error.already_running")
    assert driver.table().id == table.id
    for page in (alice, bob):
        await page.close()


@pytest.mark.parametrize(
    ("community", "chosen", "expected"), [(True, None, "de"), (False, None, "en"), (True, "fr", "fr")]
)
async def test_a_table_opened_from_a_page_speaks_the_language_slash_game_new_would(
    emulator: Emulator,
    start_client: Callable[..., Any],
    tmp_path: Path,
    community: bool,
    chosen: str | None,
    expected: str,
) -> None:
    """Discord's preferred locale of a Community server is read off the bot's cache (a page's message carries no
    locale of the server, as an interaction does); /settings still comes first."""
    guild = emulator.world.add_guild("Spieltisch", locale="de")
    if community:
        guild.features.append("COMMUNITY")
    channel = guild.add_text_channel("karten")
    ann = emulator.world.add_user("ann", locale="en-US")
    guild.add_member(ann)
    running = await start_client(lambda: create_bot(activity_settings(tmp_path, emulator)))
    if chosen is not None:
        await running.client.guild_settings.update(guild.id, GuildSettings(language=chosen))
    page = await open_page(emulator, activity_url(running), ann, channel)
    assert (await page.act({"kind": "new", "game": "klondike"}))["refused"] is False
    table = await page.wait_state(lambda s: s["table"] is not None)
    assert running.client.games.in_channel(channel.id).locale == expected, table
    await page.close()


@pytest.mark.parametrize(
    ("label", "shown"),
    [
        (
            "Klondike: turn one card from the stock instead of three",
            "Turn one card from the stock instead of three",
        ),
        ("Klondike zu mehreren: abwechselnd", "Zu mehreren: abwechselnd"),
        ("The Game, expert: one card fewer", "Expert: one card fewer"),
        ("Un jeu de Klondike", "Un jeu de Klondike"),  # a translation that does not begin with the name
        ("Klondike", "Klondike"),
    ],
)
def test_an_options_words_drop_the_game_name_they_begin_with(label: str, shown: str) -> None:
    game = "The Game" if label.startswith("The Game") else "Klondike"
    assert under_its_game(label, game) == shown


class NoTables:
    def in_channel(self, channel_id: int) -> None:
        return None


async def test_no_table_is_opened_from_a_direct_message() -> None:
    bot = SimpleNamespace(games=NoTables())
    viewer = Viewer(user_id=1, name="Ann", locale="en-US", channel_id=2, guild_id=None, instance_id="i")
    answer = await ActivityActions(bot).perform(viewer, {"kind": "new", "game": "hearts"})  # type: ignore[arg-type]
    assert answer.refused and answer.text == t("en", "error.guild_only")


async def test_a_fault_of_ours_is_answered_with_a_reference_that_is_in_the_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ActivityActions, "_play", broken)
    bot = SimpleNamespace(games=SimpleNamespace(in_channel=lambda channel_id: object()))  # a table there
    viewer = Viewer(user_id=1, name="Ann", locale="fr", channel_id=2, guild_id=3, instance_id="i")
    with caplog.at_level(logging.ERROR):
        answer = await ActivityActions(bot).perform(viewer, {"kind": "move"})  # type: ignore[arg-type]
    found = re.search(r"\(référence ([0-9A-F]{6})\)", answer.text or "")
    assert answer.refused and found is not None, answer
    assert [record for record in caplog.records if found[1] in record.getMessage()], (
        "the reference is in the log"
    )
    no_table = SimpleNamespace(games=NoTables())
    refused = await ActivityActions(no_table).perform(viewer, {"kind": ["move"]})  # type: ignore[arg-type]
    assert refused.refused and refused.text == t("fr", "error.stale_button"), "a kind no page sends"


@pytest.mark.parametrize(
    ("game", "sent", "rules"),
    [
        (
            "klondike",
            {"draw_one": True, "team_play": "together"},
            {"draw": 1, "any_colour": False, "mode": "together"},
        ),
        ("klondike", None, {"draw": 3, "any_colour": False, "mode": "turns"}),
        ("crapette", {"strict": True, "opponent_build": "alternate"}, None),
    ],
)
def test_the_options_a_page_sends_are_the_games_own_with_values_they_take(
    game: str, sent: Any, rules: dict[str, Any] | None
) -> None:
    chosen = chosen_options(game, sent)
    assert chosen == (sent or {})
    if rules is not None:
        assert rules_for(game).options(chosen) == rules


@pytest.mark.parametrize(
    "sent",
    [
        {"draw_one": "yes"},
        {"draw_one": 1},
        {"team_play": True},
        {"team_play": "alone"},
        {"strict": True},  # Crapette's, not Klondike's
        {"deal": "ABCDEFGH"},
        {"team_play": ["turns"]},
        ["draw_one"],
        "draw_one",
    ],
)
def test_an_option_of_another_game_or_a_value_it_does_not_take_is_a_forged_message(sent: Any) -> None:
    with pytest.raises(GameError) as refused:
        chosen_options("klondike", sent)
    assert refused.value.key == "error.stale_button"
