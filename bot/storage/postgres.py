"""PostgreSQL storage (when `DATABASE_URL` is set): an asyncpg pool, numbered migrations, shared by many processes.

Each transaction takes one pooled connection; a statement outside a transaction commits on its own. The stores
write `?` placeholders: they are numbered `$1, $2, ...` here (once per distinct statement, then cached).

Migrations live in `bot/storage/migrations_postgres/` (numbered like SQLite's) and are recorded in the `schema_version` table. Several bot
processes may start at once against one database: the migrating transaction holds a transaction-level advisory
lock, so one process migrates while the others wait, then find nothing left to do.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any, Literal, cast

import asyncpg

from bot.storage.database import (
    DuplicateKey,
    Executor,
    Params,
    Row,
    numbered_placeholders,
    read_migrations,
    safe_url,
    split_statements,
)

log = logging.getLogger(__name__)

MIGRATIONS_PACKAGE = "bot.storage.migrations_postgres"
# PostgreSQL's history starts at SQLite's version 4 (see migrations_postgres/0004_schema.sql).
FIRST_MIGRATION = 4

# pg_advisory_xact_lock(namespace, key) with two 32-bit keys: this space never meets single 64-bit keys (which
# other parts of the bot may use, e.g. one lock per shard). 0x7467 is "tg".
ADVISORY_NAMESPACE = 0x7467
MIGRATION_LOCK = 1

_KEY_COLUMNS = re.compile(r"Key \((?P<columns>[^)]*)\)=")


def migrations() -> list[tuple[int, str, str]]:
    """PostgreSQL's migrations shipped with the bot, as (version, file name, SQL), in order."""
    return read_migrations(MIGRATIONS_PACKAGE, first=FIRST_MIGRATION)


async def schema_version(connection: asyncpg.Connection[Any] | asyncpg.pool.PoolConnectionProxy[Any]) -> int:
    exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(connection: asyncpg.Connection[Any] | asyncpg.pool.PoolConnectionProxy[Any]) -> int:
    """Apply every migration newer than the database, all in one transaction under the migration lock."""
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", ADVISORY_NAMESPACE, MIGRATION_LOCK)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await schema_version(connection)
        for version, name, sql in migrations():
            if version <= current:
                continue
            log.info("Applying database migration %s (PostgreSQL)", name)
            for statement in split_statements(sql):
                await connection.execute(statement)
            await connection.execute(
                "INSERT INTO schema_version (version, name) VALUES ($1, $2)", version, name
            )
            current = version
    return current


def _duplicate_key(error: asyncpg.UniqueViolationError) -> DuplicateKey:
    """PostgreSQL names the key in the detail: "Key (channel_id)=(5) already exists."."""
    match = _KEY_COLUMNS.search(error.detail or "")
    columns = [part.strip() for part in match.group("columns").split(",")] if match else []
    return DuplicateKey(error.table_name or "", columns, str(error))


def _changed(status: str) -> int:
    """Rows changed, from a command status such as "UPDATE 3" or "INSERT 0 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Statements:
    """Statements on one pooled connection (inside its transaction)."""

    def __init__(self, connection: asyncpg.pool.PoolConnectionProxy[asyncpg.Record]) -> None:
        self._connection = connection

    @property
    def dialect(self) -> Literal["postgresql"]:
        return "postgresql"

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return cast(Row | None, await self._connection.fetchrow(numbered_placeholders(sql), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return cast(list[Row], await self._connection.fetch(numbered_placeholders(sql), *params))

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            return _changed(await self._connection.execute(numbered_placeholders(sql), *params))
        except asyncpg.UniqueViolationError as error:
            raise _duplicate_key(error) from error

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            await self._connection.executemany(numbered_placeholders(sql), list(rows))
        except asyncpg.UniqueViolationError as error:
            raise _duplicate_key(error) from error


class PostgresDatabase:
    """The `Database` on a PostgreSQL server, through an asyncpg pool."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str) -> None:
        self._pool = pool
        self._description = f"PostgreSQL {safe_url(url)}"

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresDatabase:
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    @property
    def dialect(self) -> Literal["postgresql"]:
        return "postgresql"

    @property
    def description(self) -> str:
        return self._description

    @property
    def pool(self) -> asyncpg.Pool[asyncpg.Record]:
        """The asyncpg pool (for PostgreSQL-only tools: the copy command, tests)."""
        return self._pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield _Statements(connection)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return cast(Row | None, await self._pool.fetchrow(numbered_placeholders(sql), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return cast(list[Row], await self._pool.fetch(numbered_placeholders(sql), *params))

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            return _changed(await self._pool.execute(numbered_placeholders(sql), *params))
        except asyncpg.UniqueViolationError as error:
            raise _duplicate_key(error) from error

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        async with self.transaction() as transaction:
            await transaction.executemany(sql, rows)

    async def close(self) -> None:
        await self._pool.close()
