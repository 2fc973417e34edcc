"""What one word of a message is: a number word of the lexicon, numbers glued into one word
("thirtyseven", "zweiundvierzig"), a number with "-ish" or "-mal" ("tenish", "dreimal"), or a number word with
one slip ("fiveteen")."""

from __future__ import annotations

from typing import Final

from bot.games.thegame.chat import lexicon as lx
from bot.games.thegame.chat.lexicon import Entry, Role
from bot.games.thegame.chat.misspellings import misspelled_number

# The entry of a word that is not in the lexicon but is a number all the same.
GLUED: Final = Entry(Role.CARDINAL, -1, frozenset(lx.LANGUAGES), "")


def fragment_entry(key: str) -> Entry | None:
    """What a folded word, or fragments merged into one ("thir" + "ty"), is: a lexicon word, glued numbers,
    "-ish", "-mal"; None if it is no number word."""
    entry = lx.LEXICON.get(key)
    if entry is not None:
        return entry
    if len(key) >= 6 and key[:2] in lx.GLUED_STARTS and lx.GLUED_RE.fullmatch(key):
        return GLUED
    if len(key) > 3 and key.endswith("ish"):  # "tenish", "thirtyish", "twelveish"
        stem = key[:-3]
        stem_entry = lx.LEXICON.get(stem) or lx.LEXICON.get(stem + "e")
        if (
            stem_entry is not None
            and stem_entry.role in (Role.CARDINAL, Role.ONE)
            and "en" in stem_entry.langs  # an English suffix: not "elfish"
        ):
            return GLUED
        if len(stem) >= 6 and lx.GLUED_RE.fullmatch(stem):
            return GLUED
    if len(key) > 5 and key.endswith("mal"):  # "dreimal", "zwanzigmal"; not "einmal", "zweimal" (once, twice)
        stem = key[:-3]
        stem_entry = lx.LEXICON.get(stem)
        if (
            stem_entry is not None
            and stem_entry.role in (Role.CARDINAL, Role.FALSE_FRIEND)
            and "de" in stem_entry.langs
        ):
            return GLUED if stem_entry.value > 2 else None
        if lx.GLUED_RE.fullmatch(stem):
            return GLUED
    return None


def word_entry(key: str) -> Entry | None:
    """What a whole word of the message is: a number word, glued, or a number word with one slip."""
    entry = fragment_entry(key)
    if entry is None and len(key) >= 5:
        meant = misspelled_number(key)
        if meant is not None:
            return lx.LEXICON[meant]
    return entry
