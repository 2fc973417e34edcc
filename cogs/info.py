"""/rules: a game's rules, privately, in the reader's language (the game of this channel's table by default);
/help: how to start, the games and every command, privately.

Also learns the synced commands' ids once connected, so texts can mention commands as clickable links
(`</partie nouvelle:123>`, see `bot.ui.i18n`); until then, and if that fails, they show as plain `/partie nouvelle`.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.registry import DEFAULT_GAME
from bot.ui.game_ui import ui_for_key
from bot.ui.help import help_embed
from bot.ui.i18n import set_command_ids
from cogs.game import GAME_CHOICES

log = logging.getLogger(__name__)


class Info(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.command_ids_known = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once per start: the ids of the commands as Discord knows them (one request)."""
        if self.command_ids_known:
            return
        self.command_ids_known = True
        guild_id = self.bot.settings.dev_guild_id
        try:
            synced = await self.bot.tree.fetch_commands(
                guild=discord.Object(id=guild_id) if guild_id is not None else None
            )
        except (discord.HTTPException, aiohttp.ClientError) as error:  # e.g. closing down at that moment
            log.warning("Could not fetch the commands' ids; commands show as plain text: %s", error)
            return
        set_command_ids({command.name: command.id for command in synced})

    @app_commands.command(
        name="help", description="How to start a game, the games and every command (only you see it)"
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        buttons = await self.bot.controller.public_buttons(interaction)
        await interaction.response.send_message(embed=help_embed(interaction.locale, buttons), ephemeral=True)

    @app_commands.command(name="rules", description="Read the rules of a game (only you see them)")
    @app_commands.describe(game="Which game (the one at this channel's table if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str] | None = None
    ) -> None:
        key = game.value if game else None
        if key is None:
            table = self.bot.games.in_channel(interaction.channel_id or 0)
            key = table.game_key if table is not None else DEFAULT_GAME
        buttons = await self.bot.controller.public_buttons(interaction)
        title, body = ui_for_key(key).rules(interaction.locale, buttons)
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.blurple())
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Info(bot))
