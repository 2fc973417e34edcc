"""The single place where slash-command errors become a private, one-sentence answer."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.controller import apologise, send_private
from bot.ui.i18n import t


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            key = "error.guild_only"
        elif isinstance(error, app_commands.TransformerError):
            key = "error.bad_option"
        elif isinstance(error, app_commands.MissingPermissions):
            key = "error.guild_manage"
        elif isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            key = "error.stale_command"
        else:
            original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
            await apologise(interaction, original)
            return
        await send_private(interaction, t(interaction.locale, key))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
