"""Localized slash-command names, descriptions and choices, through discord.py's translator.

Commands are written in English in the cogs; `locales/commands.<language>.json` maps each English string to its
translation, keyed as "name:<english>" for names (command, group, option, choice) and "text:<english>" for
descriptions. A missing entry falls back to English.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

NAME_LOCATIONS = {Location.command_name, Location.group_name, Location.parameter_name, Location.choice_name}
LOCALES = {discord.Locale.french: "fr"}


@cache
def command_catalog(language: str) -> dict[str, str]:
    text = resources.files("bot.ui.locales").joinpath(f"commands.{language}.json").read_text(encoding="utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def command_key(location: Location, english: str) -> str:
    return f"{'name' if location in NAME_LOCATIONS else 'text'}:{english}"


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
