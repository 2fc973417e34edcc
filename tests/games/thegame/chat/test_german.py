"""German number words, and the table's language for the words of two languages."""

from __future__ import annotations

import random

import pytest
from text_to_num import text2num

from bot.games.thegame.chat import chat_language, contains_number, find_numbers

_UNITS = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
]
_TENS = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"]


def _below_hundred(number: int, last: bool) -> str:
    if number < 20:
        return "ein" if number == 1 and not last else _UNITS[number]
    units, tens = number % 10, _TENS[number // 10]
    if units == 0:
        return tens
    return ("ein" if units == 1 else _UNITS[units]) + "und" + tens


def _below_thousand(number: int, last: bool) -> str:
    hundreds, rest = divmod(number, 100)
    head = (("ein" if hundreds == 1 else _UNITS[hundreds]) + "hundert") if hundreds else ""
    return head + (_below_hundred(rest, last) if rest else "")


def german(number: int) -> str:
    """A number from 0 to 999,999 written as one German word, as the Duden writes it."""
    if number == 0:
        return "null"
    thousands, rest = divmod(number, 1000)
    head = (_below_thousand(thousands, last=False) + "tausend") if thousands else ""
    return head + (_below_thousand(rest, last=True) if rest else "")


def german_ordinal(number: int) -> str:
    """The ordinal of a number from 5 to 99, with the ending -e ("fünfte", "einundzwanzigste")."""
    irregular = {7: "siebte", 8: "achte"}
    if number in irregular:
        return irregular[number]
    if number < 20:
        return _UNITS[number] + "te"
    return _below_hundred(number, last=False) + "ste"


def without_umlauts(word: str) -> str:
    return word.replace("ü", "u").replace("ö", "o").replace("ä", "a").replace("ß", "ss")


def transliterated(word: str) -> str:
    return word.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae").replace("ß", "ss")


def _sample() -> list[int]:
    numbers = list(range(2, 1000))
    numbers += random.Random(31).sample(range(1000, 1_000_000), 600)
    return numbers


def test_the_speller_of_these_tests_writes_what_text2num_reads() -> None:
    for number in [0, *_sample()]:
        assert text2num(german(number), "de") == number, german(number)


@pytest.mark.parametrize("table", [None, "de", "en", "fr"])
def test_every_german_number_is_flagged_in_every_spelling(table: str | None) -> None:
    """At every table; but "elf" alone at an English table is an elf (see the table language's test)."""
    missed = [
        spelling
        for number in _sample()
        if not (number == 11 and table == "en")
        for spelling in {german(number), without_umlauts(german(number)), transliterated(german(number))}
        if not contains_number(spelling, table) or not find_numbers(spelling, table)
    ]
    assert missed == []


@pytest.mark.parametrize("number", range(5, 100))
def test_german_ordinals_from_the_fifth_on_are_flagged(number: int) -> None:
    ordinal = german_ordinal(number)
    for ending in ("", "n", "r", "s", "m"):
        for spelling in (ordinal + ending, transliterated(ordinal + ending).capitalize()):
            assert contains_number(f"der {spelling} Stapel", "de"), spelling


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ich hab die fünfundvierzig", "fünfundvierzig"),
        ("fuenfundvierzig", "fuenfundvierzig"),
        ("funfundvierzig", "funfundvierzig"),
        ("dreißig", "dreißig"),
        ("DREISSIG", "DREISSIG"),
        ("zwölf", "zwölf"),
        ("zwoelf", "zwoelf"),
        ("zwo", "zwo"),
        ("hundert", "hundert"),
        ("fünf und vierzig", "fünf und vierzig"),
        ("fünf-und-vierzig", "fünf-und-vierzig"),
        ("zwei hundert", "zwei hundert"),
        ("sechszehn", "sechszehn"),  # common spellings besides the Duden's
        ("siebenzehn", "siebenzehn"),
        ("achzig", "achzig"),
        ("sechszig", "sechszig"),
        ("der fünfte Zug", "fünfte"),
        ("die zwanzigste Runde", "zwanzigste"),
        ("einundzwanzigster", "einundzwanzigster"),
        ("am achten", "achten"),
        ("jede achte Karte", "achte"),
        ("ein Fünftel", "Fünftel"),
        ("ein Achtel vom Stapel", "Achtel"),
        ("dreiviertel", "dreiviertel"),
        ("zweieinhalb", "zweieinhalb"),
        ("fünftens", "fünftens"),
        ("dreimal", "dreimal"),
        ("zwanzigmal", "zwanzigmal"),
        ("ich hab nur Zwanziger", "Zwanziger"),
        ("ein Dreier", "Dreier"),
        ("in den Neunzigern", "Neunzigern"),
        ("acht Karten", "acht"),
        ("elf", "elf"),
        ("null", "null"),
        ("genau eine Karte", "eine"),
        ("eins weniger", "eins"),
        ("eins höher als deine", "eins"),
        ("einer mehr", "einer"),
        ("Nummer eins", "eins"),
        ("ein hundert", "ein hundert"),
        ("f ü n f", "f ü n f"),
        ("z.w.a.n.z.i.g", "z.w.a.n.z.i.g"),
    ],
)
def test_german_number_words_are_flagged(text: str, fragment: str) -> None:
    findings = find_numbers(text, "de")
    assert fragment in [f.text for f in findings], findings
    assert contains_number(text, "de")


@pytest.mark.parametrize(
    "text",
    [
        "die erste Karte",
        "der zweite Stapel",
        "die dritte Runde",
        "der vierte Stapel",
        "erstens, zweitens",
        "ein Viertel",  # a quarter, like "a quarter"
        "ein Drittel",
        "ein Stapel",
        "eine Karte",
        "einen Moment",
        "einer von uns",
        "noch eins",
        "eins nach dem anderen",
        "ein kleiner Stapel",
        "eine höhere Karte",
        "nur eine Karte",  # like "only one card"
        "einmal",
        "zweimal",
        "hundertmal gesagt",
        "tausendmal",
        "hundert Prozent",
        "hundert pro",
        "tausend Dank",
        "Achtung!",
        "achte auf den Stapel",
        "wir achten darauf",
        "gib acht",
        "außer Acht lassen",
        "in Acht nehmen",
        "null Ahnung",
        "null Bock",
        "beide Stapel",
        "ein paar Karten",
        "ein Paar",
        "Dutzende Spiele",
        "Hunderte Runden",
        "halb so wild",
        "die Hälfte",
        "anderthalb",
        "Zeit",
        "zweifeln",
        "Dreiecke",
        "vierteln",
    ],
)
def test_german_words_that_are_no_number_pass(text: str) -> None:
    assert find_numbers(text, "de") == []
    assert not contains_number(text, "de")


@pytest.mark.parametrize(
    ("text", "table", "flagged"),
    [
        ("elf", "de", True),  # a German table: eleven
        ("elf", "en", False),  # an English table: the creature
        ("elf", "fr", True),
        ("elf", None, True),  # unknown table: the number
        ("ich hab die elf", "en", True),  # the message itself reads German
        ("the elf is cute", "de", False),  # ... or English
        ("elfish", None, False),  # not "elf" + "-ish"
        ("null", "de", True),
        ("null", "en", False),
        ("that's null and void", "de", False),
        ("seize", "fr", True),
        ("seize", "en", False),
        ("seize", None, True),
        ("il me reste seize", "en", True),
        ("seize the day", "fr", False),
        ("cent", "fr", True),
        ("cent", "en", False),
        ("cent", "de", False),  # the German coin
        ("ein Cent", None, False),
        ("trente", "de", True),  # every language's numbers are known at every table
        ("zwanzig", "fr", True),
        ("twenty", "de", True),
    ],
)
def test_the_table_language_decides_words_of_two_languages(
    text: str, table: str | None, flagged: bool
) -> None:
    assert contains_number(text, table) is flagged, find_numbers(text, table)
    assert bool(find_numbers(text, table)) is flagged


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de", "de"),
        ("de-DE", "de"),
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("en-US", "en"),
        ("es-ES", None),
        ("", None),
    ],
)
def test_chat_language_of_a_locale(locale: str, language: str | None) -> None:
    assert chat_language(locale) == language
