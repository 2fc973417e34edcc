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
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from bot.config import Settings

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


class Database(Executor, Protocol):
    def transaction(self) -> AbstractAsyncContextManager[Executor]:
        """A block whose statements commit together (rolled back if it raises)."""
        ...

    @property
    def description(self) -> str:
        """Which database, for logs: a file path, or a PostgreSQL host and database (never a password)."""
        ...

    async def close(self) -> None: ...


class DuplicateKey(Exception):
    """A statement would repeat a unique key: `table` and the key's `columns` say which (in both stores)."""

    def __init__(self, table: str, columns: Sequence[str], message: str) -> None:
        super().__init__(message)
        self.table = table
        self.columns = tuple(columns)


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def safe_url(url: str) -> str:
    """A PostgreSQL URL fit for a log line: scheme, host, port and database, never the user's password."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"postgresql://{host}{port}{parts.path}"


async def connect(target: str | Path) -> Database:
    """Open (creating and migrating if needed) a database: a postgresql:// URL, else a SQLite file path."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.open(str(target))
    from bot.storage.sqlite import SqliteDatabase

    return await SqliteDatabase.open(target)


async def open_storage(settings: Settings) -> Database:
    """The bot's database: PostgreSQL when `DATABASE_URL` is set, otherwise the SQLite file `DATABASE_PATH`."""
    return await connect(settings.database_url or settings.database_path)


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
    """Split a migration file on semicolons at line ends (our files keep one statement per block)."""
    body = "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--"))
    return [part.strip() for part in re.split(r";\s*\n", body + "\n") if part.strip()]
