"""The page's own texts in a reader's language: the `activity.*` texts of the catalogs that need nothing from the
table (those that do come with the table's state, already written), and the table's buttons (`button.*`), named as
on Discord."""

from __future__ import annotations

from functools import cache

from bot.languages import language_of
from bot.ui.i18n import catalog, t

PREFIXES = ("activity.", "button.")


@cache
def page_texts(locale: str) -> dict[str, str]:
    language = language_of(locale)
    texts = {"language": language}
    for key in catalog("en"):
        if not key.startswith(PREFIXES):
            continue
        try:
            texts[key] = t(language, key)
        except (KeyError, IndexError):  # a text with the table's figures in it: sent with the state
            continue
    return texts
