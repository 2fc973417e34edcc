"""The storage interface on both stores: transactions, repeated keys, table ids, and what the logs may show."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.table import Seat, Table
from bot.storage.database import Database, DuplicateKey, connect, numbered_placeholders, safe_url
from bot.storage.tables import TableStore
from tests.postgres import ThrowawayPostgres


def lobby(table_id: int, channel_id: int) -> Table:
    return Table(
        id=table_id, guild_id=1, channel_id=channel_id, created_by=11, created_at=5.0, seed=1,
        seats=[Seat(11, "Alice")],
    )  # fmt: skip


async def test_a_transaction_commits_together_or_not_at_all(database: Database) -> None:
    async with database.transaction() as transaction:
        await transaction.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("a", "1"))
        await transaction.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("b", "2"))

    async def fails_half_way() -> None:
        async with database.transaction() as transaction:
            await transaction.execute("UPDATE meta SET value = ? WHERE key = ?", ("changed", "a"))
            raise RuntimeError("the play failed half-way")

    with pytest.raises(RuntimeError):
        await fails_half_way()
    rows = await database.fetchall("SELECT key, value FROM meta WHERE key IN (?, ?) ORDER BY key", ("a", "b"))
    assert [tuple(row) for row in rows] == [("a", "1"), ("b", "2")]


async def test_one_rollback_never_undoes_another_tables_save(database: Database) -> None:
    """Two transactions at once (two tables played at the same moment): one fails, the other is kept."""
    store = TableStore(database)
    assert await store.insert(lobby(1, 10))
    failing_started = asyncio.Event()

    async def failing() -> None:
        async with database.transaction() as transaction:
            await transaction.execute("INSERT INTO meta (key, value) VALUES ('doomed', 'x')")
            failing_started.set()
            await asyncio.sleep(0.05)
            raise RuntimeError("boom")

    async def saving() -> None:
        await failing_started.wait()
        table = lobby(1, 10)
        table.seats.append(Seat(12, "Bob"))
        await store.save(table, now=9.0)

    results = await asyncio.gather(failing(), saving(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    saved = await store.load(1)
    assert saved is not None and [seat.name for seat in saved.seats] == ["Alice", "Bob"]
    assert await database.fetchone("SELECT value FROM meta WHERE key = 'doomed'") is None


async def test_a_second_table_in_a_channel_is_refused_and_other_duplicates_are_errors(
    database: Database,
) -> None:
    store = TableStore(database)
    assert await store.insert(lobby(1, 10))
    assert not await store.insert(lobby(2, 10))  # the channel already has its table
    with pytest.raises(DuplicateKey) as repeated:
        await store.insert(lobby(1, 11))  # the id is taken: a bug, never "channel busy"
    assert (repeated.value.table, repeated.value.columns) == ("tables", ("id",))
    assert [row[0] for row in await database.fetchall("SELECT id FROM tables ORDER BY id")] == [1]


async def test_discord_ids_need_64_bits(database: Database) -> None:
    big = 1_234_567_890_123_456_789
    table = lobby(1, big)
    table.guild_id = big
    assert await TableStore(database).insert(table)
    loaded = await TableStore(database).load(1)
    assert loaded is not None and (loaded.guild_id, loaded.channel_id) == (big, big)
    row = await database.fetchone("SELECT guild_id, channel_id FROM tables WHERE id = 1")
    assert tuple(row) == (big, big)


@pytest.mark.postgresql
async def test_table_ids_are_unique_across_processes(postgres_server: ThrowawayPostgres) -> None:
    url = await postgres_server.new_database()
    processes = [await connect(url) for _ in range(3)]  # three bot processes, one database
    try:
        ids = await asyncio.gather(*(TableStore(db).next_id() for db in processes for _ in range(30)))
        assert len(set(ids)) == 90
        assert await TableStore(processes[0]).next_id() > max(ids)
    finally:
        for database in processes:
            await database.close()


def test_placeholders_are_numbered_for_postgresql_outside_quotes_only() -> None:
    assert numbered_placeholders(
        "SELECT ? , '?', \"a?\" FROM t WHERE a = ? AND b LIKE '%?''?%' OR c = ?"
    ) == ("SELECT $1 , '?', \"a?\" FROM t WHERE a = $2 AND b LIKE '%?''?%' OR c = $3")


def test_a_database_url_in_a_log_line_never_shows_the_password() -> None:
    shown = safe_url("postgresql://bot:s3cret@db.example:6543/thegame?sslmode=require")
    assert shown == "postgresql://db.example:6543/thegame"
    assert "s3cret" not in shown and "bot:" not in shown
