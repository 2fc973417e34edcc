"""Text catalogs (English and French) and the choice of language.

Every text the bot shows comes from `bot/ui/locales/<language>.json`, plus one file per feature
(`<language>.<feature>.json`) merged into it; a key defined twice is an error. Private messages follow the user's Discord
locale, public ones the server's. Any locale that is not French falls back to English.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def language_of(locale: object) -> str:
    """'fr' for any French locale (fr, fr-FR, Locale.french), else 'en'."""
    value = str(getattr(locale, "value", locale) or "").lower()
    return "fr" if value.startswith("fr") else DEFAULT_LANGUAGE


def _folders() -> list[Any]:
    """bot/ui/locales, then each game's own `locales` folder (bot/games/<game>/locales)."""
    folders = [resources.files("bot.ui.locales")]
    games = resources.files("bot.games")
    for entry in sorted(games.iterdir(), key=lambda entry: entry.name):
        locales = entry.joinpath("locales")
        if entry.is_dir() and locales.is_dir():
            folders.append(locales)
    return folders


def load_catalog_files(prefix: str) -> dict[str, str]:
    """Merge `<prefix>.json` and every `<prefix>.<feature>.json` of bot/ui/locales and of each game's locales."""
    merged: dict[str, str] = {}
    for folder in _folders():
        for name, data in _catalog_files(folder, prefix):
            clash = merged.keys() & data.keys()
            if clash:
                raise ValueError(f"{name} defines keys already defined elsewhere: {sorted(clash)}")
            merged.update(data)
    return merged


def _catalog_files(folder: Any, prefix: str) -> list[tuple[str, dict[str, str]]]:
    names = sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name == f"{prefix}.json"
        or (
            entry.name.startswith(f"{prefix}.")
            and entry.name.endswith(".json")
            and entry.name.count(".") == prefix.count(".") + 2
        )
    )
    return [(name, json.loads(folder.joinpath(name).read_text(encoding="utf-8"))) for name in names]


@cache
def catalog(language: str) -> dict[str, str]:
    return load_catalog_files(language)


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for `key` in the language of `locale`, with `{placeholders}` filled in."""
    language = language_of(locale)
    template = catalog(language).get(key)
    if template is None:
        template = catalog(DEFAULT_LANGUAGE).get(key, key)
    return template.format(**params) if params else template


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
