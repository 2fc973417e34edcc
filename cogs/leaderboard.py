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
from bot.storage.stats import LeaderboardFilters, LeaderboardPage, StatsStore
from bot.ui.i18n import t
from bot.ui.leaderboard import (
    LEADERBOARD_TEMPLATE,
    answering,
    leaderboard_custom_id,
    leaderboard_embed,
    leaderboard_names_needed,
    member_names,
    parse_leaderboard_id,
    public_locale,
    require_guild,
)


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


class Leaderboard(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.store = StatsStore(bot.db)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeaderboardButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeaderboardButton)

    @app_commands.command(
        name="leaderboard", description="The server's best teams: fewest cards left, then wins"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        players="Only games with this many players (AI seats included)",
        variant="Only standard or only expert games",
        daily="Only today's daily deal",
        ai="Teams with AI teammates (they are ranked apart from all-human teams)",
    )
    @app_commands.choices(
        variant=[
            app_commands.Choice(name="standard", value="standard"),
            app_commands.Choice(name="expert", value="expert"),
        ]
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        players: app_commands.Range[int, 1, 5] | None = None,
        variant: app_commands.Choice[str] | None = None,
        daily: bool = False,
        ai: bool = False,
    ) -> None:
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
        locale = public_locale(interaction)
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


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Leaderboard(bot))
