"""Where each seat of a trick game's table sits in its picture, for 3 to 8 seats (`bot.ui.render.tricks`).

The table is seen from above. The trick's cards lie on a ring of eight places around the middle (the middle of the
ring is left for a few words: the trick's number, who led); each seat's name plate lies outside its card: above the
cards of the top row, below those of the bottom row, beside the two cards of the middle row, and one outline holds
a seat's plate and card together (its `area`), so no card seems to belong to the plate next to it. The marks of a
card (the lead, the winning card) lie in its seat's outline beside the card, never on it (`SeatPlace.marks`). Seats go round
clockwise (play passes to the left): from the bottom, to the left side, the top, the right side.

Sizes are in logical pixels (the board multiplies them by its scale).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.ui.render.card_faces import CARD_HEIGHT, CARD_WIDTH

WIDTH: Final = 454  # as wide as Crapette's table: a phone shrinks both alike, so their cards read alike
MARGIN: Final = 6
HEADER_HEIGHT: Final = 38  # one line, or two when a long title in French or German needs them
# A name plate, from its top: the name, then up to `lines` short lines (points, tricks, a status) and at its bottom a
# row of penalty cards. Every line is as tall on a phone as a pile's caption on Crapette's table (see `tricks`).
PLATE_PAD: Final = 4  # from a plate's edge to its text (and clear of the gold outline of the seat to act)
CARD_SIDE_PAD: Final = 2  # from a side plate's text to the card beside it (no outline there)
NAME_BASELINE: Final = 19  # from a plate's top to its name's baseline (room for an accented capital)
FIRST_LINE: Final = 18  # from the name's baseline to the first short line's
LINE_PITCH: Final = 17  # between two short lines' baselines
LINE_DESCENT: Final = 4  # under the last short line, before the penalty cards
CHIP_HEIGHT: Final = 22  # a penalty card's small index
PLATE_LINES: Final = 4  # the short lines of a plate above or below its card
SIDE_PLATE_LINES: Final = 5  # a plate beside its card is narrower, so it holds one line more
PLATE_GAP: Final = 2  # between a plate (its text inset) and its card
AREA_PAD: Final = 3  # from a seat's card to its outline
FOOTER_HEIGHT: Final = 42  # the last trick: a caption and a row of small cards (or two lines of words)
COLUMN_WIDTH: Final = (WIDTH - 2 * MARGIN) // 3
SIDE_PLATE_WIDTH: Final = 113  # a plate beside a card of the middle row; the middle between them is 110 wide
MARK_SIZE: Final = 18  # a round mark beside a trick card: the lead's "1", the winning card's star
MARK_GAP: Final = 4  # between a card and its marks (clear of the winning card's gold outline), and two marks


def plate_height(lines: int) -> int:
    """The height of a plate holding a name, `lines` short lines and a row of penalty cards."""
    return NAME_BASELINE + FIRST_LINE + (lines - 1) * LINE_PITCH + LINE_DESCENT + CHIP_HEIGHT + PLATE_PAD


PLATE_HEIGHT: Final = plate_height(PLATE_LINES)
SIDE_PLATE_HEIGHT: Final = plate_height(SIDE_PLATE_LINES)
# Between two rows of cards: room for a side plate, taller than its card, above and below it, clear of the next row.
ROW_GAP: Final = (SIDE_PLATE_HEIGHT - CARD_HEIGHT + 1) // 2 + AREA_PAD + 6

TOP_PLATES_Y: Final = MARGIN + HEADER_HEIGHT + 2
TOP_CARDS_Y: Final = TOP_PLATES_Y + PLATE_HEIGHT + PLATE_GAP
MIDDLE_CARDS_Y: Final = TOP_CARDS_Y + CARD_HEIGHT + ROW_GAP
BOTTOM_CARDS_Y: Final = MIDDLE_CARDS_Y + CARD_HEIGHT + ROW_GAP
BOTTOM_PLATES_Y: Final = BOTTOM_CARDS_Y + CARD_HEIGHT + PLATE_GAP
FOOTER_Y: Final = BOTTOM_PLATES_Y + PLATE_HEIGHT + 6
HEIGHT: Final = FOOTER_Y + FOOTER_HEIGHT + MARGIN

# The ring's eight places, clockwise from the bottom: south, south-west, west, north-west, north, ...
RING: Final = ("S", "SW", "W", "NW", "N", "NE", "E", "SE")
# Which places a table of each size uses, clockwise from seat 0: spread evenly, the same on the left and right.
PLACES_BY_SEATS: Final = {
    3: ("S", "NW", "NE"),
    4: ("S", "W", "N", "E"),
    5: ("S", "W", "NW", "NE", "E"),
    6: ("SW", "W", "NW", "NE", "E", "SE"),
    7: ("SW", "W", "NW", "N", "NE", "E", "SE"),
    8: RING,
}

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """One seat's boxes: its name plate, the place of the card it plays, and the outline around both (left, top,
    right, bottom); `lines`: how many short lines its plate holds under the name."""

    place: str
    plate: Box
    card: Box
    lines: int = PLATE_LINES

    @property
    def text_span(self) -> tuple[int, int]:
        """Where the plate's text may go, left and right: inset from its edges, less on the side of a card beside it."""
        left, _, right, _ = self.plate
        return (
            left + (CARD_SIDE_PAD if self.place == "E" else PLATE_PAD),
            right - (CARD_SIDE_PAD if self.place == "W" else PLATE_PAD),
        )

    @property
    def marks(self) -> tuple[Box, Box]:
        """Where the marks of its card go, the lead's then the winning star's: in its outline, clear of its card and
        plate: one above the other on the right of a card above or below its plate, side by side above a card beside
        its plate (the middle row's outlines are taller than their cards)."""
        left, top, right, _ = self.card
        if self.place in ("W", "E"):
            y = top - MARK_GAP - MARK_SIZE
            return (left, y, left + MARK_SIZE, y + MARK_SIZE), (right - MARK_SIZE, y, right, y + MARK_SIZE)
        x = right + MARK_GAP
        second = top + MARK_SIZE + MARK_GAP
        return (x, top, x + MARK_SIZE, top + MARK_SIZE), (x, second, x + MARK_SIZE, second + MARK_SIZE)

    @property
    def area(self) -> Box:
        plate, card = self.plate, self.card
        return (
            min(plate[0], card[0] - AREA_PAD),
            min(plate[1], card[1] - AREA_PAD),
            max(plate[2], card[2] + AREA_PAD),
            max(plate[3], card[3] + AREA_PAD),
        )


def _column_left(column: int) -> int:
    return MARGIN + column * COLUMN_WIDTH


def _card_box(left: int, top: int) -> Box:
    return left, top, left + CARD_WIDTH, top + CARD_HEIGHT


def _place(place: str) -> SeatPlace:
    if place in ("W", "E"):
        middle = MIDDLE_CARDS_Y + CARD_HEIGHT // 2
        plate_top = middle - SIDE_PLATE_HEIGHT // 2
        plate_bottom = plate_top + SIDE_PLATE_HEIGHT
        if place == "W":
            plate = (MARGIN, plate_top, MARGIN + SIDE_PLATE_WIDTH, plate_bottom)
            card_left = plate[2]
        else:
            plate = (WIDTH - MARGIN - SIDE_PLATE_WIDTH, plate_top, WIDTH - MARGIN, plate_bottom)
            card_left = plate[0] - CARD_WIDTH
        return SeatPlace(place, plate, _card_box(card_left, MIDDLE_CARDS_Y), SIDE_PLATE_LINES)
    column = 0 if place.endswith("W") else 2 if place.endswith("E") else 1
    left = _column_left(column)
    plate_left, plate_right = left + 2, left + COLUMN_WIDTH - 2
    card_left = left + (COLUMN_WIDTH - CARD_WIDTH) // 2
    if place.startswith("N"):
        plate = (plate_left, TOP_PLATES_Y, plate_right, TOP_PLATES_Y + PLATE_HEIGHT)
        return SeatPlace(place, plate, _card_box(card_left, TOP_CARDS_Y))
    plate = (plate_left, BOTTOM_PLATES_Y, plate_right, BOTTOM_PLATES_Y + PLATE_HEIGHT)
    return SeatPlace(place, plate, _card_box(card_left, BOTTOM_CARDS_Y))


PLACES: Final = {place: _place(place) for place in RING}


def seat_places(seats: int) -> tuple[SeatPlace, ...]:
    """The places of a table of `seats` (3 to 8), seat 0 first; ValueError for another size."""
    if seats not in PLACES_BY_SEATS:
        raise ValueError(f"a trick table has 3 to 8 seats, not {seats}")
    return tuple(PLACES[place] for place in PLACES_BY_SEATS[seats])


def centre_box(seats: int) -> Box:
    """The middle of the ring, where a few words go: between the middle row's cards when it has some, from under the
    top row's outlines to above the bottom row's."""
    used = PLACES_BY_SEATS[seats]
    left = PLACES["W"].area[2] if "W" in used else MARGIN + COLUMN_WIDTH // 2
    right = PLACES["E"].area[0] if "E" in used else WIDTH - MARGIN - COLUMN_WIDTH // 2
    return left, TOP_CARDS_Y + CARD_HEIGHT + AREA_PAD + 4, right, BOTTOM_CARDS_Y - AREA_PAD - 4
