"""Localized slash-command names, descriptions and choices, through discord.py's translator.

Commands are written in English in the cogs; `locales/commands.<language>[.<feature>].json` map each English string to its
translation, keyed as "name:<english>" for names (command, group, option, choice) and "text:<english>" for
descriptions. A missing entry falls back to English.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.ui.i18n import load_catalog_files

NAME_LOCATIONS = {Location.command_name, Location.group_name, Location.parameter_name, Location.choice_name}
LOCALES = {discord.Locale.french: "fr", discord.Locale.german: "de"}


@cache
def command_catalog(language: str) -> dict[str, str]:
    return load_catalog_files(f"commands.{language}")


def command_key(location: Location, english: str) -> str:
    return f"{'name' if location in NAME_LOCATIONS else 'text'}:{english}"


def command_words(language: str, english: str, location: Location) -> str:
    """A command's words (a description, an option's or a choice's name: `location`) in `language`, as Discord
    shows them."""
    if language not in LOCALES.values():
        return english
    return command_catalog(language).get(command_key(location, english), english)


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = LOCALES.get(locale)
        if language is None:
            return None
        return command_catalog(language).get(command_key(context.location, string.message))
