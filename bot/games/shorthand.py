"""What a player types after `/move`, in their own language: a game's letters for its places and its words for its
other actions, read into the game's own code (the English shorthand its custom ids and saved logs use) and written
back from it. Pure: no Discord.

A game gives one `Letters` table per language: `places` maps a letter (or two) to the code's, kept with what
follows it (a column's number, a foundation's suit, a count); `words` maps an action typed alone (`t`, `ziehen`)
to its code (`s`). Where a language lists several for one code, the first is the one written (suggestions, examples).

A reader accepts their own language's letters and words, and the English ones too wherever that is unambiguous:
an English letter or word that is also one of the reader's own, with another meaning, is the reader's (German
Klondike's `s` is a Spalte, not the English draw). A typed text that still reads as two different moves is refused.
Case, accents, spaces and the arrow typed (`>`, `->`, `→`, `-`) do not matter.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from bot.languages import DEFAULT_LANGUAGE, LANGUAGES, language_of

Action = TypeVar("Action")

ARROWS: Final = ("->", "=>", "→", "⇒", "-")


@dataclass(frozen=True, slots=True)
class Letters:
    """One language's shorthand for one game: local letter -> the code's letter, local word -> the code's word."""

    places: Mapping[str, str]
    words: Mapping[str, str]


def normalize(text: str) -> str:
    """Lower case, no accents, no spaces or variation selectors, every arrow written `>`."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    kept = "".join(char for char in decomposed if not char.isspace() and unicodedata.category(char) != "Mn")
    for arrow in ARROWS:
        kept = kept.replace(arrow, ">")
    return kept


class Shorthand(Generic[Action]):
    """A game's `Letters` per language (`tables`, English included), and `parse`, the game's reader of its code."""

    def __init__(self, tables: Mapping[str, Letters], parse: Callable[[str], Action | None]) -> None:
        if set(tables) != set(LANGUAGES):
            raise ValueError(f"A shorthand needs letters for {LANGUAGES}, not {sorted(tables)}.")
        self.tables = tables
        self.parse = parse
        self.accepted = {language: self._accepting(language) for language in LANGUAGES}

    def _accepting(self, language: str) -> tuple[dict[str, str], dict[str, str]]:
        """The places and words a reader of `language` may type: theirs, then the English ones not theirs."""
        own, english = self.tables[language], self.tables[DEFAULT_LANGUAGE]
        places = {normalize(key): code for key, code in own.places.items()}
        words = {normalize(key): code for key, code in own.words.items()}
        taken = set(places) | set(words)
        for accepted, theirs in ((places, english.places), (words, english.words)):
            for key, code in theirs.items():
                if normalize(key) not in taken:
                    accepted[normalize(key)] = code
        return places, words

    def read(self, text: str, locale: object) -> Action | None:
        """The action `text` names for a reader in `locale`, or None (unreadable, or read two ways)."""
        typed = normalize(text)
        places, words = self.accepted[language_of(locale)]
        if ">" not in typed:
            return self.parse(words[typed]) if typed in words else None
        source, _, target = typed.partition(">")
        read = {
            action
            for source_code in _codes(source, places)
            for target_code in _codes(target, places)
            if (action := self.parse(f"{source_code}>{target_code}")) is not None
        }
        return read.pop() if len(read) == 1 else None

    def write(self, code: str, locale: object) -> str:
        """The action whose code is `code`, in the shorthand of a reader in `locale`."""
        own = self.tables[language_of(locale)]
        if ">" not in code:
            return _first(own.words, code) or code
        return ">".join(_write_place(side, own.places) for side in code.split(">"))

    def examples(self, codes: Iterable[str], locale: object) -> str:
        """`codes` as a reader in `locale` types them, for a refusal's examples ("w>s3, s3>a" in German)."""
        return ", ".join(self.write(code, locale) for code in codes)


def _codes(side: str, places: Mapping[str, str]) -> list[str]:
    """Each way `side` reads as a place's code: a letter of `places` it starts with, swapped for the code's. The
    code must not run on into a longer one (French `pt` is no side pile `s` then `t`: `st` is the turned card)."""
    codes = set(places.values())
    read = []
    for key, code in places.items():
        if side.startswith(key):
            written = code + side[len(key) :]
            if _longest_code(written, codes) == code:
                read.append(written)
    return read


def _longest_code(side: str, codes: Iterable[str]) -> str | None:
    return max((code for code in codes if side.startswith(code)), key=len, default=None)


def _first(table: Mapping[str, str], code: str) -> str | None:
    return next((key for key, value in table.items() if value == code), None)


def _write_place(side: str, places: Mapping[str, str]) -> str:
    code = _longest_code(side, places.values())
    key = None if code is None else _first(places, code)
    return side if code is None or key is None else key + side[len(code) :]
