"""Word tables for the no-numbers rule: English and French number words, keyed by their folded form.

A key is a word lowercased with its accents removed ("Deuxième" -> "deuxieme"), which is how the detector
tokenizes a message. Each entry says what the word is (its `role`) and, for the words that text2num knows, the
canonical spelling to hand to text2num (accents back: text2num does not parse "deuxieme").

Everything here is data plus the regular expressions built from it, compiled once at import.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


class Role(enum.Enum):
    """What a number-ish word is, which decides how the detector treats it."""

    CARDINAL = "cardinal"  # always a number: "seven", "trente", "septante", "sixes", "twenties"
    ORDINAL = "ordinal"  # first..fourth pass (they name piles), fifth and beyond are flagged
    QUANTITY = "quantity"  # "dozen", "douzaine", "vingtaine": an approximate number, flagged
    ONE = "one"  # one / un / une: pronoun or article unless the context makes it the number 1
    DEUX = "deux"  # "les deux" / "tous les deux" = "both"; any other "deux" is a number
    NEUF = "neuf"  # French 9 and "new": "quoi de neuf", "un jeu neuf" pass
    SEIZE = "seize"  # French 16 and the English verb: decided by the message's language
    CENT = "cent"  # French 100 and the English coin: decided by the message's language ("per cent")
    BIG = "big"  # hundred, thousand, mille, million...: numbers, but pass in fixed idioms ("mille mercis")
    TENS = "tens"  # "the tens" is a value range; "tens of" is vague
    SCORE = "score"  # "a score of" is 20; "the score" is the game's score
    QUARANTAINE = "quarantaine"  # "une quarantaine" is about 40; "en quarantaine" is a quarantine


@dataclass(frozen=True, slots=True)
class Entry:
    role: Role
    value: int  # the number the word stands for (ordinals: their rank); -1 when not meaningful
    lang: str  # "en", "fr" or "both"
    canon: str  # spelling text2num understands; "" when text2num does not know the word


# --------------------------------------------------------------------------- English

_EN_UNITS: Final = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_EN_TENS: Final = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,  # common misspelling
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "ninty": 90,  # common misspelling
}
_EN_BIG: Final = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_EN_ORDINALS: Final = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "nineth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "twelth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
    "hundredth": 100,
    "thousandth": 1000,
    "millionth": 10**6,
}
# Plurals that name values ("two sevens", "in the low teens", "the thirties"). "ones" is a pronoun ("the low
# ones") and "hundreds"/"thousands"/"millions"/"dozens" are vague ("hundreds of games"): not listed, they pass.
_EN_PLURALS: Final = {
    "zeros": 0,
    "zeroes": 0,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "elevens": 11,
    "twelves": 12,
    "teens": 13,
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
}

# --------------------------------------------------------------------------- French

_FR_CARDINALS: Final = {
    "zero": (0, "zéro"),
    "deux": (2, "deux"),
    "trois": (3, "trois"),
    "quatre": (4, "quatre"),
    "cinq": (5, "cinq"),
    "six": (6, "six"),
    "sept": (7, "sept"),
    "huit": (8, "huit"),
    "neuf": (9, "neuf"),
    "dix": (10, "dix"),
    "onze": (11, "onze"),
    "douze": (12, "douze"),
    "treize": (13, "treize"),
    "quatorze": (14, "quatorze"),
    "quinze": (15, "quinze"),
    "seize": (16, "seize"),
    "vingt": (20, "vingt"),
    "vingts": (20, "vingts"),
    "trente": (30, "trente"),
    "quarante": (40, "quarante"),
    "cinquante": (50, "cinquante"),
    "soixante": (60, "soixante"),
    "septante": (70, "septante"),  # Belgian / Swiss
    "huitante": (80, "huitante"),  # Swiss
    "octante": (80, "octante"),  # old Swiss / Belgian
    "nonante": (90, "nonante"),  # Belgian / Swiss
    "cent": (100, "cent"),
    "cents": (100, "cents"),
    "mille": (1000, "mille"),
    "million": (10**6, "million"),
    "milliard": (10**9, "milliard"),
}
_FR_ORDINALS: Final = {
    "premier": (1, "premier"),
    "premiere": (1, "première"),
    "premiers": (1, "premiers"),
    "premieres": (1, "premières"),
    "deuxieme": (2, "deuxième"),
    "seconde": (2, "seconde"),
    "secondes": (2, "secondes"),
    "troisieme": (3, "troisième"),
    "quatrieme": (4, "quatrième"),
    "unieme": (1, "unième"),  # only ever in compounds: "vingt et unième"
    "cinquieme": (5, "cinquième"),
    "sixieme": (6, "sixième"),
    "septieme": (7, "septième"),
    "huitieme": (8, "huitième"),
    "neuvieme": (9, "neuvième"),
    "dixieme": (10, "dixième"),
    "onzieme": (11, "onzième"),
    "douzieme": (12, "douzième"),
    "treizieme": (13, "treizième"),
    "quatorzieme": (14, "quatorzième"),
    "quinzieme": (15, "quinzième"),
    "seizieme": (16, "seizième"),
    "vingtieme": (20, "vingtième"),
    "trentieme": (30, "trentième"),
    "quarantieme": (40, "quarantième"),
    "cinquantieme": (50, "cinquantième"),
    "soixantieme": (60, "soixantième"),
    "septantieme": (70, "septantième"),
    "huitantieme": (80, "huitantième"),
    "octantieme": (80, "octantième"),
    "nonantieme": (90, "nonantième"),
    "centieme": (100, "centième"),
    "millieme": (1000, "millième"),
}
# Approximate quantities: singular ones are flagged ("une douzaine"), plurals are vague ("des dizaines de
# parties") and pass, like "dozens" in English.
_QUANTITIES: Final = {
    "dozen": 12,
    "dizaine": 10,
    "douzaine": 12,
    "quinzaine": 15,
    "vingtaine": 20,
    "trentaine": 30,
    "cinquantaine": 50,
    "soixantaine": 60,
    "septantaine": 70,
    "huitaine": 8,
    "centaine": 100,
    "millier": 1000,
}


def _build() -> dict[str, Entry]:
    lex: dict[str, Entry] = {}
    for word, value in _EN_UNITS.items():
        lex[word] = Entry(Role.CARDINAL, value, "en", word)
    for word, value in _EN_TENS.items():
        canon = {"fourty": "forty", "ninty": "ninety"}.get(word, word)
        lex[word] = Entry(Role.CARDINAL, value, "en", canon)
    for word, value in _EN_BIG.items():
        lex[word] = Entry(Role.BIG, value, "en", word)
    for word, value in _EN_ORDINALS.items():
        canon = {"nineth": "ninth", "twelth": "twelfth"}.get(word, word)
        lex[word] = Entry(Role.ORDINAL, value, "en", canon)
        lex[word + "s"] = Entry(Role.ORDINAL, value, "en", "")  # fractions: "two fifths", "seconds"
        lex[word + "ly"] = Entry(Role.ORDINAL, value, "en", "")  # "firstly", "fifthly"
    for word, value in _EN_PLURALS.items():
        lex[word] = Entry(Role.CARDINAL, value, "en", "")
    for word, (value, canon) in _FR_CARDINALS.items():
        if word in lex:  # "zero", "six", "million": the English spelling; the detector re-accents "zéro"
            lex[word] = Entry(lex[word].role, value, "both", lex[word].canon)
        else:
            lex[word] = Entry(Role.CARDINAL, value, "fr", canon)
    for word, (value, canon) in _FR_ORDINALS.items():
        lex[word] = Entry(Role.ORDINAL, value, "fr", canon)
        if not word.endswith("s"):
            lex[word + "s"] = Entry(Role.ORDINAL, value, "fr", "")  # "les deuxièmes", "trois cinquièmes"
        if word.endswith("ieme"):
            lex[word + "ment"] = Entry(Role.ORDINAL, value, "fr", "")  # "deuxièmement", "cinquièmement"
    lex["second"] = Entry(Role.ORDINAL, 2, "both", "second")
    lex["seconds"] = Entry(Role.ORDINAL, 2, "both", "")
    for word, value in _QUANTITIES.items():
        lex[word] = Entry(Role.QUANTITY, value, "fr" if word != "dozen" else "en", "")
    # Ambiguous words: the role decides, the value is kept for the record.
    lex["one"] = Entry(Role.ONE, 1, "en", "one")
    lex["un"] = Entry(Role.ONE, 1, "fr", "un")
    lex["une"] = Entry(Role.ONE, 1, "fr", "une")
    lex["deux"] = Entry(Role.DEUX, 2, "fr", "deux")
    lex["neuf"] = Entry(Role.NEUF, 9, "fr", "neuf")
    lex["seize"] = Entry(Role.SEIZE, 16, "fr", "seize")
    lex["cent"] = Entry(Role.CENT, 100, "fr", "cent")
    lex["cents"] = Entry(Role.CENT, 100, "fr", "cents")
    lex["mille"] = Entry(Role.BIG, 1000, "fr", "mille")
    lex["million"] = Entry(Role.BIG, 10**6, "both", "million")
    lex["milliard"] = Entry(Role.BIG, 10**9, "fr", "milliard")
    lex["tens"] = Entry(Role.TENS, 10, "en", "")
    lex["score"] = Entry(Role.SCORE, 20, "en", "")
    lex["quarantaine"] = Entry(Role.QUARANTAINE, 40, "fr", "")
    return lex


LEXICON: Final[dict[str, Entry]] = _build()

# --------------------------------------------------------------------------- glued and split words

# The pieces a glued or split number is made of ("thirtyseven", "quatrevingtdixneuf", "t h i r t y"), per
# language: a glued word mixes no languages ("fourmille", French for "swarms", is not "four" + "mille").
_EN_CARDINAL_MORPHEMES: Final = frozenset([*_EN_UNITS, *_EN_TENS, *_EN_BIG])
_FR_CARDINAL_MORPHEMES: Final = frozenset([*_FR_CARDINALS, "un", "une"])
CARDINAL_MORPHEMES: Final[frozenset[str]] = _EN_CARDINAL_MORPHEMES | _FR_CARDINAL_MORPHEMES
ORDINAL_MORPHEMES: Final[frozenset[str]] = frozenset([*_EN_ORDINALS, *_FR_ORDINALS])
CONNECTORS: Final[frozenset[str]] = frozenset({"and", "et"})


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
# "thirtyseventh". A single piece is a plain lexicon word, not "glued".
GLUED_RE: Final = re.compile(
    _glued(_EN_CARDINAL_MORPHEMES, _EN_ORDINALS, "and")
    + "|"
    + _glued(_FR_CARDINAL_MORPHEMES, _FR_ORDINALS, "et")
)
# A string that could still grow into a number when more pieces are appended: complete pieces followed by the
# beginning of one. Used to stop merging split fragments as soon as they cannot make a number.
PARTIAL_RE: Final = re.compile(
    _partial(_EN_CARDINAL_MORPHEMES, _EN_ORDINALS, "and")
    + "|"
    + _partial(_FR_CARDINAL_MORPHEMES, _FR_ORDINALS, "et")
)
# First two letters of every glued number: a cheap test before running GLUED_RE on a word.
GLUED_STARTS: Final[frozenset[str]] = frozenset(w[:2] for w in CARDINAL_MORPHEMES)
# Words a split-number merge may start from (any beginning of a piece but "a" and "an").
MERGE_STARTS: Final[frozenset[str]] = _prefixes(CARDINAL_MORPHEMES | ORDINAL_MORPHEMES) - {"a", "an"}


def _merge_heads() -> frozenset[str]:
    """The first four letters of every string PARTIAL_RE accepts that has four letters or more: a piece, a
    connector and the start of the next piece ("unet", "thir", "quat"). Two fragments whose concatenation does
    not start with one of these cannot be the start of a number, whatever follows."""
    heads: set[str] = set()
    for cardinals, ordinals, connector in (
        (_EN_CARDINAL_MORPHEMES, frozenset(_EN_ORDINALS), "and"),
        (_FR_CARDINAL_MORPHEMES, frozenset(_FR_ORDINALS), "et"),
    ):
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
# Words that are a number whatever surrounds them (a shortcut for contains_number). Not "two": "my two cents".
ALWAYS_NUMBERS: Final[frozenset[str]] = frozenset(
    word
    for word, entry in LEXICON.items()
    if (entry.role is Role.CARDINAL and word != "two")
    or (entry.role is Role.ORDINAL and entry.value > 4)
    or entry.role is Role.QUANTITY
)

# Splits of number words into real words, which are ordinary text, not a hidden number: "thou sand", "ni ne",
# "va-t-en" ("t" + "en"), "for ty". Found by splitting every lexicon word against English and French word
# lists, keeping the splits made of words a chat could contain.
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
# "L" is a word or a pile name. The test for case and length lives in the detector.
ROMAN_RE: Final = re.compile(r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
# Two-letter lowercase roman numerals that are also common chat words: "xx" (kisses), "xl" (a size), "vi"
# (the editor), "xi" and "li" (names).
ROMAN_LOWER_WORDS: Final[frozenset[str]] = frozenset({"xx", "xl", "vi", "xi", "li"})

# --------------------------------------------------------------------------- language guess

# Frequent function words, to tell an English message from a French one where a word means something in each
# ("seize", "cent"). Words common to both ("on", "a", "pile", "six") are left out.
_EN_WORDS_TEXT: Final = """the and i you he she it we they is are was be to of in at my your our this that can do don t have
has will please play just not no yes what if with for so me us let go get got its card cards
take hand turn would could should think know want need wait good nice oh ok okay but or any all more
any try"""
EN_WORDS: Final[frozenset[str]] = frozenset(_EN_WORDS_TEXT.split())
_FR_WORDS_TEXT: Final = """le la les de des du je tu il elle nous vous et est pas sur un une que qui ne j c d l n qu avec pour
mais ou moi toi peux peut vais joue jouer carte cartes mon ma mes ton ta tes ce cette ca oui non si
en y au aux tres bien fait faire attends sais veux dois suis es as ai alors donc quoi rien tout
ici"""
FR_WORDS: Final[frozenset[str]] = frozenset(_FR_WORDS_TEXT.split())

# --------------------------------------------------------------------------- contexts

# "one" / "un" is the number 1 after these words: "exactly one", "number one", "plus one", "numéro un".
ONE_NUMBER_BEFORE: Final[frozenset[str]] = frozenset(
    {
        "exactly",
        "precisely",
        "number",
        "plus",
        "minus",
        "times",
        "exactement",
        "precisement",
        "numero",
        "chiffre",
    }
)
# ... and before these: "one less", "one fewer", "one away", "one apart", "one off" (not "a one-off").
ONE_NUMBER_AFTER: Final[frozenset[str]] = frozenset({"less", "fewer", "away", "apart", "off"})
# "off by one", "up by one", "down by one".
ONE_BY_BEFORE: Final[frozenset[str]] = frozenset({"off", "up", "down", "out", "only", "just", "exactly"})
# "les deux" / "des deux" / "aux deux" / "tous deux" / "toutes les deux" mean "both".
DEUX_BOTH_BEFORE: Final[frozenset[str]] = frozenset({"les", "des", "aux", "tous", "toutes"})
# "neuf" means "new" after these: "quoi de neuf", "du neuf", "tout neuf", "comme neuf", "flambant neuf".
NEUF_NEW_BEFORE: Final[frozenset[str]] = frozenset(
    {"de", "d", "du", "tout", "toute", "comme", "flambant", "jeu", "jeux", "paquet", "deck", "truc", "coeur"}
)
# "remis à neuf", "refait à neuf".
NEUF_A_VERBS: Final[tuple[str, ...]] = ("remi", "remet", "refai", "refait", "repart")
# English words after "seize" that mark the verb: "seize the day", "seize it".
SEIZE_EN_AFTER: Final[frozenset[str]] = frozenset(
    {
        "the",
        "this",
        "that",
        "it",
        "them",
        "control",
        "power",
        "up",
        "on",
        "upon",
        "your",
        "my",
        "our",
        "every",
    }
)
# Idioms where a big number (100 and more, never a card value) is a figure of speech: "mille mercis",
# "cent fois", "a hundred percent", "thanks a million", "one in a million", "mille-feuille".
BIG_IDIOM_AFTER: Final[frozenset[str]] = frozenset(
    {
        "times",
        "percent",
        "per",
        "fois",
        "pour",
        "merci",
        "mercis",
        "excuses",
        "pardons",
        "sabords",
        "feuille",
        "feuilles",
        "bornes",
    }
)
BIG_IDIOM_BEFORE_A: Final[frozenset[str]] = frozenset({"thanks", "in", "merci"})
# Two-word idioms with a small number word that state no value: "my two cents", "one another", "one by one".
IDIOMS: Final[frozenset[tuple[str, str]]] = frozenset(
    {("two", "cents"), ("one", "another"), ("one", "by"), ("by", "one")}
)
