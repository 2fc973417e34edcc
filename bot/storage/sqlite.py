"""SQLite storage (the default): one aiosqlite connection, WAL mode, foreign keys, numbered migrations.

The process has one connection, so transactions take turns (an `asyncio.Lock`): one coroutine's rollback can never
undo another's writes. Reads outside a transaction do not wait for the lock.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal, TypeVar, cast

import aiosqlite

from bot.storage.database import DuplicateKey, Executor, Params, Row, read_migrations, split_statements

log = logging.getLogger(__name__)

MIGRATIONS_PACKAGE = "bot.storage.migrations"
T = TypeVar("T")


def migrations() -> list[tuple[int, str, str]]:
    """SQLite's migrations shipped with the bot, as (version, file name, SQL), in order."""
    return read_migrations(MIGRATIONS_PACKAGE)


async def open_connection(path: Path | str) -> aiosqlite.Connection:
    """Open (creating if needed) the database file and bring its schema up to date: the raw connection."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    # Autocommit mode: transactions are explicit (BEGIN IMMEDIATE ... COMMIT in SqliteDatabase.transaction).
    connection = await aiosqlite.connect(path, isolation_level=None)
    connection.row_factory = aiosqlite.Row
    await connection.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable against a killed process (the WAL is in the OS on commit); only power loss can drop
    # the last transactions.
    await connection.execute("PRAGMA synchronous=NORMAL")
    await connection.execute("PRAGMA foreign_keys=ON")
    # What is deleted is overwritten with zeros, so an erased player or server is not left in free space.
    await connection.execute("PRAGMA secure_delete=ON")
    await connection.execute("PRAGMA busy_timeout=5000")
    try:
        await migrate(connection)
    except BaseException:
        await connection.close()
        raise
    # Once up, a write waits at most 1.5 s for another process's lock (a backup, the sqlite3 shell): the player
    # still hears within Discord's 3 s that the move could not be saved (tests/e2e/test_unwritable.py).
    await connection.execute("PRAGMA busy_timeout=1500")
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
                for statement in split_statements(sql):
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


def _duplicate_key(error: sqlite3.IntegrityError) -> DuplicateKey | None:
    """SQLite names a repeated key as "UNIQUE constraint failed: tables.channel_id" (or "t.a, t.b")."""
    message = str(error)
    prefix = "UNIQUE constraint failed: "
    if not message.startswith(prefix):
        return None
    qualified = [part.strip() for part in message[len(prefix) :].split(",")]
    table = qualified[0].split(".")[0]
    return DuplicateKey(table, [part.split(".")[-1] for part in qualified], message)


def _in_thread(connection: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> Awaitable[T]:
    """Run `work` on the raw sqlite3 connection in aiosqlite's thread, in one trip there and back.

    aiosqlite's public calls take a trip per step (a statement, then closing its cursor; BEGIN, the statements,
    COMMIT), and under load every trip back waits for a turn of a busy event loop: a save took two to six turns.
    This uses `Connection._execute` and `Connection._conn` of aiosqlite 0.22 (pinned): every storage test fails
    if they change."""
    return cast("Awaitable[T]", connection._execute(lambda: work(connection._conn)))  # type: ignore[no-untyped-call]


def _statement(
    sql: str, params: Params, result: Callable[[sqlite3.Cursor], T]
) -> Callable[[sqlite3.Connection], T]:
    """One statement, `result` read from its cursor, the cursor closed: the work of one trip."""

    def work(connection: sqlite3.Connection) -> T:
        cursor = connection.execute(sql, params)
        try:
            return result(cursor)
        finally:
            cursor.close()

    return work


def _execute(sql: str, params: Params) -> Callable[[sqlite3.Connection], int]:
    """A statement that writes: how many rows it changed."""
    return _statement(sql, params, lambda cursor: cursor.rowcount)


def _executemany(sql: str, rows: list[Params], *, transaction: bool) -> Callable[[sqlite3.Connection], None]:
    """The statement for every row; `transaction`: in a transaction of its own (all rows or none)."""

    def work(connection: sqlite3.Connection) -> None:
        if not transaction:
            connection.executemany(sql, rows).close()
            return
        connection.execute("BEGIN IMMEDIATE").close()
        try:
            connection.executemany(sql, rows).close()
            connection.execute("COMMIT").close()
        except BaseException:
            if connection.in_transaction:  # SQLite may have rolled back already (e.g. a full disk)
                connection.execute("ROLLBACK").close()
            raise

    return work


class _Statements:
    """Statements on the connection, as they are (inside a transaction, or reads); each one trip to the
    database thread."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    @property
    def dialect(self) -> Literal["sqlite"]:
        return "sqlite"

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        return cast(
            Row | None, await _in_thread(self._connection, _statement(sql, params, sqlite3.Cursor.fetchone))
        )

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return cast(
            list[Row], await _in_thread(self._connection, _statement(sql, params, sqlite3.Cursor.fetchall))
        )

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            return await _in_thread(self._connection, _execute(sql, params))
        except sqlite3.IntegrityError as error:
            raise _duplicate_key(error) or error from error

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._executemany(sql, rows, transaction=False)

    async def _executemany(self, sql: str, rows: Iterable[Params], *, transaction: bool) -> None:
        try:
            await _in_thread(self._connection, _executemany(sql, list(rows), transaction=transaction))
        except sqlite3.IntegrityError as error:
            raise _duplicate_key(error) or error from error


class SqliteDatabase(_Statements):
    """The `Database` on one SQLite file."""

    def __init__(self, connection: aiosqlite.Connection, path: Path | str) -> None:
        super().__init__(connection)
        self._path = path
        self._turn = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        return cls(await open_connection(path), path)

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw aiosqlite connection (for SQLite-only tools: benchmarks, migration tests)."""
        return self._connection

    @property
    def description(self) -> str:
        return f"SQLite {self._path}"

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Executor]:
        async with self._turn:
            # IMMEDIATE takes the write lock now, so a transaction that reads then writes never fails half-way.
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield _Statements(self._connection)
            except BaseException:
                if self._connection.in_transaction:  # SQLite may have rolled back already (e.g. a full disk)
                    await self._connection.execute("ROLLBACK")
                raise
            await self._connection.execute("COMMIT")

    async def execute(self, sql: str, params: Params = ()) -> int:
        # One statement is a transaction of its own in autocommit mode: it only has to wait for its turn.
        async with self._turn:
            return await super().execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        # BEGIN IMMEDIATE, the rows and COMMIT in one trip (the saves of many tables at once: `GroupCommit`).
        async with self._turn:
            await self._executemany(sql, rows, transaction=True)

    async def close(self, *, patience: float = 5.0) -> None:
        """Close the file (a statement in flight runs to its end in SQLite's thread, whatever ``patience``)."""
        await self._connection.close()
