"""The Game's board as a PNG: the four piles with big top-card numbers, their direction (A, B ▲ up from 1; C, D ▼
down from 100), the backwards target of each pile (`↩ 13`), the team's markers (keep off / small steps, with who
set them), the draw pile and whose turn it is.

The integrator builds a `TheGameLayout` from the table; every text comes in already localized.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from PIL import Image, ImageDraw

from bot.ui.render.card_faces import BACK, BACK_BORDER, FACE, FACE_BORDER, SUPERSAMPLE
from bot.ui.render.pieces import draw_highlight, limited
from bot.ui.render.png import encode_png
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
MARKER_HEIGHT = 36
ICON_SIZE = 26
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


def render_thegame(layout: TheGameLayout, scale: int = DEFAULT_SCALE) -> bytes:
    """The Game's board as PNG bytes, `scale` pixels per logical pixel (2: about 900 px wide)."""
    return encode_png(draw_thegame(layout, scale))


def draw_thegame(layout: TheGameLayout, scale: int = DEFAULT_SCALE) -> Image.Image:
    """The Game's board as an image (what `render_thegame` encodes)."""
    s = scale
    board = new_board(*thegame_size(scale))
    put_text_fitted(
        board,
        (MARGIN * s, (MARGIN + TURN_HEIGHT // 2 - 3) * s),
        layout.turn_text,
        max_width=(WIDTH - 2 * MARGIN) * s,
        size=17 * s,
        minimum=11 * s,
        fill=TEXT,
        anchor="lm",
    )
    for index, pile in enumerate(layout.piles[:4]):
        x = MARGIN + index * (PILE_WIDTH + GAP)
        _draw_pile(board, pile, x, layout.labels, s)
        if pile.name in layout.highlight:
            draw_highlight(board, (x, PILES_Y, x + PILE_WIDTH, PILES_Y + PILE_HEIGHT), s)
    _draw_draw_pile(board, layout, s)
    return board


def _draw_pile(board: Image.Image, pile: TheGamePile, x: int, labels: TheGameLabels, scale: int) -> None:
    """One pile (`x` in logical pixels): a card with its name and direction on a coloured band, its top card
    big, its backwards target and its marker under it."""
    s = scale
    draw = ImageDraw.Draw(board)
    accent = ASCENDING if pile.ascending else DESCENDING
    box = (x * s, PILES_Y * s, (x + PILE_WIDTH) * s - 1, (PILES_Y + PILE_HEIGHT) * s - 1)
    border = MARKER_COLOURS[pile.marker] if pile.marker else FACE_BORDER
    draw.rounded_rectangle(box, radius=6 * s, fill=FACE, outline=border, width=(3 if pile.marker else 1) * s)
    inset = 3 * s if pile.marker else s
    header = (box[0] + inset, box[1] + inset, box[2] - inset, (PILES_Y + HEADER_HEIGHT) * s)
    draw.rounded_rectangle(header, radius=5 * s, fill=accent, corners=(True, True, False, False))
    arrow = "▲" if pile.ascending else "▼"
    centre_x = (x + PILE_WIDTH // 2) * s
    put_text(
        board, (centre_x, (PILES_Y + HEADER_HEIGHT // 2 + 1) * s), f"{pile.name} {arrow}", 18 * s, TEXT, "mm"
    )
    number, size = fitted(str(pile.top), (PILE_WIDTH - 12) * s, NUMBER_SIZE * s, 1)
    body_middle = PILES_Y + HEADER_HEIGHT + (PILE_HEIGHT - HEADER_HEIGHT) // 2
    colour = FACE_BORDER if pile.top == pile.base else BLACK  # only the base card: greyed
    put_text(board, (centre_x, body_middle * s), number, size, colour, "mm")
    text_y = PILES_Y + PILE_HEIGHT + 4
    target = pile.backwards_target
    if target is not None:
        put_text(board, (centre_x, (text_y + BACKWARDS_HEIGHT // 2) * s), f"↩ {target}", 17 * s, TEXT, "mm")
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
    """The marker's icon, its word and who set it, under a pile (`position` in logical pixels)."""
    s = scale
    x, y = position
    icon = marker_icon(marker, s)
    board.paste(icon, ((x + 2) * s, (y + (MARKER_HEIGHT - ICON_SIZE) // 2) * s), icon)
    text_x = x + ICON_SIZE + 6
    text_width = PILE_WIDTH - ICON_SIZE - 6
    lines = [(word, MARKER_COLOURS[marker], True)]
    if set_by:
        lines.append((set_by, MUTED, False))
    line_y = y + MARKER_HEIGHT // 2 - (len(lines) - 1) * 7
    for text, fill, bold in lines:
        put_text_fitted(
            board,
            (text_x * s, line_y * s),
            text,
            max_width=text_width * s,
            size=13 * s,
            minimum=9 * s,
            fill=fill,
            anchor="lm",
            bold=bold,
        )
        line_y += 15


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


def _draw_draw_pile(board: Image.Image, layout: TheGameLayout, scale: int) -> None:
    s = scale
    y = HEIGHT - MARGIN - FOOTER_HEIGHT
    back = (MARGIN * s, (y + 3) * s, (MARGIN + 18) * s, (y + 27) * s)
    ImageDraw.Draw(board).rounded_rectangle(back, radius=3 * s, fill=BACK, outline=BACK_BORDER, width=2 * s)
    put_text_fitted(
        board,
        ((MARGIN + 26) * s, (y + FOOTER_HEIGHT // 2) * s),
        f"{layout.labels.draw_pile}: {layout.draw_pile_count}",
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
