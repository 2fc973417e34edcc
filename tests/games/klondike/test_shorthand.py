"""`/move` in Klondike, typed in the reader's letters: those of the words the board shows in their language."""

from __future__ import annotations

import pytest

from bot.games.klondike import DRAW, Move
from bot.games.klondike.shorthand import EXAMPLES, SHORTHAND, typed
from bot.games.shorthand import normalize
from bot.ui.i18n import t
from tests.games.klondike.test_moves import every_move

W_TO_3 = Move("waste", "column:3")
THREE_UP = Move("column:3", "foundation")
RUN = Move("column:2", "column:5", 3)
HEART_DOWN = Move("foundation:H", "column:2")


@pytest.mark.parametrize(
    ("locale", "text", "move"),
    [
        ("en-US", "w>c3", W_TO_3),
        ("en-US", "s", DRAW),
        ("en-US", "Draw", DRAW),
        ("en-GB", "C2 -> C5 x3", RUN),
        ("en-US", "f♥→c2", HEART_DOWN),
        ("fr", "d>c3", W_TO_3),
        ("fr", "w>c3", W_TO_3),  # the English letter, which French does not use
        ("fr", "c3 > f", THREE_UP),
        ("fr", "t", DRAW),
        ("fr", "Piocher", DRAW),
        ("fr", "s", DRAW),
        ("fr", "fH>c2", HEART_DOWN),
        ("de", "s4>s5", Move("column:4", "column:5")),  # the reviewer's /zug zug:s4>s5
        ("de", "w>s3", W_TO_3),
        ("de", "S3 → A", THREE_UP),
        ("de", "c3>f", THREE_UP),  # the English letters, which German does not use
        ("de", "s2>s5x3", RUN),
        ("de", "a♥>s2", HEART_DOWN),
        ("de", "t", DRAW),
        ("de", "ziehen", DRAW),
    ],
)
def test_a_player_types_their_own_letters(locale: str, text: str, move: Move) -> None:
    assert SHORTHAND.read(text, locale) == move


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("de", "s"),  # English draws with `s`; in German `s` is a Spalte, and wins
        ("de", "s>a"),
        ("fr", "d"),
        ("fr", "d>d"),
        ("en-US", "d>c3"),  # French letters are French only
        ("en-US", "s3>f"),
        ("en-US", "t"),
        ("de", "x>s3"),
        ("de", "s8>a"),
        ("fr", ""),
        ("fr", "c1>c2>c3"),
    ],
)
def test_other_letters_are_refused(locale: str, text: str) -> None:
    assert SHORTHAND.read(text, locale) is None


@pytest.mark.parametrize("locale", ["en-US", "fr", "de"])
def test_every_move_is_written_in_the_readers_letters_and_reads_back(locale: str) -> None:
    for move in every_move():
        assert SHORTHAND.read(typed(move, locale), locale) == move, typed(move, locale)
    assert [typed(move, "de") for move in (W_TO_3, THREE_UP, RUN, HEART_DOWN, DRAW)] == [
        "w>s3",
        "s3>a",
        "s2>s5x3",
        "a♥>s2",
        "t",
    ]
    assert [typed(move, "fr") for move in (W_TO_3, THREE_UP, DRAW)] == ["d>c3", "c3>f", "t"]
    assert [typed(move, "en") for move in (W_TO_3, THREE_UP, HEART_DOWN, DRAW)] == [
        "w>c3",
        "c3>f",
        "f♥>c2",
        "s",
    ]


def test_the_refusal_shows_the_readers_letters() -> None:
    assert SHORTHAND.examples(EXAMPLES, "de") == "w>s3, s3>a, s2>s5x3"
    assert SHORTHAND.examples(EXAMPLES, "fr") == "d>c3, c3>f, c2>c5x3"
    refusal = t("de", "klondike.unreadable_move", text="s", examples=SHORTHAND.examples(EXAMPLES, "de"))
    assert refusal.startswith(
        "„s“ kann ich nicht als Zug lesen: Schreib ihn wie w>s3, s3>a, s2>s5x3 (s Spalte,"
    )


# Each code's words on the board and in the menu, whose letters the reader's shorthand takes.
WORDS = {
    "c": "klondike.place.column",
    "f": "klondike.place.foundation",
    "w": "klondike.place.waste",
    "s": "klondike.stock",
}


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_letters_are_those_of_the_words_the_reader_sees(language: str) -> None:
    letters = SHORTHAND.tables[language]
    entries = [*letters.places.items(), *letters.words.items()]
    for code in {code for _, code in entries}:
        written = next(key for key, value in entries if value == code)
        word = normalize(t(language, WORDS[code], column=""))
        assert all(letter in word for letter in written), (language, written, word)
        assert f"`{written}" in t(language, "rules.klondike.body"), (language, written)
