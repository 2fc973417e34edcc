"""Display names are text: a name written as a masked link, a role or channel mention, @everyone or markdown is
shown as written, never as a link, a mention or formatting, wherever the bot writes it (lobby, board, turn line,
refusals, summary, /history, /stats, /leaderboard), in The Game and in Crapette; and a public message pings only
the players it is meant for. Through the real bot and the emulator."""

from __future__ import annotations

import pytest

from bot.emulator import Emulator
from bot.emulator.world import Message, User
from bot.games.thegame.engine import seed_to_deal_code
from bot.ui.format import escape_name
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import seed

DEAL = seed_to_deal_code(4242)
LINK = "[l](https://evil.example/x)"
ROLE = "<@&123456789012345678> **bold**"
CHANNEL = "<#123456789012345678> @everyone"
# Each must show only escaped (a backslash before it), never as it was written.
HOSTILE = ("[l](", "https://evil", "<@&123456789012345678>", "**bold**", "<#123456789012345678>", "@everyone")


def markdown_parts(message: Message) -> list[str]:
    """What Discord reads as markdown in a message: its content, and each embed's title, description and fields
    (footers, menus, buttons and pictures' descriptions are plain text)."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [str(embed.get("title", "")), str(embed.get("description", ""))]
        for field in embed.get("fields", []):
            parts += [str(field["name"]), str(field["value"])]
    return parts


def assert_names_are_text(messages: list[Message]) -> None:
    for message in messages:
        for text in markdown_parts(message):
            for hostile in HOSTILE:
                start = text.find(hostile)
                while start >= 0:
                    assert start > 0 and text[start - 1] == "\\", f"{hostile!r} unescaped in {text!r}"
                    start = text.find(hostile, start + 1)


def assert_pings_only_players(emulator: Emulator, players: set[int]) -> None:
    """Every message the bot posted (in the channel, as an answer, or as a follow-up) allows no role or @everyone
    ping, and pings no one but the players. (An edit never pings.)"""
    posted = 0
    for request in emulator.requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method != "POST" or not body:
            continue
        if request.path.endswith("/callback"):
            if body.get("type") != 4:  # an answer that is a new message
                continue
            body = body.get("data") or {}
        elif not request.path.endswith("/messages") and "/webhooks/" not in request.path:
            continue
        posted += 1
        allowed = body.get("allowed_mentions")
        assert allowed is not None, f"{request.method} {request.path} without allowed_mentions"
        parse = allowed.get("parse", [])
        assert "everyone" not in parse and "roles" not in parse and "users" not in parse
        assert not allowed.get("roles")
        assert {int(user) for user in allowed.get("users", [])} <= players
    assert posted > 10


@pytest.fixture
def hostile(emulator: Emulator, world: World) -> tuple[User, User, User]:
    users = []
    for handle, name in (("eve", LINK), ("rolf", ROLE), ("chan", CHANNEL)):
        user = emulator.world.add_user(handle, locale="en-US", global_name=name)
        world.guild.add_member(user)
        users.append(user)
    return users[0], users[1], users[2]


async def test_hostile_names_are_shown_as_written_in_the_game_and_in_crapette(
    driver: TableDriver, world: World, emulator: Emulator, hostile: tuple[User, User, User]
) -> None:
    eve, rolf, chan = hostile
    # The Game: lobby, board, turn line, a refusal that names the player on turn, a marker, the last plays.
    await driver.command(eve, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.command(rolf, "game join")
    await driver.command(chan, "game join")
    lobby = driver.board()
    assert f"• {escape_name(LINK)}" in lobby.text and f"• {escape_name(ROLE)}" in lobby.text
    await driver.click(eve, driver.board(), f"tg:start:{table_id}")
    await driver.click(eve, driver.board(), f"tg:first:{table_id}")
    refused = await driver.command(rolf, "play", card="50", pile="A")
    assert f"It is {escape_name(LINK)}'s turn" in (refused.content or "")
    marked = await driver.emulator.select(rolf, driver.board(), f"tg:gs:{table_id}:mark", ["C.keep_off"])
    await marked.response()
    game = driver.game()
    option = next(o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile))
    await driver.command(eve, "play", card=str(option.card), pile=option.pile)
    await driver.settle()
    board = driver.board()
    assert f"(asked by {escape_name(ROLE)})" in board.text
    assert f"{escape_name(LINK)}: `{option.card}` on {option.pile}" in board.text
    await driver.command(chan, "game stop")  # the summary names everyone
    assert escape_name(CHANNEL) in driver.message(board.id).text

    # Crapette: lobby, board (whose turn, cards left), summary.
    await driver.command(eve, "game new", game="crapette")
    await driver.command(rolf, "game join")
    await driver.command(eve, "game start")
    assert escape_name(LINK) in driver.board().text or escape_name(ROLE) in driver.board().text
    await driver.command(eve, "game stop")

    # Records: /history (both games), /stats, /leaderboard (a finished Game of the three).
    await seed(driver, world, [eve, rolf, chan], cards_left=5)
    listed = await driver.command(chan, "history")
    assert listed.message is not None and escape_name(CHANNEL) in listed.message.text
    (menu,) = listed.message.selects
    assert any(LINK in option["label"] for option in menu["options"]), "a menu shows the name as written"
    assert not any("\\" in option["label"] for option in menu["options"])
    detail = await driver.emulator.select(
        chan, listed.message, menu["custom_id"], [menu["options"][0]["value"]]
    )
    await detail.response()
    stats = await driver.command(eve, "stats", member=rolf)
    assert stats.message is not None and stats.message.embeds[0]["title"] == f"📊 {escape_name(ROLE)}"
    await driver.command(eve, "stats")
    ranked = await driver.command(chan, "leaderboard")
    assert ranked.message is not None and escape_name(LINK) in ranked.message.text
    await driver.settle()

    assert_names_are_text(driver.channel.messages)
    assert_pings_only_players(emulator, {eve.id, rolf.id, chan.id})
