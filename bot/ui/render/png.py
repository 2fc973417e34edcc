"""PNG encoding with one fixed 256-colour palette, the same for every board.

A board is a few flat colours and their soft edges. Mapping it onto a fixed palette changes no pixel by more than a
few levels, makes the file about three times smaller than full colour, and is much faster than choosing a palette
per image (2 ms instead of about 20 for a Crapette table). The palette is chosen once per process from a swatch of
everything the boards draw: every card face and the back as they lie on the felt, and the blends of `BLENDS`
(each pair as a gradient one pixel high).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from bot.games.cards import full_deck
from bot.ui.render.card_faces import card_back, card_face
from bot.ui.render.theme import BLENDS, DEFAULT_SCALE, new_board

PALETTE_COLOURS = 256
COMPRESS_LEVEL = 3  # within 25% of level 6's size, twice as fast
SWATCH_COLUMNS = 14


@cache
def _palette() -> Image.Image:
    """A 1x1 palette image holding the board palette (deterministic: the same on every run)."""
    faces = [card_face(card, DEFAULT_SCALE) for card in full_deck()] + [card_back(DEFAULT_SCALE)]
    width, height = faces[0].size
    rows = -(-len(faces) // SWATCH_COLUMNS)
    swatch = new_board(width * SWATCH_COLUMNS, height * rows + len(BLENDS))
    for index, face in enumerate(faces):
        swatch.paste(face, ((index % SWATCH_COLUMNS) * width, (index // SWATCH_COLUMNS) * height), face)
    draw = ImageDraw.Draw(swatch)
    for row, (foreground, background) in enumerate(BLENDS):
        y = height * rows + row
        for step in range(swatch.width):
            share = step / (swatch.width - 1)
            colour = tuple(round(b + (f - b) * share) for f, b in zip(foreground, background, strict=True))
            draw.point((step, y), fill=colour)
    return swatch.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def prepare() -> None:
    """Draw the card faces and choose the palette now (about half a second), e.g. while the bot starts, so that
    the first board a player asks for is as fast as the others."""
    _palette()


def to_palette(image: Image.Image) -> Image.Image:
    """The image on the shared palette ("P" mode), each pixel mapped on its own (no dithering): so a part of a
    board mapped alone has the same indexes as in the whole board, and boards can be put together from parts."""
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """The board as PNG bytes, with the shared palette."""
    return indexed_png(to_palette(image))


def indexed_png(indexed: Image.Image) -> bytes:
    """PNG bytes of an image already on the shared palette (`to_palette`)."""
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
