"""Drawing straight on the shared palette: plain parts and text on them, each pixel the index `to_palette` would
give the same part drawn in colour, so a part made here is the same as one drawn and mapped, in a fraction of the
time (no colour image drawn, nothing mapped)."""

from __future__ import annotations

import math
import unicodedata
from functools import cache, lru_cache

from PIL import Image

from bot.ui.render.fonts import font
from bot.ui.render.png import palette_bytes, to_palette
from bot.ui.render.text import render_mask
from bot.ui.render.theme import Colour

STAMPS_KEPT = 1024  # a turn line's stamp at scale 2 is about 2 x 20 KB
PIECES_KEPT = 4096  # a piece of a line: a name, a progress (at scale 2, 2 x 5 to 10 KB)
PIECE_SEPARATOR = " · "  # a line is written in pieces that end after each of these


@cache
def blend_indexes(colour: Colour, background: Colour) -> bytes:
    """For each coverage 0-255, the palette index of `colour` drawn with that coverage over `background`: the
    index `to_palette` gives the pixel Pillow blends (a text's edges drawn through its mask)."""
    strip = Image.new("RGB", (256, 1), background)
    strip.paste(colour, (0, 0), Image.frombytes("L", (256, 1), bytes(range(256))))
    return to_palette(strip).tobytes()


def plain_indexed(width: int, height: int, colour: Colour) -> Image.Image:
    """An image of one colour on the shared palette."""
    image = Image.new("P", (width, height), blend_indexes(colour, colour)[0])
    image.putpalette(palette_bytes())
    return image


def put_text_indexed(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    size: int,
    fill: Colour,
    background: Colour,
    anchor: str = "la",
    bold: bool = True,
) -> tuple[int, int]:
    """`put_text` on an image on the shared palette, where the text lies on `background`: each pixel its mask
    covers becomes the index of its blend (`blend_indexes`); the pixels around are left as they are. Returns the
    rows written to (first, and the one after the last)."""
    if not text:
        return position[1], position[1]
    indexes, covered, left, top = _text_stamp(text, size, fill, background, anchor, bold)
    x, y = position
    board.paste(indexes, (x + left, y + top), covered)
    return y + top, y + top + indexes.height


def put_line_indexed(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    size: int,
    fill: Colour,
    background: Colour,
    anchor: str = "lm",
    bold: bool = True,
) -> None:
    """`put_text_indexed` for a line that changes a piece at a time ("Bob's turn · one of two played": the name
    stays, the progress changes at every play, and the same progress shows at every table): written in pieces
    that end after each `PIECE_SEPARATOR`, each piece's stamp kept by its text and the fraction of a pixel its
    first character starts at. A line not seen before then costs measuring where its pieces start, not drawing
    it. The same pixels as the line written whole: FreeType puts each glyph at its pen position rounded to a
    pixel, and a piece drawn from the same fraction of a pixel rounds each of its glyphs the same. Only for a
    left anchor and text written left to right without combining marks; other text is written whole."""
    pieces = _pieces(text) if anchor.startswith("l") else None
    if pieces is None:
        put_text_indexed(board, position, text, size, fill, background, anchor, bold)
        return
    x, y = position
    for start, piece in pieces:
        # Where the piece's first character lies in the whole line, the kerning with what comes before included
        # (kept: a name and its separator are followed by the same few first letters at every play).
        pen = _length(text[: start + 1], size, bold) - _length(text[start], size, bold) if start else 0.0
        pixels = math.floor(pen)
        indexes, covered, left, top = _piece_stamp(piece, pen - pixels, size, fill, background, anchor, bold)
        board.paste(indexes, (x + pixels + left, y + top), covered)


def _pieces(text: str) -> list[tuple[int, str]] | None:
    """The pieces of `text` and where each starts in it, or None when it must be written whole: one piece, or a
    character whose place depends on more than the pen (a mark, a right-to-left script, a control)."""
    if PIECE_SEPARATOR not in text or not all(_left_to_right(character) for character in text):
        return None
    pieces, start = [], 0
    while (end := text.find(PIECE_SEPARATOR, start)) != -1:
        end += len(PIECE_SEPARATOR) - 1  # the piece ends with the separator, without its last space
        pieces.append((start, text[start:end]))
        start = end + 1
    pieces.append((start, text[start:]))
    return pieces


@cache
def _left_to_right(character: str) -> bool:
    """Latin, Greek, Cyrillic and the punctuation lines use, without marks or format characters."""
    if unicodedata.category(character)[0] in "MCZ" and character != " ":
        return False
    return ord(character) < 0x0590 or 0x2010 <= ord(character) <= 0x2027


@lru_cache(maxsize=PIECES_KEPT)
def _length(text: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=PIECES_KEPT)
def _piece_stamp(
    piece: str, fraction: float, size: int, fill: Colour, background: Colour, anchor: str, bold: bool
) -> tuple[Image.Image, Image.Image, int, int]:
    """A piece's stamp (`_text_stamp`), drawn starting `fraction` of a pixel to the right of its pixel."""
    core, (left, top) = font(size, bold).getmask2(piece, "L", anchor=anchor, start=(fraction, 0))
    return (*_stamp(Image.Image()._new(core), fill, background), left, top)


@lru_cache(maxsize=STAMPS_KEPT)
def _text_stamp(
    text: str, size: int, fill: Colour, background: Colour, anchor: str, bold: bool
) -> tuple[Image.Image, Image.Image, int, int]:
    """A text's palette indexes over `background`, the pixels it covers (255) and its offset from the anchor point,
    kept instead of its mask (boards write the same words again and again)."""
    mask, left, top = render_mask(text, size, bold, anchor)
    return (*_stamp(mask, fill, background), left, top)


def _stamp(mask: Image.Image, fill: Colour, background: Colour) -> tuple[Image.Image, Image.Image]:
    """A text's mask as the palette indexes of its blend over `background`, and the pixels it covers (255)."""
    indexes = mask.point(list(blend_indexes(fill, background)))
    indexes.putpalette(palette_bytes())
    return indexes, mask.point(_COVERED)


_COVERED = [0] + [255] * 255  # a pixel of a text's mask with any coverage is the text's
