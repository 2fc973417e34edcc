"""Move a SQLite database into PostgreSQL without losing a game or a result, and prove it.

    python -m bot.storage.copy --to postgresql://user:password@host/thegame [--from data/thegame.sqlite3]

- The SQLite file (default: DATABASE_PATH from the environment or .env) is read from a snapshot (SQLite's backup
  API), so it is never changed, even if its schema is older (the snapshot is migrated) or a bot is running on it.
- PostgreSQL is migrated first, then every table is copied in one transaction: all of it or nothing. Rows are
  upserted by primary key, so running the command twice duplicates nothing and gives the same result.
- The table id sequence is moved past every copied id (buttons carry table ids: none is ever reused).
- Then both sides are read back and compared, table by table: row counts and a checksum computed the same way on
  both sides (sha256 over the rows in primary-key order, each value normalised: integers, floats by their exact
  repr, text, null).
- A target that already holds rows this SQLite file does not have as they are (a PostgreSQL a bot has used: both
  stores start table ids at 1) is refused before any row is written: the copy would mix two bots' tables. It fills
  an empty database, or one it filled from this file before (running it twice writes nothing new). Merging two
  bots' histories is not supported.
- `--verify-only` compares without copying.

Exit status (bot/exit_codes.py): 0 every table matches; 1 copied but a table does not match (named); 2 the
command cannot run (arguments, a missing file, a URL that is malformed, a statement PostgreSQL refused); 5 the
database cannot be reached or refused the connection; 7 the target holds rows of another bot. Every refusal is one
line on stderr, without the password.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Any, cast

import asyncpg

from bot.config import SettingsError, connect_timeout, url_hosts
from bot.exit_codes import ExitCode
from bot.storage.database import DatabaseUnavailable, Row, is_postgres_url, safe_url, without_secrets
from bot.storage.postgres import PostgresDatabase
from bot.storage.sqlite import SqliteDatabase, schema_version
from bot.storage.tables import reserve_ids_through

# Kept by each store for itself: never copied (the migrations' record, the shards' fencing leases).
OWN_TABLES = {"schema_version", "shard_leases"}
# The bot's bookkeeping, which any bot start may write (the commands' sync digest): copied over, and not counted as
# rows of another bot when the target holds other values.
BOOKKEEPING_TABLES = {"meta"}


@dataclass(frozen=True, slots=True)
class TableShape:
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]  # the primary key's columns


@dataclass(frozen=True, slots=True)
class TableCheck:
    name: str
    source_rows: int
    target_rows: int
    source_checksum: str
    target_checksum: str

    @property
    def matches(self) -> bool:
        return self.source_rows == self.target_rows and self.source_checksum == self.target_checksum


class CopyError(Exception):
    """The copy cannot run (a missing file, a schema the two stores do not share); nothing was written."""


class TargetNotEmpty(Exception):
    """The target holds rows that did not come from this SQLite file (a bot already ran on it): nothing was
    written. The copy fills an empty database, or one it filled from this file before; it never merges two bots'
    histories (both start table ids at 1: one's tables would overwrite the other's)."""

    def __init__(self, where: str, foreign: dict[str, int]) -> None:
        tables = ", ".join(f"{name} {count:,}" for name, count in foreign.items())
        super().__init__(
            f"{where} already holds rows that are not this SQLite file's ({tables}): a bot has used it. The copy "
            "only fills an empty database (or one it filled from this file before), and cannot merge two bots'"
            " histories: give --to a new, empty database."
        )
        self.foreign = foreign


# -- reading the SQLite side -----------------------------------------------------------------------------------
def snapshot(source: Path, folder: Path) -> Path:
    """A consistent copy of the SQLite file (read-only on the original, even while a bot writes to it)."""
    if not source.is_file():
        raise CopyError(f"No SQLite database at {source} (give it with --from, or set DATABASE_PATH).")
    copy = folder / "snapshot.sqlite3"
    original = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(copy)
        try:
            original.backup(target)
        finally:
            target.close()
    finally:
        original.close()
    return copy


async def table_shapes(sqlite: SqliteDatabase) -> list[TableShape]:
    """SQLite's tables, each after the tables its foreign keys point to."""
    names = [
        str(row[0])
        for row in await sqlite.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    shapes: dict[str, TableShape] = {}
    depends: dict[str, set[str]] = {}
    for name in names:
        if name in OWN_TABLES:
            continue
        info = await sqlite.fetchall(f'PRAGMA table_info("{name}")')
        columns = tuple(str(row[1]) for row in info)
        key = tuple(str(row[1]) for row in sorted((row for row in info if row[5]), key=lambda row: row[5]))
        shapes[name] = TableShape(name, columns, key or columns)
        depends[name] = {str(row[2]) for row in await sqlite.fetchall(f'PRAGMA foreign_key_list("{name}")')}
    ordered: list[TableShape] = []
    while len(ordered) < len(shapes):
        placed = {shape.name for shape in ordered}
        ready = [
            name
            for name in sorted(shapes)
            if name not in placed and depends[name] & set(shapes) <= placed | {name}
        ]
        if not ready:
            raise CopyError(
                f"The foreign keys between {', '.join(sorted(set(shapes) - placed))} form a cycle."
            )
        ordered += [shapes[name] for name in ready]
    return ordered


# -- checksums -------------------------------------------------------------------------------------------------
def _sort_key(value: Any) -> tuple[int, Any]:
    """Primary keys are integers or text; anything else sorts after them, by its JSON."""
    if isinstance(value, int):
        return (0, value)
    if isinstance(value, str):
        return (1, value)
    return (2, json.dumps(value, default=repr))


def table_checksum(shape: TableShape, rows: Sequence[Row]) -> tuple[int, str]:
    """Row count and sha256 of a table's rows, sorted by primary key here (not by the database: PostgreSQL may
    order text by a locale's collation, SQLite by bytes). Each row counts as the `repr` of its values: an integer
    stays `7`, a float is its exact repr (`7.0`, `1000000.25`), text is quoted, null is `None`, so both sides hash
    alike only when every value and its type are the same."""
    values: list[tuple[Any, ...]] = [tuple(cast(Iterable[Any], row)) for row in rows]
    try:
        values.sort(key=itemgetter(*(shape.columns.index(column) for column in shape.key)))
    except TypeError:  # a key mixing types (or a null): order by type first
        keys = [shape.columns.index(column) for column in shape.key]
        values.sort(key=lambda row: [_sort_key(row[index]) for index in keys])
    digest = hashlib.sha256()
    for row in values:
        digest.update(repr(row).encode())
        digest.update(b"\n")
    return len(values), digest.hexdigest()


async def compare(
    sqlite: SqliteDatabase, postgres: PostgresDatabase, shapes: list[TableShape]
) -> list[TableCheck]:
    checks = []
    for shape in shapes:
        select = f"SELECT {', '.join(shape.columns)} FROM {shape.name}"
        source = table_checksum(shape, await sqlite.fetchall(select))
        target = table_checksum(shape, await postgres.fetchall(select))
        checks.append(TableCheck(shape.name, source[0], target[0], source[1], target[1]))
    return checks


# -- writing the PostgreSQL side -------------------------------------------------------------------------------
async def check_schemas(sqlite: SqliteDatabase, postgres: PostgresDatabase, shapes: list[TableShape]) -> None:
    rows = await postgres.fetchall(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        " ORDER BY table_name, ordinal_position"
    )
    target: dict[str, tuple[str, ...]] = {}
    for row in rows:
        target[str(row[0])] = (*target.get(str(row[0]), ()), str(row[1]))
    for shape in shapes:
        if target.get(shape.name) != shape.columns:
            raise CopyError(
                f"Table {shape.name} differs between the stores (SQLite: {', '.join(shape.columns)}; PostgreSQL:"
                f" {', '.join(target.get(shape.name, ())) or 'missing'}). Are both at the same schema version?"
            )


async def copy_rows(
    sqlite: SqliteDatabase, postgres: PostgresDatabase, shapes: list[TableShape], where: str = "PostgreSQL"
) -> None:
    """Every row of every table, upserted by primary key, in one transaction; then the id sequence moves on.

    The tables are locked against writers first, and every SQLite row is staged before anything is written: if the
    target holds a row that is not the SQLite file's (another key, or the same key with other values), the copy
    raises `TargetNotEmpty` and writes nothing."""
    types = {
        (str(row[0]), str(row[1])): str(row[2])
        for row in await postgres.fetchall(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        )
    }
    async with postgres.pool.acquire() as connection, connection.transaction():
        names = ", ".join(shape.name for shape in shapes)
        await connection.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")  # no bot writes meanwhile
        for shape in shapes:
            rows = await sqlite.fetchall(f"SELECT {', '.join(shape.columns)} FROM {shape.name}")
            converters = [_converter(types[(shape.name, column)]) for column in shape.columns]
            records = [tuple(convert(row[index]) for index, convert in enumerate(converters)) for row in rows]
            await connection.execute(
                f"CREATE TEMPORARY TABLE {_staging(shape)} (LIKE {shape.name} INCLUDING DEFAULTS) ON COMMIT DROP"
            )
            await connection.copy_records_to_table(
                _staging(shape), records=records, columns=list(shape.columns)
            )
        foreign = {}
        for shape in shapes:
            if shape.name not in BOOKKEEPING_TABLES:
                count = int(await connection.fetchval(_foreign_rows(shape)))
                if count:
                    foreign[shape.name] = count
        if foreign:
            raise TargetNotEmpty(where, foreign)
        for shape in shapes:
            others = [column for column in shape.columns if column not in shape.key]
            # A row PostgreSQL already holds as it is stays untouched (a second run writes nothing).
            on_conflict = (
                f"DO UPDATE SET {', '.join(f'{column} = excluded.{column}' for column in others)}"
                f" WHERE ({', '.join(f'{shape.name}.{column}' for column in others)})"
                f" IS DISTINCT FROM ({', '.join(f'excluded.{column}' for column in others)})"
                if others
                else "DO NOTHING"
            )
            columns = ", ".join(shape.columns)
            await connection.execute(
                f"INSERT INTO {shape.name} ({columns}) SELECT {columns} FROM {_staging(shape)}"
                f" ON CONFLICT ({', '.join(shape.key)}) {on_conflict}"
            )
        last_id = await connection.fetchval(
            "SELECT GREATEST(COALESCE((SELECT MAX(id) FROM tables), 0), COALESCE((SELECT MAX(id) FROM games), 0),"
            " COALESCE((SELECT MAX(value::bigint) FROM meta WHERE key = 'last_table_id'), 0))"
        )
    await reserve_ids_through(postgres, int(last_id or 0))


def _staging(shape: TableShape) -> str:
    return f"copy_{shape.name}"


def _foreign_rows(shape: TableShape) -> str:
    """How many of the target's rows the SQLite file does not have as they are (by key and every value)."""
    key = " AND ".join(f"source.{column} = target.{column}" for column in shape.key)
    every = ", ".join(f"source.{column}" for column in shape.columns)
    theirs = ", ".join(f"target.{column}" for column in shape.columns)
    return (
        f"SELECT count(*) FROM {shape.name} AS target WHERE NOT EXISTS (SELECT 1 FROM {_staging(shape)} AS source"
        f" WHERE {key} AND ({every}) IS NOT DISTINCT FROM ({theirs}))"
    )


def _converter(data_type: str) -> Any:
    """SQLite's value as PostgreSQL's column type takes it (a whole float in an integer column, say)."""

    def as_int(value: Any) -> Any:
        return int(value) if isinstance(value, float) and value.is_integer() else value

    def as_float(value: Any) -> Any:
        return float(value) if isinstance(value, int) else value

    def as_text(value: Any) -> Any:
        return str(value) if value is not None and not isinstance(value, str) else value

    if data_type in {"bigint", "integer", "smallint"}:
        return as_int
    if data_type in {"double precision", "real", "numeric"}:
        return as_float
    return as_text


# -- the command -----------------------------------------------------------------------------------------------
async def run(
    source: Path, url: str, *, verify_only: bool = False, out: Any = sys.stdout, connect_timeout: float = 30.0
) -> int:
    with tempfile.TemporaryDirectory(prefix="thegame-copy-") as folder:
        copied = snapshot(source, Path(folder))
        raw = sqlite3.connect(copied)
        try:
            source_version = int(raw.execute("PRAGMA user_version").fetchone()[0])
        finally:
            raw.close()
        sqlite = await SqliteDatabase.open(copied)
        try:
            postgres = await PostgresDatabase.open(
                url, max_size=2, setting="--to", connect_timeout=connect_timeout
            )
            try:
                target_version = await postgres.fetchone("SELECT MAX(version) FROM schema_version")
                version = await schema_version(sqlite.connection)
                print(
                    f"From SQLite {source} (schema {source_version}"
                    + (f", read as {version}" if version != source_version else "")
                    + f") to {safe_url(url)} (schema {target_version[0] if target_version else '?'})",
                    file=out,
                )
                shapes = await table_shapes(sqlite)
                await check_schemas(sqlite, postgres, shapes)
                if not verify_only:
                    await copy_rows(sqlite, postgres, shapes, safe_url(url))
                checks = await compare(sqlite, postgres, shapes)
                next_id = None if verify_only else await postgres.fetchone("SELECT last_value FROM table_ids")
            finally:
                await postgres.close()
        finally:
            await sqlite.close()
    report(checks, out)
    if next_id is not None:
        print(f"Table ids continue after {int(next_id[0]):,}.", file=out)
    broken = [check.name for check in checks if not check.matches]
    if broken:
        print(f"MISMATCH in {', '.join(broken)}: PostgreSQL does not hold exactly the SQLite rows.", file=out)
        return ExitCode.COPY_MISMATCH
    print("Every table matches." if verify_only else "Copied: every table matches.", file=out)
    return ExitCode.OK


def report(checks: list[TableCheck], out: Any) -> None:
    width = max(len("table"), *(len(check.name) for check in checks))
    print(
        f"{'table':<{width}}  {'SQLite rows':>11}  {'PostgreSQL rows':>15}  {'SQLite sha256':<16}  "
        f"{'PostgreSQL sha256':<17}  result",
        file=out,
    )
    for check in checks:
        print(
            f"{check.name:<{width}}  {check.source_rows:>11,}  {check.target_rows:>15,}  "
            f"{check.source_checksum[:16]}  {check.target_checksum[:16]:<17}  "
            + ("ok" if check.matches else "MISMATCH"),
            file=out,
        )


def main(argv: Sequence[str] | None = None) -> int:
    """The command; its exit status is one of `bot/exit_codes.py`'s, and every refusal is one line on stderr."""
    from dotenv import load_dotenv

    load_dotenv()
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy", description="Copy a SQLite database into PostgreSQL and verify it."
    )
    parser.add_argument("--to", required=True, metavar="postgresql://...", help="the PostgreSQL database")
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        default=Path(os.environ.get("DATABASE_PATH", "").strip() or "data/thegame.sqlite3"),
        help="the SQLite file (default: DATABASE_PATH, else data/thegame.sqlite3)",
    )
    parser.add_argument("--verify-only", action="store_true", help="compare the two without copying")
    arguments = parser.parse_args(argv)
    url = str(arguments.to)
    if not is_postgres_url(url):
        print("Nothing copied: --to must be a postgresql:// URL.", file=sys.stderr)
        return ExitCode.CONFIGURATION
    try:
        url_hosts(url)
    except ValueError as error:
        print(f"Nothing copied: --to is malformed: {error}.", file=sys.stderr)
        return ExitCode.CONFIGURATION
    try:
        timeout = connect_timeout(os.environ)
    except SettingsError as error:
        print(f"Nothing copied: {error}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    try:
        return asyncio.run(
            run(arguments.source, url, verify_only=arguments.verify_only, connect_timeout=timeout)
        )
    except CopyError as error:
        print(f"Nothing copied: {error}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    except TargetNotEmpty as error:
        print(f"Nothing copied: {error}", file=sys.stderr)
        return ExitCode.TARGET_NOT_EMPTY
    except DatabaseUnavailable as error:
        print(f"Nothing copied: {error}", file=sys.stderr)
        return ExitCode.DATABASE_UNREACHABLE
    except (OSError, asyncpg.InterfaceError) as error:
        # The copy is one transaction: a failure leaves PostgreSQL as it was (its migrations aside).
        why = (
            "it stopped answering" if isinstance(error, TimeoutError) else f"{type(error).__name__}: {error}"
        )
        print(
            without_secrets(
                f"Nothing copied: the connection to {safe_url(url)} failed during the copy ({why}).", url
            ),
            file=sys.stderr,
        )
        return ExitCode.DATABASE_UNREACHABLE
    except (sqlite3.Error, asyncpg.PostgresError) as error:
        print(without_secrets(f"Nothing copied: {type(error).__name__}: {error}", url), file=sys.stderr)
        return ExitCode.CONFIGURATION


if __name__ == "__main__":
    sys.exit(main())
