"""The languages the bot speaks, and which one a server's public messages use. Pure: no Discord, no I/O.

Every layer may read this (the table, the chat rule, storage, the texts): it is the one place that knows which
languages exist. The texts themselves are in `bot.ui.i18n`.

A server's language: the one chosen with `/settings` when there is one; otherwise the language of Discord's
preferred locale for a Community server (only a Community server can choose that locale: for any other it is
"en-US", whatever its members speak), else English.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "fr", "de")
DEFAULT_LANGUAGE: Final = "en"
# How each language names itself, for a language chooser (the same in every language).
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français", "de": "Deutsch"}
COMMUNITY_FEATURE: Final = "COMMUNITY"


def language_of(locale: object) -> str:
    """The language of a locale: 'fr' for any French one (fr, fr-FR, Locale.french), 'de' for any German one
    (de, de-AT, Locale.german), else English."""
    value = str(getattr(locale, "value", locale) or "").lower()
    primary = value.replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


def server_language(chosen: str | None, discord_locale: object, *, community: bool) -> str:
    """The language of a server's public messages: `chosen` with `/settings`, else the language of Discord's
    preferred locale (`discord_locale`) when the server is a Community server, else English."""
    if chosen in LANGUAGES:
        return chosen
    if community and discord_locale is not None:
        return language_of(discord_locale)
    return DEFAULT_LANGUAGE
