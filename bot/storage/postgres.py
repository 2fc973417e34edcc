"""PostgreSQL storage (when `DATABASE_URL` is set): an asyncpg pool, numbered migrations, shared by many processes.

Each transaction takes one pooled connection; a statement outside a transaction commits on its own. The stores
write `?` placeholders: they are numbered `$1, $2, ...` here (once per distinct statement, then cached).

Migrations live in `bot/storage/migrations_postgres/` (numbered like SQLite's) and are recorded in the `schema_version` table. Several bot
processes may start at once against one database: the migrating transaction holds a transaction-level advisory
lock, so one process migrates while the others wait, then find nothing left to do.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, Literal, cast
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.storage.database import (
    DatabaseUnavailable,
    DuplicateKey,
    Executor,
    Params,
    Row,
    numbered_placeholders,
    read_migrations,
    safe_url,
    split_statements,
    without_secrets,
)
from bot.storage.fencing import Lease, ShardsLost, is_fenced

log = logging.getLogger(__name__)

MIGRATIONS_PACKAGE = "bot.storage.migrations_postgres"
# PostgreSQL's history starts at SQLite's version 4 (see migrations_postgres/0004_schema.sql).
FIRST_MIGRATION = 4

# pg_advisory_xact_lock(namespace, key) with two 32-bit keys: this space never meets single 64-bit keys (which
# other parts of the bot may use, e.g. one lock per shard). 0x7467 is "tg".
ADVISORY_NAMESPACE = 0x7467
MIGRATION_LOCK = 1
# Seconds to wait for a connection before giving up (asyncpg's own default is a minute); CONNECT_TIMEOUT_SECONDS.
CONNECT_TIMEOUT = 30.0
# Seconds `close()` waits for queries in flight before it drops the connections.
CLOSE_TIMEOUT = 5.0
# The server drops a client silent for 10 + 3 x 5 = 25 s (the default is the kernel's two hours).
KEEPALIVES = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}
# A transaction left open that long (its client cut off mid-way) is ended by the server, with its locks.
IDLE_IN_TRANSACTION_LIMIT = "20s"

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


def unreachable(
    error: BaseException, url: str, timeout: float, setting: str = "DATABASE_URL"
) -> DatabaseUnavailable:
    """Why a connection to PostgreSQL failed, in one sentence without the password; `setting` is where the URL
    came from."""
    where = safe_url(url)
    if isinstance(error, TimeoutError):
        why = (
            f"the server at {where} did not answer within {timeout:g} s (is it a PostgreSQL server, and is"
            " CONNECT_TIMEOUT_SECONDS long enough?)"
        )
    elif isinstance(error, socket.gaierror):
        why = f"the host of {where} cannot be found ({error.strerror or error})"
    elif isinstance(error, asyncpg.PostgresError):
        why = f"PostgreSQL at {where} refused the connection: {error}"
    elif isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):
        why = f"nothing accepts connections at {where} (is PostgreSQL running there, on that port?)"
    elif isinstance(error, asyncpg.InterfaceError | ConnectionResetError | EOFError):
        why = f"the server at {where} closed the connection before it was open (is it a PostgreSQL server?)"
    elif isinstance(error, OSError):
        why = f"cannot connect to {where}: {error.strerror or error}"
    else:
        why = f"cannot connect to {where}: {type(error).__name__}: {error}"
    return DatabaseUnavailable(without_secrets(f"Cannot open the database: {why}. Check {setting}.", url))


async def connect_postgres(
    url: str,
    *,
    connect_timeout: float = CONNECT_TIMEOUT,
    server_settings: dict[str, str] | None = None,
    setting: str = "DATABASE_URL",
) -> asyncpg.Connection[Any]:
    """One connection, or :class:`DatabaseUnavailable` saying why not within ``connect_timeout`` seconds."""
    try:
        return await asyncpg.connect(url, timeout=connect_timeout, server_settings=server_settings)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise unreachable(error, url, connect_timeout, setting) from error


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

    def __init__(
        self, connection: asyncpg.pool.PoolConnectionProxy[asyncpg.Record], fenced: Callable[[], None]
    ) -> None:
        self._connection = connection
        self._fenced = fenced

    @property
    def dialect(self) -> Literal["postgresql"]:
        return "postgresql"

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        with self._errors():
            return cast(Row | None, await self._connection.fetchrow(numbered_placeholders(sql), *params))

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        with self._errors():
            return cast(list[Row], await self._connection.fetch(numbered_placeholders(sql), *params))

    async def execute(self, sql: str, params: Params = ()) -> int:
        with self._errors():
            return _changed(await self._connection.execute(numbered_placeholders(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        with self._errors():
            await self._connection.executemany(numbered_placeholders(sql), list(rows))

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """A repeated key as `DuplicateKey`; a write fenced off (another process holds this one's shards now) as
        `ShardsLost`, after telling the process (`on_fenced`)."""
        try:
            yield
        except asyncpg.UniqueViolationError as error:
            raise _duplicate_key(error) from error
        except asyncpg.PostgresError as error:
            if not is_fenced(error):
                raise
            self._fenced()
            raise ShardsLost(str(error)) from error


def pool_settings(label: str, lease: Lease | None, url: str = "") -> dict[str, str]:
    """The session settings of the bot's pooled connections: a name in pg_stat_activity, TCP keepalives and an idle
    transaction limit (so a connection cut off mid-transaction never holds locks for long), and the lease its
    writes are fenced with. An ``application_name`` in the URL (``?application_name=...``) names the pool instead:
    settings given here would override the URL's."""
    named = "application_name" in parse_qs(urlsplit(url).query)
    return {
        **({} if named else {"application_name": f"thegame-pool {label}"[:63]}),
        **KEEPALIVES,
        "idle_in_transaction_session_timeout": IDLE_IN_TRANSACTION_LIMIT,
        **(lease.server_settings() if lease is not None else {}),
    }


class PostgresDatabase:
    """The `Database` on a PostgreSQL server, through an asyncpg pool."""

    def __init__(
        self, pool: asyncpg.Pool[asyncpg.Record], url: str, on_fenced: Callable[[], None] | None = None
    ) -> None:
        self._pool = pool
        self._description = f"PostgreSQL {safe_url(url)}"
        self._on_fenced = on_fenced
        self._statements = _Statements(cast(Any, pool), self._fenced)

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        connect_timeout: float = CONNECT_TIMEOUT,
        server_settings: dict[str, str] | None = None,
        on_fenced: Callable[[], None] | None = None,
        setting: str = "DATABASE_URL",
    ) -> PostgresDatabase:
        """The pool, its schema migrated, or `DatabaseUnavailable` saying why not. `server_settings`: see
        `pool_settings`; `on_fenced` is called (once per fenced write) when a write is fenced off."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=min_size,
                max_size=max_size,
                timeout=connect_timeout,
                server_settings=server_settings,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise unreachable(error, url, connect_timeout, setting) from error
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, on_fenced)

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

    def _fenced(self) -> None:
        log.error("A write was fenced off: another process holds this process's shards now")
        if self._on_fenced is not None:
            self._on_fenced()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield _Statements(connection, self._fenced)

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return await self._statements.fetchone(sql, params)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return await self._statements.fetchall(sql, params)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return await self._statements.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        async with self.transaction() as transaction:
            await transaction.executemany(sql, rows)

    async def close(self, *, patience: float = CLOSE_TIMEOUT) -> None:
        """Close the pool, waiting ``patience`` seconds for queries in flight; past that (a server cut off), drop
        its connections."""
        if patience > 0:
            try:
                async with asyncio.timeout(patience):
                    await self._pool.close()
                return
            except TimeoutError:
                pass
        self._pool.terminate()
