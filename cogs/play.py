"""/play, /endturn, /hint and /hand: playing from the keyboard, with the card autocompleted from your own hand."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.ui.game_ui import ui_for

PILES = [
    app_commands.Choice(name=f"{name} {arrow}", value=name)
    for name, arrow in zip("ABCD", "▲▲▼▼", strict=True)
]


class PlayCommands(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play a card from your hand")
    @app_commands.describe(
        card="The card to play, e.g. 45 or Q♠ (start typing: your hand is suggested)",
        pile="The Game: the pile (may be left out when only one pile fits)",
    )
    @app_commands.choices(pile=PILES)
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: app_commands.Range[str, 1, 12],
        pile: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.controller.play_command(interaction, str(card), pile.value if pile else None)

    @play.autocomplete("card")
    async def card_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's own cards, the game's way; nothing for anyone who is not seated."""
        table = self.bot.games.in_channel(interaction.channel_id or 0)
        if table is None or table.session is None:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        return ui_for(table).autocomplete(table, seat, str(current))

    @app_commands.command(name="endturn", description="The Game: end your turn and draw back up")
    @app_commands.guild_only()
    async def endturn(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.end_turn_command(interaction)

    @app_commands.command(name="hint", description="Ask the AI privately what it would play now")
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.hint(interaction)

    @app_commands.command(name="hand", description="Show your hand privately")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.show_hand(interaction)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(PlayCommands(bot))
