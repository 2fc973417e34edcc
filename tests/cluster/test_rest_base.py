"""DISCORD_API_URL: every REST call of the bot (interaction answers included) goes to the configured base, such as
a rate-limit proxy shared by the processes of a cluster; and `python -m bot` started for shards another process
runs says so in one line and exits."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.emulator import Emulator
from bot.storage.shard_lock import lock_shards
from tests.cluster.cluster import ROOT, BotProcess

PROXY_PREFIX = "/discord-proxy/api/v10"  # a base with a path of its own, as a proxy behind a router may have


class RecordingProxy:
    """A tiny HTTP proxy in front of the emulator: forwards every call and marks it with a header."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.forwarded: list[str] = []
        self.runner: web.AppRunner | None = None
        self.base = ""

    async def start(self) -> RecordingProxy:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", PROXY_PREFIX + "/{tail:.*}", self.forward)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}{PROXY_PREFIX}"
        self.http = aiohttp.ClientSession()
        return self

    async def forward(self, request: web.Request) -> web.StreamResponse:
        self.forwarded.append(f"{request.method} {request.match_info['tail']}")
        headers = {k: v for k, v in request.headers.items() if k.lower() not in {"host", "content-length"}}
        headers["X-Via-Test-Proxy"] = "1"
        async with self.http.request(
            request.method,
            f"{self.emulator.api_base}/{request.match_info['tail']}",
            params=request.query,
            headers=headers,
            data=await request.read(),
        ) as answer:
            body = await answer.read()
            keep = {
                k: v
                for k, v in answer.headers.items()
                if k.lower() not in {"content-length", "transfer-encoding"}
            }
            return web.Response(status=answer.status, body=body, headers=keep)

    async def stop(self) -> None:
        await self.http.close()
        if self.runner is not None:
            await self.runner.cleanup()


@pytest.fixture
async def proxy(emulator: Emulator) -> AsyncIterator[RecordingProxy]:
    running = await RecordingProxy(emulator).start()
    yield running
    await running.stop()


async def test_every_rest_call_goes_through_the_configured_base(
    emulator: Emulator, proxy: RecordingProxy, tmp_path: Path
) -> None:
    guild = emulator.world.add_guild("Proxied")
    channel = guild.add_text_channel("games")
    alice = emulator.world.add_user("alice")
    guild.add_member(alice)
    bot = BotProcess(
        emulator, database_path=tmp_path / "thegame.sqlite3", env={"DISCORD_API_URL": proxy.base}
    )
    await bot.start()
    try:
        await bot.wait_ready()
        result = await emulator.slash(alice, channel, "game new")
        assert (await result.response(timeout=10)).ok
        await result.original_message(timeout=10)
    finally:
        await bot.stop()
    assert any(
        call.startswith("POST interactions/") and call.endswith("/callback") for call in proxy.forwarded
    )
    assert f"PUT applications/{emulator.world.application_id}/commands" in proxy.forwarded
    assert emulator.requests, "the bot made no REST call at all"
    direct = [record.route for record in emulator.requests if "X-Via-Test-Proxy" not in record.headers]
    assert direct == [], f"calls that bypassed DISCORD_API_URL: {direct}"


async def test_python_m_bot_refuses_shards_another_process_runs(emulator: Emulator, tmp_path: Path) -> None:
    database = tmp_path / "thegame.sqlite3"
    held = await lock_shards((1,), shard_count=4, database_url=None, database_path=database)
    assert held is not None
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": emulator.token,
        "DISCORD_API_URL": emulator.api_base,  # the login goes to the emulator: nothing reaches the internet
        "DATABASE_PATH": str(database),
        "DATABASE_URL": "",
        "SHARD_COUNT": "4",
        "SHARD_IDS": "0-1",
        "LOG_LEVEL": "ERROR",  # (discord.py warns that voice is not installed)
    }
    try:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=environment,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        _out, err = await asyncio.wait_for(child.communicate(), 60)
    finally:
        await held.release()
    assert child.returncode == 3
    assert err.decode().strip().splitlines() == [  # that one line, no traceback
        f"Not starting: Shard 1 already run in another bot process (pid {os.getpid()} on {socket.gethostname()}, "
        "shards 1): two processes must never run the same shard. Stop that process first (a crashed one frees its "
        "shards by itself), or give this one other SHARD_IDS."
    ]
    # Refused before it sent anything to Discord: the shards are taken before the login.
    assert emulator.requests == [] and not emulator.gateway.sessions
