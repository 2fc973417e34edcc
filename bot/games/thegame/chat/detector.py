"""The no-numbers rule: does a chat message state a number?

`find_numbers` returns every finding, `contains_number` stops at the first one; both run the same scan, so
their verdicts always agree. English, French and German number words are known at every table; the table's
language only decides the words of two languages ("seize", "elf") where the message does not. The scan,
cheapest steps first:

1. Discord markup with ids and links is removed (`normalize.strip_discord`).
2. Keycap shortcodes typed as text (":seven:"), keycap emoji and numeric characters (①, ❼, ², Ⅻ, 九十九).
3. Decimal digits of any script.
4. Words, on the NFKC-folded, lowercased, accent-free text: number words looked up in the lexicon, glued
   ("thirtyseven", "fünfundvierzig"), with "-ish" or "-mal", with one slip ("fiveteen"; `lookup`), roman
   numerals, then the ambiguous words decided by their neighbours (`neighbours`), compounds grouped and valued
   by text2num ("soixante et onze", "thirty-seventh"), and last numbers split into fragments ("t h i r t y",
   "t.h.i.r.t.y", "thi||rty||").
"""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from bot.games.thegame.chat import contexts as cx
from bot.games.thegame.chat import lexicon as lx
from bot.games.thegame.chat import normalize as nz
from bot.games.thegame.chat.lexicon import Entry, Role
from bot.games.thegame.chat.lookup import fragment_entry, word_entry
from bot.games.thegame.chat.neighbours import Neighbours


@dataclass(frozen=True, slots=True)
class NumberFinding:
    """One number found in a message."""

    kind: str  # "digit" | "keycap" | "enclosed" | "word" | "roman" | "quantity"
    text: str  # the offending fragment as it appeared (after removing markup), for logs and tests only


class _Occurrence(Protocol):
    """A number text2num found in a token sequence: tokens start..end (excluded)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


class _Found(Exception):
    """Raised by the scan in first-only mode as soon as one finding is made."""


# Roles of words that can be part of a compound number ("quatre-vingt-dix-neuf", "twenty-one", "first one").
_COMPOUNDABLE: Final = frozenset(
    {Role.CARDINAL, Role.ORDINAL, Role.ONE, Role.DEUX, Role.NEUF, Role.FALSE_FRIEND, Role.CENT, Role.BIG}
)
# Roles whose meaning depends on the words around them: a split spelling of one of these ("u n e") counts only
# when spelled letter by letter.
_AMBIGUOUS: Final = frozenset(
    {
        Role.ONE,
        Role.DEUX,
        Role.NEUF,
        Role.FALSE_FRIEND,
        Role.CENT,
        Role.BIG,
        Role.TENS,
        Role.SCORE,
        Role.QUARANTAINE,
        Role.ACHTE,
    }
)
_MAX_SPLIT_PIECES: Final = 24
_MAX_SPLIT_GAP: Final = 4
_ROMAN_LETTERS: Final = frozenset("ivxl")
_ROMAN_CANDIDATE_RE: Final = re.compile(r"\b[ivxlc]{2,}\b")
# Characters allowed between the words of one compound number: spaces and hyphens (and markup around them),
# not line breaks.
_COMPOUND_GAP: Final = frozenset(" \t-‐‑–*_~|")
_CONNECTOR_LANGUAGES: Final = {"and": frozenset({"en"}), "et": frozenset({"fr"}), "und": frozenset({"de"})}


class _Token:
    """A word as seen by text2num (its Token protocol)."""

    __slots__ = ("word",)

    def __init__(self, word: str) -> None:
        self.word = word

    def text(self) -> str:
        return self.word

    def nt_separated(self, previous: object) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return False


# text2num ships no type information: its find_numbers, typed here (tokens, language, threshold).
_t2n_find_numbers: Final[Callable[[Sequence[_Token], str, float], list[_Occurrence]]] = (
    importlib.import_module("text_to_num").find_numbers
)


def _merge_possible(keys: list[str]) -> bool:
    """Could two neighbouring words be the start of a number split in fragments ("thir ty", "t h i r t y")?"""
    previous = ""
    for word in keys:
        if previous in lx.MERGE_STARTS:
            merged = previous + word
            if (len(merged) < 4 or merged[:4] in lx.MERGE_HEADS) and lx.PARTIAL_RE.fullmatch(merged):
                return True
        previous = word
    return False


def _word_step(
    display: str,
    key: str,
    word_re: re.Pattern[str],
    first_only: bool,
    findings: list[NumberFinding],
    language: str | None,
) -> None:
    """Number words. Cheap set tests first: most table talk has no word that could be part of a number and
    never reaches the full scan (`_Scan`)."""
    keys = word_re.findall(key)
    if not keys:
        return
    if first_only and not lx.ALWAYS_NUMBERS.isdisjoint(keys):
        findings.append(NumberFinding("word", next(k for k in keys if k in lx.ALWAYS_NUMBERS)))
        return
    merges = _merge_possible(keys)
    # The long words that are numbers without being in the lexicon as such: glued, "-ish", "-mal", with a slip.
    long_entries = {
        word: entry for word in keys if len(word) >= 5 and (entry := word_entry(word)) is not None
    }
    if merges or long_entries or not lx.LEXICON_WORDS.isdisjoint(keys) or _ROMAN_CANDIDATE_RE.search(key):
        _Scan(display, key, keys, first_only, findings, language).run(merges, long_entries)


class _Scan:
    """The word step of one message."""

    __slots__ = (
        "display",
        "ends",
        "findings",
        "first_only",
        "key",
        "keys",
        "neighbours",
        "starts",
        "used",
    )

    def __init__(
        self,
        display: str,
        key: str,
        keys: list[str],
        first_only: bool,
        findings: list[NumberFinding],
        table_language: str | None,
    ) -> None:
        self.display = display
        self.key = key
        self.keys = keys
        self.first_only = first_only
        self.findings = findings
        self.starts: list[int] = []
        self.ends: list[int] = []
        position = 0
        for word in keys:  # where each word is: str.find is much cheaper than a second regex pass
            position = key.find(word, position)
            self.starts.append(position)
            position += len(word)
            self.ends.append(position)
        self.used = [False] * len(keys)
        self.neighbours = Neighbours(keys, table_language)

    # ----------------------------------------------------------------- helpers

    def add(self, kind: str, first: int, last: int) -> None:
        for index in range(first, last + 1):
            self.used[index] = True
        self.findings.append(NumberFinding(kind, self.display[self.starts[first] : self.ends[last]]))
        if self.first_only:
            raise _Found

    def gap(self, index: int) -> str:
        """The text between word index-1 and word index."""
        return self.key[self.ends[index - 1] : self.starts[index]]

    # ----------------------------------------------------------------- the scan

    def run(self, merges: bool, long_entries: dict[str, Entry]) -> None:
        keys = self.keys
        count = len(keys)
        entries: list[Entry | None] = [None] * count
        any_entry = False
        for index, key in enumerate(keys):
            entry = long_entries.get(key) if len(key) >= 5 else lx.LEXICON.get(key)
            if entry is not None:
                entries[index] = entry
                any_entry = True
            elif (
                key[0] in _ROMAN_LETTERS
                and len(key) >= 2
                and lx.ROMAN_RE.fullmatch(key)
                and self._roman(index)
                and not self.neighbours.roman_is_a_word(index)
            ):
                self.add("roman", index, index)
        if any_entry:
            self._words(entries)
        if merges:
            self._splits(entries)

    def _roman(self, index: int) -> bool:
        """Is this word (made of I, V, X, L) written as a roman numeral rather than as a word?"""
        shown = self.display[self.starts[index] : self.ends[index]]
        if not any(c.islower() for c in shown):  # "XIV", "LX", "II"
            return True
        if not shown.islower():  # "Liv", "Xi": a name
            return False
        return len(shown) >= 3 or self.keys[index] not in cx.ROMAN_LOWER_WORDS  # "xiv", "ix"; not "xx", "vi"

    def _words(self, entries: Sequence[Entry | None]) -> None:
        count = len(entries)
        index = 0
        while index < count:
            entry = entries[index]
            if entry is None:
                index += 1
                continue
            last = index
            if entry.role in _COMPOUNDABLE:
                last = self._compound_end(entries, index)
            if last > index:
                self._compound(entries, index, last)
            else:
                self._single(entry, index)
            index = last + 1

    def _compound_end(self, entries: Sequence[Entry | None], first: int) -> int:
        """The last word of the run of number words starting at `first` ("and"/"et" allowed inside)."""
        last = first
        index = first + 1
        count = len(entries)
        while index < count:
            if not set(self.gap(index)) <= _COMPOUND_GAP:
                break
            entry = entries[index]
            if entry is not None and entry.role in _COMPOUNDABLE:
                last = index
                index += 1
            elif (
                self.keys[index] in lx.CONNECTORS
                and index + 1 < count
                and set(self.gap(index + 1)) <= _COMPOUND_GAP
                and (follower := entries[index + 1]) is not None
                and follower.role in _COMPOUNDABLE
            ):
                index += 1
            else:
                break
        return last

    def _compound(self, entries: Sequence[Entry | None], first: int, last: int) -> None:
        """Several number words in a row: text2num says which of them make one number ("vingt et un" = 21,
        "thirty-seventh" = 37th); those are flagged, the others are judged one by one ("the first one")."""
        words = [entries[i] for i in range(first, last + 1)]
        covered = [False] * len(words)
        if all(w is None or w.canon for w in words):
            lang = self._compound_language(words, first)
            tokens = [_Token(self._canon(w, self.keys[first + i], lang)) for i, w in enumerate(words)]
            for occurrence in _t2n_find_numbers(tokens, lang, 0):
                if occurrence.end - occurrence.start >= 2:
                    for i in range(occurrence.start, occurrence.end):
                        covered[i] = True
                    self.add("word", first + occurrence.start, first + occurrence.end - 1)
        for offset, word in enumerate(words):
            if word is not None and not covered[offset]:
                self._single(word, first + offset)

    def _compound_language(self, words: Sequence[Entry | None], first: int) -> str:
        """The language text2num reads a compound in: one its words share ("six cent" is French, "fünf und
        zwanzig" German), the message's own first; else the first word's."""
        shared = set(lx.LANGUAGES)
        for offset, word in enumerate(words):
            shared &= word.langs if word is not None else _CONNECTOR_LANGUAGES[self.keys[first + offset]]
        first_word = words[0]
        candidates = shared or (first_word.langs if first_word is not None else lx.LANGUAGES)
        return next(lang for lang in (self.neighbours.language(), *lx.LANGUAGES) if lang in candidates)

    @staticmethod
    def _canon(entry: Entry | None, key: str, lang: str) -> str:
        if entry is None:
            return key  # a connector
        if entry.canon == "zero" and lang == "fr":
            return "zéro"
        return entry.canon

    def _single(self, entry: Entry, index: int) -> None:
        """One number word on its own: flag it unless its role and neighbours say it is no number."""
        if self.neighbours.is_number(entry, index):
            self.add(
                "quantity" if entry.role in (Role.QUANTITY, Role.SCORE, Role.QUARANTAINE) else "word",
                index,
                index,
            )

    # ----------------------------------------------------------------- split words

    def _splits(self, entries: Sequence[Entry | None]) -> None:
        """Numbers written in fragments: "t h i r t y", "t.h.i.r.t.y", "thir ty", "t**hirt**y", "o n e"."""
        keys = self.keys
        used = self.used
        count = len(keys)
        index = 0
        while index < count - 1:
            if used[index] or keys[index] not in lx.MERGE_STARTS:
                index += 1
                continue
            merged = keys[index]
            best = -1
            best_entry: Entry | None = None
            for nxt in range(index + 1, min(count, index + _MAX_SPLIT_PIECES)):
                candidate = merged + keys[nxt]
                if used[nxt] or (len(candidate) >= 4 and candidate[:4] not in lx.MERGE_HEADS):
                    break
                gap = self.gap(nxt)
                if len(gap) > _MAX_SPLIT_GAP or not nz.APOSTROPHES.isdisjoint(gap):
                    break
                if not lx.PARTIAL_RE.fullmatch(candidate):
                    break
                merged = candidate
                entry = fragment_entry(merged)
                if entry is not None:
                    best, best_entry = nxt, entry
            if (
                best_entry is not None
                and (index == 0 or nz.APOSTROPHES.isdisjoint(self.gap(index)))  # not "it's even", "don't en"
                and self._split_counts(entries, index, best, best_entry)
            ):
                self.add("word", index, best)
                index = best + 1
            else:
                index += 1

    def _split_counts(self, entries: Sequence[Entry | None], first: int, last: int, entry: Entry) -> bool:
        """Is this run of fragments a hidden number rather than ordinary words that happen to spell one?"""
        pieces = tuple(self.keys[first : last + 1])
        if all(entries[i] is not None or self.keys[i] in lx.CONNECTORS for i in range(first, last + 1)):
            return False  # every piece is a word already judged on its own ("twenty seven", "un et un")
        if pieces in lx.BENIGN_SPLITS:
            return False
        if entry.role is Role.ORDINAL and entry.value <= 4:
            return False
        if entry.role in _AMBIGUOUS:
            return all(len(piece) == 1 for piece in pieces)  # "o n e", "u.n.e": spelled letter by letter
        return True


def _scan(text: str, first_only: bool, language: str | None) -> list[NumberFinding]:
    findings: list[NumberFinding] = []
    with contextlib.suppress(_Found):
        _scan_into(text, first_only, findings, language)
    return findings


def _scan_into(text: str, first_only: bool, findings: list[NumberFinding], language: str | None) -> None:
    text = nz.strip_discord(text)
    if ":" in text:
        for match in nz.SHORTCODE_RE.finditer(text):
            findings.append(NumberFinding("keycap", match.group()))
            if first_only:
                return
        if findings:
            text = nz.SHORTCODE_RE.sub(" ", text)
        text = nz.REGIONAL_SHORTCODE_RE.sub(r"\1", text)
    is_ascii = text.isascii()
    if not is_ascii and nz.has_special(text):
        found = False
        for match in nz.SPECIAL_RE.finditer(text):
            findings.append(NumberFinding(nz.special_kind(match.group()), match.group()))
            if first_only:
                return
            found = True
        if found:
            text = nz.SPECIAL_RE.sub(" ", text)
    for match in nz.DIGITS_RE.finditer(text):
        findings.append(NumberFinding("digit", match.group()))
        if first_only:
            return
    if is_ascii:
        _word_step(text, text.lower(), nz.ASCII_WORD_RE, first_only, findings, language)
    else:
        display, key = nz.fold(text)
        _word_step(display, key, nz.WORD_RE, first_only, findings, language)


def chat_language(locale: str | None) -> str | None:
    """The language code the detector takes ("en", "fr", "de") for a locale such as "de-DE" or "fr", or None
    when the locale is none of them."""
    code = (locale or "").lower()[:2]
    return code if code in lx.LANGUAGES else None


def find_numbers(text: str, language: str | None = None) -> list[NumberFinding]:
    """Every number stated in a chat message; an empty list if the message keeps the rule.

    Number words of English, French and German are found at every table (a German table that writes "trente"
    is caught). `language` is the table's language ("en", "fr", "de"), or None when unknown: it decides the
    words that are a number in one language and an everyday word in another ("seize", "cent", "elf", "null")
    when the message's own words do not say which language it is in."""
    return _scan(text, False, language)


def contains_number(text: str, language: str | None = None) -> bool:
    """Does the message state a number? Same verdict as bool(find_numbers(text, language)), faster: stops at
    the first finding."""
    return bool(_scan(text, True, language))
