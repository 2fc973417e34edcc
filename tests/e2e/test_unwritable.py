"""A database that cannot be written (read-only, full, locked by another process): the bot apologises in one private
sentence and refuses the move instead of acknowledging what it could not save; the table in memory stays the saved
one and the board does not show the move; once the database can be written again, the same move plays, and AI seats
carry on by themselves."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.emulator import Emulator
from bot.games.deal_codes import seed_to_deal_code
from bot.storage import sqlite as sqlite_store
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver
from tests.e2e.trick_driver import pass_three, play_one_card
from tests.fuzz.views import state

NOT_SAVED = "Sorry, I could not save that, so it did not happen: please try again in a moment."
NOT_SAVED_FR = "Désolé, je n'ai pas pu l'enregistrer, donc rien n'a changé\xa0: réessaie dans un instant."
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")

Fault = Callable[[TableDriver, pytest.MonkeyPatch], AbstractAsyncContextManager[None]]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return bot_settings(tmp_path, ai_turn_delay=0.2)


@asynccontextmanager
async def read_only(driver: TableDriver, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    connection = driver.bot.db.connection  # type: ignore[attr-defined]
    await connection.execute("PRAGMA query_only = ON")
    try:
        yield
    finally:
        await connection.execute("PRAGMA query_only = OFF")


@asynccontextmanager
async def disk_full(driver: TableDriver, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Every write fails the way SQLite fails on a full disk."""
    with monkeypatch.context() as patch:
        # Every write of the store goes through these (one trip to the database thread each: bot/storage/sqlite.py).
        for name in ("_execute", "_executemany"):
            make = getattr(sqlite_store, name)

            def failing_work(sql: str, *args: Any, _make: Any = make, **kwargs: Any) -> Any:
                if not sql.lstrip().upper().startswith(WRITES):
                    return _make(sql, *args, **kwargs)

                def full(connection: sqlite3.Connection) -> None:
                    raise sqlite3.OperationalError("database or disk is full")

                return full

            patch.setattr(sqlite_store, name, failing_work)
        yield


@asynccontextmanager
async def locked(driver: TableDriver, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Another process holds the write lock (a backup, the sqlite3 shell)."""
    other = sqlite3.connect(driver.bot.settings.database_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


FAULTS = {"read_only": read_only, "disk_full": disk_full, "locked": locked}


async def two_player_game(driver: TableDriver, world: World) -> int:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(21))
    await driver.command(world.bob, "game join")
    await driver.command(world.alice, "game start")
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    return table_id


async def saved(driver: TableDriver, table_id: int) -> Any:
    return state(await driver.bot.tables.load(table_id))


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_move_that_cannot_be_saved_is_refused_then_plays(
    driver: TableDriver, world: World, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    table_id = await two_player_game(driver, world)
    await driver.open_hand(world.alice)
    option = driver.game().legal_plays()[0]
    board = driver.board()
    edits, messages = len(board.edits), len(driver.public_messages())
    before, on_disk = state(driver.table()), await saved(driver, table_id)
    async with FAULTS[fault](driver, monkeypatch):
        with driver.running.expect_errors() as errors:
            for user, command, options, sentence in (
                (world.alice, "play", {"card": str(option.card), "pile": option.pile}, NOT_SAVED),
                (world.alice, "hint", {}, NOT_SAVED),  # a hint is counted, so saved: refused too
                (world.bob, "game stop", {}, NOT_SAVED_FR),  # Bob's Discord is in French
            ):
                answer = await driver.command(user, command, **options)
                assert answer.ephemeral and answer.content == sentence, answer
                assert answer.elapsed < 3
        assert errors, "the failed save is logged"
        assert state(driver.table()) == before
    assert await saved(driver, table_id) == on_disk
    assert len(board.edits) == edits and len(driver.public_messages()) == messages
    # Writable again: the same move plays.
    answer = await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    assert answer.ephemeral and answer.content != NOT_SAVED
    assert driver.game().played_this_turn == 1
    assert (await saved(driver, table_id))["session"] == state(driver.table())["session"]


async def test_ai_seats_carry_on_once_the_database_can_be_written(
    driver: TableDriver, world: World, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    await driver.command(world.alice, "game new", game="hearts", deal=seed_to_deal_code(8))
    for _ in range(3):
        await driver.command(world.alice, "game addbot")
    with driver.running.expect_errors():
        async with disk_full(driver, monkeypatch):
            assert (await driver.command(world.alice, "game start")).content == NOT_SAVED
            assert driver.table().session is None
    await driver.command(world.alice, "game start")
    table_id = driver.table().id
    await pass_three(driver, world.alice, await driver.open_hand(world.alice))
    if 0 in driver.table().seats_to_act:  # Alice holds the two of clubs: she leads
        await play_one_card(driver, world.alice, by_command=True)
    # The AI seats play next (after a short pause): their moves cannot be saved for a while.
    progress = driver.table().require_session().progress()
    with driver.running.expect_errors() as errors:
        async with disk_full(driver, monkeypatch):
            await emulator.wait_for(lambda: bool(errors) or bool(driver.running.errors), timeout=5)
            assert driver.table().require_session().progress() == progress
            assert 0 not in driver.table().seats_to_act
        # Writable again: the AI seats carry on by themselves, up to Alice's turn.
        await emulator.wait_for(lambda: 0 in driver.table().seats_to_act, timeout=10)
    await driver.settle()
    assert driver.table().require_session().progress() != progress
    assert (await saved(driver, table_id))["session"] == state(driver.table())["session"]


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_table_that_cannot_be_saved_is_not_opened(
    driver: TableDriver, world: World, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    with driver.running.expect_errors():
        async with FAULTS[fault](driver, monkeypatch):
            answer = await driver.command(world.alice, "game new")
            assert answer.ephemeral and answer.content == NOT_SAVED and answer.elapsed < 3
    assert driver.bot.games.in_channel(world.channel.id) is None and not driver.public_messages()
    answer = await driver.command(world.alice, "game new")
    assert not answer.ephemeral and driver.table().seats[0].user_id == world.alice.id


async def test_a_number_said_while_nothing_can_be_saved_still_gets_its_reminder(
    driver: TableDriver, world: World, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_player_game(driver, world)
    with driver.running.expect_errors() as errors:
        async with disk_full(driver, monkeypatch):
            said = await emulator.send_message(world.bob, world.channel, "I have 45")
            await emulator.wait_for(lambda: said.bot_reacted("🤫"), timeout=5)  # only the count is lost
    assert driver.table().violations == {}
    # The failed save is logged where it failed; the chat rule itself raised nothing.
    assert [record.name for record in errors] == ["bot.service.games"]
