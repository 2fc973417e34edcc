"""Text catalogs (English and French) and the choice of language.

Every text the bot shows comes from `bot/ui/locales/<language>.json`. Private messages follow the user's Discord
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


@cache
def catalog(language: str) -> dict[str, str]:
    text = resources.files("bot.ui.locales").joinpath(f"{language}.json").read_text(encoding="utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for `key` in the language of `locale`, with `{placeholders}` filled in."""
    language = language_of(locale)
    template = catalog(language).get(key)
    if template is None:
        template = catalog(DEFAULT_LANGUAGE).get(key, key)
    return template.format(**params) if params else template


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
