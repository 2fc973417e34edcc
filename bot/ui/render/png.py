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
from dataclasses import dataclass
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


def _deflater() -> Callable[[bytes], bytes]:
    """Raw deflate (no zlib header or checksum) that ends on a whole byte without ending the stream (a sync
    flush), so that such pieces put one after the other are one deflate stream."""
    try:
        from isal import isal_zlib
    except ImportError:  # pragma: no cover

        def deflate(data: bytes) -> bytes:
            compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
            return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)

        return deflate

    def deflate_isal(data: bytes) -> bytes:
        compressor = isal_zlib.compressobj(ISAL_LEVEL, isal_zlib.DEFLATED, -zlib.MAX_WBITS)
        return compressor.compress(data) + compressor.flush(isal_zlib.Z_SYNC_FLUSH)

    return deflate_isal


compress_rows = _compressor()  # a PNG's rows (each after its filter byte) as its IDAT chunk holds them
_deflate = _deflater()
# A zlib stream's header: deflate, a 32 KB window, the fastest level.
ZLIB_HEADER = b"\x78\x01"
LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed codes): what ends a stream of sync-flushed pieces
ADLER_BASE = 65521


@dataclass(frozen=True, slots=True)
class CompressedRows:
    """Some of a PNG's rows (each after its filter byte) compressed on their own (`compressed_rows`), to be put
    together with others (`png_of_compressed`): a part of a board kept compressed is not compressed again."""

    deflated: bytes
    adler: int  # the rows' Adler-32, which the zlib stream's checksum is made of
    length: int


def _adler32() -> Callable[[bytes], int]:
    try:
        from isal import isal_zlib
    except ImportError:  # pragma: no cover
        return zlib.adler32
    return isal_zlib.adler32  # the same checksum, several times faster than zlib's


_checksum = _adler32()


def compressed_rows(rows: bytes) -> CompressedRows:
    return CompressedRows(_deflate(rows), _checksum(rows), len(rows))


def adler32_combined(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from each one's (zlib's `adler32_combine`)."""
    remainder = second_length % ADLER_BASE
    low = first & 0xFFFF
    high = (remainder * low) % ADLER_BASE
    low = (low + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + ADLER_BASE - remainder) % ADLER_BASE
    return low | (high << 16)


def png_of_compressed(width: int, height: int, parts: Sequence[CompressedRows]) -> bytes:
    """`png_of_rows` for rows given as pieces compressed on their own, one after the other: the zlib stream is
    the pieces' deflate one after the other, ended by an empty last block, and the checksum of all the rows."""
    adler = 1  # the Adler-32 of nothing
    for part in parts:
        adler = adler32_combined(adler, part.adler, part.length)
    stream = b"".join((ZLIB_HEADER, *(part.deflated for part in parts), LAST_BLOCK, struct.pack(">I", adler)))
    return _png(width, height, stream, None)


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
    return _png(width, height, compress_rows(rows), palette)


def _png(width: int, height: int, stream: bytes, palette: bytes | None) -> bytes:
    """A PNG of 8-bit palette indexes given its rows' zlib stream."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette colours, no interlace
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette if palette is not None else palette_bytes()),
            _chunk(b"IDAT", stream),
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
