"""Run the real bot in a child process against an emulator (for tests that kill the process).

python -m tests.e2e.bot_process API_BASE GATEWAY_URL TOKEN DATABASE

The other settings come from the environment as for `python -m bot` (DATABASE_URL, SHARD_COUNT, SHARD_IDS,
DISCORD_API_URL, AI_TURN_DELAY_SECONDS, ...); the arguments win over it. A process refused because another one
already runs its shards prints why and exits with 3, like `python -m bot`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sys
from pathlib import Path


def main(api_base: str, gateway: str, token: str, database: str) -> int:
    from bot.app import create_bot
    from bot.config import Settings
    from bot.discord_api import use_discord_api
    from bot.emulator.discord_patch import point_discord_at
    from bot.storage.shard_lock import ShardsTaken

    logging.basicConfig(level=logging.ERROR)
    settings = dataclasses.replace(Settings.from_env(), token=token, database_path=Path(database))
    bot = create_bot(settings)
    bot._connection.guild_ready_timeout = 0.05

    async def no_delay(shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause between the IDENTIFYs of this process's shards (Discord's rate limit, not the emulator's)."""

    bot.before_identify_hook = no_delay  # type: ignore[method-assign]

    async def run() -> None:
        async with bot:
            await bot.start(token)

    with point_discord_at(api_base, gateway):
        if settings.discord_api_url is not None:
            use_discord_api(settings.discord_api_url)
        try:
            asyncio.run(run())
        except ShardsTaken as error:
            print(f"Not starting: {error}", file=sys.stderr)
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
