"""Word tables for the no-numbers rule: English, French and German number words, keyed by their folded form.

A key is a word lowercased with its accents removed ("Deuxième" -> "deuxieme", "Fünf" -> "funf"), which is how
the detector tokenizes a message; a German word is also keyed as typed without umlauts ("fuenf", "dreissig").
Each entry says what the word is (its `role`) and, for the words that text2num knows, the spelling to hand to
text2num (accents back: text2num does not parse "deuxieme").

Everything here is data plus the regular expressions built from it, compiled once at import.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from bot.games.thegame.chat import contexts as cx
from bot.games.thegame.chat import numbers_de as de
from bot.games.thegame.chat import numbers_en as en
from bot.games.thegame.chat import numbers_fr as fr

LANGUAGES: Final = ("en", "fr", "de")


class Role(enum.Enum):
    """What a number-ish word is, which decides how the detector treats it."""

    CARDINAL = "cardinal"  # always a number: "seven", "trente", "sechs", "septante", "sixes", "Zwanziger"
    ORDINAL = "ordinal"  # first..fourth pass (they name piles), fifth and beyond are flagged
    QUANTITY = "quantity"  # "dozen", "douzaine", "Dutzend": an approximate number, flagged
    ONE = "one"  # one / un / une / eins / ein: pronoun or article unless the context makes it the number 1
    DEUX = "deux"  # "les deux" / "tous les deux" = "both", "à deux doigts"; any other "deux" is a number
    NEUF = "neuf"  # French 9 and "new": "quoi de neuf", "un jeu neuf" pass
    FALSE_FRIEND = "false friend"  # a number in French or German, an English word: "seize", "elf", "null"
    CENT = "cent"  # French 100 and the English and German coin: decided by the message's language
    BIG = "big"  # hundred, thousand, mille, tausend...: numbers, but pass in fixed idioms ("mille mercis")
    TENS = "tens"  # "the tens" is a value range; "tens of" is vague
    SCORE = "score"  # "a score of" is 20; "the score" is the game's score
    QUARANTAINE = "quarantaine"  # "une quarantaine" is about 40; "en quarantaine" is a quarantine
    ACHTE = "achte"  # "der achte" is the eighth; "achte auf C" is the verb "to mind"


@dataclass(frozen=True, slots=True)
class Entry:
    role: Role
    value: int  # the number the word stands for (ordinals: their rank); -1 when not meaningful
    langs: frozenset[str]  # the languages the word is a number in
    canon: str  # spelling text2num understands; "" when text2num does not know the word


_EN: Final = frozenset({"en"})
_FR: Final = frozenset({"fr"})
_DE: Final = frozenset({"de"})


def _add(lex: dict[str, Entry], key: str, entry: Entry) -> None:
    """Add a word; a word that is a number in two languages ("six", "zero", "million") keeps its first role
    and spelling and is marked as both."""
    known = lex.get(key)
    if known is None:
        lex[key] = entry
    else:
        lex[key] = Entry(known.role, known.value, known.langs | entry.langs, known.canon or entry.canon)


def _english(lex: dict[str, Entry]) -> None:
    for word, value in en.UNITS.items():
        _add(lex, word, Entry(Role.CARDINAL, value, _EN, word))
    for word, value in en.TENS.items():
        _add(lex, word, Entry(Role.CARDINAL, value, _EN, word))
    for word, value in en.BIG.items():
        _add(lex, word, Entry(Role.BIG, value, _EN, word))
    for word, value in en.ORDINALS.items():
        _add(lex, word, Entry(Role.ORDINAL, value, _EN, word))
        _add(lex, word + "s", Entry(Role.ORDINAL, value, _EN, ""))  # fractions: "two fifths", "seconds"
        _add(lex, word + "ly", Entry(Role.ORDINAL, value, _EN, ""))  # "firstly", "fifthly"
    for word, value in en.PLURALS.items():
        _add(lex, word, Entry(Role.CARDINAL, value, _EN, ""))
    for word, value in en.QUANTITIES.items():
        _add(lex, word, Entry(Role.QUANTITY, value, _EN, ""))
    for word, meant in en.MISSPELLED.items():
        known = lex[meant]
        _add(lex, word, Entry(known.role, known.value, _EN, known.canon))


def _french(lex: dict[str, Entry]) -> None:
    for word, (value, canon) in fr.CARDINALS.items():
        _add(lex, word, Entry(Role.CARDINAL, value, _FR, canon))
    for word, (value, canon) in fr.ORDINALS.items():
        _add(lex, word, Entry(Role.ORDINAL, value, _FR, canon))
        if not word.endswith("s"):
            _add(lex, word + "s", Entry(Role.ORDINAL, value, _FR, ""))  # "les deuxièmes", "trois cinquièmes"
        if word.endswith("ieme"):
            _add(lex, word + "ment", Entry(Role.ORDINAL, value, _FR, ""))  # "deuxièmement", "cinquièmement"
    _add(lex, "second", Entry(Role.ORDINAL, 2, _FR, "second"))
    _add(lex, "seconds", Entry(Role.ORDINAL, 2, _FR, ""))
    for word, value in fr.QUANTITIES.items():
        _add(lex, word, Entry(Role.QUANTITY, value, _FR, ""))
    for word, meant in fr.MISSPELLED.items():
        known = lex[meant]
        _add(lex, word, Entry(known.role, known.value, _FR, known.canon))


def _german(lex: dict[str, Entry]) -> None:
    for words, role in ((de.UNITS, Role.CARDINAL), (de.TENS, Role.CARDINAL), (de.BIG, Role.BIG)):
        for word, value in words.items():
            for key in de.spellings(word):
                _add(lex, key, Entry(role, value, _DE, word))
    for word, meant in de.VARIANTS.items():
        _add(lex, word, Entry(Role.CARDINAL, lex[meant].value, _DE, meant))
    for stem, value in de.ORDINAL_STEMS.items():
        for key in de.spellings(stem):
            for ending in de.ORDINAL_ENDINGS:
                _add(lex, key + ending, Entry(Role.ORDINAL, value, _DE, ""))
            for ending in de.FRACTION_ENDINGS:  # "ein Fünftel", "ein Viertel"
                _add(lex, key + ending, Entry(Role.ORDINAL, value, _DE, ""))
            _add(lex, key + "ens", Entry(Role.ORDINAL, value, _DE, ""))  # "fünftens", "erstens"
    for stem in de.GROUP_STEMS:
        for key in de.spellings(stem):
            _add(lex, key, Entry(Role.CARDINAL, de.ORDINAL_STEMS[stem], _DE, ""))
    for word in de.VALUE_NAMES:
        for key in de.spellings(word):
            _add(lex, key, Entry(Role.CARDINAL, -1, _DE, ""))
    for word, value in de.QUANTITIES.items():
        _add(lex, word, Entry(Role.QUANTITY, value, _DE, ""))


def _build() -> dict[str, Entry]:
    lex: dict[str, Entry] = {}
    # The words whose role depends on their neighbours come first: their role wins over a plain cardinal of
    # another language spelled the same way.
    for key, lang in (("one", _EN), ("un", _FR), ("une", _FR), ("eins", _DE), ("ein", _DE), ("eine", _DE)):
        _add(lex, key, Entry(Role.ONE, 1, lang, key))
    for key in ("einen", "einem", "einer", "eines"):  # "genau einen", "einer weniger"; never in a compound
        _add(lex, key, Entry(Role.ONE, 1, _DE, ""))
    _add(lex, "deux", Entry(Role.DEUX, 2, _FR, "deux"))
    _add(lex, "neuf", Entry(Role.NEUF, 9, _FR, "neuf"))
    _add(lex, "seize", Entry(Role.FALSE_FRIEND, 16, _FR, "seize"))
    _add(lex, "elf", Entry(Role.FALSE_FRIEND, 11, _DE, "elf"))
    _add(lex, "null", Entry(Role.FALSE_FRIEND, 0, _DE, "null"))
    _add(lex, "cent", Entry(Role.CENT, 100, _FR, "cent"))
    _add(lex, "cents", Entry(Role.CENT, 100, _FR, "cents"))
    _add(lex, "mille", Entry(Role.BIG, 1000, _FR, "mille"))
    _add(lex, "million", Entry(Role.BIG, 10**6, _EN | _FR | _DE, "million"))
    _add(lex, "milliard", Entry(Role.BIG, 10**9, _FR, "milliard"))
    _add(lex, "tens", Entry(Role.TENS, 10, _EN, ""))
    _add(lex, "score", Entry(Role.SCORE, 20, _EN, ""))
    _add(lex, "quarantaine", Entry(Role.QUARANTAINE, 40, _FR, ""))
    for key in ("achte", "achten"):
        _add(lex, key, Entry(Role.ACHTE, 8, _DE, ""))
    _english(lex)
    _french(lex)
    _german(lex)
    return lex


LEXICON: Final[dict[str, Entry]] = _build()

# --------------------------------------------------------------------------- glued and split words

# The pieces a glued or split number is made of ("thirtyseven", "quatrevingtdixneuf", "fünfundvierzig",
# "t h i r t y"), per language: a glued word mixes no languages ("fourmille", French for "swarms", is not
# "four" + "mille").
_EN_MISSPELLED_ORDINALS: Final = frozenset(
    word for word, meant in en.MISSPELLED.items() if meant in en.ORDINALS
)
_EN_CARDINAL_MORPHEMES: Final = (
    frozenset([*en.UNITS, *en.TENS, *en.BIG, *en.MISSPELLED]) - _EN_MISSPELLED_ORDINALS
)
_FR_CARDINAL_MORPHEMES: Final = frozenset([*fr.CARDINALS, "un", "une"])
_DE_CARDINAL_MORPHEMES: Final = frozenset(
    key
    for word in [*de.UNITS, *de.TENS, "hundert", "tausend", "ein"]
    if word != "null"
    for key in de.spellings(word)
) | frozenset(de.VARIANTS)
_EN_ORDINAL_MORPHEMES: Final = frozenset(en.ORDINALS) | _EN_MISSPELLED_ORDINALS
_FR_ORDINAL_MORPHEMES: Final = frozenset(fr.ORDINALS)
# A German glued number may end with an ordinal, a fraction or "einhalb": "einundzwanzigste", "dreiviertel",
# "zweieinhalb".
_DE_ORDINAL_MORPHEMES: Final = frozenset(
    word
    for word, entry in LEXICON.items()
    if "de" in entry.langs
    and entry.role in (Role.ORDINAL, Role.ACHTE)
    and not word.endswith(("ens", "els", "eln"))
) | {de.HALF}
CARDINAL_MORPHEMES: Final[frozenset[str]] = (
    _EN_CARDINAL_MORPHEMES | _FR_CARDINAL_MORPHEMES | _DE_CARDINAL_MORPHEMES
)
ORDINAL_MORPHEMES: Final[frozenset[str]] = (
    _EN_ORDINAL_MORPHEMES | _FR_ORDINAL_MORPHEMES | _DE_ORDINAL_MORPHEMES
)
CONNECTORS: Final[frozenset[str]] = frozenset({"and", "et", "und"})
_PER_LANGUAGE: Final = (
    (_EN_CARDINAL_MORPHEMES, _EN_ORDINAL_MORPHEMES, "and"),
    (_FR_CARDINAL_MORPHEMES, _FR_ORDINAL_MORPHEMES, "et"),
    (_DE_CARDINAL_MORPHEMES, _DE_ORDINAL_MORPHEMES, "und"),
)


def _trie_regex(words: Iterable[str], *, prefixes: bool = False) -> str:
    """A regex matching exactly these words (or, with `prefixes`, any non-empty beginning of one), factored as
    a trie: Python's regex engine tries alternatives one by one, so "t(?:en|wo|h(?:ree|irty))" is much faster
    than "ten|two|three|thirty" on the many words that are none of them."""
    trie: dict[str, dict[str, object]] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})  # type: ignore[assignment]
        node[""] = {}

    def build(node: dict[str, dict[str, object]]) -> str:
        branches = [re.escape(char) + build(child) for char, child in sorted(node.items()) if char]  # type: ignore[arg-type]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if prefixes or "" in node else body

    return "(?:" + build(trie) + ")"


def _prefixes(words: frozenset[str]) -> frozenset[str]:
    return frozenset(w[:i] for w in words for i in range(1, len(w) + 1))


def _glued(cardinals: frozenset[str], ordinals: Iterable[str], connector: str) -> str:
    card, ordinal = _trie_regex(cardinals), _trie_regex(ordinals)
    return rf"{card}(?:(?:{connector})?{card})*(?:{connector})?(?:{card}|{ordinal})"


def _partial(cardinals: frozenset[str], ordinals: Iterable[str], connector: str) -> str:
    beginnings = _trie_regex([*cardinals, *ordinals, connector], prefixes=True)
    return rf"(?:(?:{connector})?{_trie_regex(cardinals)})*{beginnings}"


# At least two pieces glued together, optionally ending with an ordinal: "thirtyseven", "vingtetun",
# "thirtyseventh", "zweiundvierzig". A single piece is a plain lexicon word, not "glued".
GLUED_RE: Final = re.compile("|".join(_glued(*language) for language in _PER_LANGUAGE))
# A string that could still grow into a number when more pieces are appended: complete pieces followed by the
# beginning of one. Used to stop merging split fragments as soon as they cannot make a number.
PARTIAL_RE: Final = re.compile("|".join(_partial(*language) for language in _PER_LANGUAGE))
# First two letters of every glued number: a cheap test before running GLUED_RE on a word.
GLUED_STARTS: Final[frozenset[str]] = frozenset(w[:2] for w in CARDINAL_MORPHEMES)
# Words a split-number merge may start from (any beginning of a piece but "a" and "an").
MERGE_STARTS: Final[frozenset[str]] = _prefixes(CARDINAL_MORPHEMES | ORDINAL_MORPHEMES) - {"a", "an"}


def _merge_heads() -> frozenset[str]:
    """The first four letters of every string PARTIAL_RE accepts that has four letters or more: a piece, a
    connector and the start of the next piece ("unet", "thir", "quat"). Two fragments whose concatenation does
    not start with one of these cannot be the start of a number, whatever follows."""
    heads: set[str] = set()
    for cardinals, ordinals, connector in _PER_LANGUAGE:
        followers = cardinals | ordinals | {connector}
        for first in cardinals | ordinals | {connector}:
            heads.add(first[:4])
            if first in cardinals:
                for glue in ("", connector):
                    heads.update((first + glue + nxt)[:4] for nxt in followers)
    return frozenset(head for head in heads if len(head) == 4)


MERGE_HEADS: Final[frozenset[str]] = _merge_heads()
# Every word that is a number word, or may be one depending on its neighbours.
LEXICON_WORDS: Final[frozenset[str]] = frozenset(LEXICON)
# Words that are a number whatever surrounds them (a shortcut for contains_number): not the cardinals of an
# idiom ("my two cents", "gib acht").
ALWAYS_NUMBERS: Final[frozenset[str]] = frozenset(
    word
    for word, entry in LEXICON.items()
    if (entry.role is Role.CARDINAL and word not in cx.IDIOM_WORDS)
    or (entry.role is Role.ORDINAL and entry.value > 4)
    or entry.role is Role.QUANTITY
)

# Splits of number words into real words, which are ordinary text, not a hidden number: "thou sand", "ni ne",
# "va-t-en" ("t" + "en"), "for ty", "sie ben". Found by splitting every lexicon word against English, French and
# German word lists, keeping the splits made of words a chat could contain.
BENIGN_SPLITS: Final[frozenset[tuple[str, ...]]] = frozenset(
    {
        ("thou", "sand"),
        ("for", "ty"),
        ("fort", "y"),
        ("ni", "ne"),
        ("t", "en"),
        ("si", "x"),
        ("de", "ux"),
        ("ne", "uf"),
        ("se", "pt"),
        ("ce", "nt"),
        ("mil", "le"),
        ("t", "rente"),
        ("t", "rois"),
        ("fou", "r"),
        ("el", "even"),
        ("non", "ante"),
        ("dixie", "me"),
        ("millie", "me"),
    }
)

# --------------------------------------------------------------------------- roman numerals

# I, V, X, L only: card values 2..99 (C, D, M make 100 and more). At least two letters: a single "I", "V", "X",
# "L" is a word or a pile name. The test for case, length and context lives in the detector.
ROMAN_RE: Final = re.compile(r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
