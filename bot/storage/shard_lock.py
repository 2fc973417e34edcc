"""One process per shard: a lock per shard, held for the process's whole life, so that two bot processes started
for the same shard by mistake never both act on its tables.

- PostgreSQL (``DATABASE_URL``): session-level advisory locks on a connection of their own. They end with the
  session, so a process that dies (even by SIGKILL) frees its shards at once and a replacement can take over.
- SQLite: ``flock`` on small files beside the database (``thegame.sqlite3.shard-0.lock``); the kernel drops them
  when the process dies.

A process given ``SHARD_IDS`` takes each of its shards exclusively and the whole-bot lock shared; a process without
``SHARD_IDS`` runs every shard, so it takes the whole-bot lock exclusively. Either way a second process that would
act on the same tables is refused with :class:`ShardsTaken`, which says which shards and what to do.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import asyncpg

# The first key of every advisory lock this bot takes ("TG"), so they never clash with another application's.
LOCK_NAMESPACE = 0x5447
WHOLE_BOT = -1  # the second key of the whole-bot lock; a shard's lock uses the shard number


class ShardsTaken(Exception):
    """Another live process already runs some of these shards (or the whole bot) on this database."""

    def __init__(self, shards: Sequence[int] | None, holder: str | None = None) -> None:
        self.shards = tuple(shards) if shards is not None else None
        self.holder = holder
        by = f"another bot process ({holder})" if holder else "another bot process"
        if self.shards is None:
            what = f"This database is already used by {by}"
        else:
            numbers = ", ".join(str(shard) for shard in self.shards)
            what = f"{'Shard' if len(self.shards) == 1 else 'Shards'} {numbers} already run in {by}"
        super().__init__(
            f"{what}: two processes must never run the same shard. Stop that process first (a crashed one frees "
            "its shards by itself), or give this one other SHARD_IDS."
        )


class ShardLock(Protocol):
    async def release(self) -> None: ...


def _label(shards: Sequence[int] | None) -> str:
    """Who holds a lock, for the message a refused process prints."""
    which = "every shard" if shards is None else "shards " + ",".join(str(shard) for shard in shards)
    return f"pid {os.getpid()} on {socket.gethostname()}, {which}"


class PostgresShardLock:
    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    @classmethod
    async def acquire(cls, url: str, shards: Sequence[int] | None) -> PostgresShardLock:
        connection = await asyncpg.connect(
            url, server_settings={"application_name": f"thegame {_label(shards)}"}
        )
        try:
            await cls._take(connection, shards)
        except BaseException:
            await connection.close()  # the session ends: whatever it took is released
            raise
        return cls(connection)

    @staticmethod
    async def _take(connection: asyncpg.Connection, shards: Sequence[int] | None) -> None:
        if shards is None:
            if not await connection.fetchval(
                "SELECT pg_try_advisory_lock($1, $2)", LOCK_NAMESPACE, WHOLE_BOT
            ):
                raise ShardsTaken(None, await _holder(connection, WHOLE_BOT))
            return
        if not await connection.fetchval(
            "SELECT pg_try_advisory_lock_shared($1, $2)", LOCK_NAMESPACE, WHOLE_BOT
        ):
            raise ShardsTaken(None, await _holder(connection, WHOLE_BOT))
        taken = [
            shard
            for shard in shards
            if not await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_NAMESPACE, shard)
        ]
        if taken:
            raise ShardsTaken(taken, await _holder(connection, taken[0]))

    async def release(self) -> None:
        await self._connection.close()


async def _holder(connection: asyncpg.Connection, key: int) -> str | None:
    """The application name of the session holding a lock (it says which process), if visible."""
    name: str | None = await connection.fetchval(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2"
        " AND l.pid <> pg_backend_pid() LIMIT 1",
        LOCK_NAMESPACE,
        key & 0xFFFFFFFF,
    )
    return name.removeprefix("thegame ") if name else None


class FileShardLock:
    def __init__(self, files: list[int]) -> None:
        self._files = files

    @classmethod
    def acquire(cls, database: Path, shards: Sequence[int] | None) -> FileShardLock:
        database.parent.mkdir(parents=True, exist_ok=True)
        files: list[int] = []
        lock = cls(files)
        try:
            whole = cls._open(database.with_name(database.name + ".lock"))
            files.append(whole)
            if not cls._try(whole, fcntl.LOCK_EX if shards is None else fcntl.LOCK_SH):
                # Only a process holding it alone (every shard) wrote its name there; sharded ones share it.
                alone = shards is not None or not cls._try(whole, fcntl.LOCK_SH)
                raise ShardsTaken(None, cls._read(whole) if alone else None)
            if shards is None:
                cls._write(whole, _label(None))
                return lock
            taken: list[int] = []
            holder: str | None = None
            for shard in shards:
                handle = cls._open(database.with_name(f"{database.name}.shard-{shard}.lock"))
                files.append(handle)
                if cls._try(handle, fcntl.LOCK_EX):
                    cls._write(handle, _label(shards))
                else:
                    taken.append(shard)
                    holder = holder or cls._read(handle)
            if taken:
                raise ShardsTaken(taken, holder)
        except BaseException:
            lock._close()
            raise
        return lock

    @staticmethod
    def _open(path: Path) -> int:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)

    @staticmethod
    def _try(handle: int, mode: int) -> bool:
        try:
            fcntl.flock(handle, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    @staticmethod
    def _write(handle: int, text: str) -> None:
        os.ftruncate(handle, 0)
        os.pwrite(handle, text.encode(), 0)

    @staticmethod
    def _read(handle: int) -> str | None:
        return os.pread(handle, 200, 0).decode(errors="replace").strip() or None

    def _close(self) -> None:
        for handle in self._files:
            with contextlib.suppress(OSError):
                os.close(handle)  # closing the file drops its flock
        self._files.clear()

    async def release(self) -> None:
        self._close()


async def lock_shards(
    shards: Sequence[int] | None, *, database_url: str | None, database_path: Path
) -> ShardLock | None:
    """Take this process's shards (None: every shard) on the database it will use, or raise :class:`ShardsTaken`.
    None for an in-memory SQLite database, which no other process can reach."""
    if database_url is not None:
        return await PostgresShardLock.acquire(database_url, shards)
    if str(database_path) == ":memory:":
        return None
    return FileShardLock.acquire(database_path, shards)
