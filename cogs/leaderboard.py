"""/leaderboard: the server's teams ranked, ten a page, with filters; anyone can page the public message."""

from __future__ import annotations

import dataclasses
import datetime
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.registry import DEFAULT_GAME, rules_for
from bot.storage.ratings import RatingStore
from bot.storage.solitaire import SolitaireStore
from bot.storage.stats import LeaderboardFilters, LeaderboardPage, StatsStore
from bot.ui.answers import answering, require_guild, send_private
from bot.ui.i18n import command_name, t
from bot.ui.leaderboard import (
    LEADERBOARD_TEMPLATE,
    leaderboard_custom_id,
    leaderboard_embed,
    leaderboard_names_needed,
    parse_leaderboard_id,
)
from bot.ui.member_names import member_names
from bot.ui.ratings import (
    RATING_TEMPLATE,
    parse_rating_id,
    rating_custom_id,
    rating_embed,
    rating_names_needed,
    solitaire_embed,
)
from bot.ui.server_language import public_language
from cogs.game import GAME_CHOICES


def today() -> str:
    """The daily deal's date: the UTC day, as the daily seed uses."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE):
    """Shows another page (or the other section: teams with or without AI) of a leaderboard message."""

    def __init__(
        self,
        guild_id: int,
        page: int,
        filters: LeaderboardFilters,
        *,
        label: str | None = None,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        self.guild_id = guild_id
        self.page = page
        self.filters = filters
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
                custom_id=leaderboard_custom_id(guild_id, page, filters),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        return cls(*parse_leaderboard_id(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(Leaderboard.__cog_name__)
        await cog.show(interaction, self.page, self.filters, guild_id=self.guild_id, edit=True)


def leaderboard_view(guild_id: int, page: LeaderboardPage, locale: str) -> discord.ui.View:
    filters = page.filters
    view = discord.ui.View(timeout=None)
    view.add_item(
        LeaderboardButton(
            guild_id, max(0, page.page - 1), filters, emoji="◀", label=t(locale, "lb.button.previous"),
            disabled=page.page == 0,
        )
    )  # fmt: skip
    view.add_item(
        LeaderboardButton(
            guild_id, page.page + 1, filters, emoji="▶", label=t(locale, "lb.button.next"),
            disabled=page.page + 1 >= page.page_count,
        )
    )  # fmt: skip
    other = dataclasses.replace(filters, ai=not filters.ai)
    view.add_item(
        LeaderboardButton(
            guild_id, 0, other, emoji="👥" if filters.ai else "🤖",
            label=t(locale, "lb.button.humans" if filters.ai else "lb.button.ai"),
        )
    )  # fmt: skip
    return view


class RatingButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=RATING_TEMPLATE):
    """Turns the page of a competitive game's leaderboard (anyone may, also after a restart)."""

    def __init__(
        self, guild_id: int, game: str, page: int, *, emoji: str | None = None, disabled: bool = False
    ) -> None:
        self.guild_id = guild_id
        self.game = game
        self.page = page
        super().__init__(
            discord.ui.Button(
                emoji=emoji,
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
                custom_id=rating_custom_id(guild_id, game, page),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RatingButton:
        return cls(*parse_rating_id(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(Leaderboard.__cog_name__)
        await cog.show_ratings(interaction, self.game, self.page, guild_id=self.guild_id, edit=True)


class Leaderboard(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.store = StatsStore(bot.db)
        self.ratings = RatingStore(bot.db)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardButton, RatingButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardButton, RatingButton)

    @app_commands.command(name="leaderboard", description="The server's best players and teams, per game")
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game (The Game if left out)",
        players="Only games with this many players (AI seats included)",
        variant="Only standard or only expert games",
        daily="Only today's daily deal",
        ai="Teams with AI teammates (they are ranked apart from all-human teams)",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        variant=[
            app_commands.Choice(name="standard", value="standard"),
            app_commands.Choice(name="expert", value="expert"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
        players: app_commands.Range[int, 1, 5] | None = None,
        variant: app_commands.Choice[str] | None = None,
        daily: bool = False,
        ai: bool = False,
    ) -> None:
        key = game.value if game is not None else DEFAULT_GAME
        filtered = [name for name, value in (("players", players), ("variant", variant), ("daily", daily),
                                              ("ai", ai)) if value not in (None, False)]  # fmt: skip
        if key != DEFAULT_GAME and filtered:  # they were silently dropped
            locale = interaction.locale
            option, name = command_name(locale, filtered[0]), t(locale, f"game.{key}.name")
            await send_private(interaction, t(locale, "lb.filters_the_game_only", option=option, game=name))
            return
        if not rules_for(key).cooperative:
            await self.show_ratings(interaction, key, 0, edit=False)
            return
        if key != DEFAULT_GAME:
            await self.show_solitaire(interaction, key)
            return
        filters = LeaderboardFilters(
            players=players,
            variant=variant.value if variant is not None else None,
            daily=today() if daily else None,
            ai=ai,
        )
        await self.show(interaction, 0, filters, edit=False)

    @answering
    async def show(
        self,
        interaction: discord.Interaction[Any],
        page: int,
        filters: LeaderboardFilters,
        *,
        guild_id: int | None = None,
        edit: bool,
    ) -> None:
        """Post the leaderboard, or update the message whose button was clicked; the stars mark the teams of
        whoever asked last."""
        guild = require_guild(interaction, guild_id)
        viewer = interaction.user
        result = await self.store.leaderboard(guild.id, filters, page=page, viewer_id=viewer.id)
        names = member_names(self.bot)
        names.remember(viewer)
        resolved = await names.resolve(guild, leaderboard_names_needed(result))
        locale = await public_language(self.bot.guild_settings, interaction)
        content: dict[str, Any] = {
            "embed": leaderboard_embed(
                result, resolved, locale, guild_name=guild.name, viewer_id=viewer.id,
                viewer_name=viewer.display_name,
            ),
            "view": leaderboard_view(guild.id, result, locale),
        }  # fmt: skip
        if edit:
            await interaction.response.edit_message(**content)
        else:
            await interaction.response.send_message(**content)

    @answering
    async def show_ratings(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        page: int,
        *,
        guild_id: int | None = None,
        edit: bool,
    ) -> None:
        """A competitive game's players ranked by rating (AI seats never appear)."""
        guild = require_guild(interaction, guild_id)
        rules_for(game)
        viewer = interaction.user
        result = await self.ratings.leaderboard(guild.id, game, page=page, viewer_id=viewer.id)
        names = member_names(self.bot)
        names.remember(viewer)
        resolved = await names.resolve(guild, rating_names_needed(result))
        locale = await public_language(self.bot.guild_settings, interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(
            RatingButton(guild.id, game, max(0, result.page - 1), emoji="◀", disabled=result.page == 0)
        )
        view.add_item(
            RatingButton(
                guild.id, game, result.page + 1, emoji="▶", disabled=result.page + 1 >= result.page_count
            )
        )
        content: dict[str, Any] = {
            "embed": rating_embed(
                result,
                resolved,
                locale,
                guild_name=guild.name,
                viewer_id=viewer.id,
                viewer_name=viewer.display_name,
            ),
            "view": view,
        }
        if edit:
            await interaction.response.edit_message(**content)
        else:
            await interaction.response.send_message(**content)

    @answering
    async def show_solitaire(self, interaction: discord.Interaction[Any], game: str) -> None:
        """A solitaire's best players per deal type (wins, win rate, fewest moves, fastest win)."""
        guild = require_guild(interaction)
        standings = await SolitaireStore(self.bot.db).leaderboard(guild.id, game)
        names = member_names(self.bot)
        names.remember(interaction.user)
        resolved = await names.resolve(guild, {standing.user_id for standing in standings})
        locale = await public_language(self.bot.guild_settings, interaction)
        embed = solitaire_embed(
            standings, resolved, locale, game=game, guild_name=guild.name, viewer_id=interaction.user.id
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Leaderboard(bot))
