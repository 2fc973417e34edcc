"""The Activity: its web server (when the bot has one: `DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`), and the
entry point command of the App Launcher, answered with the launch-activity response."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.activity.entry_point import is_entry_point
from bot.activity.identity import DiscordIdentity
from bot.activity.server import ActivityServer
from bot.app import TheGameBot
from bot.ui.activity_button import launch_activity

log = logging.getLogger(__name__)


class Activity(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.server: ActivityServer | None = None
        self.port: int | None = None
        self._previous_check = bot.tree.interaction_check

    async def cog_load(self) -> None:
        # The entry point command is not one of the tree's commands: the tree leaves it to `on_interaction`.
        self.bot.tree.interaction_check = self.tree_check  # type: ignore[method-assign]
        settings = self.bot.settings
        if not settings.activity_enabled:
            return
        assert settings.activity_client_id is not None
        identity = DiscordIdentity(
            api_base=settings.activity_api_base,
            client_id=settings.activity_client_id,
            client_secret=settings.activity_client_secret,
            bot_token=lambda: self.bot.http.token or "",
        )
        self.server = ActivityServer(
            self.bot,
            identity,
            client_id=settings.activity_client_id,
            public_url=settings.activity_public_url,
            frame_ancestors=settings.activity_frame_ancestors,
        )
        if settings.activity_port is not None:
            self.port = await self.server.start(settings.activity_host, settings.activity_port)
            where = settings.activity_public_url or f"http://{settings.activity_host}:{self.port}"
            log.info("The Activity is served at %s (Discord's URL mapping must point there)", where)

    async def cog_unload(self) -> None:
        self.bot.tree.interaction_check = self._previous_check  # type: ignore[method-assign]
        if self.server is not None:
            await self.server.close()

    async def tree_check(self, interaction: discord.Interaction[Any]) -> bool:
        return not is_entry_point(interaction)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if is_entry_point(interaction):
            await launch_activity(interaction)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Activity(bot))
