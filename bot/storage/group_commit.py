"""Group commit: the saves of many tables in play that arrive while one is being written go out together.

Every move is saved before it is acknowledged. With one connection (SQLite), one save at a time can be written,
and each waits for the one before it to come back from the database thread: under load, moves queued behind each
other. Here, a save joins the batch that is waiting; a single writer sends each batch as one statement run over
its rows (one transaction), then answers every save in it. A move is acknowledged only after its batch has
committed; if the batch fails, every save in it fails, and none of its rows was written (one transaction), so the
service keeps each table's last saved state, as for a single failed save.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.storage.database import Database, Params


class GroupCommit:
    """Runs one statement (`sql`) for many rows: each `run(params)` returns once its row is committed."""

    def __init__(self, database: Database, sql: str) -> None:
        self._db = database
        self._sql = sql
        self._waiting: list[tuple[Params, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def run(self, params: Params) -> None:
        done = asyncio.get_running_loop().create_future()
        self._waiting.append((params, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                await self._commit([params for params, _ in batch])
            except Exception as error:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            except BaseException:  # cancelled (shutdown): nothing waiting is known to be written
                for _, done in batch + self._waiting:
                    done.cancel()
                self._waiting = []
                raise
            for _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _commit(self, rows: Sequence[Params]) -> None:
        if len(rows) == 1:  # alone: one statement, its own transaction (one round trip on PostgreSQL)
            await self._db.execute(self._sql, rows[0])
        else:
            await self._db.executemany(self._sql, rows)
