"""Number words with one slip ("fiveteen", "twelf", "quatorse", "zwansig"), and the real words near them that
must pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games.thegame.chat import contains_number, find_numbers
from bot.games.thegame.chat import normalize as nz
from bot.games.thegame.chat.misspellings import REAL_WORDS, misspelled_number, sound_key

WORD_LISTS = {
    "en": ["/usr/share/dict/american-english", "/usr/share/dict/british-english"],
    "fr": ["/usr/share/dict/french"],
    "de": ["/usr/share/dict/ngerman"],
}


@pytest.mark.parametrize(
    "text",
    [
        "fiveteen",  # fifteen
        "twelf",  # twelve
        "forteen",  # fourteen
        "fourtheen",
        "ninteen",  # nineteen
        "nintey",  # ninety
        "thrity",  # thirty
        "eigth",  # eight
        "seventeeen",
        "tweleve",
        "twelv",
        "fivety",  # fifty
        "sixtyy",
        "hundered",  # hundred
        "thousend",  # thousand
        "quatorse",  # quatorze
        "sinquante",  # cinquante
        "quarente",  # quarante
        "soixente",  # soixante
        "cattorze",  # quatorze
        "cinqieme",  # cinquième
        "zwansig",  # zwanzig
        "zwantzig",
        "fünnfzig",  # fünfzig
        "siebzen",  # siebzehn
        "dreizig",  # dreißig
        "sechsehn",  # sechzehn
    ],
)
def test_a_number_word_with_one_slip_is_flagged(text: str) -> None:
    key = text if text.isascii() else nz.fold(text)[1]
    assert misspelled_number(key) is not None
    assert contains_number(f"I have {text}")
    assert [f.text for f in find_numbers(f"j'ai {text} sur A")] == [text]


@pytest.mark.parametrize(
    "text",
    [
        "there",  # three
        "threw",
        "night",  # eight: a slip in the first two letters does not count
        "weight",
        "height",
        "right",
        "eleventy",  # two slips
        "Karte",  # quatre
        "carte",
        "douce",  # douze
        "en douce",
        "dozens",  # the vague plural
        "hundreds of games",
        "des centaines",
        "Tausende",
        "the teeth",
        "thirsty",
        "sehen",  # a real word one slip from "zehnen"
        "nicht siegen",
        "it doesn't matter",  # "doesn", a piece of a real word, is one slip from "dozen"
        "aujourd'hui",
    ],
)
def test_real_words_near_number_words_pass(text: str) -> None:
    assert not contains_number(text), find_numbers(text)


def test_short_words_and_number_words_are_never_read_as_misspellings() -> None:
    assert misspelled_number("sevn") is None
    assert misspelled_number("nein") is None  # German "no", two letters from "nine"
    assert misspelled_number("fife") is None
    assert misspelled_number("seven") is None  # a number word is the lexicon's to judge
    assert sound_key("quatorze") == sound_key("quatorse") == "katorse"
    assert sound_key("cinquante") == sound_key("sinquante")


def _word_forms(path: str, lang: str) -> set[str]:
    forms: set[str] = set()
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        word = line.strip()
        if not word:
            continue
        folded = nz.fold(word)[1] if not word.isascii() else word.lower()
        candidates = {folded}
        if lang == "de":
            lower = word.lower()
            candidates.add(lower.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss"))
        for candidate in candidates:  # "doesn't" is read as "doesn" and "t", "aujourd'hui" as two words
            forms.update(piece for piece in nz.WORD_RE.findall(candidate) if piece.isascii())
    return forms


def real_words_caught() -> dict[str, str]:
    """Every word of the installed word lists that the rule would take for a misspelt number, with it."""
    caught: dict[str, str] = {}
    for lang, paths in WORD_LISTS.items():
        for path in paths:
            for form in _word_forms(path, lang):
                if form in REAL_WORDS:
                    continue
                meant = misspelled_number(form)
                if meant is not None:
                    caught[form] = meant
    return caught


@pytest.mark.skipif(
    not all(Path(path).exists() for paths in WORD_LISTS.values() for path in paths),
    reason="needs Debian's word lists: apt-get install wamerican wbritish wfrench wngerman",
)
def test_real_words_is_complete() -> None:
    """No word of the English, French and German word lists is taken for a misspelt number: each is in
    REAL_WORDS (printed, ready to paste, when some are missing)."""
    caught = real_words_caught()
    if caught:
        print(json.dumps(sorted({*REAL_WORDS, *caught})))
    assert caught == {}
