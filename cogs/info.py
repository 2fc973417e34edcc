"""/rules: the rules of The Game, privately, in the reader's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.i18n import t


class Info(commands.Cog):
    @app_commands.command(name="rules", description="Read the rules of The Game (only you see them)")
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        locale = interaction.locale
        embed = discord.Embed(
            title=t(locale, "rules.title"),
            description=t(locale, "rules.body"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info())
