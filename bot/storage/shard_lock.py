"""One process per shard: a lock per shard, held for the process's whole life, so that two bot processes started
for the same shard by mistake never both act on its tables.

- PostgreSQL (``DATABASE_URL``): session-level advisory locks on a connection of their own. They end with the
  session, so a process that dies (even by SIGKILL) frees its shards at once and a replacement can take over.
  The other way round, a session that ends while its process lives on (the server restarted, an administrator's
  pg_terminate_backend, an idle timeout) calls ``on_lost``: the bot then stops, since its shards are free for
  another process. Across a network cut both sides find out within about half a minute: the server through TCP
  keepalives set on the session (it then frees the shards), the process through a heartbeat query (it then
  stops, a little earlier) — and meanwhile the cut-off process cannot save, so it cannot acknowledge, a single move.
  A process learns of a lost lock only a moment later (later still if it was frozen), so the lock comes with a
  lease that fences its writes: once another process has taken the shards, not one more write of the first one
  lands (``bot/storage/fencing.py``). ``verify()`` asks the server whether the lock is still held (the bot does
  after its event loop stood still, before it answers anything: ``bot/interaction_gate.py``).
- SQLite: ``flock`` on small files beside the database (``thegame.sqlite3.shard-0.lock``); the kernel drops them
  when the process dies.

A process given ``SHARD_IDS`` takes each of its shards exclusively, and shares the whole-bot lock and the lock of
its ``SHARD_COUNT`` with the other processes of the cluster; a process without ``SHARD_IDS`` runs every shard, so
it takes the whole-bot lock exclusively. A process that would act on tables another one runs is refused with
:class:`ShardsTaken`, which says why and what to do: the same shard twice, a whole-bot process beside any other,
or another ``SHARD_COUNT`` (a server's shard depends on the count, so two counts would give one server two owners).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import socket
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import asyncpg

from bot.storage.database import DatabaseUnavailable
from bot.storage.fencing import Lease, take_lease
from bot.storage.postgres import CLOSE_TIMEOUT, CONNECT_TIMEOUT, KEEPALIVES, connect_postgres, migrate

log = logging.getLogger(__name__)

# The first keys of the advisory locks this bot takes ("TG", "TH"), so they never clash with another application's.
LOCK_NAMESPACE = 0x5447  # second key: a shard number, or WHOLE_BOT
COUNT_NAMESPACE = 0x5448  # second key: the SHARD_COUNT of the cluster
WHOLE_BOT = -1
# The server drops a client silent since its last heartbeat after 10 + 3 x 5 = 25 s (postgres.KEEPALIVES); the
# process gives up on a server silent since then after HEARTBEAT_INTERVAL + HEARTBEAT_TIMEOUT = 20 s, so it stops
# first.
HEARTBEAT_INTERVAL = 10.0
HEARTBEAT_TIMEOUT = 10.0


class ShardsTaken(Exception):
    """Another live process already runs some of these shards (or the whole bot) on this database."""

    def __init__(self, shards: Sequence[int] | None, holder: str | None = None, *, reason: str = "") -> None:
        self.shards = tuple(shards) if shards is not None else None
        self.holder = holder
        by = f"another bot process ({holder})" if holder else "another bot process"
        if reason:
            message = reason.format(by=by)
            message = message[0].upper() + message[1:]
        elif self.shards is None:
            message = (
                f"This database is already used by {by}: two processes must never run the same shard. Stop that "
                "process first (a crashed one frees its shards by itself), or give each process its SHARD_IDS."
            )
        else:
            numbers = ", ".join(str(shard) for shard in self.shards)
            message = (
                f"{'Shard' if len(self.shards) == 1 else 'Shards'} {numbers} already run in {by}: two processes "
                "must never run the same shard. Stop that process first (a crashed one frees its shards by "
                "itself), or give this one other SHARD_IDS."
            )
        super().__init__(message)


def _other_count(count: int) -> str:
    return (
        "{by} runs with another SHARD_COUNT than this one ("
        + str(count)
        + "): every process of a cluster must "
        "use the same SHARD_COUNT. Stop them all before changing it."
    )


class ShardLock(Protocol):
    @property
    def lease(self) -> Lease | None:
        """The generation this process's writes are fenced with (PostgreSQL; None on SQLite: nothing to fence)."""
        ...

    async def verify(self) -> bool:
        """Whether the locks are still held (asks the server; a lock found lost is reported to ``on_lost``)."""
        ...

    async def release(self) -> None: ...


def process_label(shards: Sequence[int] | None) -> str:
    """Who holds a lock, for the message a refused process prints (and in pg_stat_activity's application_name)."""
    which = "every shard" if shards is None else "shards " + ",".join(str(shard) for shard in shards)
    return f"pid {os.getpid()} on {socket.gethostname()}, {which}"


class PostgresShardLock:
    def __init__(
        self, connection: asyncpg.Connection[Any], lease: Lease, on_lost: Callable[[], None] | None
    ) -> None:
        self._connection = connection
        self._lease = lease
        self._on_lost = on_lost
        self._asking = asyncio.Lock()
        connection.add_termination_listener(self._ended)
        self._heartbeat = asyncio.get_running_loop().create_task(self._beat())

    @property
    def lease(self) -> Lease:
        return self._lease

    @classmethod
    async def acquire(
        cls,
        url: str,
        shards: Sequence[int] | None,
        shard_count: int | None,
        on_lost: Callable[[], None] | None,
        connect_timeout: float = CONNECT_TIMEOUT,
    ) -> PostgresShardLock:
        settings = {"application_name": f"thegame {process_label(shards)}"[:63], **KEEPALIVES}
        connection = await connect_postgres(url, connect_timeout=connect_timeout, server_settings=settings)
        try:
            await cls._take(connection, shards, shard_count)
            # Then the lease, which fences off whoever held these shards before (the table comes with the schema).
            await migrate(connection)
            lease = await take_lease(connection, shards, shard_count, process_label(shards))
        except asyncpg.LockNotAvailableError:
            await connection.close()
            raise ShardsTaken(
                shards,
                reason="{by} still writes to these shards' tables although its lock ended: try again in a moment",
            ) from None
        except BaseException:
            await connection.close()  # the session ends: whatever it took is released
            raise
        log.info(
            "Took %s with lease generation %s", process_label(shards).split(", ", 1)[1], lease.generation
        )
        return cls(connection, lease, on_lost)

    def _ended(self, connection: object) -> None:
        self._heartbeat.cancel()
        on_lost, self._on_lost = self._on_lost, None
        if on_lost is not None:
            on_lost()

    async def verify(self) -> bool:
        if self._connection.is_closed():
            return False
        if await self._answers():
            return True
        self._connection.terminate()  # reported by the termination listener
        return False

    async def _answers(self) -> bool:
        """Whether the server answers on the lock's session. One question at a time: the heartbeat and `verify`
        share the connection, which takes one query at a time."""
        async with self._asking:
            try:
                async with asyncio.timeout(HEARTBEAT_TIMEOUT):  # (wait_for may swallow a cancellation)
                    await self._connection.fetchval("SELECT 1")
            except (
                TimeoutError,
                OSError,
                asyncpg.PostgresError,
                asyncpg.InterfaceError,
                asyncpg.InternalClientError,
            ):
                return False
        return True

    async def _beat(self) -> None:
        """A server that stops answering is taken for lost: the connection is dropped, which reports it."""
        while True:
            await asyncio.sleep(HEARTBEAT_INTERVAL)
            if not await self._answers():
                self._connection.terminate()
                return

    @staticmethod
    async def _take(connection: asyncpg.Connection, shards: Sequence[int] | None, count: int | None) -> None:
        async def take(namespace: int, key: int, *, shared: bool = False) -> bool:
            function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            return bool(await connection.fetchval(f"SELECT {function}($1, $2)", namespace, key))

        if shards is None or count is None:
            if not await take(LOCK_NAMESPACE, WHOLE_BOT):
                raise ShardsTaken(None, await _holder(connection, LOCK_NAMESPACE, WHOLE_BOT))
            return
        if not await take(LOCK_NAMESPACE, WHOLE_BOT, shared=True):
            raise ShardsTaken(None, await _holder(connection, LOCK_NAMESPACE, WHOLE_BOT))
        await take(COUNT_NAMESPACE, count, shared=True)
        other = await connection.fetchval(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid <> $2"
            " AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " LIMIT 1",
            COUNT_NAMESPACE,
            count,
        )
        if other is not None:
            holder = await _holder(connection, COUNT_NAMESPACE, int(other))
            raise ShardsTaken(shards, holder, reason=_other_count(count))
        taken = [shard for shard in shards if not await take(LOCK_NAMESPACE, shard)]
        if taken:
            raise ShardsTaken(taken, await _holder(connection, LOCK_NAMESPACE, taken[0]))

    async def release(self) -> None:
        self._on_lost = None  # a session closed on purpose is not lost
        self._heartbeat.cancel()
        await asyncio.gather(
            self._heartbeat, return_exceptions=True
        )  # cancelled mid-query: whatever it raised
        try:
            await self._connection.close(timeout=CLOSE_TIMEOUT)
        except (TimeoutError, OSError, asyncpg.InterfaceError):
            self._connection.terminate()  # a server cut off: the session ends when the server notices


async def _holder(connection: asyncpg.Connection, namespace: int, key: int) -> str | None:
    """The application name of a session holding a lock (it says which process), if visible."""
    name: str | None = await connection.fetchval(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2"
        " AND l.pid <> pg_backend_pid() AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        " LIMIT 1",
        namespace,
        key & 0xFFFFFFFF,
    )
    return name.removeprefix("thegame ") if name else None


class FileShardLock:
    def __init__(self, files: list[int]) -> None:
        self._files = files

    @property
    def lease(self) -> None:
        """Nothing to fence: a flock ends only with its process, so no other process takes these shards while this
        one can still write."""
        return None

    @classmethod
    def acquire(cls, database: Path, shards: Sequence[int] | None, shard_count: int | None) -> FileShardLock:
        database.parent.mkdir(parents=True, exist_ok=True)
        lock = cls([])
        try:
            lock._take(database, shards, shard_count)
        except BaseException:
            lock._close()
            raise
        return lock

    def _take(self, database: Path, shards: Sequence[int] | None, count: int | None) -> None:
        def beside(suffix: str) -> Path:
            return database.with_name(f"{database.name}.{suffix}")

        whole = self._open(beside("lock"))
        if shards is None or count is None:
            if not self._try(whole, fcntl.LOCK_EX):
                # Only a process holding it alone (every shard) wrote its name there; sharded ones share it.
                alone = not self._try(whole, fcntl.LOCK_SH)
                raise ShardsTaken(None, self._read(whole) if alone else None)
            self._write(whole, process_label(None))
            return
        if not self._try(whole, fcntl.LOCK_SH):
            raise ShardsTaken(None, self._read(whole))
        if not self._try(self._open(beside(f"shard-count-{count}.lock")), fcntl.LOCK_SH):
            # Only held exclusively for an instant, by a process with another count checking this one's.
            raise ShardsTaken(shards, None, reason=_other_count(count))
        for path in database.parent.glob(f"{database.name}.shard-count-*.lock"):
            if path.name != beside(f"shard-count-{count}.lock").name:
                probe = self._open(path)
                if not self._try(probe, fcntl.LOCK_EX):  # held (shared) by a process with that count
                    raise ShardsTaken(shards, None, reason=_other_count(count))
                fcntl.flock(probe, fcntl.LOCK_UN)
        taken: list[int] = []
        holder: str | None = None
        for shard in shards:
            handle = self._open(beside(f"shard-{shard}.lock"))
            if self._try(handle, fcntl.LOCK_EX):
                self._write(handle, process_label(shards))
            else:
                taken.append(shard)
                holder = holder or self._read(handle)
        if taken:
            raise ShardsTaken(taken, holder)

    def _open(self, path: Path) -> int:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        self._files.append(handle)
        return handle

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

    async def verify(self) -> bool:
        return bool(self._files)  # a flock lasts as long as its file is open

    async def release(self) -> None:
        self._close()


async def lock_shards(
    shards: Sequence[int] | None,
    *,
    shard_count: int | None,
    database_url: str | None,
    database_path: Path,
    on_lost: Callable[[], None] | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> ShardLock | None:
    """Take this process's shards of ``shard_count`` (None: every shard) on the database it will use, or raise
    :class:`ShardsTaken` (or `DatabaseUnavailable`). None for an in-memory SQLite database, which no other process
    can reach. ``on_lost`` is called if the locks end before ``release()`` (PostgreSQL's session ended; file locks
    cannot end so). On PostgreSQL the lock comes with a lease that fences off the shards' previous holder
    (`bot/storage/fencing.py`)."""
    if database_url is not None:
        return await PostgresShardLock.acquire(database_url, shards, shard_count, on_lost, connect_timeout)
    if str(database_path) == ":memory:":
        return None
    try:
        return FileShardLock.acquire(database_path, shards, shard_count)
    except OSError as error:  # a folder that cannot be created or written
        raise DatabaseUnavailable(
            f"Cannot open the SQLite database {database_path}: {error.strerror or error} ({error.filename or database_path})."
            " Check DATABASE_PATH."
        ) from error
