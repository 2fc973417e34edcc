"""/game new|join|leave|start|stop|addbot and /board: the table's life cycle."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.new_options import NEW_OPTIONS
from bot.games.registry import GAMES
from bot.ui.i18n import t

# Every registered game, by its English name (French through each game's `locales/commands.fr.json`).
GAME_CHOICES = [app_commands.Choice(name=t("en", f"game.{key}.name"), value=key) for key in GAMES]


class GameCommands(commands.Cog):
    game = app_commands.Group(
        name="game", description="Start, join and manage a card game in this channel", guild_only=True
    )

    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot

    @property
    def controller(self) -> Any:
        return self.bot.controller

    @game.command(name="new", description="Open a new table in this channel")
    @app_commands.describe(
        game="Which game (left out: the game of the options you chose, else The Game)",
        **{name: option.description for name, option in NEW_OPTIONS.items()},
        deal="A deal code (eight letters) to replay a given deal",
        daily="Today's deal: every table in the server plays the same cards",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        **{
            name: [app_commands.Choice(name=english, value=value) for english, value in option.choices]
            for name, option in NEW_OPTIONS.items()
            if option.choices
        },
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
        three_cards: bool = False,
        smaller_hand: bool = False,
        full_cycle: bool = False,
        early_end: bool = False,
        draw_one: bool = False,
        any_colour: bool = False,
        team_play: app_commands.Choice[str] | None = None,
        strict: bool = False,
        opponent_build: app_commands.Choice[str] | None = None,
        deal: app_commands.Range[str, 1, 32] | None = None,
        daily: bool = False,
    ) -> None:
        options = {
            "three_cards": three_cards,
            "smaller_hand": smaller_hand,
            "full_cycle": full_cycle,
            "early_end": early_end,
            "draw_one": draw_one,
            "any_colour": any_colour,
            "team_play": team_play.value if team_play else None,
            "strict": strict,
            "opponent_build": opponent_build.value if opponent_build else None,
        }
        await self.controller.new_game(
            interaction,
            game=game.value if game else None,  # left out: the game of the options chosen, else The Game
            options=options,
            deal=deal,
            daily=daily,
        )

    @game.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.join(interaction)

    @game.command(name="leave", description="Leave the table in this channel before the game starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.leave(interaction)

    @game.command(name="start", description="Deal the cards and start the game")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.start(interaction)

    @game.command(name="addbot", description="Seat an AI player at the table")
    async def addbot(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.add_ai(interaction)

    @game.command(
        name="stop", description="End the game in this channel now (a rated game counts as a loss for you)"
    )
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.stop(interaction)

    @app_commands.command(
        name="board", description="Post the game's board again at the bottom of the channel"
    )
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await self.controller.repost_board(interaction)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """Someone deleted a board: post it again, so the table never loses its board."""
        table = self.bot.games.in_channel(payload.channel_id)
        if table is not None and table.board_message_id == payload.message_id:
            # As a public update of its own: `settle` (tests, shutdown) waits for it like the others.
            self.bot.display.spawn(self.bot.display.post_board(table))


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(GameCommands(bot))
