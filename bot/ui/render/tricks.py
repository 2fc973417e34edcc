"""A trick game's table as a PNG (Hearts, Barbu): seen from above, each seat's name plate around it and the trick's
cards in front of the seats that played them, the leader and the card winning the trick marked, whose turn it is,
and the last trick in small cards with who took it.

The integrator builds a `TrickTableLayout` from the game (`bot.ui.trick_picture`); every text comes in already in
the table's language, and nothing here knows a game's rules. Where each seat sits: `bot.ui.render.trick_places`.
A name plate holds the seat's name, two short lines (its points, its tricks) and the penalty cards it took, as small
card indexes (`TakenChip`) drawn with the card faces' own font and size, so they read as well as a card's corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.render.card_faces import CARD_WIDTH, FACE, FACE_BORDER, INDEX_SIZE, empty_slot, paste_card
from bot.ui.render.fonts import cap_height, font
from bot.ui.render.pieces import draw_highlight
from bot.ui.render.png import encode_png
from bot.ui.render.text import fitted, put_text, put_text_fitted
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
    FOOTER_Y,
    HEADER_HEIGHT,
    HEIGHT,
    MARGIN,
    WIDTH,
    Box,
    SeatPlace,
    centre_box,
    seat_places,
)

CHIP_HEIGHT = 22
CHIP_PAD = 2
CHIP_GAP = 3
COUNT_SIZE = 12  # the "×2" after a chip's index
STATUS_SIZE = 13  # a seat's status ("choosing…"), on its chips' row when it fits there
PLATE_PAD = 4
WINNING_MARK = "★"


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
    "deals"), drawn at the end of the penalty cards' row when it fits there, else after the detail line."""

    name: str
    score_line: str = ""
    detail_line: str = ""
    taken: tuple[TakenChip, ...] = ()
    to_act: bool = False
    status: str = ""


@dataclass(frozen=True, slots=True)
class TrickTableLabels:
    """The words drawn on the table itself, in the table's language (English by default)."""

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
    if layout.header:
        put_text_fitted(
            board,
            (MARGIN * s, (MARGIN + HEADER_HEIGHT // 2) * s),
            layout.header,
            max_width=(WIDTH - 2 * MARGIN) * s,
            size=15 * s,
            minimum=10 * s,
            fill=TEXT,
            anchor="lm",
        )
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
        winning = seat == layout.winning
        if winning:
            draw_highlight(board, place.card, s)
        if seat == leader and layout.labels.lead:
            _lead_badge(board, place.card, layout.labels.lead, s)
        if winning:
            _winning_badge(board, place.card, s)
    _draw_centre(board, centre_box(len(layout.seats)), layout.centre, s)
    _draw_footer(board, layout, s)
    return board


def _draw_plate(board: Image.Image, place: SeatPlace, seat: TrickSeat, scale: int) -> None:
    """A seat's name plate (its name, its two lines, its penalty cards) and the outline around it and its card,
    gold for the seat to act."""
    s = scale
    area = place.area
    if seat.to_act:
        draw_highlight(board, (area[0] + 2, area[1] + 2, area[2] - 2, area[3] - 2), s)
    else:
        ImageDraw.Draw(board).rounded_rectangle(
            (area[0] * s, area[1] * s, area[2] * s - 1, area[3] * s - 1), radius=6 * s, outline=SLOT, width=s
        )
    left, top, right, bottom = place.plate
    inner = right - left - 2 * PLATE_PAD
    x = left + PLATE_PAD
    chips = fitting_chips(seat.taken, inner, s)
    chips_width = sum(chip_width(chip, s) + CHIP_GAP for chip in chips)
    status_size = STATUS_SIZE * s
    beside_chips = bool(seat.status) and (chips_width + font(status_size).getlength(seat.status) / s <= inner)
    detail = seat.detail_line
    if seat.status and not beside_chips:
        detail = f"{detail} · {seat.status}" if detail else seat.status
    name = f"▶ {seat.name}" if seat.to_act else seat.name
    lines: tuple[tuple[str, int, Colour, int], ...] = (
        (name, 16, HIGHLIGHT if seat.to_act else TEXT, top + 12),
        (seat.score_line, 13, TEXT, top + 29),
        (detail, 12, MUTED, top + 42),
    )
    for text, size, colour, middle in lines:
        if text:
            put_text_fitted(
                board,
                (x * s, middle * s),
                text,
                max_width=inner * s,
                size=size * s,
                minimum=9 * s,
                fill=colour,
                anchor="lm",
            )
    chip_top = bottom - PLATE_PAD - CHIP_HEIGHT
    chip_x = x
    for chip in chips:
        chip_x += draw_chip(board, chip, (chip_x, chip_top), s) + CHIP_GAP
    if beside_chips:
        colour = HIGHLIGHT if seat.to_act else MUTED
        put_text(
            board,
            ((x + inner) * s, (chip_top + CHIP_HEIGHT // 2) * s),
            seat.status,
            status_size,
            colour,
            "rm",
        )


def chip_width(chip: TakenChip, scale: int) -> int:
    """The width in logical pixels of a chip as drawn."""
    drawn = font(INDEX_SIZE * scale).getlength(chip.index) + font(COUNT_SIZE * scale).getlength(chip.times)
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
        after = left + int(font(INDEX_SIZE * s).getlength(chip.index))
        put_text(board, (after, baseline), chip.times, COUNT_SIZE * s, colour, "ls")
    if highlighted:
        draw_highlight(board, (x, y, x + width, y + CHIP_HEIGHT), s)
    return width


def _lead_badge(board: Image.Image, card: Box, text: str, scale: int) -> None:
    """A dark pill across the bottom of the card that led the trick, with the word for it ("lead")."""
    s = scale
    left, _, right, bottom = card
    shown, size = fitted(text, (CARD_WIDTH - 6) * s, 11 * s, 8 * s)
    width = int(font(size).getlength(shown)) + 6 * s
    centre_x = (left + right) * s // 2
    top = (bottom - 17) * s
    box = (centre_x - width // 2, top, centre_x + width // 2, top + 14 * s)
    ImageDraw.Draw(board).rounded_rectangle(box, radius=7 * s, fill=BADGE, outline=TEXT, width=s)
    put_text(board, (centre_x, top + 7 * s), shown, size, TEXT, "mm")


def _winning_badge(board: Image.Image, card: Box, scale: int) -> None:
    """A gold star in a dark circle on the right of the card winning the trick, clear of its index and of the
    lead's pill."""
    s = scale
    _, top, right, _ = card
    centre = ((right - 9) * s, (top + 37) * s)
    radius = 8 * s
    ImageDraw.Draw(board).ellipse(
        (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius),
        fill=BADGE,
        outline=HIGHLIGHT,
        width=s,
    )
    put_text(board, centre, WINNING_MARK, 11 * s, HIGHLIGHT, "mm")


def _draw_centre(board: Image.Image, box: Box, lines: tuple[str, ...], scale: int) -> None:
    s = scale
    left, top, right, bottom = box
    shown = [line for line in lines[:3] if line]
    middle = (top + bottom) // 2 - (len(shown) - 1) * 8
    for index, line in enumerate(shown):
        put_text_fitted(
            board,
            ((left + right) // 2 * s, (middle + index * 16) * s),
            line,
            max_width=(right - left - 4) * s,
            size=(14 if index == 0 else 12) * s,
            minimum=9 * s,
            fill=TEXT if index == 0 else HIGHLIGHT if line.startswith(WINNING_MARK) else MUTED,
            anchor="mm",
        )


def _draw_footer(board: Image.Image, layout: TrickTableLayout, scale: int) -> None:
    """The last trick in small cards under its caption (the taker's card outlined in gold), or a line alone."""
    s = scale
    if not layout.last_trick:
        if layout.footer:
            put_text_fitted(
                board,
                (WIDTH // 2 * s, (FOOTER_Y + 20) * s),
                layout.footer,
                max_width=(WIDTH - 2 * MARGIN) * s,
                size=14 * s,
                minimum=10 * s,
                fill=TEXT,
                anchor="mm",
            )
        return
    put_text_fitted(
        board,
        (MARGIN * s, (FOOTER_Y + 7) * s),
        layout.footer,
        max_width=(WIDTH - 2 * MARGIN) * s,
        size=12 * s,
        minimum=9 * s,
        fill=MUTED,
        anchor="lm",
    )
    chips = [TakenChip(play.card.label, play.card.suit) for play in layout.last_trick]
    widths = [chip_width(chip, s) for chip in chips]
    x = MARGIN + 2
    for play, chip, width in zip(layout.last_trick, chips, widths, strict=True):
        draw_chip(board, chip, (x, FOOTER_Y + 16), s, highlighted=play.seat == layout.last_winner)
        x += width + CHIP_GAP + 3
