"""PNG encoding with one fixed 256-colour palette, the same for every board.

A board is a few flat colours and their soft edges. Mapping it onto a fixed palette changes no pixel by more than a
few levels, makes the file about three times smaller than full colour, and is much faster than choosing a palette
per image (2 ms instead of about 20 for a Crapette table). The palette is chosen once per process from a swatch of
everything the boards draw: every card face and the back as they lie on the felt, and the blends of `BLENDS`
(each pair as a gradient one pixel high).

The PNG is written here (signature, header, palette, the rows compressed, end), its rows compressed with ISA-L's
zlib (`isal`): the same zlib stream any PNG reader reads, about eight times faster than zlib's own at the size
zlib's level 3 gives (0.3 ms instead of 2 for The Game's board, the largest part of drawing it). Without `isal`
installed, Python's zlib compresses them.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain, repeat

from PIL import Image, ImageDraw

from bot.games.cards import full_deck
from bot.ui.render.card_faces import card_back, card_face
from bot.ui.render.theme import BLENDS, DEFAULT_SCALE, new_board

PALETTE_COLOURS = 256
SWATCH_COLUMNS = 14
COMPRESS_LEVEL = 3  # Python's zlib (without isal): within 25% of level 6's size, twice as fast
# ISA-L's levels go from 0 to 3: 1 compresses about as well as zlib's 3, in an eighth of the time.
ISAL_LEVEL = 1
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _compressor() -> Callable[[bytes], bytes]:
    try:
        from isal import isal_zlib
    except ImportError:  # pragma: no cover (a dependency; the bot still draws without it)
        return lambda data: zlib.compress(data, COMPRESS_LEVEL)
    return lambda data: isal_zlib.compress(data, ISAL_LEVEL)


compress_rows = _compressor()  # a PNG's rows (each after its filter byte) as its IDAT chunk holds them


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
    """PNG bytes of an image already on the shared palette (`to_palette`): 8 bits a pixel, each row unfiltered
    (a palette image compresses best so), the same pixels and palette as Pillow's own PNG of it."""
    if indexed.mode != "P" or "transparency" in indexed.info:  # not a board: Pillow knows every case
        buffer = io.BytesIO()
        indexed.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
        return buffer.getvalue()
    framed = rows_canvas(*indexed.size)
    framed.paste(indexed, (1, 0))
    return rows_png(framed, bytes(indexed.getpalette() or []))


def rows_canvas(width: int, height: int) -> Image.Image:
    """A canvas for a board of this size on the shared palette, put together as its PNG's rows: one pixel wider,
    each row starting with its filter byte, 0 ("none"), and the board pasted one pixel to the right (`rows_png`).
    Its pixels are palette indexes, all 0 until something is pasted."""
    return Image.new("P", (width + 1, height), 0)


def rows_png(canvas: Image.Image, palette: bytes | None = None) -> bytes:
    """PNG bytes of the board on a `rows_canvas` (the shared palette's unless `palette` is given)."""
    return png_of_rows(canvas.width - 1, canvas.height, canvas.tobytes(), palette)


def png_of_rows(width: int, height: int, rows: bytes, palette: bytes | None = None) -> bytes:
    """PNG bytes of a board `width` x `height` given its rows, each after its filter byte (`band_rows`), on the
    shared palette unless `palette` is given."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette colours, no interlace
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette if palette is not None else palette_bytes()),
            _chunk(b"IDAT", compress_rows(rows)),
            _chunk(b"IEND", b""),
        )
    )


FILTER_NONE = b"\0"  # a PNG row's filter byte: the row's indexes as they are


def image_rows(indexed: Image.Image) -> tuple[bytes, ...]:
    """The rows of an image on the shared palette (`to_palette`), each its pixels' indexes."""
    data, width = indexed.tobytes(), indexed.width
    return tuple(data[start : start + width] for start in range(0, len(data), width))


def band_rows(columns: Sequence[tuple[bytes, ...]]) -> bytes:
    """A band of a PNG's rows (`png_of_rows`): the columns' rows (`image_rows`, all as many) side by side, each
    row after its filter byte: what pasting them side by side on a `rows_canvas` gives, without the canvas."""
    return b"".join(chain.from_iterable(zip(repeat(FILTER_NONE), *columns, strict=False)))


@cache
def palette_bytes() -> bytes:
    """The shared palette, as a PNG's PLTE chunk holds it."""
    return bytes(_palette().getpalette() or [])


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
