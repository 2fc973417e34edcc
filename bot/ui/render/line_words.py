"""A line of text written on the shared palette word by word, from words kept (`put_line_indexed`).

The Game's turn line ("Bob's turn · one of two played") is new at almost every play: the name stays, the progress
changes, and the same words show at every table. Drawing it whole with FreeType costs about a millisecond; from
kept words it costs a few lookups and pastes.

Each word is kept as its stamp (its palette indexes and the pixels it covers, `indexed.stamp`) by its text and the
fraction of a pixel it starts at. FreeType puts each glyph at its pen position rounded to a pixel, so a word drawn
from the same fraction of a pixel, pasted at the pixel its pen falls in, gives the same pixels as the line drawn
whole. Where a word starts is added up from kept lengths: the previous word, its space and the next word's first
letter measured together (so the kerning on both sides of the space counts), less that letter.
"""

from __future__ import annotations

import math
import unicodedata
from functools import cache, lru_cache
from itertools import pairwise

from PIL import Image

from bot.ui.render.fonts import font
from bot.ui.render.indexed import put_text_indexed, stamp
from bot.ui.render.text import font_length
from bot.ui.render.theme import Colour

WORDS_KEPT = 4096  # a word at one fraction of a pixel (at scale 2, 2 x 1 to 3 KB)
Stamp = tuple[Image.Image, Image.Image, int, int]


def put_line_indexed(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    size: int,
    fill: Colour,
    background: Colour,
    anchor: str = "lm",
    bold: bool = True,
) -> tuple[int, int]:
    """`put_text_indexed`, from kept words: the same pixels, and the rows written to (first, and the one after
    the last). Text that is not plain words in Latin letters (a mark, another script, a control character,
    spaces side by side), a word whose pixels would touch the next one's, or an anchor other than the left, is
    written whole."""
    words = _words(text) if anchor.startswith("l") else None
    placed = _placed(words, size, fill, background, anchor, bold) if words else None
    if placed is None:
        return put_text_indexed(board, position, text, size, fill, background, anchor, bold)
    x, y = position
    board.load()
    target = board.im  # pasted core to core: a line is a dozen small pastes, and `Image.paste` checks each
    for left, (indexes, covered, _, top) in placed:
        at = (x + left, y + top)
        target.paste(indexes.im, (*at, at[0] + indexes.width, at[1] + indexes.height), covered.im)
    tops = [top for _, (_, _, _, top) in placed]
    bottoms = [top + indexes.height for _, (indexes, _, _, top) in placed]
    return y + min(tops), y + max(bottoms)


def _words(text: str) -> list[str] | None:
    if len(text) < 2 or "  " in text or text[0] == " " or text[-1] == " ":
        return None
    if not all(_latin(character) for character in text):
        return None
    return text.split(" ")


def _placed(
    words: list[str], size: int, fill: Colour, background: Colour, anchor: str, bold: bool
) -> list[tuple[int, Stamp]] | None:
    """Each word's stamp and its left edge from the anchor point, or None if two words' pixels would overlap
    (pasting one would then wipe the other's edge, where the whole line keeps the stronger of the two)."""
    placed: list[tuple[int, Stamp]] = []
    end = -(2**31)
    for word, pen in zip(words, _starts(words, size, bold), strict=True):
        pixels = math.floor(pen)
        word_stamp = _word_stamp(word, pen - pixels, size, fill, background, anchor, bold)
        left = pixels + word_stamp[2]
        if left < end:
            return None
        end = left + word_stamp[0].width
        placed.append((left, word_stamp))
    return placed


def _starts(words: list[str], size: int, bold: bool) -> list[float]:
    """Where each word's pen starts in the line: the previous word, its space and the word's first letter
    measured together, less that letter (kept lengths; the kerning on both sides of the space included)."""
    starts = [0.0]
    for previous, word in pairwise(words):
        first = word[0]
        starts.append(starts[-1] + _length(f"{previous} {first}", size, bold) - _length(first, size, bold))
    return starts


def line_length(text: str, size: int, bold: bool) -> float:
    """The line's width as `font_length` measures it, from kept lengths when it is plain Latin words (where the
    last word starts, and its own length): a line new at every play is not measured whole."""
    words = _words(text)
    if words is None:
        return font_length(text, size, bold)
    return _starts(words, size, bold)[-1] + _length(words[-1], size, bold)


@cache
def _latin(character: str) -> bool:
    """Latin letters, digits and the punctuation lines use, without marks or format characters. One script only:
    a line that mixes two is shaped in runs, one a script, and the punctuation between them (a space, a dash)
    joins the run before it in the line but the run after it in a word drawn alone (no kerning across runs)."""
    if unicodedata.category(character)[0] in "MCZ" and character != " ":
        return False
    return ord(character) < 0x0370 or 0x2010 <= ord(character) <= 0x2027


@lru_cache(maxsize=WORDS_KEPT)
def _length(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=WORDS_KEPT)
def _word_stamp(
    word: str, fraction: float, size: int, fill: Colour, background: Colour, anchor: str, bold: bool
) -> Stamp:
    """A word's stamp, drawn starting `fraction` of a pixel to the right of its pixel; its offset from there."""
    core, (left, top) = font(size, bold).getmask2(word, "L", anchor=anchor, start=(fraction, 0))
    return (*stamp(Image.Image()._new(core), fill, background), left, top)
