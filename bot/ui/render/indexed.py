"""Drawing straight on the shared palette: plain parts and text on them, each pixel the index `to_palette` would
give the same part drawn in colour, so a part made here is the same as one drawn and mapped, in a fraction of the
time (no colour image drawn, nothing mapped)."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

from bot.ui.render.png import palette_bytes, to_palette
from bot.ui.render.text import render_mask
from bot.ui.render.theme import Colour

STAMPS_KEPT = 1024  # a turn line's stamp at scale 2 is about 2 x 20 KB


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


@lru_cache(maxsize=STAMPS_KEPT)
def _text_stamp(
    text: str, size: int, fill: Colour, background: Colour, anchor: str, bold: bool
) -> tuple[Image.Image, Image.Image, int, int]:
    """A text's palette indexes over `background`, the pixels it covers (255) and its offset from the anchor point,
    kept instead of its mask (boards write the same words again and again)."""
    mask, left, top = render_mask(text, size, bold, anchor)
    return (*stamp(mask, fill, background), left, top)


def stamp(mask: Image.Image, fill: Colour, background: Colour) -> tuple[Image.Image, Image.Image]:
    """A text's mask as the palette indexes of its blend over `background`, and the pixels it covers (255)."""
    indexes = mask.point(list(blend_indexes(fill, background)))
    indexes.putpalette(palette_bytes())
    return indexes, mask.point(_COVERED)


_COVERED = [0] + [255] * 255  # a pixel of a text's mask with any coverage is the text's
