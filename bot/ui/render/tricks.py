"""A trick game's table as a PNG (Hearts, Barbu): seen from above, each seat's name plate around it and the trick's
cards in front of the seats that played them, the card that led and the card winning the trick marked beside them
(a "1" and a ★, in round marks that never cover a card: their legends are in the middle of the table, "① Alice
led" and "★ Chloé"), whose turn it is, and the last trick in small cards with who took it.

The integrator builds a `TrickTableLayout` from the game (`bot.ui.trick_picture`); every text comes in already in
the table's language, and nothing here knows a game's rules. Where each seat sits: `bot.ui.render.trick_places`.
A name plate holds the seat's name, short lines (its points, its tricks, a status) and the penalty cards it took, as
small card indexes (`TakenChip`) drawn with the card faces' own font and size, so they read as well as a card's corner.

Every word on the table is drawn at `LINE_SIZE` (15 logical pixels) or larger, so its capitals are about 10 pixels
tall on a phone, where Discord shows the picture about 400 pixels wide (like the captions of Crapette's table). A
text too long for its room goes on to another line rather than getting smaller: a plate's parts ("3 pts", "total
45") one by one, other texts word by word; only a single word too long for a line is drawn a size smaller
(`SMALLEST_SIZE`), and what has no room left at all ends with "…" (a very long name).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.render.card_faces import CARD_HEIGHT, FACE, FACE_BORDER, INDEX_SIZE, empty_slot, paste_card
from bot.ui.render.fonts import cap_height, font
from bot.ui.render.pieces import draw_highlight
from bot.ui.render.png import encode_png
from bot.ui.render.text import TEXT_CACHE_SIZE, drawable, fitted, put_text
from bot.ui.render.theme import (
    BADGE,
    BLACK,
    DEFAULT_SCALE,
    HIGHLIGHT,
    MUTED,
    RED,
    SLOT,
    TEXT,
    Colour,
    new_board,
)
from bot.ui.render.trick_places import (
    CHIP_HEIGHT,
    FIRST_LINE,
    FOOTER_HEIGHT,
    FOOTER_Y,
    HEADER_HEIGHT,
    HEIGHT,
    LINE_PITCH,
    MARGIN,
    MIDDLE_CARDS_Y,
    NAME_BASELINE,
    PLATE_PAD,
    WIDTH,
    Box,
    SeatPlace,
    centre_box,
    seat_places,
)

NAME_SIZE = 18  # a seat's name: the plate's most prominent line
LINE_SIZE = 15  # every other word: its capitals about 10 px tall on a phone, like Crapette's captions
SMALLEST_SIZE = 14  # a single word too long for its room at LINE_SIZE: its tall letters still 9 px on a phone
CENTRE_SIZE = 17  # the first line in the middle of the table ("Trick 6")
PITCH = 18  # between two lines of words outside the plates
CHIP_PAD = 2
CHIP_GAP = 3
COUNT_SIZE = 15  # the "×2" after a chip's index
STAR_SIZE = 12  # the winning card's star in its mark
SEPARATOR = " · "  # between the parts of a plate's line, as the table's language writes them
WINNING_MARK = (
    "★"  # beside the card winning the trick, and before its player's name in the middle of the table
)
LEAD_MARK = (
    "①"  # before "Alice led" in the middle of the table: the legend of the "1" beside the card that led
)
LEAD_MARK_TEXT = "1"  # in the mark beside the card that led (it was played first)


@dataclass(frozen=True, slots=True)
class TakenChip:
    """Penalty cards a seat took, as one small card index: `rank` ("Q", "K"...; "" for a whole suit, e.g. every
    heart) of `suit` (a suit letter; "" for a rank of several suits), taken `count` times (shown "×2" when more
    than one, always for a whole suit or a rank of several suits)."""

    rank: str
    suit: str
    count: int = 1

    @property
    def index(self) -> str:
        """The card index part, drawn as large as a card's corner: `Q♠`, `♥`, `Q`."""
        return f"{self.rank}{SUIT_SYMBOL.get(self.suit, '')}"

    @property
    def times(self) -> str:
        """The count part, smaller: `×2`, or "" for one card of a known rank and suit."""
        return f"×{self.count}" if self.count > 1 or not self.rank or not self.suit else ""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card on the table and the seat that played it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickSeat:
    """One seat's name plate: its name, `score_line` ("3 pts · total 45"), `detail_line` ("2 tricks"), the
    penalty cards it took, whether it is to act (a gold outline), and a word or two of `status` ("choosing…",
    "dealer"), drawn at the end of the penalty cards' row when it fits there, else after the detail line."""

    name: str
    score_line: str = ""
    detail_line: str = ""
    taken: tuple[TakenChip, ...] = ()
    to_act: bool = False
    status: str = ""


@dataclass(frozen=True, slots=True)
class TrickTableLabels:
    """The names of the table's marks, in the table's language (English by default): not drawn (the middle of the
    table says who led, after `LEAD_MARK`), but the Activity's page names its marks with them."""

    lead: str = "lead"


@dataclass(frozen=True, slots=True)
class TrickTableLayout:
    """Everything the picture shows. `seats` go clockwise (3 to 8); `trick` holds the cards on the table in the
    order played (the first one led) and `winning` the seat whose card wins it (or took it); `centre` is up to
    three short lines for the middle of the table; `header` one line above it. Under the table, the last trick in
    small cards under `footer` (its caption: who took it), or `footer` alone when `last_trick` is empty."""

    seats: tuple[TrickSeat, ...]
    trick: tuple[PlayedCard, ...] = ()
    winning: int | None = None
    header: str = ""
    centre: tuple[str, ...] = ()
    last_trick: tuple[PlayedCard, ...] = ()
    last_winner: int | None = None
    footer: str = ""
    labels: TrickTableLabels = field(default_factory=TrickTableLabels)


def trick_table_size(scale: int = DEFAULT_SCALE) -> tuple[int, int]:
    """The picture's width and height in pixels (the same for every table size)."""
    return WIDTH * scale, HEIGHT * scale


def render_trick_table(layout: TrickTableLayout, scale: int = DEFAULT_SCALE) -> bytes:
    """The trick table as PNG bytes, `scale` pixels per logical pixel (2: about 900 px wide)."""
    return encode_png(draw_trick_table(layout, scale))


def draw_trick_table(layout: TrickTableLayout, scale: int = DEFAULT_SCALE) -> Image.Image:
    """The trick table as an image (what `render_trick_table` encodes)."""
    s = scale
    board = new_board(*trick_table_size(s))
    places = seat_places(len(layout.seats))
    for text in _header(layout.header, s):
        text.draw(board)
    played = {play.seat: play.card for play in layout.trick}
    leader = layout.trick[0].seat if layout.trick else None
    for seat, (place, shown) in enumerate(zip(places, layout.seats, strict=True)):
        _draw_plate(board, place, shown, s)
        card = played.get(seat)
        left, top, _, _ = place.card
        if card is None:
            empty_slot(board, (left * s, top * s), s)
            continue
        paste_card(board, card, (left * s, top * s), s)
        lead_mark, winning_mark = place.marks
        if seat == leader:
            _draw_mark(board, lead_mark, LEAD_MARK_TEXT, LINE_SIZE, TEXT, s)
        if seat == layout.winning:
            draw_highlight(board, place.card, s)
            _draw_mark(board, winning_mark, WINNING_MARK, STAR_SIZE, HIGHLIGHT, s)
    for text in _centre(centre_box(len(layout.seats)), layout.centre, s):
        text.draw(board)
    _draw_footer(board, layout, s)
    return board


@dataclass(frozen=True, slots=True)
class _Text:
    """A text as it is drawn: its anchor point and size in pixels (a Pillow `anchor`: "ls" is its baseline's left)."""

    text: str
    position: tuple[int, int]
    size: int
    colour: Colour
    anchor: str = "ls"

    def box(self) -> Box:
        """What its letters cover, in pixels."""
        left, top, right, bottom = font(self.size).getbbox(self.text, anchor=self.anchor)
        x, y = self.position
        return x + int(left), y + int(top), x + int(right) + 1, y + int(bottom) + 1

    def draw(self, board: Image.Image) -> None:
        put_text(board, self.position, self.text, self.size, self.colour, self.anchor)


Sized = tuple[str, int]  # a line of words and its size, in pixels
Segment = tuple[str, Colour]  # a part of a plate's line and its colour


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _length(text: str, size: int) -> float:
    """How wide `text` is at `size` (pixels); kept, as a table draws the same words again and again."""
    return font(size).getlength(text)


def _word(word: str, width: int, size: int, smallest: int) -> Sized:
    """A word alone on its line: at `size`, else down to `smallest` (pixels), else cut with "…"."""
    return fitted(word, width, size, min(size, smallest))


def _word_lines(text: str, width: int, size: int, smallest: int) -> list[Sized]:
    """`text` in lines no wider than `width` pixels at `size`, broken between words (see `_word`)."""
    lines: list[Sized] = []
    for word in drawable(text).split(" "):
        if lines and lines[-1][1] == size and _length(f"{lines[-1][0]} {word}", size) <= width:
            lines[-1] = (f"{lines[-1][0]} {word}", size)
        else:
            lines.append(_word(word, width, size, smallest))
    return lines


def _balanced_lines(text: str, width: int, size: int, smallest: int) -> list[Sized]:
    """`_word_lines` in as few lines, as even as they can be ("★ Alice" / "took it", not "★ Alice took" / "it")."""
    lines = _word_lines(text, width, size, smallest)

    def shape(tried: list[Sized]) -> tuple[tuple[int, bool], ...]:
        return tuple((line_size, line.endswith("…")) for line, line_size in tried)

    if len(lines) < 2:
        return lines
    narrow, wide = 0, width  # the narrowest width giving lines of the same shape lies in (narrow, wide]
    while wide - narrow > 1:
        middle = (narrow + wide) // 2
        if shape(_word_lines(text, middle, size, smallest)) == shape(lines):
            wide = middle
        else:
            narrow = middle
    return _word_lines(text, wide, size, smallest)


def _part_lines(
    groups: Sequence[Sequence[Segment]], width: int, size: int, smallest: int
) -> list[tuple[list[Segment], int]]:
    """Each group's parts on lines no wider than `width` pixels at `size`, side by side with " · " between them
    while they fit, each group from a new line. A part too long for a line alone is broken between its words (a
    single word goes a size smaller, see `_word`)."""
    lines: list[tuple[list[Segment], int]] = []
    for group in groups:
        line: list[Segment] = []
        for text, colour in group:
            joined = SEPARATOR.join(shown for shown, _ in [*line, (text, colour)])
            if line and _length(joined, size) <= width:
                line.append((text, colour))
                continue
            if line:
                lines.append((line, size))
            line = []
            if _length(text, size) <= width:
                line = [(text, colour)]
                continue
            pieces = _balanced_lines(text, width, size, smallest)  # a single word may go smaller (`_word`)
            lines += [([(piece, colour)], piece_size) for piece, piece_size in pieces[:-1]]
            if pieces[-1][1] == size:
                line = [(pieces[-1][0], colour)]
            else:
                lines.append(([(pieces[-1][0], colour)], pieces[-1][1]))
        if line:
            lines.append((line, size))
    return lines


def _limited(
    lines: list[tuple[list[Segment], int]], most: int, width: int, size: int
) -> list[tuple[list[Segment], int]]:
    """At most `most` lines: what is left over joins the last one, cut with "…" (it does not happen with the words
    the games use; the tests check the longest ones)."""
    if len(lines) <= most:
        return lines
    rest = [segment for line, _ in lines[most - 1 :] for segment in line]
    joined = SEPARATOR.join(text for text, _ in rest)
    return [*lines[: most - 1], ([(fitted(joined, width, size, size)[0], rest[0][1])], size)]


def _line_texts(line: list[Segment], position: tuple[int, int], size: int) -> list[_Text]:
    """A line of parts from `position` (its left end on the baseline, pixels), each in its colour."""
    x, baseline = position
    texts = []
    for index, (text, colour) in enumerate(line):
        shown = f"{text}{SEPARATOR}" if index < len(line) - 1 else text
        texts.append(_Text(shown, (x, baseline), size, colour))
        x += round(_length(shown, size))
    return texts


def _split(line: str) -> list[str]:
    return [part for part in drawable(line).split(SEPARATOR) if part] if line else []


def _plate_parts(place: SeatPlace, seat: TrickSeat, scale: int) -> tuple[list[_Text], tuple[TakenChip, ...]]:
    """A plate's texts (its name, its lines, its status) and the penalty chips shown on its bottom row."""
    s = scale
    _, top, _, bottom = place.plate
    x, text_right = place.text_span
    inner = text_right - x
    size = LINE_SIZE * s
    chips = fitting_chips(seat.taken, inner, s)
    status = drawable(seat.status)
    status_colour = HIGHLIGHT if seat.to_act else MUTED
    name, name_size = fitted(f"▶ {seat.name}" if seat.to_act else seat.name, inner * s, NAME_SIZE * s, size)
    texts = [
        _Text(name, (x * s, (top + NAME_BASELINE) * s), name_size, status_colour if seat.to_act else TEXT)
    ]
    score = [(part, TEXT) for part in _split(seat.score_line)]
    detail = [(part, MUTED) for part in _split(seat.detail_line)]
    smallest = SMALLEST_SIZE * s
    lines = _part_lines(
        [score, detail + ([(status, status_colour)] if status else [])], inner * s, size, smallest
    )
    # The status after the tricks; at the end of the chips' row when the lines are full and it fits there.
    chips_width = sum(chip_width(chip, s) + CHIP_GAP for chip in chips) + (CHIP_GAP if chips else 0)
    beside_chips = (
        bool(status) and len(lines) > place.lines and chips_width * s + _length(status, size) <= inner * s
    )
    if beside_chips:
        lines = _part_lines([score, detail], inner * s, size, smallest)
    lines = _limited(lines, place.lines, inner * s, size)
    first = top + NAME_BASELINE + FIRST_LINE
    for index, (line, line_size) in enumerate(lines):
        texts += _line_texts(line, (x * s, (first + index * LINE_PITCH) * s), line_size)
    if beside_chips:
        chip_middle = (bottom - PLATE_PAD - CHIP_HEIGHT // 2) * s
        texts.append(
            _Text(status, ((x + inner) * s, chip_middle + cap_height(size) // 2), size, status_colour, "rs")
        )
    return texts, chips


def _draw_plate(board: Image.Image, place: SeatPlace, seat: TrickSeat, scale: int) -> None:
    """A seat's name plate (its name, its lines, its penalty cards) and the outline around it and its card, gold for
    the seat to act."""
    s = scale
    area = place.area
    if seat.to_act:
        draw_highlight(board, (area[0] + 2, area[1] + 2, area[2] - 2, area[3] - 2), s)
    else:
        ImageDraw.Draw(board).rounded_rectangle(
            (area[0] * s, area[1] * s, area[2] * s - 1, area[3] * s - 1), radius=6 * s, outline=SLOT, width=s
        )
    texts, chips = _plate_parts(place, seat, s)
    for text in texts:
        text.draw(board)
    _, _, _, bottom = place.plate
    chip_x = place.text_span[0]
    for chip in chips:
        chip_x += draw_chip(board, chip, (chip_x, bottom - PLATE_PAD - CHIP_HEIGHT), s) + CHIP_GAP


def chip_width(chip: TakenChip, scale: int) -> int:
    """The width in logical pixels of a chip as drawn."""
    drawn = _length(chip.index, INDEX_SIZE * scale) + _length(chip.times, COUNT_SIZE * scale)
    return -(-int(drawn) // scale) + 2 * CHIP_PAD


def fitting_chips(chips: tuple[TakenChip, ...], width: int, scale: int) -> tuple[TakenChip, ...]:
    """`chips` as they fit in one row of `width` logical pixels: as given; else the same ranks of different suits
    as one chip ("Q×3" for three queens: their suits are in the alt text); else the first ones that fit (so the
    caller puts the costliest first)."""

    def total(row: tuple[TakenChip, ...]) -> int:
        return sum(chip_width(chip, scale) for chip in row) + CHIP_GAP * max(0, len(row) - 1)

    if total(chips) <= width:
        return chips
    merged: dict[str, int] = {}
    for chip in chips:
        if chip.rank:
            merged[chip.rank] = merged.get(chip.rank, 0) + chip.count
    by_rank = tuple(
        _merged_chip(chip.rank, merged.pop(chip.rank), chips) if chip.rank else chip
        for chip in chips
        if not chip.rank or chip.rank in merged
    )
    while by_rank and total(by_rank) > width:
        by_rank = by_rank[:-1]
    return by_rank


def _merged_chip(rank: str, count: int, chips: tuple[TakenChip, ...]) -> TakenChip:
    """The chips of one rank as one: with their suit when they share it, else with none ("Q×3")."""
    suits = {chip.suit for chip in chips if chip.rank == rank}
    return TakenChip(rank, suits.pop() if len(suits) == 1 else "", count)


def draw_chip(
    board: Image.Image, chip: TakenChip, position: tuple[int, int], scale: int, highlighted: bool = False
) -> int:
    """A small card index at `position` (its top-left corner in logical pixels), its count after it in a smaller
    size; returns its width."""
    s = scale
    width = chip_width(chip, s)
    x, y = position
    box = (x * s, y * s, (x + width) * s - 1, (y + CHIP_HEIGHT) * s - 1)
    ImageDraw.Draw(board).rounded_rectangle(
        box, radius=3 * s, fill=FACE, outline=FACE_BORDER, width=max(1, s // 2)
    )
    colour = RED if chip.suit in ("H", "D") else BLACK
    baseline = (y + CHIP_HEIGHT // 2) * s + cap_height(INDEX_SIZE * s) // 2
    left = (x + CHIP_PAD) * s
    put_text(board, (left, baseline), chip.index, INDEX_SIZE * s, colour, "ls")
    if chip.times:
        after = left + int(_length(chip.index, INDEX_SIZE * s))
        put_text(board, (after, baseline), chip.times, COUNT_SIZE * s, colour, "ls")
    if highlighted:
        draw_highlight(board, (x, y, x + width, y + CHIP_HEIGHT), s)
    return width


def _draw_mark(board: Image.Image, box: Box, text: str, size: int, colour: Colour, scale: int) -> None:
    """A round dark mark in `box` (logical pixels), beside a trick card: `text` in `colour`, outlined in it."""
    s = scale
    left, top, right, bottom = box
    ImageDraw.Draw(board).ellipse(
        (left * s, top * s, right * s - 1, bottom * s - 1), fill=BADGE, outline=colour, width=s
    )
    put_text(board, ((left + right) * s // 2, (top + bottom) * s // 2), text, size * s, colour, "mm")


def _centre(box: Box, lines: tuple[str, ...], scale: int) -> list[_Text]:
    """Up to three lines in the middle of the table, each broken between words as it needs, centred on the middle
    row."""
    s = scale
    left, top, right, bottom = box
    width = (right - left - 4) * s
    rows: list[tuple[str, int, Colour]] = []
    for index, line in enumerate(line for line in lines[:3] if line):
        size = (
            CENTRE_SIZE * s
            if index == 0 and _length(drawable(line), CENTRE_SIZE * s) <= width
            else LINE_SIZE * s
        )
        colour = TEXT if index == 0 else HIGHLIGHT if line.startswith(WINNING_MARK) else MUTED
        pieces = _balanced_lines(line, width, size, SMALLEST_SIZE * s)
        rows += [(piece, piece_size, colour) for piece, piece_size in pieces]
    if not rows:
        return []
    ascent = cap_height(rows[0][1])
    height = (
        ascent + (len(rows) - 1) * PITCH * s + 4 * s
    )  # from the first line's capitals to the last's descenders
    first = (MIDDLE_CARDS_Y + CARD_HEIGHT // 2) * s - height // 2 + ascent

    def placed(first_baseline: int) -> list[_Text]:
        return [
            _Text(text, ((left + right) * s // 2, first_baseline + index * PITCH * s), size, colour, "ms")
            for index, (text, size, colour) in enumerate(rows)
        ]

    texts = placed(max(first, top * s + ascent))
    return [text for text in texts if text.box()[3] <= bottom * s]


def _header(header: str, scale: int) -> list[_Text]:
    """The line above the table, or two when it is too long for one (broken between its parts, then words)."""
    s = scale
    if not header:
        return []
    width = (WIDTH - 2 * MARGIN) * s
    size = LINE_SIZE * s
    parts = [[(part, TEXT) for part in _split(header)]]
    lines = _limited(_part_lines(parts, width, size, SMALLEST_SIZE * s), 2, width, size)
    first = (MARGIN + HEADER_HEIGHT // 2) * s + cap_height(size) // 2 - (len(lines) - 1) * PITCH * s // 2
    texts = []
    for index, (line, line_size) in enumerate(lines):
        texts += _line_texts(line, (MARGIN * s, first + index * PITCH * s), line_size)
    return texts


def _draw_footer(board: Image.Image, layout: TrickTableLayout, scale: int) -> None:
    """The last trick in small cards under its caption (the taker's card outlined in gold), or a line or two of
    words alone."""
    s = scale
    width = (WIDTH - 2 * MARGIN) * s
    size = LINE_SIZE * s
    if not layout.last_trick:
        if not layout.footer:
            return
        lines = _word_lines(layout.footer, width, size, SMALLEST_SIZE * s)
        if len(lines) > 2:
            lines = [lines[0], fitted(" ".join(line for line, _ in lines[1:]), width, size, size)]
        else:
            lines = _balanced_lines(layout.footer, width, size, SMALLEST_SIZE * s)
        middle = FOOTER_Y + FOOTER_HEIGHT // 2
        first = middle * s + cap_height(size) // 2 - (len(lines) - 1) * PITCH * s // 2
        for index, (line, line_size) in enumerate(lines):
            put_text(board, (WIDTH // 2 * s, first + index * PITCH * s), line, line_size, TEXT, "ms")
        return
    caption = fitted(drawable(layout.footer), width, size, size)[0]
    put_text(board, (MARGIN * s, (FOOTER_Y + 12) * s), caption, size, MUTED, "ls")
    chips = [TakenChip(play.card.label, play.card.suit) for play in layout.last_trick]
    x = MARGIN + 2
    for play, chip in zip(layout.last_trick, chips, strict=True):
        x += (
            draw_chip(board, chip, (x, FOOTER_Y + 17), s, highlighted=play.seat == layout.last_winner)
            + CHIP_GAP
            + 3
        )
