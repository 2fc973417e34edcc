"""/settings (Manage Server): the language of public messages, the chat rule, hints, and erasing the server's game
history."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.errors import GameError
from bot.languages import LANGUAGE_NAMES
from bot.storage.settings import ChatRuleMode
from bot.storage.stats import StatsStore
from bot.ui.answers import answering, require_guild
from bot.ui.format import plural
from bot.ui.i18n import t
from bot.ui.server_language import language_for
from bot.ui.settings_panel import settings_embed


class SettingsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tg:settings:(?P<action>erase|erase_yes|back):(?P<guild>\d+)",
):
    """The settings panel's buttons: erase the history (asks first), confirm, or go back to the panel."""

    def __init__(self, action: str, guild_id: int, *, label: str | None = None) -> None:
        self.action = action
        self.guild_id = guild_id
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary if action == "back" else discord.ButtonStyle.danger,
                custom_id=f"tg:settings:{action}:{guild_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SettingsButton:
        return cls(match["action"], int(match["guild"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(Settings.__cog_name__)
        await cog.press(interaction, self.action, self.guild_id)


class Settings(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        self.store = StatsStore(bot.db)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SettingsButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SettingsButton)

    @app_commands.command(name="settings", description="See or change the bot's settings for this server")
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        language="The language of the bot's public messages here: lobbies, boards, summaries",
        chat_rule="What the bot does when someone says a number in a game's channel",
        everyone="The chat rule applies to everyone in a game's channel, not only its players",
        hints="Players may ask for hints",
    )
    @app_commands.choices(
        # Each language by its own name, in every language (a German reads "Deutsch" in an English menu).
        language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()],
        chat_rule=[
            app_commands.Choice(name="warn", value="warn"),
            app_commands.Choice(name="delete", value="delete"),
            app_commands.Choice(name="off", value="off"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        language: app_commands.Choice[str] | None = None,
        chat_rule: app_commands.Choice[str] | None = None,
        everyone: bool | None = None,
        hints: bool | None = None,
    ) -> None:
        await self.change(
            interaction,
            language=language.value if language is not None else None,
            chat_rule=chat_rule.value if chat_rule is not None else None,
            everyone=everyone,
            hints=hints,
        )

    @staticmethod
    def _check(interaction: discord.Interaction[Any]) -> discord.Guild:
        """Discord hides the command from others by default, but a server can change that: check every time."""
        guild = require_guild(interaction)
        if not interaction.permissions.manage_guild:
            raise GameError("error.guild_manage")
        return guild

    async def _panel(
        self,
        interaction: discord.Interaction[Any],
        guild: discord.Guild,
        locale: str,
        notice: str | None = None,
    ) -> dict[str, Any]:
        settings = await self.bot.guild_settings.get(guild.id)
        games = await self.store.count_games(guild.id)
        view = discord.ui.View(timeout=None)
        if games:
            view.add_item(SettingsButton("erase", guild.id, label=t(locale, "settings.erase_button")))
        language = language_for(settings, interaction)
        embed = settings_embed(settings, games, locale, language=language, notice=notice)
        return {"embed": embed, "view": view}

    @answering
    async def change(
        self,
        interaction: discord.Interaction[Any],
        *,
        language: str | None = None,
        chat_rule: str | None = None,
        everyone: bool | None = None,
        hints: bool | None = None,
    ) -> None:
        guild = self._check(interaction)
        locale = str(interaction.locale)
        current = await self.bot.guild_settings.get(guild.id)
        wanted = current
        if language is not None:  # one of the choices: Discord refuses any other value
            wanted = dataclasses.replace(wanted, language=language)
        if chat_rule is not None:
            wanted = dataclasses.replace(wanted, chat_rule_mode=ChatRuleMode(chat_rule))
        if everyone is not None:
            wanted = dataclasses.replace(wanted, chat_rule_everyone=everyone)
        if hints is not None:
            wanted = dataclasses.replace(wanted, hints_enabled=hints)
        notice = None
        if wanted != current:
            await self.bot.guild_settings.update(guild.id, wanted)
            notice = t(locale, "settings.updated")
        if wanted.language is not None and wanted.language != current.language:
            # The open tables follow at once: their boards are redrawn in the new language.
            for table in await self.bot.games.set_language(guild.id, wanted.language):
                if table.status.is_active:
                    self.bot.display.refresh_board(table)
        await interaction.response.send_message(
            ephemeral=True, **await self._panel(interaction, guild, locale, notice)
        )

    @answering
    async def press(self, interaction: discord.Interaction[Any], action: str, guild_id: int) -> None:
        guild = self._check(interaction)
        if guild.id != guild_id:
            raise GameError("lb.wrong_server")
        locale = str(interaction.locale)
        if action == "back":
            await interaction.response.edit_message(**await self._panel(interaction, guild, locale))
            return
        if action == "erase":
            games = await self.store.count_games(guild.id)
            view = discord.ui.View(timeout=None)
            view.add_item(SettingsButton("erase_yes", guild.id, label=t(locale, "settings.erase_confirm")))
            view.add_item(SettingsButton("back", guild.id, label=t(locale, "settings.cancel")))
            embed = discord.Embed(
                title=t(locale, "settings.erase_title"),
                description=plural(locale, "settings.erase_prompt", games),
                colour=discord.Colour.red(),
            )
            await interaction.response.edit_message(embed=embed, view=view)
            return
        erased = await self.store.erase_guild(guild.id)
        notice = plural(locale, "settings.erased", erased)
        await interaction.response.edit_message(**await self._panel(interaction, guild, locale, notice))


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(Settings(bot))
