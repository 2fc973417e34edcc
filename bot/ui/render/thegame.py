"""The Game's board as a PNG: the four piles with big top-card numbers, their direction (A, B ▲ up from 1; C, D ▼
down from 100), the backwards target of each pile (`↩ 13`), the team's markers (keep off / small steps, with who
set them), the draw pile and whose turn it is.

The integrator builds a `TheGameLayout` from the table; every text comes in already localized.

`draw_thegame` draws the board whole; `render_thegame` (`thegame_parts.py`) puts the same picture together from
parts drawn once and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from PIL import Image, ImageDraw

from bot.ui.render.card_faces import BACK, BACK_BORDER, FACE, FACE_BORDER, SUPERSAMPLE
from bot.ui.render.line_words import line_length
from bot.ui.render.pieces import HIGHLIGHT_PAD, draw_highlight, limited
from bot.ui.render.text import fitted, put_text, put_text_fitted
from bot.ui.render.theme import (
    ASCENDING,
    BLACK,
    DEFAULT_SCALE,
    DESCENDING,
    FELT,
    KEEP_OFF,
    MUTED,
    SHELL_PATTERN,
    SMALL_STEPS,
    TEXT,
    Colour,
    new_board,
)

Marker = Literal["keep_off", "small_steps"]

# The Game's material, repeated here so the picture does not depend on where the engine lives.
LOWEST_CARD, HIGHEST_CARD = 2, 99
ASCENDING_BASE, DESCENDING_BASE = 1, 100
BACKWARDS_STEP = 10

MARGIN = 8
GAP = 10
PILE_WIDTH = 100
PILE_HEIGHT = 128
HEADER_HEIGHT = 28
TURN_HEIGHT = 28
BACKWARDS_HEIGHT = 22
MARKER_WORD_HEIGHT = 22  # the marker's word, as big as the backwards target above it
MARKER_BY_HEIGHT = 22  # its icon and who set it
MARKER_HEIGHT = MARKER_WORD_HEIGHT + MARKER_BY_HEIGHT
MARKER_WORD_SIZE = 17
ICON_SIZE = 20
FOOTER_HEIGHT = 30
NUMBER_SIZE = 64
WIDTH = 2 * MARGIN + 4 * PILE_WIDTH + 3 * GAP
PILES_Y = MARGIN + TURN_HEIGHT
HEIGHT = PILES_Y + PILE_HEIGHT + 4 + BACKWARDS_HEIGHT + MARKER_HEIGHT + FOOTER_HEIGHT + MARGIN
MARKER_COLOURS: dict[Marker, Colour] = {"keep_off": KEEP_OFF, "small_steps": SMALL_STEPS}
MARKER_WORDS: dict[Marker, str] = {
    "keep_off": "please keep off",
    "small_steps": "small steps only",
}  # alt text


@dataclass(frozen=True, slots=True)
class TheGamePile:
    """One pile as everyone sees it: name (A..D), direction, top card (1 / 100 while only the base shows), and
    the team's marker on it with the short name of who set it."""

    name: str
    ascending: bool
    top: int
    marker: Marker | None = None
    marker_by: str | None = None

    @property
    def base(self) -> int:
        return ASCENDING_BASE if self.ascending else DESCENDING_BASE

    @property
    def backwards_target(self) -> int | None:
        """The card that would be a backwards move here now (exactly 10 back), or None if there is no such card."""
        target = self.top - BACKWARDS_STEP if self.ascending else self.top + BACKWARDS_STEP
        return target if LOWEST_CARD <= target <= HIGHEST_CARD else None


@dataclass(frozen=True, slots=True)
class TheGameLabels:
    """The words on the board, in the table's language (English by default)."""

    draw_pile: str = "Draw pile"
    keep_off: str = "keep off"
    small_steps: str = "small steps"


@dataclass(frozen=True, slots=True)
class TheGameLayout:
    """Everything The Game's picture shows. `turn_text` is already localized ("Bob's turn · one of two played").

    `highlight` names piles to outline (e.g. the piles the last turn played on).
    """

    piles: tuple[TheGamePile, ...]
    draw_pile_count: int
    turn_text: str
    highlight: frozenset[str] = frozenset()
    labels: TheGameLabels = field(default_factory=TheGameLabels)


def thegame_size(scale: int = DEFAULT_SCALE) -> tuple[int, int]:
    """The picture's width and height in pixels (always the same)."""
    return WIDTH * scale, HEIGHT * scale


def draw_thegame(layout: TheGameLayout, scale: int = DEFAULT_SCALE) -> Image.Image:
    """The Game's board as an image, drawn whole (`render_thegame` gives the same picture from its parts)."""
    board = new_board(*thegame_size(scale))
    _draw_turn(board, layout.turn_text, scale)
    for index, pile in enumerate(layout.piles[:4]):
        _draw_pile_column(board, index, pile, pile.name in layout.highlight, layout.labels, scale)
    _draw_draw_pile(board, layout.labels.draw_pile, layout.draw_pile_count, scale)
    return board


# -- the parts: three bands (the turn line, the piles in four columns, the draw pile), nothing drawn across two ----
TURN_BOTTOM = PILES_Y - HIGHLIGHT_PAD  # a highlight reaches this far above a pile
FOOTER_TOP = HEIGHT - MARGIN - FOOTER_HEIGHT


def _column(index: int) -> tuple[int, int]:
    """The left and right edge of a pile's column, in logical pixels: halfway into the gaps around it."""
    x = MARGIN + index * (PILE_WIDTH + GAP)
    left = 0 if index == 0 else x - GAP // 2
    right = WIDTH if index == 3 else x + PILE_WIDTH + GAP // 2
    return left, right


def _draw_turn(board: Image.Image, turn_text: str, scale: int) -> None:
    position, text, size = _turn_fitted(turn_text, scale)
    put_text(board, position, text, size, TEXT, "lm")


def _turn_fitted(turn_text: str, scale: int) -> tuple[tuple[int, int], str, int]:
    """Where the turn line is written, and its text and size made to fit the board's width (`fitted`)."""
    s = scale
    text, size = fitted(turn_text, (WIDTH - 2 * MARGIN) * s, 17 * s, 11 * s, measure=line_length)
    return (MARGIN * s, (MARGIN + TURN_HEIGHT // 2 - 3) * s), text, size


def _draw_pile_column(
    board: Image.Image,
    index: int,
    pile: TheGamePile,
    highlighted: bool,
    labels: TheGameLabels,
    scale: int,
    origin: tuple[int, int] = (0, 0),
    *,
    top: bool = True,
) -> None:
    """A pile and what lies under it; `origin` is where `board`'s top-left corner lies on the whole board.
    `top=False`: without the words of its top card (`_top_card_words`)."""
    x = MARGIN + index * (PILE_WIDTH + GAP) - origin[0]
    y = PILES_Y - origin[1]
    _draw_pile(board, pile, (x, y), labels, scale)
    if top:
        for at, text, size, colour, _ in _top_card_words(pile, (x, y), scale):
            put_text(board, at, text, size, colour, "mm")
    if highlighted:
        draw_highlight(board, (x, y, x + PILE_WIDTH, y + PILE_HEIGHT), scale)


def _top_card_words(
    pile: TheGamePile, position: tuple[int, int], scale: int
) -> list[tuple[tuple[int, int], str, int, Colour, Colour]]:
    """What changes with a pile's top card (`position`: the pile's top-left corner in logical pixels): its number,
    big on the card, and its backwards target under it; each where it is written, its text, size, colour and the
    colour it lies on."""
    s = scale
    x, top = position
    centre_x = (x + PILE_WIDTH // 2) * s
    number, size = fitted(str(pile.top), (PILE_WIDTH - 12) * s, NUMBER_SIZE * s, 1)
    body_middle = top + HEADER_HEIGHT + (PILE_HEIGHT - HEADER_HEIGHT) // 2
    colour = FACE_BORDER if pile.top == pile.base else BLACK  # only the base card: greyed
    words = [((centre_x, body_middle * s), number, size, colour, FACE)]
    target = pile.backwards_target
    if target is not None:
        below = top + PILE_HEIGHT + 4 + BACKWARDS_HEIGHT // 2
        words.append(((centre_x, below * s), f"↩ {target}", 17 * s, TEXT, FELT))
    return words


def _draw_pile(
    board: Image.Image, pile: TheGamePile, position: tuple[int, int], labels: TheGameLabels, scale: int
) -> None:
    """One pile (`position`: its top-left corner in logical pixels): a card with its name and direction on a
    coloured band, and its marker under it (its top card's number and backwards target: `_top_card_words`)."""
    s = scale
    x, top = position
    draw = ImageDraw.Draw(board)
    accent = ASCENDING if pile.ascending else DESCENDING
    box = (x * s, top * s, (x + PILE_WIDTH) * s - 1, (top + PILE_HEIGHT) * s - 1)
    border = MARKER_COLOURS[pile.marker] if pile.marker else FACE_BORDER
    draw.rounded_rectangle(box, radius=6 * s, fill=FACE, outline=border, width=(3 if pile.marker else 1) * s)
    inset = 3 * s if pile.marker else s
    header = (box[0] + inset, box[1] + inset, box[2] - inset, (top + HEADER_HEIGHT) * s)
    draw.rounded_rectangle(header, radius=5 * s, fill=accent, corners=(True, True, False, False))
    arrow = "▲" if pile.ascending else "▼"
    centre_x = (x + PILE_WIDTH // 2) * s
    put_text(
        board, (centre_x, (top + HEADER_HEIGHT // 2 + 1) * s), f"{pile.name} {arrow}", 18 * s, TEXT, "mm"
    )
    text_y = top + PILE_HEIGHT + 4
    if pile.marker is not None:
        word = labels.keep_off if pile.marker == "keep_off" else labels.small_steps
        _draw_marker(board, pile.marker, word, pile.marker_by, (x, text_y + BACKWARDS_HEIGHT), s)


def _draw_marker(
    board: Image.Image,
    marker: Marker,
    word: str,
    set_by: str | None,
    position: tuple[int, int],
    scale: int,
) -> None:
    """The marker under a pile (`position`: the pile's left edge, in logical pixels): its word in its colour, as
    big as the backwards target and across the pile's whole column so it reads on a phone; under it, its icon and
    who set it."""
    s = scale
    x, y = position
    centre_x = x + PILE_WIDTH // 2
    put_text_fitted(
        board,
        (centre_x * s, (y + MARKER_WORD_HEIGHT // 2) * s),
        word,
        max_width=(PILE_WIDTH + GAP - 4) * s,
        size=MARKER_WORD_SIZE * s,
        minimum=13 * s,
        fill=MARKER_COLOURS[marker],
        anchor="mm",
    )
    by_y = y + MARKER_WORD_HEIGHT
    icon = marker_icon(marker, s)
    board.paste(icon, ((x + 2) * s, (by_y + (MARKER_BY_HEIGHT - ICON_SIZE) // 2) * s), icon)
    if set_by:
        put_text_fitted(
            board,
            ((x + ICON_SIZE + 6) * s, (by_y + MARKER_BY_HEIGHT // 2) * s),
            set_by,
            max_width=(PILE_WIDTH - ICON_SIZE - 6) * s,
            size=14 * s,
            minimum=10 * s,
            fill=MUTED,
            anchor="lm",
            bold=False,
        )


@cache
def marker_icon(marker: Marker, scale: int) -> Image.Image:
    """A smooth icon for a marker (RGBA): a no-entry sign for keep off, a turtle for small steps."""
    size = ICON_SIZE * scale * SUPERSAMPLE
    unit = size / 24
    image = Image.new("RGBA", (size, size), (*FELT, 0))
    draw = ImageDraw.Draw(image)
    if marker == "keep_off":
        draw.ellipse((unit, unit, size - unit, size - unit), outline=KEEP_OFF, width=round(3 * unit))
        draw.line((5 * unit, 5 * unit, 19 * unit, 19 * unit), fill=KEEP_OFF, width=round(3 * unit))
    else:
        shell = (1 * unit, 4 * unit, 19 * unit, 24 * unit)
        for leg_x in (3, 13):
            draw.rounded_rectangle(
                (leg_x * unit, 11 * unit, (leg_x + 4) * unit, 19 * unit), radius=2 * unit, fill=SMALL_STEPS
            )
        draw.ellipse((15 * unit, 7 * unit, 23 * unit, 14 * unit), fill=SMALL_STEPS)  # head
        draw.ellipse((19 * unit, 9 * unit, 21 * unit, 11 * unit), fill=SHELL_PATTERN)  # eye
        draw.pieslice(shell, 180, 360, fill=SMALL_STEPS)
        draw.polygon([(1 * unit, 14 * unit), (0, 16 * unit), (3 * unit, 14 * unit)], fill=SMALL_STEPS)  # tail
        draw.arc((5 * unit, 8 * unit, 15 * unit, 20 * unit), 180, 360, fill=SHELL_PATTERN, width=round(unit))
        draw.line((10 * unit, 5 * unit, 10 * unit, 8 * unit), fill=SHELL_PATTERN, width=round(unit))
        draw.line((2 * unit, 14 * unit, 18 * unit, 14 * unit), fill=SHELL_PATTERN, width=round(unit))
    return image.resize((ICON_SIZE * scale, ICON_SIZE * scale), Image.Resampling.LANCZOS)


def _draw_draw_pile(board: Image.Image, label: str, count: int, scale: int, top: int = FOOTER_TOP) -> None:
    """The draw pile's back and count, in the band that starts at `top` (logical pixels)."""
    s = scale
    y = top
    back = (MARGIN * s, (y + 3) * s, (MARGIN + 18) * s, (y + 27) * s)
    ImageDraw.Draw(board).rounded_rectangle(back, radius=3 * s, fill=BACK, outline=BACK_BORDER, width=2 * s)
    put_text_fitted(
        board,
        ((MARGIN + 26) * s, (y + FOOTER_HEIGHT // 2) * s),
        f"{label}: {count}",
        max_width=(WIDTH - 2 * MARGIN - 26) * s,
        size=17 * s,
        minimum=11 * s,
        fill=TEXT,
        anchor="lm",
    )


def thegame_alt_text(layout: TheGameLayout) -> str:
    """A short description for screen readers: the turn, each pile with its top card, backwards target and
    marker, and the draw pile."""
    parts = [layout.turn_text.rstrip(".") + "."]
    for pile in layout.piles:
        direction = "up" if pile.ascending else "down"
        text = f"Pile {pile.name} ({direction}): {pile.top}"
        if pile.top == pile.base:
            text += " (nothing played yet)"
        if pile.backwards_target is not None:
            text += f", backwards {pile.backwards_target}"
        if pile.marker is not None:
            asked = f" (asked by {pile.marker_by})" if pile.marker_by else ""
            text += f", {MARKER_WORDS[pile.marker]}{asked}"
        parts.append(text + ".")
    parts.append(f"Draw pile: {layout.draw_pile_count} cards.")
    return limited(" ".join(parts))
