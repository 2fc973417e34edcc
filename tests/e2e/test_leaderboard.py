"""/leaderboard through the real bot and the emulator: pages anyone can turn, names, filters, servers apart."""

from __future__ import annotations

import datetime
from typing import Any

from bot.emulator import Emulator, Message
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.storage.seed import add_game


def description(message: Message) -> str:
    return str(message.embeds[0].get("description", ""))


def footer(message: Message) -> str:
    return str(message.embeds[0].get("footer", {}).get("text", ""))


def button(message: Message, label: str) -> dict[str, Any]:
    found = message.find_component(None, label=label, type=2)
    assert found is not None, f"no button {label!r}: {[b.get('label') for b in message.buttons]}"
    return found


async def seed(driver: TableDriver, world: World, players: list[Any], **options: Any) -> int:
    """A finished game in the world's server, with the players' names as they were then."""
    options.setdefault("guild_id", world.guild.id)
    options.setdefault("channel_id", world.channel.id)
    names = {player.id: player.display_name for player in players if hasattr(player, "display_name")}
    names.update(options.pop("names", {}))
    ids = [getattr(player, "id", player) for player in players]
    return await add_game(driver.bot.db, ids, names=names, **options)


async def test_pages_of_ten_turned_by_anyone_even_after_a_restart(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    for cards in range(23):  # 23 solo teams of former players, 0..22 cards left
        await seed(driver, world, [9_000 + cards], cards_left=cards, names={9_000 + cards: f"Solo {cards}"})
    await seed(driver, world, [world.alice, world.bob], cards_left=14)  # 15th
    await seed(driver, world, [world.mallory], cards_left=30)  # 24th

    answer = await driver.command(world.alice, "leaderboard")
    assert not answer.ephemeral
    board = answer.message
    assert board is not None
    text = description(board)
    assert text.count("\n\n") == 10  # the filters, then ten teams in short blocks
    assert "🥇 **Solo 0**" in text and "**won**" in text and "**10.** **Solo 9**" in text
    assert "Solo 10" not in text
    assert "Page 1/3" in footer(board) and "25 teams" in footer(board)
    assert "Alice's teams (best: #15)" in footer(board)
    assert button(board, "Previous").get("disabled") is True

    # Mallory, who did not ask, turns the page: the same public message changes, with her teams starred.
    turned = await driver.click(world.mallory, board, button(board, "Next")["custom_id"])
    assert turned.type == 7
    text = description(board)
    assert "**11.** **Solo 10**" in text and "**15.** **Alice · Bob**\n" in text
    assert "Page 2/3" in footer(board) and "Mallory's teams (best: #25)" in footer(board)

    await driver.restart()
    await driver.click(world.bob, board, button(board, "Next")["custom_id"])
    text = description(board)
    assert "**21.** **Solo 19**" in text and "**25.** **Mallory**" in text
    assert "Page 3/3" in footer(board)
    assert button(board, "Next").get("disabled") is True
    await driver.click(world.bob, board, button(board, "Previous")["custom_id"])
    assert "**15.** **Alice · Bob** ⭐" in description(board)  # Bob's team, starred for Bob


async def test_an_empty_server(driver: TableDriver, world: World) -> None:
    answer = await driver.command(world.carol, "leaderboard")
    assert answer.message is not None
    text = description(answer.message)
    assert "No game of The Game finished here yet" in text
    assert "The other games have their own leaderboards: " in text and "leaderboard" in text.split("own")[1]
    assert text.endswith("with `game`."), text
    assert "Page 1/1" in footer(answer.message)
    assert all(b.get("disabled") for b in answer.message.buttons if b.get("label") in ("Previous", "Next"))


async def test_current_names_and_the_stored_name_of_a_member_who_left(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    dave = emulator.world.add_user("dave")
    world.guild.add_member(dave)
    await seed(
        driver, world, [world.carol, dave], cards_left=3, names={world.carol.id: "Old Carol", dave.id: "Davy"}
    )
    world.guild.remove_member(dave)
    world.guild.members[world.carol.id].nick = "Caro"

    answer = await driver.command(world.alice, "leaderboard")
    assert answer.message is not None
    assert "**Caro · Davy**" in description(answer.message)
    fetched = [request.path for request in emulator.requests_to("GET /guilds/{guild_id}/members/{user_id}")]
    assert any(path.endswith(f"/members/{dave.id}") for path in fetched)


async def test_another_servers_games_never_appear(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    other = emulator.world.add_guild("Elsewhere", locale="en-US")
    elsewhere = other.add_text_channel("cards")
    other.add_member(world.alice)
    await seed(driver, world, [world.alice], cards_left=0, guild_id=other.id, channel_id=elsewhere.id)
    await seed(driver, world, [world.alice], cards_left=40)

    answer = await driver.command(world.alice, "leaderboard")
    assert answer.message is not None
    text = description(answer.message)
    assert "Best: **40** cards left" in text and "1 game" in text
    assert "won" not in text
    assert "1 team" in footer(answer.message)
    theirs = await emulator.slash(world.alice, elsewhere, "leaderboard", {})
    response = await theirs.response()
    assert response.message is not None and "**won**" in description(response.message)


async def test_filters_daily_deal_and_teams_with_ai(driver: TableDriver, world: World) -> None:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    await seed(driver, world, [world.alice], cards_left=2, daily="2001-01-01")
    await seed(driver, world, [world.bob], cards_left=9, daily=today)
    await seed(driver, world, [world.carol], cards_left=0, ai_seats=1)

    daily = await driver.command(world.alice, "leaderboard", daily=True)
    assert daily.message is not None
    text = description(daily.message)
    assert f"daily deal of {today}" in text and "**Bob**" in text and "Alice" not in text

    humans = await driver.command(world.alice, "leaderboard")
    assert humans.message is not None
    assert "Carol" not in description(humans.message)
    switched = await driver.click(
        world.alice, humans.message, button(humans.message, "Teams with AI")["custom_id"]
    )
    assert switched.type == 7
    text = description(humans.message)
    assert "Teams with AI teammates" in text and "**Carol · 🤖 Robot 1**" in text and "Bob" not in text


async def test_the_game_filters_are_not_dropped_silently_for_another_game(
    driver: TableDriver, world: World
) -> None:
    answer = await driver.command(world.alice, "leaderboard", game="hearts", variant="expert")
    assert answer.ephemeral and answer.message is not None
    assert answer.message.content == (
        "`variant` filters The Game's leaderboard only: leave it out for Hearts."
    )
    world.alice.locale = "fr"
    answer = await driver.command(world.alice, "leaderboard", game="klondike", daily=True)
    assert answer.message is not None
    assert answer.message.content == (
        "`du_jour` ne filtre que le classement de The Game\xa0: retire-la pour Klondike."
    )
    hearts = await driver.command(world.alice, "leaderboard", game="hearts")
    assert not hearts.ephemeral, "without a filter, Hearts' ratings as before"
