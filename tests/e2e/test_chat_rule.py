"""The no-numbers rule in a game's channel, end to end: players are flagged, others and other places are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot
from bot.emulator import Emulator
from bot.emulator.world import Message, User
from bot.games.thegame.engine import seed_to_deal_code
from bot.storage.settings import ChatRuleMode, GuildSettings
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

WARNING = "🤫"


async def start_game(driver: TableDriver, world: World) -> int:
    return await start_game_of(driver, world.alice, world.bob)


async def start_game_of(driver: TableDriver, host: User, guest: User) -> int:
    await driver.command(host, "game new", deal=seed_to_deal_code(99))
    table_id = driver.table().id
    await driver.click(guest, driver.board(), f"tg:join:{table_id}")
    await driver.click(host, driver.board(), f"tg:start:{table_id}")
    await driver.click(host, driver.board(), f"tg:first:{table_id}")
    return table_id


async def say(driver: TableDriver, user: User, text: str) -> Message:
    message = await driver.emulator.send_message(user, driver.channel, text)
    await driver.emulator.wait_for(lambda: True)
    await driver.settle()
    return message


def reminders(driver: TableDriver) -> list[Message]:
    return [m for m in driver.public_messages() if m.author.bot and "no numbers" in m.content.lower()]


async def flagged(driver: TableDriver, message: Message, *, within: float = 1.0) -> bool:
    """Whether the bot reacted to `message` within `within` seconds: a second to see that it did not; a message it
    must flag is given ten (a shared machine can stall a second)."""
    try:
        await driver.emulator.wait_for(lambda: message.bot_reacted(WARNING), timeout=within)
    except AssertionError:
        return False
    return True


async def test_a_player_who_says_a_number_is_flagged(driver: TableDriver, world: World) -> None:
    table_id = await start_game(driver, world)
    message = await say(driver, world.alice, "I have the thirty-seven, don't touch A")
    assert await flagged(driver, message, within=10)
    await driver.emulator.wait_for(lambda: len(reminders(driver)) == 1)
    reminder = reminders(driver)[0]
    assert "Alice" in reminder.content
    assert not any(ch.isdigit() for ch in reminder.content)  # the reminder quotes no number
    assert driver.table().violations == {world.alice.id: 1}
    # Clean table talk is left alone.
    clean = await say(driver, world.bob, "ok, I'll keep off the second pile, I have a low one")
    assert not await flagged(driver, clean)
    assert driver.bot.games.get(table_id) is not None


async def test_a_non_player_is_not_flagged_by_default(driver: TableDriver, world: World) -> None:
    await start_game(driver, world)
    message = await say(driver, world.mallory, "play the 42 on C!")
    assert not await flagged(driver, message)
    assert driver.table().violations == {}
    # With the server option, the rule applies to everyone in the game's channel.
    await driver.bot.guild_settings.update(world.guild.id, GuildSettings(chat_rule_everyone=True))
    again = await say(driver, world.mallory, "play the 42 on C!")
    assert await flagged(driver, again, within=10)


async def test_an_edit_that_adds_a_number_is_flagged_once(driver: TableDriver, world: World) -> None:
    await start_game(driver, world)
    message = await say(driver, world.bob, "je peux faire un rétro sur B")
    assert not await flagged(driver, message)
    await driver.emulator.edit_user_message(message, "je peux faire un rétro sur B avec mon vingt-huit")
    assert await flagged(driver, message, within=10)
    await driver.emulator.edit_user_message(message, "avec mon vingt-huit, pardon")
    await driver.settle()
    assert driver.table().violations == {world.bob.id: 1}


async def test_nothing_is_flagged_outside_a_game(driver: TableDriver, world: World) -> None:
    message = await say(driver, world.alice, "we finished with 7 cards left last week")
    assert not await flagged(driver, message)
    # A lobby is not a game yet.
    await driver.command(world.alice, "game new")
    lobby_talk = await say(driver, world.alice, "need 2 more players")
    assert not await flagged(driver, lobby_talk)
    # Another channel of the server while a game runs elsewhere.
    other = world.guild.add_text_channel("general")
    await driver.emulator.wait_for(lambda: driver.bot.get_channel(other.id) is not None)
    elsewhere = await driver.emulator.send_message(world.alice, other, "42")
    await driver.settle()
    assert not await flagged(driver, elsewhere)


@pytest.mark.parametrize("mode", [ChatRuleMode.DELETE, ChatRuleMode.OFF])
async def test_the_server_chooses_what_happens(driver: TableDriver, world: World, mode: ChatRuleMode) -> None:
    await driver.bot.guild_settings.update(world.guild.id, GuildSettings(chat_rule_mode=mode))
    await start_game(driver, world)
    message = await say(driver, world.alice, "I hold 99")
    if mode is ChatRuleMode.DELETE:
        await driver.emulator.wait_for(lambda: message.deleted)
        await driver.emulator.wait_for(lambda: len(reminders(driver)) == 1)
        assert driver.table().violations == {world.alice.id: 1}
    else:
        assert not await flagged(driver, message)
        assert not message.deleted
        assert driver.table().violations == {}


async def test_other_games_talk_numbers_freely(driver: TableDriver, world: World) -> None:
    """The no-numbers rule is The Game's: at a Hearts table, "I have 3 hearts left" is just talk."""
    await driver.command(world.alice, "game new", game="hearts")
    table_id = driver.table().id
    for user in (world.bob, world.carol):
        await driver.click(user, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    message = await say(driver, world.bob, "I have 3 hearts left and the 10 of spades")
    assert not await flagged(driver, message)
    assert driver.table().violations == {}


async def test_a_german_table_reads_german(emulator: Emulator, start_client: Any, tmp_path: Path) -> None:
    """At a table of a German server, German number words are flagged, "elf" is eleven, and German table talk
    that only looks like numbers ("gib acht", "eine ganz kleine") passes."""
    guild = emulator.world.add_guild("Spieltisch", locale="de")
    guild.features.append("COMMUNITY")  # only a Community server chooses its language on Discord
    channel = guild.add_text_channel("spiele")
    anna = emulator.world.add_user("anna", locale="de")
    ben = emulator.world.add_user("ben", locale="de")
    for user in (anna, ben):
        guild.add_member(user)
    running = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    driver = TableDriver(emulator, channel, running)
    await start_game_of(driver, anna, ben)
    assert driver.table().locale.startswith("de")
    for text in ("ich hab die fünfundvierzig", "elf auf A", "zwoelf", "der fünfte Zug"):
        assert await flagged(driver, await say(driver, anna, text), within=10), text
    for text in ("gib acht auf D, ich hab eine ganz kleine", "noch eins, dann bin ich fertig"):
        assert not await flagged(driver, await say(driver, ben, text)), text
    assert driver.table().violations == {anna.id: 4}


async def test_an_english_table_knows_an_elf_and_still_reads_german(
    driver: TableDriver, world: World
) -> None:
    await start_game(driver, world)
    assert not await flagged(
        driver, await say(driver, world.alice, "elf")
    )  # the creature, at an English table
    assert await flagged(
        driver, await say(driver, world.bob, "zweiundvierzig"), within=10
    )  # every language's numbers
    assert driver.table().violations == {world.bob.id: 1}
