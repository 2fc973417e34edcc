"""Schema migrations: numbered, applied once, and an older database upgrades itself."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.storage.db import migrations, open_database, schema_version


async def test_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    connection = await open_database(tmp_path / "fresh.sqlite3")
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
    connection = await open_database(path)
    try:
        assert await schema_version(connection) == len(migrations())
        async with connection.execute("SELECT value FROM meta WHERE key = 'kept'") as cursor:
            assert (await cursor.fetchone())[0] == "yes"
    finally:
        await connection.close()


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "twice.sqlite3"
    first = await open_database(path)
    await first.close()
    second = await open_database(path)
    try:
        assert await schema_version(second) == len(migrations())
    finally:
        await second.close()


async def test_forget_and_erase_also_drop_finished_table_states(tmp_path: Path) -> None:
    """A finished table's saved state names its players: forgetting a player or erasing a server drops it."""
    from bot.service.games import GameService
    from bot.service.table import Seat
    from bot.storage.stats import StatsStore
    from bot.storage.tables import TableStore

    connection = await open_database(tmp_path / "privacy.sqlite3")
    try:
        service = GameService(TableStore(connection))
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
        assert await TableStore(connection).next_id() == 4
        stats = StatsStore(connection)
        await stats.forget_player(7, 11)
        async with connection.execute("SELECT id FROM tables ORDER BY id") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == [ids[1]]
        await stats.erase_guild(7)
        async with connection.execute("SELECT count(*) FROM tables") as cursor:
            assert (await cursor.fetchone())[0] == 0
        # Ids never go back, even once every table and result is gone (old buttons carry them).
        async with connection.execute("SELECT count(*) FROM games") as cursor:
            assert (await cursor.fetchone())[0] == 0
        assert await TableStore(connection).next_id() == 4
    finally:
        await connection.close()
