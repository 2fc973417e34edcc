"""One process per shard: the second process for a shard (or for the whole bot) is refused, with a message that
names the shards; a process that dies, even by SIGKILL, frees its shards for its replacement."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import shard_lock
from bot.storage.shard_lock import ShardLock, ShardsTaken, lock_shards

Take = Callable[..., Coroutine[Any, Any, ShardLock | None]]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def take(request: pytest.FixtureRequest, tmp_path: Path) -> Take:
    """Take shards the way a bot process does, on a SQLite file or on a PostgreSQL database."""
    url = None
    if request.param == "postgresql":
        url = await request.getfixturevalue("postgres_server").new_database()

    async def taking(shards: tuple[int, ...] | None, count: int = 4) -> ShardLock | None:
        return await lock_shards(
            shards, shard_count=count, database_url=url, database_path=tmp_path / "thegame.sqlite3"
        )

    return taking


async def test_a_shard_runs_in_one_process_only(take: Take) -> None:
    first = await take((0, 1))
    assert first is not None
    with pytest.raises(ShardsTaken) as refused:
        await take((1, 2))
    message = str(refused.value)
    assert refused.value.shards == (1,)
    assert message.startswith("Shard 1 already run in another bot process")
    assert f"pid {os.getpid()}" in message and "shards 0,1" in message  # who holds it
    assert "SHARD_IDS" in message
    # Other shards are free, and the refused attempt kept none of its own (shard 2 is still free).
    other = await take((2, 3))
    assert other is not None
    await first.release()
    again = await take((0, 1))
    assert again is not None
    await again.release()
    await other.release()


async def test_a_process_without_shard_ids_runs_every_shard_so_it_excludes_the_others(take: Take) -> None:
    whole = await take(None)
    assert whole is not None
    with pytest.raises(ShardsTaken) as refused:
        await take((3,))
    assert refused.value.shards is None and "This database is already used" in str(refused.value)
    with pytest.raises(ShardsTaken):
        await take(None)
    await whole.release()

    sharded = await take((3,))
    assert sharded is not None
    with pytest.raises(ShardsTaken) as refused:
        await take(None)
    assert refused.value.shards is None
    await sharded.release()


async def test_every_process_of_a_cluster_must_use_the_same_shard_count(take: Take) -> None:
    four = await take((0, 1), 4)
    assert four is not None
    # With 8 shards, shard 5 would own servers that shards 0-1 of 4 own too: refused, whatever its number.
    with pytest.raises(ShardsTaken, match=r"^Another bot process .*another SHARD_COUNT than this one \(8\)"):
        await take((5,), 8)
    same = await take((2, 3), 4)
    assert same is not None
    await four.release()
    await same.release()
    eight = await take((5,), 8)  # once the others are stopped, the cluster may change its count
    assert eight is not None
    await eight.release()


def test_the_sqlite_locks_free_themselves_when_the_process_is_killed(tmp_path: Path) -> None:
    database = tmp_path / "thegame.sqlite3"
    holder = (
        "import asyncio, sys, pathlib\n"
        "from bot.storage.shard_lock import lock_shards\n"
        "async def main():\n"
        "    await lock_shards((0,), shard_count=2, database_url=None,"
        f" database_path=pathlib.Path({str(database)!r}))\n"
        "    print('locked', flush=True)\n"
        "    await asyncio.sleep(60)\n"
        "asyncio.run(main())\n"
    )

    async def scenario() -> None:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-c", holder, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            assert child.stdout is not None
            assert await asyncio.wait_for(child.stdout.readline(), 30) == b"locked\n"
            with pytest.raises(ShardsTaken, match=f"pid {child.pid} "):
                await lock_shards((0,), shard_count=2, database_url=None, database_path=database)
        finally:
            child.send_signal(signal.SIGKILL)
            await child.wait()
        replacement = await lock_shards((0,), shard_count=2, database_url=None, database_path=database)
        assert replacement is not None
        await replacement.release()

    asyncio.run(scenario())


async def test_an_in_memory_database_needs_no_lock() -> None:
    assert await lock_shards((0,), shard_count=2, database_url=None, database_path=Path(":memory:")) is None


@pytest.mark.postgresql
async def test_a_lock_session_that_ends_is_reported_and_frees_the_shards(postgres_server: Any) -> None:
    url = await postgres_server.new_database()
    lost: list[bool] = []
    held = await lock_shards((0,), shard_count=2, database_url=url, database_path=Path(":memory:"), on_lost=lambda: lost.append(True))  # fmt: skip
    assert held is not None
    connection = await asyncpg.connect(url)
    try:
        ended = await connection.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name LIKE 'thegame %' AND datname = current_database()"
        )
        assert ended == 1
        for _ in range(100):
            if lost:
                break
            await asyncio.sleep(0.05)
    finally:
        await connection.close()
    assert lost == [True]
    replacement = await lock_shards((0,), shard_count=2, database_url=url, database_path=Path(":memory:"))
    assert replacement is not None
    await replacement.release()  # released on purpose: not reported
    await held.release()
    assert lost == [True]


@pytest.mark.postgresql
async def test_a_server_that_stops_answering_is_taken_for_lost(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shard_lock, "HEARTBEAT_INTERVAL", 0.1)
    monkeypatch.setattr(shard_lock, "HEARTBEAT_TIMEOUT", 0.5)
    url = await postgres_server.new_database()
    lost = asyncio.Event()
    held = await lock_shards((0,), shard_count=2, database_url=url, database_path=Path(":memory:"), on_lost=lost.set)  # fmt: skip
    assert held is not None
    connection = await asyncpg.connect(url)
    try:
        (backend,) = [
            row["pid"]
            for row in await connection.fetch(
                "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'thegame %'"
                " AND datname = current_database()"
            )
        ]
        os.kill(backend, signal.SIGSTOP)  # the lock's server process hangs, as behind a network cut
        try:
            await asyncio.wait_for(lost.wait(), 30)
        finally:
            os.kill(backend, signal.SIGCONT)
    finally:
        await connection.close()
    await held.release()


@pytest.mark.postgresql
async def test_checking_the_lock_while_the_heartbeat_runs_is_no_loss(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heartbeat and `verify` (after the event loop stood still) share the lock's connection, which takes one
    query at a time: asked together, they once took the lock for lost."""
    monkeypatch.setattr(shard_lock, "HEARTBEAT_INTERVAL", 0.001)
    url = await postgres_server.new_database()
    lost: list[bool] = []
    held = await lock_shards((0,), shard_count=2, database_url=url, database_path=Path(":memory:"), on_lost=lambda: lost.append(True))  # fmt: skip
    assert held is not None
    try:
        for _ in range(20):
            assert all(await asyncio.gather(*(held.verify() for _ in range(5))))
            await asyncio.sleep(0.002)
        assert lost == []
    finally:
        await held.release()
