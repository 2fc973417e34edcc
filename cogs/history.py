"""/history: the last finished games of the channel (or server); choose one to see it and deal it again."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.errors import GameError
from bot.games.registry import rules_for
from bot.storage.stats import StatsStore
from bot.ui.answers import answering, require_guild
from bot.ui.history import HISTORY_SHOWN, game_embed, history_embed, history_option
from bot.ui.i18n import t
from bot.ui.member_names import member_names, seat_ids
from bot.ui.server_language import public_language


class HistorySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tg:hist:(?P<guild>\d+)"):
    """The menu under a /history message: anyone may choose a game; its summary is shown to them only."""

    def __init__(
        self, guild_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        self.guild_id = guild_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"tg:hist:{guild_id}",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistorySelect:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(int(match["guild"]), list(options))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(History.__cog_name__)
        values = self.item.values
        chosen = values[0] if values else ""
        # A game's number, as the menu offers it; anything else (a forged choice) is no game: "gone".
        game_id = int(chosen) if chosen.isascii() and chosen.isdigit() and len(chosen) <= 18 else 0
        await cog.show_game(interaction, self.guild_id, game_id)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tg:replay:(?P<guild>\d+):(?P<game>\d{1,18})"
):
    """Opens a new table in this channel with the chosen game's deal and rules."""

    def __init__(self, guild_id: int, game_id: int, *, label: str | None = None) -> None:
        self.guild_id = guild_id
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🔁", style=discord.ButtonStyle.primary,
                custom_id=f"tg:replay:{guild_id}:{game_id}",
            )
        )  # fmt: skip

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(int(match["guild"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(History.__cog_name__)
        await cog.replay(interaction, self.guild_id, self.game_id)


class History(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.store = StatsStore(bot.db)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HistorySelect, ReplayButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HistorySelect, ReplayButton)

    @app_commands.command(
        name="history", description="The last finished games of this channel, to see or replay"
    )
    @app_commands.guild_only()
    @app_commands.describe(server="Show the whole server's last games, not only this channel's")
    async def history(self, interaction: discord.Interaction[Any], server: bool = False) -> None:
        await self.show_history(interaction, everywhere=server)

    @answering
    async def show_history(self, interaction: discord.Interaction[Any], *, everywhere: bool) -> None:
        guild = require_guild(interaction)
        channel_id = None if everywhere else interaction.channel_id
        records = await self.store.history(guild.id, channel_id=channel_id, limit=HISTORY_SHOWN)
        names = await member_names(self.bot).resolve(guild, {u for r in records for u in seat_ids(r.seats)})
        locale = await public_language(self.bot.guild_settings, interaction)
        embed = history_embed(records, names, locale, channel_id=channel_id)
        if not records:
            await interaction.response.send_message(embed=embed)
            return
        view = discord.ui.View(timeout=None)
        options = [history_option(number, record, names, locale) for number, record in enumerate(records, 1)]
        view.add_item(HistorySelect(guild.id, options, t(locale, "history.placeholder")))
        await interaction.response.send_message(embed=embed, view=view)

    @answering
    async def show_game(self, interaction: discord.Interaction[Any], guild_id: int, game_id: int) -> None:
        guild = require_guild(interaction, guild_id)
        record = await self.store.game(guild.id, game_id)
        if record is None:
            raise GameError("history.gone")
        names = await member_names(self.bot).resolve(guild, seat_ids(record.seats))
        locale = str(interaction.locale)
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton(guild.id, record.id, label=t(locale, "history.replay_button")))
        await interaction.response.send_message(
            embed=game_embed(record, names, locale), view=view, ephemeral=True
        )

    @answering
    async def replay(self, interaction: discord.Interaction[Any], guild_id: int, game_id: int) -> None:
        guild = require_guild(interaction, guild_id)
        record = await self.store.game(guild.id, game_id)
        if record is None:
            raise GameError("history.gone")
        # The same deal with the same rules; never as a daily deal (the day's deal is played from /game new).
        options = rules_for(record.game).replay_options(record.variant)
        # The Game's expert rules have columns of their own (False for every other game).
        options |= {"three_cards": record.expert_minimum, "smaller_hand": record.expert_hand}
        await self.bot.controller.new_game(
            interaction, game=record.game, deal=record.deal_code, options=options
        )


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(History(bot))
