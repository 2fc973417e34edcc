"""The life of a bot process (`python -m bot`): start, serve, stop, and the exit status that says why it stopped.

- Start-up: the shards and the database first (a taken shard, a wrong DATABASE_URL: one line, status 3 or 5,
  before anything is sent to Discord), then Discord (unreachable: one line, status 6, after CONNECT_TIMEOUT_SECONDS
  of waiting for it; the bot's own set-up time does not count).
- SIGTERM or SIGINT (what Docker, systemd and Heroku send; Ctrl-C): a clean stop, status 0. New interactions are
  told to try again in a moment, the ones in flight are answered and saved, the gateway and the database close.
  The handlers are the event loop's, so the process also stops as PID 1 in a container, where an unhandled SIGTERM
  is ignored.
- Shards lost (the lock's database session ended, or a write was fenced off): it stops answering at once and exits
  with status 4, so that a supervisor starts it again, even when its shards never connected to Discord.

Statuses: bot/exit_codes.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import yarl
from discord.http import Route

from bot.exit_codes import ExitCode
from bot.storage.database import DatabaseUnavailable
from bot.storage.shard_lock import ShardsTaken

if TYPE_CHECKING:
    from bot.app import TheGameBot

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
# How often the start-up deadline is looked at.
DEADLINE_STEP = 0.1


class DiscordUnreachable(Exception):
    """Discord did not answer (or refused every connection) at start-up."""


def discord_base() -> str:
    """Where REST calls go (discord.com, or DISCORD_API_URL), for a message."""
    return str(yarl.URL(Route.BASE).with_user(None))


async def serve(bot: TheGameBot, token: str, say: Callable[[str], None]) -> ExitCode:
    """Run ``bot`` until it stops; ``say`` prints the one line that explains a stop that is not clean. The
    process's main coroutine: once the bot is closed, every task left is cancelled (`cancel_leftovers`)."""
    loop = asyncio.get_running_loop()
    stop_requested = asyncio.Event()
    installed = []
    for signum in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows; not the main thread
            loop.add_signal_handler(signum, stop_requested.set)
            installed.append(signum)
    try:
        async with bot:
            return await _serve(bot, token, stop_requested, say)
    finally:
        for signum in installed:
            loop.remove_signal_handler(signum)
        await cancel_leftovers()


async def cancel_leftovers(rounds: int = 3, limit: float = 2.0) -> None:
    """Cancel the tasks still running once the bot is closed (a board update, an AI turn that a lost pool failed
    under), and those their cancellation starts, while the loop still runs: `asyncio.run` cancels only the tasks
    that exist when it starts cleaning up, and a task started after that is destroyed pending (logged as an
    error)."""
    for _ in range(rounds):
        current = asyncio.current_task()
        left = [task for task in asyncio.all_tasks() if task is not current and not task.done()]
        if not left:
            return
        for task in left:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(limit):
                await asyncio.gather(*left, return_exceptions=True)


async def _serve(
    bot: TheGameBot, token: str, stop_requested: asyncio.Event, say: Callable[[str], None]
) -> ExitCode:
    try:
        if not await _unless_stopped(bot.open_storage(), stop_requested):
            return ExitCode.OK
        if not await _unless_stopped(wait_for_discord_api(bot.settings.connect_timeout), stop_requested):
            return ExitCode.OK
    except ShardsTaken as error:
        say(f"Not starting: {error}")
        return ExitCode.SHARDS_TAKEN
    except DatabaseUnavailable as error:
        say(f"Not starting: {error}")
        return ExitCode.DATABASE_UNREACHABLE
    except DiscordUnreachable as error:
        say(f"Not starting: {error}")
        return ExitCode.DISCORD_UNREACHABLE
    running = asyncio.create_task(bot.start(token))
    deadline = asyncio.create_task(_discord_deadline(bot, bot.settings.connect_timeout))
    stopping = asyncio.create_task(stop_requested.wait())
    lost = asyncio.create_task(bot.lost.wait())
    waiting = {running, deadline, stopping, lost}
    try:
        while True:
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if done != {deadline} or deadline.exception() is not None:
                break
            waiting.discard(deadline)  # connected in time: wait for the rest
        if bot.lost.is_set():
            running.cancel()
            await bot.close()
            say(
                "Stopped: this process lost its shards (the database session holding them ended, or another process"
                " took them over); start it again to take them back."
            )
            return ExitCode.SHARDS_LOST
        if stopping.done():
            log.info("Stopping: answering the interactions in flight, then closing")
            await bot.stop_gracefully()
            log.info("Stopped cleanly")
            return ExitCode.OK
        if deadline.done() and deadline.exception() is not None:
            running.cancel()
            say(f"Not starting: {deadline.exception()}")
            return ExitCode.DISCORD_UNREACHABLE
        return _ended(running, say)
    finally:
        for task in (running, deadline, stopping, lost):
            task.cancel()
        await asyncio.gather(running, deadline, stopping, lost, return_exceptions=True)


async def _unless_stopped(work: Coroutine[Any, Any, None], stop_requested: asyncio.Event) -> bool:
    """Run a start-up step; False (the step cancelled) when a stop is asked for first."""
    step = asyncio.create_task(work)
    stopping = asyncio.create_task(stop_requested.wait())
    try:
        await asyncio.wait({step, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    if step.done():
        step.result()  # its error, if any
        return True
    step.cancel()
    await asyncio.gather(step, return_exceptions=True)
    log.info("Stopped while starting")
    return False


def _ended(running: asyncio.Task[None], say: Callable[[str], None]) -> ExitCode:
    """The status of a bot whose `start` returned or raised by itself."""
    error = running.exception()
    if error is None:
        return ExitCode.OK
    if isinstance(error, ShardsTaken):
        say(f"Not starting: {error}")
        return ExitCode.SHARDS_TAKEN
    if isinstance(error, DatabaseUnavailable):
        say(f"Not starting: {error}")
        return ExitCode.DATABASE_UNREACHABLE
    if isinstance(error, discord.LoginFailure):
        say("Discord refused the token in DISCORD_TOKEN: reset it in the developer portal and update .env.")
        return ExitCode.CONFIGURATION
    if isinstance(error, discord.PrivilegedIntentsRequired):
        say(
            "Discord refused the connection because the MESSAGE CONTENT intent is not enabled. Turn it on in the "
            "developer portal (your app -> Bot -> Privileged Gateway Intents), then run the bot again."
        )
        return ExitCode.CONFIGURATION
    if isinstance(
        error, aiohttp.ClientError | OSError | discord.GatewayNotFound | discord.DiscordServerError
    ):
        why = "it did not answer in time" if isinstance(error, TimeoutError) else f"{error}"
        say(
            f"Cannot reach Discord at {discord_base()}: {' '.join(why.split())}. Check the network and DISCORD_API_URL."
        )
        return ExitCode.DISCORD_UNREACHABLE
    if isinstance(error, discord.ConnectionClosed):
        say(f"Discord closed the connection (code {error.code}) and it could not be opened again.")
        return ExitCode.DISCORD_UNREACHABLE
    raise error


async def wait_for_discord_api(limit: float) -> None:
    """Until Discord's REST address (or DISCORD_API_URL's proxy, which may start after the bot) accepts a
    connection; `DiscordUnreachable` after ``limit`` seconds. Nothing is sent: the connection is only opened."""
    url = yarl.URL(Route.BASE)
    host, port = url.host or "discord.com", url.port or (443 if url.scheme == "https" else 80)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    while True:
        try:
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancellation that comes as the
            # connection fails, and a SIGTERM during this wait went unheard.
            async with asyncio.timeout(max(0.1, deadline - loop.time())):
                _reader, writer = await asyncio.open_connection(host, port)
        except (OSError, TimeoutError) as error:
            if loop.time() >= deadline:
                why = "no answer" if isinstance(error, TimeoutError) else (error.strerror or str(error))
                raise DiscordUnreachable(
                    f"Cannot reach Discord at {discord_base()}: {why} (for {limit:g} s). Check the network and"
                    " DISCORD_API_URL (or CONNECT_TIMEOUT_SECONDS)."
                ) from None
            await asyncio.sleep(min(0.5, max(0.0, deadline - loop.time())))
            continue
        writer.close()
        return


async def _discord_deadline(bot: TheGameBot, limit: float) -> None:
    """Raise `DiscordUnreachable` when no shard connected after ``limit`` seconds of waiting for Discord (the
    time the bot spends in its own set-up, between logging in and connecting, does not count)."""
    loop = asyncio.get_running_loop()
    waited, last = 0.0, loop.time()
    while not bot.connected_once.is_set():
        await asyncio.sleep(DEADLINE_STEP)
        now = loop.time()
        if not bot.setting_up:
            waited += now - last
        last = now
        if waited >= limit:
            if bot.user is None:
                raise DiscordUnreachable(
                    f"Discord ({discord_base()}) did not answer within {limit:g} s. Check the network and"
                    " DISCORD_API_URL (or CONNECT_TIMEOUT_SECONDS)."
                )
            raise DiscordUnreachable(
                f"Discord's gateway accepted no connection within {limit:g} s. Check the network (or"
                " CONNECT_TIMEOUT_SECONDS)."
            )


def run(bot: TheGameBot, token: str, say: Callable[[str], None]) -> ExitCode:
    """`serve` on a new event loop (uvloop when `bot.event_loop.use_fast_event_loop` chose it)."""
    return asyncio.run(serve(bot, token, say))
