"""A line written from kept words is the line written whole, pixel for pixel, whatever the words and wherever
they fall between two pixels."""

from __future__ import annotations

import random

import pytest

from bot.ui.render.indexed import plain_indexed, put_text_indexed
from bot.ui.render.line_words import line_length, put_line_indexed
from bot.ui.render.text import font_length
from bot.ui.render.theme import FELT, TEXT

LATIN = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéàçÉœßüÖŁñőșİjfTVWY'’-_.,;:!?0123456789\"()«»“”—…@&"
)
TAILS = (
    "turn · one of two played",
    "ist dran · einer von zwei gespielt",
    "· à toi de jouer · aucune carte posée",
    "turn · AV To Wa Ya LT f. j, r; y:",
)
# Written whole: another script beside Latin (shaped in runs, "β -W" is not kerned as "-W" alone), marks, a
# right-to-left name, spaces side by side, a line that ends with a space.
WHOLE = ("p0dX β -Wжβ8J", "Zoe\u0301 Ab", "דנה cohen", "Bob  Alice", "Ada ")


def written(text: str, size: int, *, in_words: bool) -> bytes:
    image = plain_indexed(900, 80, FELT)
    write = put_line_indexed if in_words else put_text_indexed
    write(image, (20, 40), text, size, TEXT, FELT, "lm")
    return image.tobytes()


@pytest.mark.parametrize("size", [34, 26, 17])
def test_a_line_from_kept_words_is_the_line_written_whole(size: int) -> None:
    """Names of every width put each following word at every fraction of a pixel: a word kept at one fraction
    and pasted at another would shift its edges, and the line would differ from the one written whole."""
    rng = random.Random(size)
    for index in range(150):
        words = [
            "".join(rng.choice(LATIN) for _ in range(rng.randint(1, 9))) for _ in range(rng.randint(1, 3))
        ]
        text = f"{' '.join(words)} {TAILS[index % len(TAILS)]}"
        assert written(text, size, in_words=True) == written(text, size, in_words=False), text
    for name in WHOLE:
        text = f"{name} {TAILS[0]}"
        assert written(text, size, in_words=True) == written(text, size, in_words=False), text


def test_a_line_is_as_wide_measured_from_kept_words_as_measured_whole() -> None:
    """The turn line's width, which decides its size on the board (`fitted`), is added up from kept lengths."""
    rng = random.Random(5)
    for index in range(300):
        words = [
            "".join(rng.choice(LATIN) for _ in range(rng.randint(1, 9))) for _ in range(rng.randint(1, 3))
        ]
        text = f"{' '.join(words)} {TAILS[index % len(TAILS)]}"
        for size in (34, 22):
            assert line_length(text, size, True) == font_length(text, size, True), text
    for name in WHOLE:
        assert line_length(name, 34, True) == font_length(name, 34, True)
