"""/play, /endturn and /hand: playing from the keyboard, with the card autocompleted from your own hand."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.thegame.engine import Status

PILES = [
    app_commands.Choice(name=f"{name} {arrow}", value=name)
    for name, arrow in zip("ABCD", "▲▲▼▼", strict=True)
]


class PlayCommands(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play a card from your hand on a pile")
    @app_commands.describe(card="The card to play (start typing: your hand is suggested)", pile="The pile")
    @app_commands.choices(pile=PILES)
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: app_commands.Range[int, 2, 99],
        pile: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.controller.play(interaction, None, card, pile.value if pile else None)

    @play.autocomplete("card")
    async def card_suggestions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's own cards, each with the piles it fits (↩ backwards move); nothing for anyone else."""
        table = self.bot.games.in_channel(interaction.channel_id or 0)
        if table is None or table.game is None:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        game = table.game
        my_turn = game.current_player == seat and game.status is Status.PLAYING
        fits: dict[int, list[str]] = {}
        if my_turn:
            for option in game.legal_plays():
                fits.setdefault(option.card, []).append(option.pile + ("↩" if option.backwards else ""))
        typed = current.strip()
        choices = []
        for value in game.hand(seat):
            if typed and not str(value).startswith(typed):
                continue
            where = ", ".join(fits.get(value, [])) if my_turn else ""
            name = f"{value} → {where}" if where else (f"{value} ✗" if my_turn else str(value))
            choices.append(app_commands.Choice(name=name, value=value))
        return choices[:25]

    @app_commands.command(name="endturn", description="End your turn and draw back up to your hand size")
    @app_commands.guild_only()
    async def endturn(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.end_turn(interaction)

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
