"""The soak's PostgreSQL side: rows a bot process writes after it lost its shards are read from the database itself
(an audit trigger records who wrote what, when), and the soak injects the faults and recovers from them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest

from benchmarks.soak import Soak
from benchmarks.soak_checks.postgres_faults import PostgresFaults, with_application_name
from bot.storage.postgres import PostgresDatabase
from tests.postgres import ThrowawayPostgres
from tests.soak.test_soak import short_soak

pytestmark = pytest.mark.postgresql

ROW = (
    "INSERT INTO tables (id, guild_id, channel_id, status, data, created_at, updated_at)"
    " VALUES ($1, 1, $1, 'playing', $2, 0, 0)"
    " ON CONFLICT (id) DO UPDATE SET data = excluded.data"
)


async def test_rows_written_after_a_process_lost_its_shards_are_counted(
    postgres_server: ThrowawayPostgres,
) -> None:
    url = await postgres_server.new_database("faults")
    database = await PostgresDatabase.open(url)  # the bot's migrations
    await database.close()
    faults = PostgresFaults(url, postgres_server)
    await faults.install_audit()
    lock = await asyncpg.connect(
        url, server_settings={"application_name": "thegame pid 4242 on here, every shard"}
    )
    first = await asyncpg.connect(with_application_name(url, "soak-bot-0"))
    second = await asyncpg.connect(with_application_name(url, "soak-bot-1"))
    try:
        await first.execute(ROW, 1, json.dumps({"before": True}))  # while it held its shards
        assert await faults.kill_lock_session("soak-bot-0", 4242) is not None
        assert await faults.writes_after_loss() == []
        # A doctored process that goes on writing after its lock session ended, and its replacement, which may.
        await first.execute(ROW, 1, json.dumps({"after": True}))
        await second.execute(ROW, 2, json.dumps({"replacement": True}))
        found = await faults.writes_after_loss()
    finally:
        for connection in (lock, first, second):
            connection.terminate()
    assert len(found) == 1 and found[0].startswith("soak-bot-0 wrote 1 rows after it lost its shards"), found
    assert await faults.writes_by() == {"soak-bot-0": 2, "soak-bot-1": 1}


async def test_the_soak_survives_postgresql_faults_and_says_what_each_did(
    tmp_path: Path, postgres_server: ThrowawayPostgres
) -> None:
    """The lock session killed, the same with a replacement started at once (two processes on one shard), and the
    server restarted: each time the process that lost its shards stops by itself, with status 4 (a supervisor
    restarts it), and a new one takes over, with nothing acknowledged lost. Fenced saves (bot/storage/fencing.py)
    make the rows a process wrote after losing its shards 0 (before them, this run found some in each fault)."""
    url = await postgres_server.new_database("soak")
    config = replace(
        short_soak(),
        kills=0,
        actions=150,
        store="postgresql",
        postgres_faults=("kill_lock", "overlap", "restart"),
        time_limit=400.0,
    )
    soak = Soak(config, tmp_path, url, postgres_server)
    await soak.run()
    assert soak.lost == [], soak.lost[:5]
    assert [line.split(":")[0] for line in soak.lock_exits] == ["kill_lock", "overlap", "restart"]
    assert all(" exited (4) after " in line for line in soak.lock_exits), soak.lock_exits
    assert soak.writes_after_loss == []
    assert not [
        failure for failure in soak.failures if "lost its shards" in failure or "unhandled" in failure
    ]
