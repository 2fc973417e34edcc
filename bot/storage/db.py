"""The SQLite connection: WAL mode, foreign keys, and numbered migrations applied at start-up."""

from __future__ import annotations

import logging
import re
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """All migrations shipped with the bot, as (version, file name, SQL), in order."""
    found = []
    for entry in resources.files("bot.storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [version for version, _, _ in found]
    if versions != list(range(1, len(versions) + 1)):
        raise RuntimeError(f"Migrations must be numbered 0001, 0002, ... without gaps; found {versions}.")
    return found


async def open_database(path: Path | str) -> aiosqlite.Connection:
    """Open (creating if needed) the database and bring its schema up to date."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    connection = await aiosqlite.connect(path)
    connection.row_factory = aiosqlite.Row
    await connection.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable against a killed process (the WAL is in the OS on commit); only power loss can drop
    # the last transactions.
    await connection.execute("PRAGMA synchronous=NORMAL")
    await connection.execute("PRAGMA foreign_keys=ON")
    await connection.execute("PRAGMA busy_timeout=5000")
    await migrate(connection)
    return connection


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(connection: aiosqlite.Connection) -> int:
    """Apply every migration newer than the database, each in its own transaction. Returns the new version.

    Foreign keys are off while migrations run (SQLite's way to rebuild a table that others reference), and each
    migration must leave `PRAGMA foreign_key_check` empty before it commits."""
    current = await schema_version(connection)
    pending = [migration for migration in migrations() if migration[0] > current]
    if not pending:
        return current
    await connection.execute("PRAGMA foreign_keys=OFF")
    try:
        for version, name, sql in pending:
            log.info("Applying database migration %s", name)
            await connection.execute("BEGIN")
            try:
                for statement in _statements(sql):
                    await connection.execute(statement)
                async with connection.execute("PRAGMA foreign_key_check") as cursor:
                    broken = list(await cursor.fetchall())
                if broken:
                    raise RuntimeError(
                        f"Migration {name} leaves {len(broken)} rows with a broken foreign key"
                    )
                await connection.execute(f"PRAGMA user_version = {version}")
            except BaseException:
                await connection.rollback()
                raise
            await connection.commit()
            current = version
    finally:
        await connection.execute("PRAGMA foreign_keys=ON")
    return current


def _statements(sql: str) -> list[str]:
    """Split a migration file on semicolons at line ends (our files keep one statement per block)."""
    body = "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--"))
    return [part.strip() for part in re.split(r";\s*\n", body + "\n") if part.strip()]
