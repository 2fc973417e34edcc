"""`/stats forget:True` and the server erase leave nothing of what they erase anywhere in the database: after real games
of several kinds (rated Hearts, The Game, a Klondike result, chat-rule counts, a lobby left and one emptied), every
column of every row of every table is searched for the erased ids (and the forgotten player's name).

On SQLite: the test reads the database file itself."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.emulator import Emulator, Perm, User
from bot.games.base import ActionResult
from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

ACTIVE = ("lobby", "playing")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return bot_settings(tmp_path)


def rows_mentioning(path: Path, *needles: str, keep_active: bool = True) -> list[tuple[str, Any]]:
    """Every row of every table (listed from sqlite_master) whose text contains one of the needles; the saved
    states of tables still in play are left out when `keep_active` (games in progress are kept by design)."""
    found = []
    with contextlib.closing(sqlite3.connect(path)) as connection:
        names = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for name in names:
            cursor = connection.execute(f'SELECT * FROM "{name}"')  # names from sqlite_master
            columns = [column[0] for column in cursor.description]
            for row in cursor.fetchall():
                record = dict(zip(columns, row, strict=True))
                if keep_active and name == "tables" and record["status"] in ACTIVE:
                    continue
                text = " ".join(str(value) for value in row)
                if any(needle in text for needle in needles):
                    found.append((name, record))
    return found


async def finish_by_ai(driver: TableDriver) -> None:
    """The human seats play what the AI would (the AI seats play as usual), until the game is over."""
    games = driver.bot.games
    table = driver.table()
    for _ in range(5000):
        current = games.get(table.id)
        if current is None:
            break
        humans = [seat for seat in current.seats_to_act if not current.seats[seat].is_ai]
        if not humans:
            await asyncio.sleep(0.01)
            continue
        seat = humans[0]
        async with games.locked(table.id) as locked:
            session = locked.require_session()
            before = session.progress()
            events = session.play_ai(seat)
            change = games._after(locked, ActionResult(events), before)
        driver.bot.controller.after_change(change)
    await driver.settle()
    assert games.get(table.id) is None, "the game did not end"


async def played(
    emulator: Emulator, world: World, driver: TableDriver, *, in_progress: bool = True
) -> dict[str, User]:
    """Games of several kinds in several channels, finished; the users whose traces the test looks for."""
    guild = world.guild
    manager = emulator.world.add_user("manager")
    guild.add_member(manager, permissions=Perm.MANAGE_GUILD)
    await driver.command(
        manager, "settings", everyone=True, hints=True
    )  # a settings row; the chat rule for all

    def table_in(name: str) -> TableDriver:
        return TableDriver(emulator, guild.add_text_channel(name), driver.running)

    # Hearts, rated: Alice and Bob with two AI seats.
    hearts = table_in("hearts")
    await hearts.command(world.alice, "game new", game="hearts", deal=seed_to_deal_code(3))
    await hearts.command(world.bob, "game join")
    for _ in range(2):
        await hearts.command(world.alice, "game addbot")
    hearts.table().options["target"] = 1  # the game ends with its first hand
    await hearts.command(world.alice, "game start")
    await finish_by_ai(hearts)
    # The Game: Alice opens it and leaves before the start; Bob plays it with an AI seat, and stops it. Mallory,
    # who does not play, says a number there (the chat rule counts it).
    thegame = table_in("thegame")
    await thegame.command(world.alice, "game new", deal=seed_to_deal_code(4))
    await thegame.command(world.bob, "game join")
    await thegame.command(world.alice, "game leave")
    await thegame.command(world.bob, "game addbot")
    await thegame.command(world.bob, "game start")
    await thegame.click(world.bob, thegame.board(), f"tg:first:{thegame.table().id}")
    said = await emulator.send_message(world.mallory, thegame.channel, "I would start at 12")
    await emulator.wait_for(lambda: said.bot_reacted("🤫"), timeout=5)
    await thegame.command(world.bob, "game stop")
    # Klondike: Alice alone, gives up (a lost game).
    klondike = table_in("klondike")
    await klondike.command(world.alice, "game new", game="klondike", deal=seed_to_deal_code(5))
    await klondike.command(world.alice, "game start")
    table_id = klondike.table().id
    asked = await klondike.click(world.alice, klondike.board(), f"tg:g:{table_id}:giveup")
    await klondike.click(world.alice, asked.message, f"tg:g:{table_id}:giveup.yes:{world.alice.id}")
    # Carol opens a lobby and leaves it: it closes, empty.
    empty = table_in("empty")
    await empty.command(world.carol, "game new")
    await empty.command(world.carol, "game leave")
    if in_progress:  # a game still in progress, with Alice: kept by both commands
        running = table_in("running")
        await running.command(world.alice, "game new", game="klondike", deal=seed_to_deal_code(6))
        await running.command(world.alice, "game start")
    await driver.settle()
    return {"manager": manager}


async def test_forget_leaves_nothing_of_the_player(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    await played(emulator, world, driver)
    path = driver.bot.settings.database_path
    for user in (world.alice, world.carol, world.mallory):
        assert rows_mentioning(path, str(user.id)), (
            f"{user.name} left no trace to forget: the test proves nothing"
        )
        prompt = await driver.command(user, "stats", forget=True)
        if prompt.message is not None and prompt.message.find_component(
            f"tg:forget:{world.guild.id}:{user.id}:yes"
        ):
            await driver.click(user, prompt.message, f"tg:forget:{world.guild.id}:{user.id}:yes")
        left = rows_mentioning(path, str(user.id))
        assert not left, f"{user.name} forgotten, but still in: {left}"
    # Alice's name is gone with her id; Bob keeps his results, with an anonymous teammate.
    assert not [row for row in rows_mentioning(path, "alice") if row[0] != "tables"]
    assert rows_mentioning(path, str(world.bob.id))
    # The game in progress still seats Alice.
    assert rows_mentioning(path, str(world.alice.id), keep_active=False)


async def test_forget_leaves_nothing_in_the_database_files(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    """Not even in free space or in the write-ahead log: the bytes of the files are searched."""
    await played(emulator, world, driver, in_progress=False)
    path = driver.bot.settings.database_path
    files = [path, path.with_name(path.name + "-wal")]
    needles = (str(world.alice.id).encode(), world.alice.display_name.encode())
    assert any(needle in file.read_bytes() for file in files for needle in needles)
    prompt = (await driver.command(world.alice, "stats", forget=True)).message
    assert prompt is not None
    await driver.click(world.alice, prompt, f"tg:forget:{world.guild.id}:{world.alice.id}:yes")
    for file in files:
        data = file.read_bytes() if file.exists() else b""
        assert not [needle for needle in needles if needle in data], file.name


async def test_erase_leaves_nothing_of_the_servers_history(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    users = await played(emulator, world, driver)
    path = driver.bot.settings.database_path
    guild = str(world.guild.id)
    assert rows_mentioning(path, guild)
    panel = (await driver.command(users["manager"], "settings")).message
    assert panel is not None
    await driver.click(users["manager"], panel, f"tg:settings:erase:{guild}")
    await driver.click(users["manager"], panel, f"tg:settings:erase_yes:{guild}")
    left = [(name, row) for name, row in rows_mentioning(path, guild) if name != "guild_settings"]
    assert not left, f"erased, but still in: {left}"
    for user in (world.alice, world.bob, world.carol, world.mallory):
        assert not rows_mentioning(path, str(user.id)), user.name
    # Kept by design: the server's settings and the game in progress.
    assert [name for name, _ in rows_mentioning(path, guild, keep_active=False)] == [
        "tables",
        "guild_settings",
    ]
