"""What `/settings` looks like: the server's language, chat rule, hints and history."""

from __future__ import annotations

import discord

from bot.languages import LANGUAGE_NAMES
from bot.storage.settings import GuildSettings
from bot.ui.format import plural
from bot.ui.i18n import t

COLOUR_SETTINGS = discord.Colour.dark_grey()


def settings_embed(
    settings: GuildSettings, games: int, locale: str, *, language: str, notice: str | None = None
) -> discord.Embed:
    """The settings panel; `language`: the one the server's public messages use now (chosen or automatic)."""
    embed = discord.Embed(title=t(locale, "settings.title"), colour=COLOUR_SETTINGS)
    if notice:
        embed.description = notice
    chosen = f"**{LANGUAGE_NAMES[language]}**"
    embed.add_field(
        name=t(locale, "settings.language"),
        value=chosen if settings.language else f"{chosen} — {t(locale, 'settings.language.auto')}",
        inline=False,
    )
    mode = settings.chat_rule_mode.value
    embed.add_field(
        name=t(locale, "settings.chat_rule"),
        value=f"**{t(locale, f'settings.mode.{mode}')}** — {t(locale, f'settings.mode.{mode}.help')}",
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.everyone"),
        value=t(locale, "settings.everyone.on" if settings.chat_rule_everyone else "settings.everyone.off"),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.hints"),
        value=t(locale, "settings.on" if settings.hints_enabled else "settings.off"),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.history"), value=plural(locale, "settings.games", games), inline=False
    )
    embed.set_footer(text=t(locale, "settings.how"))
    return embed
