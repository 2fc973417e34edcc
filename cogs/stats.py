"""/stats [member] [private] [forget]: a player's record in this server (yours when you name nobody), with a chart;
`forget:True` anonymises your own games, after a confirmation.

One command rather than a group (`/stats player`, `/stats forget`): Discord cannot run a group without one of its
subcommands, so `/stats` alone, the command `/help` names, answered "needs one of: player, forget"."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.errors import GameError
from bot.games.registry import DEFAULT_GAME, GAMES
from bot.storage.ratings import RatingStore
from bot.storage.solitaire import SolitaireStore
from bot.storage.stats import StatsStore
from bot.ui.answers import answering, require_guild
from bot.ui.chart import results_chart
from bot.ui.format import plural
from bot.ui.i18n import t
from bot.ui.member_names import member_names
from bot.ui.player_stats import CHART_FILE, chart_labels, chart_points, stats_embed, stats_names_needed
from bot.ui.ratings import ratings_text, solitaire_text
from bot.ui.server_language import public_language

# The cooperative games other than The Game (Klondike): `/stats` gives each a line of wins and games, the way
# `/leaderboard` ranks them apart from The Game's teams.
SOLITAIRE_GAMES = tuple(key for key, rules in GAMES.items() if rules.cooperative and key != DEFAULT_GAME)


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tg:forget:(?P<guild>\d+):(?P<user>\d+):(?P<choice>yes|no)",
):
    """The confirmation of `/stats forget:True`: only the player who asked can press it."""

    def __init__(self, guild_id: int, user_id: int, confirm: bool, *, label: str | None = None) -> None:
        self.guild_id = guild_id
        self.user_id = user_id
        self.confirm = confirm
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"tg:forget:{guild_id}:{user_id}:{'yes' if confirm else 'no'}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["guild"]), int(match["user"]), match["choice"] == "yes")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(Stats.__cog_name__)
        await cog.confirm_forget(interaction, self.guild_id, self.user_id, self.confirm)


class Stats(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.store = StatsStore(bot.db)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ForgetButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ForgetButton)

    @app_commands.command(
        name="stats", description="A player's record here: games, best result, teammates, a chart"
    )
    @app_commands.describe(
        member="Whose record (yours if you leave it out)",
        private="Only you see the answer",
        forget="Erase your own stats in this server (you confirm first)",
    )
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None = None,
        private: bool = False,
        forget: bool = False,
    ) -> None:
        if forget:
            await self.ask_forget(interaction, member)
        else:
            await self.show(interaction, member or interaction.user, private=private)

    @answering
    async def show(
        self, interaction: discord.Interaction[Any], member: discord.abc.User, *, private: bool
    ) -> None:
        guild = require_guild(interaction)
        stats = await self.store.player_stats(guild.id, member.id)
        names = member_names(self.bot)
        names.remember(member)
        resolved = await names.resolve(guild, stats_names_needed(stats))
        if private:
            locale = str(interaction.locale)
        else:
            locale = await public_language(self.bot.guild_settings, interaction)
        chart = chart_points(stats, locale)
        rating_store = RatingStore(self.bot.db)
        ratings = await rating_store.player(guild.id, member.id)
        embed = stats_embed(stats, resolved, locale, name=member.display_name, with_chart=bool(chart))
        others = []
        if ratings:
            recent = await rating_store.recent_places(guild.id, member.id)
            others.append(ratings_text(ratings, locale, recent))
        for key in SOLITAIRE_GAMES:  # a line per solitaire game played (Klondike)
            record = await SolitaireStore(self.bot.db).player(guild.id, member.id, key)
            if record is not None:
                others.append(solitaire_text(key, record, locale))
        if others:
            heading = "stats.other_games"  # besides The Game's, above
            if stats.games == 0:
                embed.description = None
                heading = "stats.games_heading"
            embed.add_field(name=t(locale, heading), value="\n".join(others), inline=False)
        if not chart:
            await interaction.response.send_message(embed=embed, ephemeral=private)
            return
        png = await asyncio.to_thread(results_chart, chart, chart_labels(locale))
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png), filename=CHART_FILE), ephemeral=private
        )

    @answering
    async def ask_forget(
        self, interaction: discord.Interaction[Any], member: discord.abc.User | None
    ) -> None:
        guild = require_guild(interaction)
        user = interaction.user
        if member is not None and member.id != user.id:
            raise GameError("stats.forget_only_yours")
        locale = str(interaction.locale)
        games = await self.store.count_player_games(guild.id, user.id)
        if not games:
            # No stats, but maybe traces all the same (a lobby they opened and left, a number said): gone too.
            await self.store.forget_player(guild.id, user.id)
            await interaction.response.send_message(t(locale, "stats.forget_nothing"), ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(guild.id, user.id, True, label=t(locale, "stats.forget_button")))
        view.add_item(ForgetButton(guild.id, user.id, False, label=t(locale, "stats.keep_button")))
        await interaction.response.send_message(
            plural(locale, "stats.forget_prompt", games), view=view, ephemeral=True
        )

    @answering
    async def confirm_forget(
        self, interaction: discord.Interaction[Any], guild_id: int, user_id: int, confirm: bool
    ) -> None:
        guild = require_guild(interaction, guild_id)
        if interaction.user.id != user_id:
            raise GameError("stats.forget_not_yours")
        locale = str(interaction.locale)
        if not confirm:
            await interaction.response.edit_message(content=t(locale, "stats.kept"), view=None)
            return
        games = await self.store.forget_player(guild.id, user_id)
        await interaction.response.edit_message(content=plural(locale, "stats.forgotten", games), view=None)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Stats(bot))
