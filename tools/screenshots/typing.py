"""What a person types, in their language: `/partie nouvelle jeu:hearts donne:BCDFGHJK` for a French player."""

from __future__ import annotations

from bot.ui.i18n import command_name, load_command_names

LOCALES = {"en": "en-US", "fr": "fr", "de": "de"}


def slash(language: str, command: str, **options: str) -> str:
    """The line a person of `language` types for `command` (its English name) with `options` (English names)."""
    names = load_command_names(language) if language != "en" else {}
    typed = [f"/{command_name(LOCALES[language], command)}"]
    typed += [f"{names.get(f'name:{option}', option)}:{value}" for option, value in options.items()]
    return " ".join(typed)
