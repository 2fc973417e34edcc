"""Clean stops: SIGTERM (what Docker, systemd and Heroku send) stops the bot gracefully, with status 0 within a few
seconds: no new interaction is taken (each is told to try again in a moment), the ones in flight are answered and
saved, the gateway and the database are closed. It used to die at once with -15 (and, as PID 1 in a container,
to ignore SIGTERM until killed)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from bot.games.thegame.engine import seed_to_deal_code
from bot.games.thegame.ui.board import game_of
from tests.cluster.cluster import ROOT, BotProcess, Table, enabled, open_and_start
from tests.cluster.takeover import Player, _lost_plays, keep_playing
from tests.e2e.conftest import bot_settings
from tests.emulator.fixtures import StartClient
from tests.storage.fixtures import STORES, new_store_url
from tests.storage.network import closed_port, silent_server

RESTARTING = {
    "en-US": "The bot is restarting: try again in a moment.",
    "fr": "Le bot redémarre\xa0: réessaie dans un instant.",
}


def two_players(emulator: Emulator, index: int = 0) -> Table:
    guild = emulator.world.add_guild(f"Server {index}")
    alice, bob = emulator.world.add_user(f"alice{index}"), emulator.world.add_user(f"bob{index}", locale="fr")
    guild.add_member(alice)
    guild.add_member(bob)
    return Table(guild.add_text_channel("games"), alice, bob)


async def test_while_it_stops_a_new_interaction_is_told_to_try_again_in_its_language(
    emulator: Emulator, start_client: StartClient, tmp_path: Path
) -> None:
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    table = two_players(emulator)
    running.client.gate.drain()
    for user in (table.alice, table.bob):
        result = await emulator.slash(user, table.channel, "game new")
        callback = await result.response()
        assert callback.ok and callback.type == 4
        message = result.original or await result.original_message()
        assert message.ephemeral and message.content == RESTARTING[user.locale]
    assert running.client.games.in_channel(table.channel.id) is None  # nothing was acted on


async def test_a_clean_stop_answers_and_saves_the_move_in_flight(
    emulator: Emulator, start_client: StartClient, tmp_path: Path
) -> None:
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    bot = running.client
    table = two_players(emulator)
    await open_and_start(emulator, table, seed_to_deal_code(3))
    assert table.hand is not None
    await (
        await emulator.click(table.alice, table.hand, enabled(table.hand, "tg:card")[0]["custom_id"])
    ).response()
    saving = asyncio.Event()
    save = bot.tables.save

    async def slow_save(*args: Any, **kwargs: Any) -> None:
        saving.set()
        await asyncio.sleep(0.5)
        await save(*args, **kwargs)

    bot.tables.save = slow_save  # type: ignore[method-assign]
    pile = enabled(table.hand, "tg:play")[0]["custom_id"]
    played = await emulator.click(table.alice, table.hand, pile)
    await saving.wait()
    await bot.stop_gracefully()  # SIGTERM's stop, while the play is being saved
    assert bot.is_closed()
    callback = await played.response()
    assert callback.ok and callback.type == 7  # the hand updated: the play was acknowledged...
    bot.tables.save = save  # type: ignore[method-assign]
    restarted = await running.restart()
    saved = restarted.client.games.get(table.table_id)
    assert saved is not None
    plays = [action.card for action in game_of(saved).log if hasattr(action, "card")]
    assert plays == [int(pile.split(":")[3])]  # ... and saved


@pytest.mark.parametrize("store", STORES)
async def test_sigterm_stops_the_process_cleanly_under_load(
    emulator: Emulator, request: pytest.FixtureRequest, tmp_path: Path, store: str
) -> None:
    url = await new_store_url(request, store, tmp_path) if store == "postgresql" else None
    emulator.rules.ack_deadline = 60.0  # answers slowed by the shared cores are not the question here
    process = BotProcess(emulator, database_path=tmp_path / "thegame.sqlite3", database_url=url)
    players = [Player(two_players(emulator, index)) for index in range(6)]
    stop = asyncio.Event()
    try:
        await process.start()
        await process.wait_ready(timeout=60)
        await asyncio.gather(
            *(open_and_start(emulator, p.table, seed_to_deal_code(50 + i)) for i, p in enumerate(players))
        )
        load = asyncio.gather(*(keep_playing(emulator, player, stop) for player in players))
        await asyncio.sleep(1.5)
        assert process.process is not None
        process.process.send_signal(signal.SIGTERM)
        signalled = emulator._monotonic()
        started = time.monotonic()
        stop.set()
        status = await process.wait(timeout=30)
        stopped_after = time.monotonic() - started
        await load
    finally:
        stop.set()
        await process.stop()
    assert status == 0, process.errors()
    assert stopped_after < 15, f"took {stopped_after:.1f} s"
    assert process.errors().strip() == ""
    unanswered = [
        it
        for it in emulator.world.interactions.values()
        if it.delivered and not it.callbacks and it.dispatched_at < signalled
    ]
    assert unanswered == [], "interactions in flight at SIGTERM were left unanswered"
    lost, acknowledged = await _lost_plays(url or str(tmp_path / "thegame.sqlite3"), players)
    assert acknowledged > 0 and lost == 0


class ContainerBotProcess(BotProcess):
    """The bot as PID 1 of a PID namespace of its own, as in a container without an init process: the kernel
    then drops every signal the process has no handler for, SIGTERM included."""

    async def _spawn(self, log: Any) -> asyncio.subprocess.Process:
        emulator = self.emulator
        return await asyncio.create_subprocess_exec(
            "unshare", "--pid", "--fork", "--kill-child", sys.executable, "-m", "tests.e2e.bot_process",
            emulator.api_base, emulator.gateway_url, emulator.token, str(self.database_path),
            cwd=ROOT, env=self.env, stderr=log,
        )  # fmt: skip

    @property
    def pid_1(self) -> int:
        """The bot's own pid (seen from here), the child of `unshare`."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        return int(children[0])


@pytest.mark.skipif(
    shutil.which("unshare") is None or os.geteuid() != 0, reason="needs root and unshare for a PID namespace"
)
async def test_as_pid_1_of_a_container_sigterm_still_stops_it_cleanly(
    emulator: Emulator, tmp_path: Path
) -> None:
    process = ContainerBotProcess(emulator, database_path=tmp_path / "thegame.sqlite3")
    try:
        await process.start()
        await process.wait_ready(timeout=60)
        os.kill(process.pid_1, signal.SIGTERM)
        status = await process.wait(timeout=30)
    finally:
        await process.stop()
    assert status == 0, process.errors()


@pytest.mark.parametrize("discord", ["refusing", "silent"])
async def test_sigterm_while_it_waits_for_discord_at_start_up_stops_it_at_once(
    tmp_path: Path, discord: str
) -> None:
    """Refusing: it waits for DISCORD_API_URL to accept connections; silent: it is logging in."""
    async with silent_server() as silent_port:
        port = silent_port if discord == "silent" else closed_port()
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--discord", cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token",
                 "DATABASE_PATH": str(tmp_path / "thegame.sqlite3"), "DATABASE_URL": "", "SHARD_COUNT": "",
                 "SHARD_IDS": "", "DISCORD_API_URL": f"http://127.0.0.1:{port}/api/v10",
                 "CONNECT_TIMEOUT_SECONDS": "600", "LOG_LEVEL": "INFO"},
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert child.stderr is not None
        seen = b""
        while b"Storage: SQLite" not in seen:  # its database is open: now it waits for Discord
            seen += await asyncio.wait_for(child.stderr.readline(), 60)
        await asyncio.sleep(1)
        child.send_signal(signal.SIGTERM)
        _out, rest = await asyncio.wait_for(child.communicate(), 15)
    log = (seen + rest).decode()
    assert child.returncode == 0, log
    assert "Traceback" not in log and " ERROR " not in log, log
