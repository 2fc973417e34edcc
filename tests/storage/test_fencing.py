"""Fenced saves (bot/storage/fencing.py): once another process took a process's shards over, the first one cannot
write one more move, whatever it writes and however late it learns that it lost them; the takeover waits for its
saves in flight, so none of them lands after the new process has read its tables."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.service.table import Seat, Table
from bot.storage.database import Database, connect
from bot.storage.fencing import ShardsLost
from bot.storage.postgres import pool_settings
from bot.storage.shard_lock import ShardLock, lock_shards
from bot.storage.tables import TableStore

pytestmark = pytest.mark.postgresql

Process = Callable[..., Awaitable["BotStorage"]]


class BotStorage:
    """What a bot process holds on PostgreSQL: its shards' lock (with its lease) and its pool."""

    def __init__(self, lock: ShardLock, database: Database, fenced: list[bool]) -> None:
        self.lock = lock
        self.database = database
        self.tables = TableStore(database)
        self.fenced = fenced

    @property
    def generation(self) -> int:
        assert self.lock.lease is not None
        return self.lock.lease.generation

    async def close(self) -> None:
        await self.database.close()
        await self.lock.release()


def lobby(table_id: int, guild_id: int = 1) -> Table:
    return Table(
        id=table_id, guild_id=guild_id, channel_id=100 + table_id, created_by=11, created_at=5.0, seed=1,
        seats=[Seat(11, "Alice")],
    )  # fmt: skip


@pytest.fixture
async def url(postgres_server: Any) -> str:
    return str(await postgres_server.new_database())


@pytest.fixture
async def start(url: str) -> AsyncIterator[Process]:
    """Start a process's storage the way `TheGameBot.open_storage` does: lock, lease, then the fenced pool."""
    started: list[BotStorage] = []

    async def starting(shards: tuple[int, ...] | None, count: int | None = 2) -> BotStorage:
        fenced: list[bool] = []
        lock = await lock_shards(shards, shard_count=count, database_url=url, database_path=Path(":memory:"))
        assert lock is not None and lock.lease is not None
        database = await connect(
            url, server_settings=pool_settings("test", lock.lease), on_fenced=lambda: fenced.append(True)
        )
        storage = BotStorage(lock, database, fenced)
        started.append(storage)
        return storage

    yield starting
    for storage in started:
        await storage.close()


async def end_lock_sessions(url: str, holder: str = "shards 0,1") -> None:
    """What pg_terminate_backend, an idle timeout or a network cut does to a process's lock: its session ends
    (here without the process noticing, as a frozen process would not)."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name LIKE $1"
            " AND datname = current_database()",
            f"thegame %{holder}",
        )
    finally:
        await connection.close()


async def test_a_process_whose_shards_were_taken_over_cannot_save_one_more_move(
    start: Process, url: str
) -> None:
    first = await start((0, 1))
    await first.tables.insert(lobby(1))
    table = lobby(1)
    table.seats.append(Seat(12, "Bob"))
    await first.tables.save(table, now=6.0)
    row = await first.database.fetchone("SELECT lease_generation FROM tables WHERE id = 1")
    assert row is not None and row[0] == first.generation  # every write of a table says whose it is

    await end_lock_sessions(url)
    second = await start((0, 1))
    assert second.generation > first.generation
    taken_over = await second.tables.load(1)
    assert taken_over is not None

    late = lobby(1)
    late.seats.append(Seat(13, "Carol"))
    with pytest.raises(ShardsLost):
        await first.tables.save(late, now=7.0)
    assert first.fenced == [True]
    with pytest.raises(ShardsLost):  # a result, a rating, a setting: every table of the bot is fenced
        await first.database.execute("INSERT INTO meta (key, value) VALUES ('late', 'x')")
    saved = await second.tables.load(1)
    assert saved is not None and [seat.name for seat in saved.seats] == ["Alice", "Bob"]
    # The new holder writes on.
    await second.tables.save(late, now=8.0)
    row = await second.database.fetchone("SELECT lease_generation FROM tables WHERE id = 1")
    assert row is not None and row[0] == second.generation


async def test_a_process_whose_lock_session_ended_cannot_save_even_before_a_takeover(
    start: Process, url: str
) -> None:
    """Its shards are free the moment its lock's session ends: nothing it writes may land after that, although no
    other process has taken them (and bumped their generation) yet."""
    first = await start((0, 1))
    await first.tables.insert(lobby(1))
    await end_lock_sessions(url)
    late = lobby(1)
    late.seats.append(Seat(13, "Carol"))
    with pytest.raises(ShardsLost):
        await first.tables.save(late, now=7.0)
    assert first.fenced == [True]
    second = await start((0, 1))  # the next holder finds the table as it was saved before the loss
    saved = await second.tables.load(1)
    assert saved is not None and [seat.name for seat in saved.seats] == ["Alice"]


async def test_a_batch_of_saves_is_fenced_whole(start: Process, url: str) -> None:
    first = await start((0, 1))
    for table_id in (1, 2, 3):
        await first.tables.insert(lobby(table_id))
    await end_lock_sessions(url)
    await start((0, 1))
    saves = [first.tables.save(lobby(table_id), now=9.0) for table_id in (1, 2, 3)]  # one group commit
    results = await asyncio.gather(*saves, return_exceptions=True)
    assert all(isinstance(result, ShardsLost) for result in results)
    rows = await first.database.fetchall("SELECT updated_at FROM tables ORDER BY id")
    assert [row[0] for row in rows] == [5.0, 5.0, 5.0]


async def test_the_takeover_waits_for_a_save_in_flight(start: Process, url: str) -> None:
    """A save that checked its lease commits before the new process reads anything; the next one is fenced."""
    first = await start((0, 1))
    await first.tables.insert(lobby(1))
    in_flight = asyncio.Event()
    release = asyncio.Event()

    async def slow_save() -> None:
        async with first.database.transaction() as transaction:
            await transaction.execute("UPDATE tables SET updated_at = 50 WHERE id = 1")
            in_flight.set()
            await release.wait()

    saving = asyncio.create_task(slow_save())
    await in_flight.wait()
    await end_lock_sessions(url)
    taking = asyncio.create_task(start((0, 1)))
    await asyncio.sleep(0.3)
    assert not taking.done(), "the new process took the shards while a save of the old one was in flight"
    release.set()
    await saving
    second = await taking
    row = await second.database.fetchone("SELECT updated_at FROM tables WHERE id = 1")
    assert row is not None and row[0] == 50
    with pytest.raises(ShardsLost):
        await first.database.execute("UPDATE tables SET updated_at = 60 WHERE id = 1")


async def test_only_the_shards_taken_over_are_fenced(start: Process, url: str) -> None:
    low = await start((0,))
    high = await start((1,))
    await end_lock_sessions(url, "shards 0")
    await start((0,))
    with pytest.raises(ShardsLost):
        await low.database.execute("INSERT INTO meta (key, value) VALUES ('low', 'x')")
    await high.database.execute("INSERT INTO meta (key, value) VALUES ('high', 'x')")
    assert high.fenced == []


async def test_a_whole_bot_process_and_a_sharded_one_fence_each_other_off(start: Process, url: str) -> None:
    whole = await start(None, None)
    await end_lock_sessions(url, "every shard")
    sharded = await start((1,))
    with pytest.raises(ShardsLost):
        await whole.database.execute("INSERT INTO meta (key, value) VALUES ('whole', 'x')")
    await end_lock_sessions(url, "shards 1")
    await start(None, None)
    with pytest.raises(ShardsLost):
        await sharded.database.execute("INSERT INTO meta (key, value) VALUES ('sharded', 'x')")


async def test_a_process_with_another_shard_count_fences_off_every_shard(start: Process, url: str) -> None:
    """Under another SHARD_COUNT, shard 0 is other servers: a process of the old count on shard 1 could act on
    them too, so it is fenced off as well."""
    old = await start((1,), 2)
    await end_lock_sessions(url, "shards 1")
    await start((0,), 4)
    with pytest.raises(ShardsLost):
        await old.database.execute("INSERT INTO meta (key, value) VALUES ('old', 'x')")


async def test_connections_without_a_lease_are_not_fenced(start: Process, url: str) -> None:
    """The copy command, an administrator, a test: they hold no shard, and may write."""
    await start((0, 1))
    await end_lock_sessions(url)
    await start((0, 1))
    plain = await connect(url)
    try:
        await plain.execute("INSERT INTO meta (key, value) VALUES ('admin', 'x')")
    finally:
        await plain.close()


async def test_every_table_of_the_bot_is_fenced(url: str) -> None:
    """A table a later migration adds must be fenced too (its trigger in the same migration)."""
    database = await connect(url)
    try:
        tables = {
            str(row[0])
            for row in await database.fetchall(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " AND table_type = 'BASE TABLE'"
            )
        }
        fenced = {
            str(row[0])
            for row in await database.fetchall(
                "SELECT event_object_table FROM information_schema.triggers WHERE action_statement ="
                " 'EXECUTE FUNCTION fence_writes()' AND action_orientation = 'STATEMENT'"
                " GROUP BY event_object_table HAVING count(DISTINCT event_manipulation) = 3"
            )
        }
    finally:
        await database.close()
    assert fenced == tables - {"schema_version", "shard_leases"}


async def test_an_application_name_in_the_url_names_the_pool(url: str) -> None:
    """An operator's (or the soak's) ``?application_name=`` names the pool's sessions in pg_stat_activity; the
    pool's own name is only the default (asyncpg lets explicit settings override the URL's)."""
    from bot.config import Settings
    from bot.storage.database import open_storage

    settings = Settings.from_env({"DATABASE_URL": f"{url}?application_name=soak-bot-7"})
    database = await open_storage(settings, label="pid 1")
    try:
        row = await database.fetchone("SELECT current_setting('application_name') AS name")
    finally:
        await database.close()
    assert row is not None and row["name"] == "soak-bot-7"
    default = await open_storage(Settings.from_env({"DATABASE_URL": url}), label="pid 1")
    try:
        row = await default.fetchone("SELECT current_setting('application_name') AS name")
    finally:
        await default.close()
    assert row is not None and row["name"] == "thegame-pool pid 1"
