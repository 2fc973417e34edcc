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
