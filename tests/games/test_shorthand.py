"""The reader of `/move`'s shorthand, whatever the game: the reader's letters, the English ones where they do not
clash, one reading or none."""

from __future__ import annotations

import pytest

from bot.games.shorthand import Letters, Shorthand, normalize


def toy(text: str) -> str | None:
    """A game whose places are `x1`..`x9` and `y1`..`y9`, moves `place>place`, and one action, `go`."""
    if text == "go":
        return text
    source, _, target = text.partition(">")
    places = {f"{letter}{number}" for letter in "xy" for number in range(1, 10)}
    return text if source in places and target in places else None


TOY = Shorthand[str](
    {
        "en": Letters(places={"x": "x", "y": "y"}, words={"go": "go", "q": "go"}),
        "fr": Letters(places={"x": "y", "z": "x"}, words={"va": "go"}),  # a clash: French x is y
        "de": Letters(places={"u": "x", "uv": "y", "v": "y"}, words={"los": "go", "q": "go"}),
    },
    toy,
)


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        (" C3 > F ", "c3>f"),
        ("c3->f", "c3>f"),
        ("c3→f", "c3>f"),
        ("c3 - f", "c3>f"),
        ("Défausser", "defausser"),
    ],
)
def test_case_accents_spaces_and_arrows_do_not_matter(text: str, normalized: str) -> None:
    assert normalize(text) == normalized
    assert normalize("f♥\ufe0f>c2") == "f♥>c2", "the emoji form of a suit is the suit"


def test_a_reader_types_their_own_letters_and_the_english_ones() -> None:
    assert TOY.read("z1>x2", "fr") == "x1>y2"
    assert TOY.read("Y1 -> Z2", "fr-FR") == "y1>x2", "English y, which French does not use"
    assert TOY.read("va", "fr") == TOY.read("go", "fr") == TOY.read("q", "fr") == "go"
    assert TOY.read("x1>x2", "en-US") == "x1>x2"


def test_where_an_english_letter_is_also_the_readers_their_meaning_wins() -> None:
    assert TOY.read("x1>x2", "fr") == "y1>y2"


def test_a_text_read_two_ways_is_refused() -> None:
    """Letters where one is the start of another can read one text two ways: refused, never guessed."""
    assert TOY.read("uv2>u1", "de") == "y2>x1", "`u` then `v2` is no place: one reading"
    clash = Shorthand[str](
        {
            "en": Letters(places={"x": "x", "y": "y"}, words={}),
            "fr": Letters(places={"x": "x", "y": "y"}, words={}),
            "de": Letters(places={"x": "x", "x1": "y"}, words={}),  # `x12`: x 12, or `x1` (a y) 2
        },
        lambda text: text if text in {"x12>x9", "y2>x9"} else None,
    )
    assert clash.read("x12>x9", "de") is None
    assert clash.read("x12>x9", "en") == "x12>x9"


@pytest.mark.parametrize("text", ["", ">", "x1>", ">x1", "w1>x1", "x1>x2>x3", "go>x1", "x1"])
def test_nonsense_is_refused(text: str) -> None:
    assert TOY.read(text, "en") is None


def test_moves_are_written_in_the_readers_letters() -> None:
    assert TOY.write("x1>y2", "fr") == "z1>x2"
    assert TOY.write("x1>y2", "de") == "u1>uv2"
    assert TOY.write("go", "de") == "los"
    for language in ("en", "fr", "de"):
        assert TOY.read(TOY.write("x3>y4", language), language) == "x3>y4"


def test_every_language_has_letters() -> None:
    with pytest.raises(ValueError):
        Shorthand[str]({"en": Letters({}, {})}, toy)
