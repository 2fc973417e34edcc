"""The no-numbers rule: does a chat message state a number?

`find_numbers` returns every finding, `contains_number` stops at the first one; both run the same scan, so
their verdicts always agree. The scan, cheapest steps first:

1. Discord markup with ids and links is removed (`normalize.strip_discord`).
2. Keycap shortcodes typed as text (":seven:"), keycap emoji and numeric characters (①, ❼, ², Ⅻ).
3. Decimal digits of any script.
4. Words, on the NFKC-folded, lowercased, accent-free text: number words looked up in the lexicon, glued
   ("thirtyseven"), with "-ish", roman numerals, then the ambiguous words decided by their neighbours, compounds
   grouped and valued by text2num ("soixante et onze", "thirty-seventh"), and last numbers split into fragments
   ("t h i r t y", "t.h.i.r.t.y", "thi||rty||").
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
from bot.games.thegame.chat.misspellings import misspelled_number


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


# Entries for words that are not in the lexicon but are numbers all the same.
_GLUED: Final = Entry(Role.CARDINAL, -1, frozenset(lx.LANGUAGES), "")
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


def _entry(key: str) -> Entry | None:
    """What a folded word is, or None if it is no number word."""
    entry = lx.LEXICON.get(key)
    if entry is not None:
        return entry
    if len(key) >= 6 and key[:2] in lx.GLUED_STARTS and lx.GLUED_RE.fullmatch(key):
        return _GLUED
    if len(key) > 3 and key.endswith("ish"):  # "tenish", "thirtyish", "twelveish"
        stem = key[:-3]
        stem_entry = lx.LEXICON.get(stem) or lx.LEXICON.get(stem + "e")
        if (
            stem_entry is not None
            and stem_entry.role in (Role.CARDINAL, Role.ONE)
            and "en" in stem_entry.langs  # an English suffix: not "elfish"
        ):
            return _GLUED
        if len(stem) >= 6 and lx.GLUED_RE.fullmatch(stem):
            return _GLUED
    if len(key) > 5 and key.endswith("mal"):  # "dreimal", "zwanzigmal"; not "einmal", "zweimal" (once, twice)
        stem = key[:-3]
        stem_entry = lx.LEXICON.get(stem)
        if (
            stem_entry is not None
            and stem_entry.role in (Role.CARDINAL, Role.FALSE_FRIEND)
            and "de" in stem_entry.langs
        ):
            return _GLUED if stem_entry.value > 2 else None
        if lx.GLUED_RE.fullmatch(stem):
            return _GLUED
    return None


def _word_entry(key: str) -> Entry | None:
    """What a whole word of the message is: a number word, glued, or a number word with one slip."""
    entry = _entry(key)
    if entry is None and len(key) >= 5:
        meant = misspelled_number(key)
        if meant is not None:
            return lx.LEXICON[meant]
    return entry


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
        word: entry for word in keys if len(word) >= 5 and (entry := _word_entry(word)) is not None
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
        "message_language",
        "starts",
        "table_language",
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
        self.table_language = table_language
        self.message_language: str | None = None

    # ----------------------------------------------------------------- helpers

    def add(self, kind: str, first: int, last: int) -> None:
        for index in range(first, last + 1):
            self.used[index] = True
        self.findings.append(NumberFinding(kind, self.display[self.starts[first] : self.ends[last]]))
        if self.first_only:
            raise _Found

    def word(self, index: int) -> str:
        return self.keys[index] if 0 <= index < len(self.keys) else ""

    def gap(self, index: int) -> str:
        """The text between word index-1 and word index."""
        return self.key[self.ends[index - 1] : self.starts[index]]

    def language(self) -> str:
        """The language the message reads as: the one with the most function words ("en", "fr", "de"); on a
        tie, the table's language if it is one of the tied ones; else "" (undecided)."""
        if self.message_language is None:
            counts = {
                "en": sum(1 for k in self.keys if k in cx.EN_WORDS),
                "fr": sum(1 for k in self.keys if k in cx.FR_WORDS),
                "de": sum(1 for k in self.keys if k in cx.DE_WORDS),
            }
            most = max(counts.values())
            leaders = [lang for lang, count in counts.items() if count == most]
            if len(leaders) == 1:
                self.message_language = leaders[0]
            elif self.table_language in leaders:
                self.message_language = self.table_language
            else:
                self.message_language = ""
        return self.message_language

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
                and not self._roman_is_a_word(index)
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

    def _roman_is_a_word(self, index: int) -> bool:
        """A roman numeral that is also a word, in a message about that word: "XL" with "size" or "shirt",
        "VI" with "emacs"."""
        context = cx.ROMAN_WORD_CONTEXTS.get(self.keys[index])
        return context is not None and not context.isdisjoint(self.keys)

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
        return next(lang for lang in (self.language(), *lx.LANGUAGES) if lang in candidates)

    @staticmethod
    def _canon(entry: Entry | None, key: str, lang: str) -> str:
        if entry is None:
            return key  # a connector
        if entry.canon == "zero" and lang == "fr":
            return "zéro"
        return entry.canon

    def _single(self, entry: Entry, index: int) -> None:
        """One number word on its own: flag it unless its role and neighbours say it is no number."""
        if self._is_number(entry, index):
            self.add(
                "quantity" if entry.role in (Role.QUANTITY, Role.SCORE, Role.QUARANTAINE) else "word",
                index,
                index,
            )

    def _is_number(self, entry: Entry, index: int) -> bool:
        role = entry.role
        if role is Role.CARDINAL:
            return not self._small_idiom(index)
        if role is Role.ORDINAL:
            return entry.value > 4
        if role is Role.QUANTITY:
            return True
        before = self.word(index - 1)
        after = self.word(index + 1)
        if role is Role.ONE:
            return self._one_is_number(index, before, after)
        if role is Role.DEUX:
            return before not in cx.DEUX_BOTH_BEFORE and (before, after) not in cx.DEUX_IDIOMS
        if role is Role.NEUF:
            if before in cx.NEUF_NEW_BEFORE:
                return False
            return not (before == "a" and self.word(index - 2).startswith(cx.NEUF_A_VERBS))
        if role is Role.FALSE_FRIEND:  # "seize" (French 16), "elf" and "null" (German 11 and 0)
            if self.language() == "en":
                return False  # the English verb, an elf, null
            return after not in cx.FALSE_FRIEND_AFTER.get(
                self.keys[index], ()
            )  # "seize the day", "null Ahnung"
        if role is Role.CENT:
            language = self.language()
            if before == "per" or language in ("en", "de"):  # "per cent", "not a cent", "ein Cent"
                return False
            if before in ("a", "every", "each", "one", "no", "single") and language != "fr":
                return False  # "every cent counts"
            return not self._big_idiom(index, before, after)
        if role is Role.BIG:
            return not self._big_idiom(index, before, after)
        if role is Role.TENS:
            return after != "of"
        if role is Role.SCORE:
            return before == "a" and after == "of"
        if role is Role.ACHTE:
            return before in cx.ACHTE_ORDINAL_BEFORE  # "der achte"; not "achte auf C"
        # Role.QUARANTAINE
        return before == "une"

    def _small_idiom(self, index: int) -> bool:
        """A small number word in an idiom: "my two cents", "gib acht", "nimm dich in Acht"."""
        word = self.keys[index]
        if self.word(index + 1) in cx.IDIOMS_AFTER.get(word, ()):
            return True
        return any(
            index >= len(before) and tuple(self.keys[index - len(before) : index]) == before
            for before in cx.IDIOMS_BEFORE.get(word, ())
        )

    def _one_is_number(self, index: int, before: str, after: str) -> bool:
        """one / un / une / eins / ein: a pronoun or an article ("a low one", "une carte", "noch eins", "ein
        Stapel") unless the context makes it the number 1 ("exactly one", "plus one", "one less", "off by one",
        "numéro un", "à un près", "un d'écart", "genau eine", "eins weniger", "eins höher")."""
        if before in cx.ONE_NUMBER_BEFORE:
            return True
        if before == "by":
            return self.word(index - 2) in cx.ONE_BY_BEFORE
        key = self.keys[index]
        if key == "one":
            if after in cx.ONE_NUMBER_AFTER:
                return not (after == "off" and before in ("a", "the"))  # "a one-off"
            return after == "more" and self.word(index + 2) == "than"
        if key == "eins":  # not an article: "eins höher" is "one higher"
            return after in cx.DE_ONE_NUMBER_AFTER or after in cx.DE_EINS_NUMBER_AFTER
        if key.startswith("ein"):  # "einer weniger"; but "ein kleiner Stapel" is "a small pile"
            return after in cx.DE_ONE_NUMBER_AFTER
        if after == "pres":
            return before == "a"  # "à un près"
        return after == "d" and self.word(index + 2) == "ecart"  # "un d'écart"

    def _big_idiom(self, index: int, before: str, after: str) -> bool:
        """A big number as a figure of speech: "mille mercis", "cent fois", "a hundred percent",
        "thanks a million", "one in a million"."""
        if after in cx.BIG_IDIOM_AFTER:
            return True
        if before == "pour":  # the second "cent" of "cent pour cent"
            return self.word(index - 2) == "cent"
        return before == "a" and self.word(index - 2) in cx.BIG_IDIOM_BEFORE_A

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
                entry = _entry(merged)
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
