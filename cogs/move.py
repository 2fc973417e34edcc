"""/move: a move typed on the keyboard, for the games played on the table itself (Klondike, Crapette)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.ui.game_ui import ui_for


class MoveCommands(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Make a move on the table (Klondike, Crapette)")
    @app_commands.describe(move="The move, e.g. w>c3 (start typing: the legal moves are suggested)")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], move: app_commands.Range[str, 1, 20]) -> None:
        await self.bot.controller.move_command(interaction, str(move))

    @move.autocomplete("move")
    async def move_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.bot.games.in_channel(interaction.channel_id or 0)
        if table is None or table.session is None:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        return ui_for(table).move_suggestions(table, seat, str(current), str(interaction.locale))


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(MoveCommands(bot))
