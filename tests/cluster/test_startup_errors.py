"""`python -m bot` that cannot start says why in one line, with an exit status a supervisor can read
(bot/exit_codes.py), never a traceback and never the database password: a DATABASE_URL that is malformed, names a
database or a role that does not exist, a host that cannot be found, a port where nothing listens or a server that
never answers; a Discord that cannot be reached. A process whose shards never connected still exits when it loses
them."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.emulator import Emulator
from tests.cluster.cluster import ROOT
from tests.postgres import ThrowawayPostgres
from tests.storage.network import closed_port, silent_server

SECRET = "hunter2-secret"


async def python_m_bot(tmp_path: Path, **env: str) -> tuple[int, str, float]:
    """Run `python -m bot` to its end: (exit status, stderr, seconds)."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "DATABASE_PATH": str(tmp_path / "thegame.sqlite3"),
        "DATABASE_URL": "",
        "SHARD_COUNT": "",
        "SHARD_IDS": "",
        "CONNECT_TIMEOUT_SECONDS": "1",
        "LOG_LEVEL": "ERROR",  # (discord.py warns that voice is not installed)
        **env,
    }
    started = time.monotonic()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--discord", cwd=tmp_path, env=environment,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _out, err = await asyncio.wait_for(child.communicate(), 60)
    assert child.returncode is not None
    return child.returncode, err.decode(), time.monotonic() - started


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and SECRET not in stderr, stderr
    return lines[0]


@pytest.mark.postgresql
async def test_a_database_that_cannot_be_opened_is_one_line_and_status_5(
    postgres_server: ThrowawayPostgres, tmp_path: Path
) -> None:
    server = f"127.0.0.1:{postgres_server.port}"
    cases = {
        f"postgresql://postgres:{SECRET}@{server}/no_such_database": 'database "no_such_database" does not exist',
        f"postgresql://nobody:{SECRET}@{server}/postgres": 'role "nobody" does not exist',
        f"postgresql://bot:{SECRET}@no-such-host.invalid/thegame": "the host of postgresql://no-such-host.invalid",
        f"postgresql://bot:{SECRET}@127.0.0.1:{closed_port()}/thegame": "nothing accepts connections at",
    }
    async with silent_server() as port:
        cases[f"postgresql://bot:{SECRET}@127.0.0.1:{port}/thegame"] = "did not answer within 1 s"
        runs = await asyncio.gather(*(python_m_bot(tmp_path, DATABASE_URL=url) for url in cases))
    for (url, why), (status, stderr, seconds) in zip(cases.items(), runs, strict=True):
        line = one_line(stderr)
        assert status == 5, (url, stderr)
        assert line.startswith("Not starting: Cannot open the database: ") and why in line, line
        assert line.endswith("Check DATABASE_URL."), line
        assert seconds < 30, (
            f"{url}: {seconds:.0f} s"
        )  # bounded by CONNECT_TIMEOUT_SECONDS, not asyncpg's minute


async def test_a_malformed_database_url_is_a_configuration_error(tmp_path: Path) -> None:
    status, stderr, _ = await python_m_bot(
        tmp_path, DATABASE_URL=f"postgresql://bot:{SECRET}@db.example:54x2/thegame"
    )
    assert status == 2
    assert one_line(stderr) == (
        "Configuration error: DATABASE_URL is malformed: its port must be a number from 1 to 65535, not '54x2'."
    )


async def test_a_discord_that_cannot_be_reached_is_one_line_and_status_6(tmp_path: Path) -> None:
    nobody = closed_port()
    refused = await python_m_bot(tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{nobody}/api/v10")
    async with silent_server() as port:
        silent = await python_m_bot(tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{port}/api/v10")
    status, stderr, _ = refused
    assert status == 6
    assert one_line(stderr) == (
        f"Not starting: Cannot reach Discord at http://127.0.0.1:{nobody}/api/v10: Connection refused (for 1 s)."
        " Check the network and DISCORD_API_URL (or CONNECT_TIMEOUT_SECONDS)."
    )
    status, stderr, seconds = silent
    assert status == 6
    assert one_line(stderr) == (
        f"Not starting: Discord (http://127.0.0.1:{port}/api/v10) did not answer within 1 s. Check the network and"
        " DISCORD_API_URL (or CONNECT_TIMEOUT_SECONDS)."
    )
    assert seconds < 30


async def bot_process(
    emulator: Emulator, tmp_path: Path, gateway: str, **env: str
) -> asyncio.subprocess.Process:
    """The bot against the emulator's REST API and the given gateway address."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.bot_process", emulator.api_base, gateway, emulator.token,
        str(tmp_path / "thegame.sqlite3"), cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def test_a_gateway_that_never_connects_is_one_line_per_attempt_then_status_6(
    emulator: Emulator, tmp_path: Path
) -> None:
    """discord.py retries a shard that cannot connect every 5 s, forever, with a traceback each time."""
    child = await bot_process(
        emulator, tmp_path, f"ws://127.0.0.1:{closed_port()}/", CONNECT_TIMEOUT_SECONDS="6", SHARD_COUNT="1"
    )
    _out, err = await asyncio.wait_for(child.communicate(), 60)
    lines = err.decode().strip().splitlines()
    assert child.returncode == 6, err.decode()
    assert "Traceback" not in err.decode()
    assert lines[-1] == (
        "Not starting: Discord's gateway accepted no connection within 6 s. Check the network (or"
        " CONNECT_TIMEOUT_SECONDS)."
    )
    retries = [line for line in lines if "Failed to connect for shard_id: 0. Retrying..." in line]
    assert retries and all("(ClientConnectorError: Cannot connect to host" in line for line in retries), lines


@pytest.mark.postgresql
async def test_a_process_whose_shards_never_connected_exits_when_it_loses_them(
    emulator: Emulator, postgres_server: Any, tmp_path: Path
) -> None:
    """It used to retry its shards' connections forever after its lock was gone."""
    url = await postgres_server.new_database()
    child = await bot_process(
        emulator, tmp_path, f"ws://127.0.0.1:{closed_port()}/", DATABASE_URL=url, SHARD_COUNT="2",
        SHARD_IDS="0-1", CONNECT_TIMEOUT_SECONDS="600",
    )  # fmt: skip
    connection = await asyncpg.connect(url)
    try:
        for _ in range(300):  # until it holds its shards
            if await connection.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'thegame pid%'"
            ):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1)  # trying to connect its shards
        await connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'thegame pid%'"
        )
    finally:
        await connection.close()
    _out, err = await asyncio.wait_for(child.communicate(), 30)
    assert child.returncode == 4, err.decode()
    assert err.decode().strip().splitlines()[-1].startswith("Stopped: this process lost its shards")


async def test_a_sqlite_file_that_cannot_be_created_is_one_line_and_status_5(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    status, stderr, _ = await python_m_bot(
        tmp_path, DATABASE_PATH=str(tmp_path / "a-file" / "thegame.sqlite3")
    )
    assert status == 5
    assert one_line(stderr) == (
        f"Not starting: Cannot open the SQLite database {tmp_path}/a-file/thegame.sqlite3: File exists"
        f" ({tmp_path}/a-file). Check DATABASE_PATH."
    )
