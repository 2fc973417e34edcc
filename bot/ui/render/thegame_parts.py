"""The Game's board put together from kept parts (`render_thegame`): the same picture, pixel for pixel, as the board
drawn whole (`thegame.draw_thegame`), in a fraction of the time.

A play changes one pile and the turn line. The board is cut into three bands, nothing drawn across two: the turn
line, the four piles' columns side by side, the draw pile. Each part is kept already on the PNG palette, as the
PNG's rows: the turn line (written from kept words, `line_words`), each pile's column (its frame's rows, kept and
shared, but for the rows its top card's number and backwards target are written on), the draw pile. Only a part not
seen before is drawn.

The PNG's rows are compressed in pieces too (`png.CompressedRows`): the turn line, the draw pile, and the piles'
rows no top card's words are ever written on (the piles' names, their markers: what only the frames show) are kept
compressed; only the rows of the top cards' words are put together and compressed at each play, about a third of
the board.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from typing import NamedTuple

from PIL import Image

from bot.ui.render.indexed import plain_indexed, put_text_indexed
from bot.ui.render.line_words import put_line_indexed
from bot.ui.render.png import (
    FILTER_NONE,
    CompressedRows,
    band_rows,
    compressed_rows,
    image_rows,
    png_of_compressed,
    to_palette,
)
from bot.ui.render.thegame import (
    ASCENDING_BASE,
    DESCENDING_BASE,
    FOOTER_TOP,
    GAP,
    HEIGHT,
    MARGIN,
    PILE_WIDTH,
    PILES_Y,
    TURN_BOTTOM,
    WIDTH,
    Marker,
    TheGameLabels,
    TheGameLayout,
    TheGamePile,
    _column,
    _draw_draw_pile,
    _draw_pile_column,
    _top_card_words,
    _turn_fitted,
    thegame_size,
)
from bot.ui.render.theme import DEFAULT_SCALE, FELT, TEXT, new_board

# Kept parts. At scale 2: a pile's frame 88 KB (as an image, and again as rows), a pile's own rows (its top card's
# words) about 30 KB; compressed, a turn line about 3 KB, the draw pile about 2 KB, the frames' rows 5 to 10 KB.
PILE_PARTS, FRAMES, COMPRESSED = 1024, 128, 512
TURN_LINES = 2048  # every line of a hundred tables' turns (a player's lines come back at each of their turns)
# The piles' band cut in rows: the first, the one after the last, and whether top cards' words are written there.
RowRanges = tuple[tuple[int, int, bool], ...]
# What a pile's frame shows: its index, name, direction, marker and who set it, and whether it is highlighted.
Frame = tuple[int, str, bool, Marker | None, str | None, bool]


class PileRows(NamedTuple):
    rows: tuple[bytes, ...]
    written: tuple[
        tuple[int, int], ...
    ]  # the rows its top card's words are written on (first, one after the last)


def render_thegame(layout: TheGameLayout, scale: int = DEFAULT_SCALE) -> bytes:
    """The Game's board as PNG bytes, `scale` pixels per logical pixel (2: about 900 px wide)."""
    piles = [
        _pile_rows(index, pile, pile.name in layout.highlight, layout.labels, scale)
        for index, pile in enumerate(layout.piles[:4])
    ]
    frames = tuple(
        (index, pile.name, pile.ascending, pile.marker, pile.marker_by, pile.name in layout.highlight)
        for index, pile in enumerate(layout.piles[:4])
    )
    parts = list(_turn_compressed(layout.turn_text, scale))
    ranges = _pile_band_ranges(scale)
    if all(_inside(pile.written, ranges) for pile in piles):
        for start, end, words in ranges:
            if words:
                parts.append(compressed_rows(band_rows([pile.rows[start:end] for pile in piles])))
            else:
                parts.append(_frames_compressed(frames, layout.labels, scale, start, end))
    else:  # pragma: no cover (every top card's words lie in the ranges: the piles' band compressed whole)
        parts.append(compressed_rows(band_rows([pile.rows for pile in piles])))
    parts.append(_draw_pile_compressed(layout.labels.draw_pile, layout.draw_pile_count, scale))
    return png_of_compressed(*thegame_size(scale), parts)


def _inside(written: tuple[tuple[int, int], ...], ranges: RowRanges) -> bool:
    return all(
        any(words and start <= top and bottom <= end for start, end, words in ranges) or top == bottom
        for top, bottom in written
    )


@cache
def _pile_band_ranges(scale: int) -> RowRanges:
    """The piles' band cut into rows a top card's words may be written on (every top card of a pile going up
    and of one going down, their numbers and backwards targets) and rows they never are."""
    height = (FOOTER_TOP - TURN_BOTTOM) * scale
    written = [False] * height
    labels = TheGameLabels()
    for ascending in (True, False):
        for top in range(ASCENDING_BASE, DESCENDING_BASE + 1):
            pile = TheGamePile("A", ascending, top)
            for first, end in _pile_part_written(0, pile, False, labels, scale)[1]:
                written[first:end] = [True] * (end - first)
    ranges: list[tuple[int, int, bool]] = []
    for row, words in enumerate(written):
        if ranges and ranges[-1][2] == words:
            ranges[-1] = (ranges[-1][0], row + 1, words)
        else:
            ranges.append((row, row + 1, words))
    return tuple(ranges)


@lru_cache(maxsize=TURN_LINES)
def _turn_compressed(turn_text: str, scale: int) -> tuple[CompressedRows, ...]:
    """The turn line's band, compressed: the felt above and under the text (kept), and the rows of the text, drawn
    one pixel wider, that first pixel of each row its filter byte (`FILTER_NONE`, written last), so that the
    part's pixels are the rows as they are."""
    part = plain_indexed(WIDTH * scale + 1, TURN_BOTTOM * scale, FELT)
    (x, y), text, size = _turn_fitted(turn_text, scale)
    top, bottom = put_line_indexed(part, (x + 1, y), text, size, TEXT, FELT, "lm")  # from kept words
    top, bottom = max(0, top), min(part.height, bottom)
    if top >= bottom:  # no text
        return (_felt_compressed(part.height, scale),)
    part.paste(FILTER_NONE[0], (0, top, 1, bottom))
    text_rows = compressed_rows(part.crop((0, top, part.width, bottom)).tobytes())
    return _felt_compressed(top, scale), text_rows, _felt_compressed(part.height - bottom, scale)


@lru_cache(maxsize=FRAMES)
def _felt_compressed(count: int, scale: int) -> CompressedRows:
    """`count` rows of plain felt, compressed."""
    return compressed_rows((FILTER_NONE + plain_indexed(WIDTH * scale, 1, FELT).tobytes()) * count)


@lru_cache(maxsize=COMPRESSED)
def _draw_pile_compressed(label: str, count: int, scale: int) -> CompressedRows:
    return compressed_rows(band_rows([image_rows(_draw_pile_part(label, count, scale))]))


@lru_cache(maxsize=COMPRESSED)
def _frames_compressed(
    frames: tuple[Frame, ...], labels: TheGameLabels, scale: int, start: int, end: int
) -> CompressedRows:
    """Rows `start` to `end` of the piles' band, where only the frames show."""
    columns = [
        _frame_rows(
            index, TheGamePile(name, ascending, _base(ascending), marker, by), highlighted, labels, scale
        )
        for index, name, ascending, marker, by, highlighted in frames
    ]
    return compressed_rows(band_rows([rows[start:end] for rows in columns]))


def _base(ascending: bool) -> int:
    return ASCENDING_BASE if ascending else DESCENDING_BASE


@lru_cache(maxsize=PILE_PARTS)
def _pile_rows(
    index: int, pile: TheGamePile, highlighted: bool, labels: TheGameLabels, scale: int
) -> PileRows:
    """A pile's part as rows (`image_rows`): its frame's rows, kept and shared, but for the rows its top card's
    words are written on. A hundred tables' piles are kept so (a quarter of the part's bytes each), not just
    the last few."""
    part, written = _pile_part_written(index, pile, highlighted, labels, scale)
    rows = list(_frame_rows(index, replace(pile, top=pile.base), highlighted, labels, scale))
    for top, bottom in written:
        rows[top:bottom] = image_rows(part.crop((0, top, part.width, bottom)))
    return PileRows(tuple(rows), written)


@lru_cache(maxsize=FRAMES)
def _frame_rows(
    index: int, pile: TheGamePile, highlighted: bool, labels: TheGameLabels, scale: int
) -> tuple[bytes, ...]:
    return image_rows(_pile_frame(index, pile, highlighted, labels, scale))


def _pile_part(
    index: int, pile: TheGamePile, highlighted: bool, labels: TheGameLabels, scale: int
) -> Image.Image:
    """A pile's column: its frame (kept: everything but the top card's words) with the top card's number and
    backwards target written on the palette (`put_text_indexed`), as `_draw_pile_column` draws it."""
    return _pile_part_written(index, pile, highlighted, labels, scale)[0]


def _pile_part_written(
    index: int, pile: TheGamePile, highlighted: bool, labels: TheGameLabels, scale: int
) -> tuple[Image.Image, tuple[tuple[int, int], ...]]:
    """`_pile_part`, and the rows each of its words was written on (first, and the one after the last)."""
    left, _ = _column(index)
    part = _pile_frame(index, replace(pile, top=pile.base), highlighted, labels, scale).copy()
    position = (MARGIN + index * (PILE_WIDTH + GAP) - left, PILES_Y - TURN_BOTTOM)
    written = tuple(
        put_text_indexed(part, at, text, size, colour, background, "mm")
        for at, text, size, colour, background in _top_card_words(pile, position, scale)
    )
    return part, written


@lru_cache(maxsize=FRAMES)
def _pile_frame(
    index: int, pile: TheGamePile, highlighted: bool, labels: TheGameLabels, scale: int
) -> Image.Image:
    """A pile's column without the words of its top card (`pile.top` is not read)."""
    left, right = _column(index)
    part = new_board((right - left) * scale, (FOOTER_TOP - TURN_BOTTOM) * scale)
    _draw_pile_column(part, index, pile, highlighted, labels, scale, origin=(left, TURN_BOTTOM), top=False)
    return to_palette(part)


def _draw_pile_part(label: str, count: int, scale: int) -> Image.Image:
    part = new_board(WIDTH * scale, (HEIGHT - FOOTER_TOP) * scale)
    _draw_draw_pile(part, label, count, scale, top=0)
    return to_palette(part)
