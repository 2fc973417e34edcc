"""Saves of tables in play that arrive together are committed together, and each is acknowledged only once its
row is written; a batch that fails fails every save in it and writes none of them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

import pytest

from bot.service.table import Seat, Table, TableStatus
from bot.storage.database import Database, Params
from bot.storage.group_commit import GroupCommit
from bot.storage.tables import TableStore


def playing(table_id: int, names: list[str]) -> Table:
    return Table(
        id=table_id, guild_id=1, channel_id=100 + table_id, created_by=11, created_at=5.0, seed=1,
        seats=[Seat(11 + index, name) for index, name in enumerate(names)], status=TableStatus.LOBBY,
    )  # fmt: skip


class Recording:
    """A database that records what is sent and can be made to fail."""

    def __init__(self) -> None:
        self.calls: list[list[Params]] = []
        self.fail = False
        self.release = asyncio.Event()
        self.release.set()

    async def execute(self, sql: str, params: Params = ()) -> int:
        await self.executemany(sql, [params])
        return 1

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.release.wait()
        self.calls.append(list(rows))
        if self.fail:
            raise OSError("disk full")


async def test_saves_that_arrive_while_one_is_written_go_out_together() -> None:
    database = Recording()
    batch = GroupCommit(database, "UPDATE")  # type: ignore[arg-type]
    database.release.clear()
    first = asyncio.ensure_future(batch.run((1,)))
    await asyncio.sleep(0)
    others = [asyncio.ensure_future(batch.run((n,))) for n in (2, 3, 4)]
    await asyncio.sleep(0.01)
    assert not any(task.done() for task in [first, *others])  # nothing acknowledged before its commit
    database.release.set()
    await asyncio.gather(first, *others)
    assert database.calls == [[(1,)], [(2,), (3,), (4,)]]


async def test_a_failed_batch_fails_each_of_its_saves_and_the_next_batch_goes_on() -> None:
    database = Recording()
    batch = GroupCommit(database, "UPDATE")  # type: ignore[arg-type]
    database.fail = True
    results = await asyncio.gather(*(batch.run((n,)) for n in (1, 2)), return_exceptions=True)
    assert all(isinstance(result, OSError) for result in results)
    database.fail = False
    await batch.run((3,))
    assert database.calls[-1] == [(3,)]


async def test_many_tables_saved_at_once_are_all_stored(database: Database) -> None:
    store = TableStore(database)
    for table_id in range(1, 21):
        assert await store.insert(playing(table_id, ["Alice"]))
    await asyncio.gather(
        *(store.save(playing(table_id, ["Alice", f"Bob{table_id}"]), now=9.0) for table_id in range(1, 21))
    )
    for table_id in range(1, 21):
        saved = await store.load(table_id)
        assert saved is not None and [seat.name for seat in saved.seats] == ["Alice", f"Bob{table_id}"]


async def test_a_batch_the_database_refuses_writes_none_of_its_rows(database: Database) -> None:
    """One transaction per batch: a row that breaks a constraint takes the whole batch down, and the tables
    saved with it keep their last saved state (the service then restores them in memory too)."""
    store = TableStore(database)
    for table_id in (1, 2):
        assert await store.insert(playing(table_id, ["Alice"]))
    batch = GroupCommit(database, "UPDATE tables SET channel_id = ? WHERE id = ?")
    results = await asyncio.gather(
        batch.run((500, 1)), batch.run((600, 1)), batch.run((600, 2)), return_exceptions=True
    )
    assert all(isinstance(result, Exception) for result in results)  # 600 twice: a duplicate channel
    rows = await database.fetchall("SELECT id, channel_id FROM tables ORDER BY id")
    assert [tuple(row) for row in rows] == [(1, 101), (2, 102)]  # not even the first row of the batch
    await batch.run((500, 1))
    row = await database.fetchone("SELECT channel_id FROM tables WHERE id = 1")
    assert row is not None and row[0] == 500


@pytest.mark.parametrize("count", [2, 20])
async def test_tables_opened_at_once_get_different_ids(database: Database, count: int) -> None:
    store = TableStore(database)
    ids = await asyncio.gather(*(store.next_id() for _ in range(count)))
    assert len(set(ids)) == count
