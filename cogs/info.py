"""/rules: a game's rules, privately, in the reader's language (the game of this channel's table by default)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.registry import DEFAULT_GAME
from bot.ui.game_ui import ui_for_key
from cogs.game import GAME_CHOICES


class Info(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot

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
        title, body = ui_for_key(key).rules(interaction.locale)
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.blurple())
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Info(bot))
