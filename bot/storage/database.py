"""The storage interface: one small `Database` that the stores use, with two implementations.

- `bot/storage/sqlite.py`: SQLite through aiosqlite (the default; one process, one file).
- `bot/storage/postgres.py`: PostgreSQL through an asyncpg pool (when `DATABASE_URL` is set; several processes).

The stores (tables, stats, ratings, solitaire, settings) only see this interface, and write their SQL once, in the
dialect both understand, with `?` placeholders (the PostgreSQL side numbers them `$1, $2, ...`). Where the two
truly differ (a sequence for table ids, JSON functions, a planner hint) a store asks `dialect`.

A statement run on the `Database` itself commits on its own; `transaction()` gives an `Executor` whose statements
commit together when the block ends, or not at all if it raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol
from urllib.parse import urlsplit

from bot.config import url_hosts

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.storage.fencing import Lease

Dialect = Literal["sqlite", "postgresql"]
Params = Sequence[Any]


class Row(Protocol):
    """A result row: by position (`row[0]`) or by column name (`row["id"]`), in both stores."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Executor(Protocol):
    """Runs statements: the database itself (each statement commits on its own) or one open transaction."""

    @property
    def dialect(self) -> Dialect: ...

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...


def seats_then_games(database: Executor) -> str:
    """The join from a player's seats to their games (`game_players AS p <join> games AS g`): SQLite's CROSS JOIN
    makes its planner start from the seats, a player's few hundred rows even in a busy server; PostgreSQL plans that
    by itself, and has no CROSS JOIN ... ON."""
    return "CROSS JOIN" if database.dialect == "sqlite" else "JOIN"


class Database(Executor, Protocol):
    def transaction(self) -> AbstractAsyncContextManager[Executor]:
        """A block whose statements commit together (rolled back if it raises)."""
        ...

    @property
    def description(self) -> str:
        """Which database, for logs: a file path, or a PostgreSQL host and database (never a password)."""
        ...

    async def close(self, *, patience: float = 5.0) -> None:
        """Close, waiting at most ``patience`` seconds for statements in flight (0: drop them at once, as a process
        that lost its shards does)."""
        ...


class DuplicateKey(Exception):
    """A statement would repeat a unique key: `table` and the key's `columns` say which (in both stores)."""

    def __init__(self, table: str, columns: Sequence[str], message: str) -> None:
        super().__init__(message)
        self.table = table
        self.columns = tuple(columns)


class DatabaseUnavailable(Exception):
    """The database could not be opened: unreachable, silent, or it refused the connection. The message is one
    sentence that names the database without its password and says what to check."""


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def safe_url(url: str) -> str:
    """A PostgreSQL URL fit for a log line: scheme, host, port and database, never the user's password."""
    try:
        hosts = url_hosts(url)
    except ValueError:
        hosts = [("?", None)]
    where = ",".join(f"{host}:{port}" if port else host for host, port in hosts)
    return f"postgresql://{where}{urlsplit(url).path}"


def without_secrets(text: str, url: str | None) -> str:
    """``text`` on one line, with the password of ``url`` (and the URL itself) never in it."""
    line = " ".join(text.split())
    if url:
        line = line.replace(url, safe_url(url))
        password = urlsplit(url).password
        if password:
            line = line.replace(password, "***")
    return line


async def connect(
    target: str | Path,
    *,
    connect_timeout: float = 30.0,
    server_settings: dict[str, str] | None = None,
    on_fenced: Callable[[], None] | None = None,
) -> Database:
    """Open (creating and migrating if needed) a database: a postgresql:// URL, else a SQLite file path. Raises
    `DatabaseUnavailable` (one sentence) when it cannot be opened. PostgreSQL only: ``connect_timeout`` for each connection,
    the pool's ``server_settings`` and ``on_fenced`` (see `PostgresDatabase.open`)."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(
            str(target), connect_timeout=connect_timeout, server_settings=server_settings, on_fenced=on_fenced
        )
    import sqlite3

    from bot.storage.sqlite import SqliteDatabase

    try:
        return await SqliteDatabase.open(target)
    except (OSError, sqlite3.Error) as error:
        raise DatabaseUnavailable(
            f"Cannot open the SQLite database {target}: {error}. Check DATABASE_PATH."
        ) from error


async def open_storage(
    settings: Settings,
    *,
    lease: Lease | None = None,
    on_fenced: Callable[[], None] | None = None,
    label: str = "",
) -> Database:
    """The bot's database: PostgreSQL when `DATABASE_URL` is set, its writes fenced with ``lease`` (the process's
    shards, `bot/storage/fencing.py`); otherwise the SQLite file `DATABASE_PATH`."""
    if settings.database_url is None:
        return await connect(settings.database_path)
    from bot.storage.postgres import pool_settings

    return await connect(
        settings.database_url,
        connect_timeout=settings.connect_timeout,
        server_settings=pool_settings(label, lease, settings.database_url),
        on_fenced=on_fenced,
    )


_PLACEHOLDER_OR_QUOTED = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|\?")


@lru_cache(maxsize=512)
def numbered_placeholders(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...` (a `?` inside a quoted string or name is left alone)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER_OR_QUOTED.sub(number, sql)


_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def read_migrations(package: str, *, first: int = 1) -> list[tuple[int, str, str]]:
    """The migrations shipped in a package, as (version, file name, SQL), in order, numbered from `first` without
    gaps."""
    from importlib import resources

    found = []
    for entry in resources.files(package).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [version for version, _, _ in found]
    if versions != list(range(first, first + len(versions))):
        raise RuntimeError(f"Migrations must be numbered from {first:04d} without gaps; found {versions}.")
    return found


def split_statements(sql: str) -> list[str]:
    """Split a migration file on semicolons at line ends (our files keep one statement per block); a function body
    between ``$$`` marks stays whole, whatever semicolons it holds. Comment lines outside bodies are dropped."""
    statements: list[str] = []
    lines: list[str] = []
    in_body = False
    for line in sql.splitlines():
        if not in_body and line.strip().startswith("--"):
            continue
        lines.append(line)
        if line.count("$$") % 2:
            in_body = not in_body
        if not in_body and line.rstrip().endswith(";"):
            statements.append("\n".join(lines).strip().removesuffix(";").strip())
            lines = []
    statements.append("\n".join(lines).strip())
    return [statement for statement in statements if statement]
