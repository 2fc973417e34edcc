"""The boards' PNG, written by `bot.ui.render.png` with ISA-L's compression: any PNG reader reads it, and it holds
exactly the pixels and palette of Pillow's own PNG of the same image."""

from __future__ import annotations

import io
import struct
import zlib
from itertools import pairwise

import pytest
from isal import isal_zlib
from PIL import Image

from bot.ui.render import draw_thegame
from bot.ui.render.crapette import draw_crapette
from bot.ui.render.examples import crapette_example, klondike_example, thegame_example
from bot.ui.render.klondike import draw_klondike
from bot.ui.render.png import (
    COMPRESS_LEVEL,
    ISAL_LEVEL,
    adler32_combined,
    band_rows,
    compressed_rows,
    image_rows,
    indexed_png,
    png_of_compressed,
    png_of_rows,
    rows_canvas,
    to_palette,
)

BOARDS = {
    "thegame": lambda: draw_thegame(thegame_example()),
    "klondike": lambda: draw_klondike(klondike_example()),
    "crapette": lambda: draw_crapette(crapette_example()),
}


def chunks(png: bytes) -> dict[bytes, bytes]:
    found, at = {}, 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        found[kind] = found.get(kind, b"") + png[at + 8 : at + 8 + length]
        at += 12 + length
    return found


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_a_board_reads_as_pillows_own_png_of_it(board: str) -> None:
    indexed = to_palette(BOARDS[board]())
    written = indexed_png(indexed)
    Image.open(io.BytesIO(written)).verify()  # the signature, the chunks and their checksums
    ours, pillows = Image.open(io.BytesIO(written)), Image.open(io.BytesIO(pillow_png(indexed)))
    assert ours.mode == pillows.mode == "P" and ours.size == pillows.size
    assert ours.tobytes() == pillows.tobytes() and ours.getpalette() == pillows.getpalette()


def test_the_rows_are_compressed_by_isa_l() -> None:
    indexed = to_palette(BOARDS["thegame"]())
    width, height = indexed.size
    data = chunks(indexed_png(indexed))[b"IDAT"]
    rows = zlib.decompress(data)
    assert len(rows) == (width + 1) * height and all(rows[y * (width + 1)] == 0 for y in range(height))
    assert data == isal_zlib.compress(rows, ISAL_LEVEL)


def pillow_png(indexed: Image.Image) -> bytes:
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


def test_columns_side_by_side_give_the_rows_of_the_same_columns_pasted_on_a_canvas() -> None:
    """The Game's board is put together from its bands' rows (`band_rows`) instead of pasting its parts."""
    board = to_palette(draw_thegame(thegame_example()))
    width, height = board.size
    edges = [0, 120, 121, 400, width]
    columns = [board.crop((left, 0, right, height)) for left, right in pairwise(edges)]
    canvas = rows_canvas(width, height)
    for left, column in zip(edges, columns, strict=False):
        canvas.paste(column, (1 + left, 0))
    rows = band_rows([image_rows(column) for column in columns])
    assert rows == canvas.tobytes()
    decoded = Image.open(io.BytesIO(png_of_rows(width, height, rows)))
    assert decoded.convert("RGB").tobytes() == board.convert("RGB").tobytes()


def test_rows_compressed_in_pieces_are_one_png_of_all_of_them() -> None:
    """A board's rows compressed in pieces, some kept from earlier boards, make one zlib stream whose checksum is
    that of all the rows: zlib reads it back (checksum checked) and Pillow reads the picture."""
    board = to_palette(draw_thegame(thegame_example()))
    width, height = board.size
    rows = band_rows([image_rows(board)])
    cuts = [0, 3 * (width + 1), 50 * (width + 1), 51 * (width + 1), len(rows)]
    pieces = [compressed_rows(rows[start:end]) for start, end in pairwise(cuts)]
    written = png_of_compressed(width, height, pieces)
    assert zlib.decompress(chunks(written)[b"IDAT"]) == rows
    Image.open(io.BytesIO(written)).verify()
    assert Image.open(io.BytesIO(written)).tobytes() == board.tobytes()


def test_the_checksum_of_two_pieces_is_that_of_both_together() -> None:
    pieces = [b"", b"a", bytes(range(256)) * 300, b"\xff" * 70_000, b"board rows"]
    for first in pieces:
        for second in pieces:
            combined = adler32_combined(zlib.adler32(first), zlib.adler32(second), len(second))
            assert combined == zlib.adler32(first + second)
