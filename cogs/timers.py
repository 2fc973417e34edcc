"""The table timers: lobbies that close themselves, reminders for idle players, games left waiting that end."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.app import TheGameBot
from bot.service.games import Change

log = logging.getLogger(__name__)


class Timers(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.check.change_interval(seconds=bot.settings.timer_interval)

    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @tasks.loop(seconds=30)
    async def check(self) -> None:
        for fired in await self.bot.games.tick():
            if fired.kind == "lobby_expired":
                self.bot.display.announce_end(fired.table)
                self.bot.display.forget_table(fired.table.id)
            elif fired.kind == "turn_reminder":
                await self.bot.display.remind(fired.table)
            elif fired.kind == "idle_ended":  # as a vote's end: the summary, the channel told, hands closed
                self.bot.controller.after_change(Change(fired.table))

    @check.before_loop
    async def wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    @check.error
    async def on_check_error(self, error: BaseException) -> None:
        log.error("The table timer failed; it will run again", exc_info=error)
        if not self.check.is_running():
            self.check.restart()


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Timers(bot))
