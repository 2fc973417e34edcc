"""Schema migrations: numbered, applied once, an older database upgrades itself, and both stores end with the same
schema (the same tables and columns) at the same version."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import postgres
from bot.storage.database import Database, connect
from bot.storage.sqlite import migrations, open_connection, schema_version
from tests.postgres import ThrowawayPostgres


async def test_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    connection = await open_connection(tmp_path / "fresh.sqlite3")
    try:
        assert await schema_version(connection) == len(migrations())
        async with connection.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
    finally:
        await connection.close()


async def test_older_database_upgrades_itself_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    # A database as version 1 of the bot left it.
    async with aiosqlite.connect(path) as old:
        version, _, sql = migrations()[0]
        await old.executescript(sql)
        await old.execute(f"PRAGMA user_version = {version}")
        await old.execute("INSERT INTO meta (key, value) VALUES ('kept', 'yes')")
        await old.commit()
    connection = await open_connection(path)
    try:
        assert await schema_version(connection) == len(migrations())
        async with connection.execute("SELECT value FROM meta WHERE key = 'kept'") as cursor:
            assert (await cursor.fetchone())[0] == "yes"
    finally:
        await connection.close()


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "twice.sqlite3"
    first = await open_connection(path)
    await first.close()
    second = await open_connection(path)
    try:
        assert await schema_version(second) == len(migrations())
    finally:
        await second.close()


# -- PostgreSQL ----------------------------------------------------------------------------------------------
def test_both_stores_number_their_migrations_alike() -> None:
    """PostgreSQL's history starts at SQLite's version 4; from there every migration exists for both, with the
    same number and name, so a version means the same schema on both."""
    sqlite_names = [name for version, name, _ in migrations() if version > postgres.FIRST_MIGRATION]
    postgres_names = [
        name for version, name, _ in postgres.migrations() if version > postgres.FIRST_MIGRATION
    ]
    assert sqlite_names == postgres_names
    assert postgres.migrations()[-1][0] == migrations()[-1][0]


@pytest.mark.postgresql
async def test_postgresql_gets_every_migration_once_even_when_processes_start_together(
    postgres_server: ThrowawayPostgres,
) -> None:
    url = await postgres_server.new_database()
    # Four bot processes starting at the same moment: one migrates, the others wait for its lock, then find
    # nothing to do.
    opened = await asyncio.gather(*(connect(url) for _ in range(4)))
    try:
        rows = await opened[0].fetchall("SELECT version FROM schema_version ORDER BY version")
        assert [row[0] for row in rows] == [version for version, _, _ in postgres.migrations()]
    finally:
        for database in opened:
            await database.close()
    reopened = await connect(url)
    try:
        assert (await reopened.fetchone("SELECT COUNT(*) FROM schema_version"))[0] == len(
            postgres.migrations()
        )
    finally:
        await reopened.close()


@pytest.mark.postgresql
async def test_both_stores_have_the_same_tables_and_columns(
    tmp_path: Path, postgres_server: ThrowawayPostgres
) -> None:
    lite = await open_connection(tmp_path / "schema.sqlite3")
    try:
        async with lite.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) as cursor:
            tables = [row[0] for row in await cursor.fetchall()]
        sqlite_columns = {}
        for table in tables:
            async with lite.execute(f"PRAGMA table_info({table})") as cursor:
                sqlite_columns[table] = [(row[1], bool(row[3])) for row in await cursor.fetchall()]
    finally:
        await lite.close()
    database = await connect(await postgres_server.new_database())
    try:
        rows = await database.fetchall(
            "SELECT table_name, column_name, is_nullable FROM information_schema.columns"
            " WHERE table_schema = 'public' AND table_name <> 'schema_version'"
            " ORDER BY table_name, ordinal_position"
        )
    finally:
        await database.close()
    postgres_columns: dict[str, list[tuple[str, bool]]] = {}
    for row in rows:
        postgres_columns.setdefault(row[0], []).append((row[1], row[2] == "NO"))
    # SQLite's INTEGER PRIMARY KEY may be NULL in its table_info; compare names and order, and NOT NULL elsewhere.
    assert sorted(postgres_columns) == tables
    for table in tables:
        assert [name for name, _ in postgres_columns[table]] == [name for name, _ in sqlite_columns[table]], (
            table
        )


# -- both stores ---------------------------------------------------------------------------------------------
async def test_forget_and_erase_also_drop_finished_table_states(database: Database) -> None:
    """A finished table's saved state names its players: forgetting a player or erasing a server drops it."""
    from bot.service.games import GameService
    from bot.service.table import Seat
    from bot.storage.stats import StatsStore
    from bot.storage.tables import TableStore

    service = GameService(TableStore(database))
    ids = []
    for channel, users in ((1, (11, 12)), (2, (13, 14)), (3, (11, 15))):
        table = await service.create(
            guild_id=7,
            channel_id=channel,
            host=Seat(users[0], "a"),
            seed=channel,
            locale="en",
        )
        await service.join(table.id, Seat(users[1], "b"))
        await service.start(table.id, users[0])
        await service.stop(table.id, users[0], can_manage=False)
        ids.append(table.id)
    assert ids == [1, 2, 3]
    assert await TableStore(database).next_id() == 4
    stats = StatsStore(database)
    await stats.forget_player(7, 11)
    assert [row[0] for row in await database.fetchall("SELECT id FROM tables ORDER BY id")] == [ids[1]]
    await stats.erase_guild(7)
    assert (await database.fetchone("SELECT count(*) FROM tables"))[0] == 0
    # Ids never go back, even once every table and result is gone (old buttons carry them).
    assert (await database.fetchone("SELECT count(*) FROM games"))[0] == 0
    # (SQLite computes the next id, so asking twice gives 4 again; PostgreSQL's sequence gave 4 away already.)
    expected = 5 if database.dialect == "postgresql" else 4
    assert await TableStore(database).next_id() == expected
