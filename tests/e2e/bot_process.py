"""Run the real bot in a child process against an emulator (for tests that kill the process).

python -m tests.e2e.bot_process API_BASE GATEWAY_URL TOKEN DATABASE
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path


def main(api_base: str, gateway: str, token: str, database: str) -> None:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.app import create_bot
    from bot.config import Settings

    logging.basicConfig(level=logging.ERROR)
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    bot = create_bot(Settings(token=token, database_path=Path(database)))
    bot._connection.guild_ready_timeout = 0.05

    async def run() -> None:
        async with bot:
            await bot.start(token)

    asyncio.run(run())


if __name__ == "__main__":
    main(*sys.argv[1:5])
