"""Run the real bot in a child process against an emulator (for tests that kill or stop the process).

python -m tests.e2e.bot_process API_BASE GATEWAY_URL TOKEN DATABASE

The other settings come from the environment as for `python -m bot` (DATABASE_URL, SHARD_COUNT, SHARD_IDS,
DISCORD_API_URL, AI_TURN_DELAY_SECONDS, CONNECT_TIMEOUT_SECONDS, ...); the arguments win over it. It runs as
`python -m bot` does (`bot/process.py`): a refused process prints why and exits with its status (3: shards taken,
5: database unreachable, ...), SIGTERM stops it cleanly with 0, a process that lost its shards exits with 4.
For tests only: THEGAME_TEST_HEARTBEAT="interval,timeout" shortens the shard lock's heartbeat (seconds); SIGUSR1
writes every thread's stack to stderr.
"""

from __future__ import annotations

import asyncio
import dataclasses
import faulthandler
import logging
import os
import signal
import sys
from pathlib import Path


def main(api_base: str, gateway: str, token: str, database: str) -> int:
    from bot.app import create_bot
    from bot.config import Settings
    from bot.discord_api import use_discord_api
    from bot.emulator.discord_patch import point_discord_at
    from bot.logs import setup_logging
    from bot.process import serve
    from bot.storage import shard_lock

    setup_logging(logging.ERROR, secrets=[token])  # as `python -m bot` logs, at ERROR
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # a test that finds it stuck can ask where
    heartbeat = os.environ.get("THEGAME_TEST_HEARTBEAT")
    if heartbeat:
        interval, timeout = heartbeat.split(",")
        shard_lock.HEARTBEAT_INTERVAL, shard_lock.HEARTBEAT_TIMEOUT = float(interval), float(timeout)
    settings = dataclasses.replace(Settings.from_env(), token=token, database_path=Path(database))
    bot = create_bot(settings)
    bot._connection.guild_ready_timeout = 0.05

    async def no_delay(shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause between the IDENTIFYs of this process's shards (Discord's rate limit, not the emulator's)."""

    bot.before_identify_hook = no_delay  # type: ignore[method-assign]

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    with point_discord_at(api_base, gateway):
        if settings.discord_api_url is not None:
            use_discord_api(settings.discord_api_url)
        return int(asyncio.run(serve(bot, token, say)))


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
