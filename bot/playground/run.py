"""Start the playground: the local Discord with its page, and the real bot connected to it."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import logging
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from bot.app import TheGameBot, create_bot
from bot.config import Settings
from bot.emulator import Clock, Emulator
from bot.emulator.discord_patch import point_discord_at
from bot.playground.web import PlaygroundSite
from bot.playground.world import Playground, build_world

log = logging.getLogger(__name__)

READY_SECONDS = 30.0
# The page's address stays the same from one start to the next (an open tab reconnects by itself): this port, or
# the next free one when another program holds it. PLAYGROUND_PORT chooses one instead.
DEFAULT_PORT = 8765
PORTS_TRIED = 20


@dataclass
class RunningPlayground:
    emulator: Emulator
    playground: Playground
    site: PlaygroundSite
    bot: TheGameBot

    @property
    def url(self) -> str:
        return f"{self.emulator.http_base}/"


@contextlib.asynccontextmanager
async def open_playground(
    settings: Settings, *, port: int | None = None, clock: Clock | None = None
) -> AsyncIterator[RunningPlayground]:
    """The local Discord on 127.0.0.1 (``port``, 0 for any free one; else ``settings.playground_port``; else
    DEFAULT_PORT or the next free one) with the playground's world and page, and the bot from ``create_bot``
    connected to it, its commands synced, on the playground's own database. Everything is stopped when the block
    exits. ``clock``: the world's time (see `build_world`)."""
    playground = build_world(clock)
    emulator = Emulator(playground.world, keep_history=False)
    site = PlaygroundSite(emulator, playground)
    chosen = port if port is not None else settings.playground_port
    await _listen(emulator, site, [chosen] if chosen is not None else _default_ports())
    bot_settings = dataclasses.replace(
        settings,
        token=emulator.token,
        database_path=settings.playground_database_path,
        database_url=None,  # the playground's own SQLite file, even when the real bot runs on PostgreSQL
        # The world is new on every start: sync the commands to its server, at once, like a development server.
        dev_guild_id=playground.guild.id,
        sync_commands=True,
        # The Activity, served by this server under /activity/ (no port of its own), signed in by this Discord.
        activity_client_id=playground.world.application_id,
        activity_client_secret=emulator.activities.client_secret,
        activity_api_base=emulator.api_base,
        activity_port=None,
        activity_public_url=None,
        activity_frame_ancestors="'self'",
    )
    try:
        with point_discord_at(emulator.api_base, emulator.gateway_url):
            bot = create_bot(bot_settings, guild_ready_timeout=0.1)
            connection: asyncio.Task[None] | None = None
            try:
                await bot.login(emulator.token)  # runs setup_hook: the tables in progress are restored
                await close_tables_of_earlier_worlds(bot, playground)
                connection = asyncio.create_task(bot.connect(reconnect=True), name="playground-bot")
                ready = asyncio.create_task(bot.wait_until_ready())
                done, _ = await asyncio.wait(
                    {connection, ready}, timeout=READY_SECONDS, return_when="FIRST_COMPLETED"
                )
                if ready not in done:
                    ready.cancel()
                    if connection in done:
                        raise RuntimeError("the bot stopped before it was ready") from connection.exception()
                    raise TimeoutError(f"the bot was not ready after {READY_SECONDS:.0f} s")
                activity: Any = bot.get_cog("Activity")
                site.activity = activity.server if activity is not None else None
                yield RunningPlayground(emulator, playground, site, bot)
            finally:
                await bot.close()
                if connection is not None:
                    with contextlib.suppress(Exception, asyncio.CancelledError):
                        await asyncio.wait_for(connection, 5)
    finally:
        await emulator.stop()


def _default_ports() -> list[int]:
    return list(range(DEFAULT_PORT, DEFAULT_PORT + PORTS_TRIED))


async def _listen(emulator: Emulator, site: PlaygroundSite, ports: list[int]) -> None:
    """Start the emulator and the page on the first of ``ports`` that is free (the last one's error otherwise)."""
    for index, candidate in enumerate(ports):
        emulator.port = candidate
        try:
            await emulator.start(add_routes=site.add_routes)
            return
        except OSError as error:
            await emulator.stop()
            if error.errno != errno.EADDRINUSE or index == len(ports) - 1:
                raise
            log.info("Port %s is taken: trying %s", candidate, ports[index + 1])


async def close_tables_of_earlier_worlds(bot: TheGameBot, playground: Playground) -> int:
    """End, without a word, the tables restored from the playground's database that belong to an earlier start: the
    database outlives the world, but that world's server and channels are gone, so nobody can reach those tables
    (and the bot would try to post their boards to channels that no longer exist). A game is recorded as abandoned,
    a lobby as expired, as `/game stop` would; nothing is posted. Returns how many were ended."""
    ended = 0
    for table in bot.games.active_tables():
        if table.guild_id != playground.guild.id:
            await bot.games.stop(table.id, 0, can_manage=True)
            ended += 1
    if ended:
        log.info("Ended %s tables of an earlier playground (their channels are gone)", ended)
    return ended


def setup_logging(settings: Settings) -> Path:
    """The whole log goes to a file beside the playground's database; the terminal only gets warnings and errors,
    so the page's address stays the one line to read."""
    log_file = settings.playground_database_path.with_suffix(".log")
    log_file.parent.mkdir(parents=True, exist_ok=True)
    formatter = logging.Formatter(
        "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
    )
    to_file = logging.FileHandler(log_file, mode="w", encoding="utf-8")
    to_file.setFormatter(formatter)
    to_terminal = logging.StreamHandler()
    to_terminal.setLevel(logging.WARNING)
    # discord.py warns that voice is unavailable (PyNaCl): the bot has no voice, and the playground none either.
    to_terminal.addFilter(lambda record: "voice will NOT be supported" not in record.getMessage())
    to_terminal.setFormatter(formatter)
    root = logging.getLogger()
    root.setLevel(getattr(logging, settings.log_level))
    root.addHandler(to_file)
    root.addHandler(to_terminal)
    # The emulator's own notes (each request, each gateway frame) are for debugging the emulator.
    logging.getLogger("bot.emulator").setLevel(max(logging.INFO, root.level))
    return log_file


async def serve(settings: Settings, *, reason: str) -> None:
    async with open_playground(settings) as running:
        print(f"{reason}: open {running.url} in your browser (Ctrl+C to stop).", flush=True)
        await asyncio.Event().wait()


def run_playground(settings: Settings, *, reason: str = "Playground") -> int:
    """``python -m bot`` without a token, or ``--playground``: run until Ctrl+C."""
    log_file = setup_logging(settings)
    try:
        asyncio.run(serve(settings, reason=reason))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(
            f"The playground could not start: {error} (PLAYGROUND_PORT chooses another port).",
            file=sys.stderr,
        )
        return 2
    except (RuntimeError, TimeoutError, discord.DiscordException) as error:
        print(f"The bot did not start in the playground: {error}. The log is in {log_file}.", file=sys.stderr)
        return 1
    return 0
