"""Drawing pieces the boards share: fanned columns of cards, captions, titles, count badges, highlights, and the
alt-text limit. Positions are in logical pixels unless a parameter says pixels."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.cards import Card
from bot.ui.render.card_faces import (
    CARD_HEIGHT,
    CORNER_RADIUS,
    HIDDEN_OFFSET,
    STACK_OFFSET,
    empty_slot,
    paste_card,
)
from bot.ui.render.fonts import font
from bot.ui.render.text import put_text, put_text_fitted
from bot.ui.render.theme import BADGE, HIGHLIGHT, MUTED, TEXT, Colour, outline

ALT_TEXT_LIMIT = 1024  # Discord's limit for an attachment's description
HIGHLIGHT_PAD = 2
TITLE_HEIGHT = 20

Box = tuple[int, int, int, int]


def stack_height(face_down: int, face_up: int) -> int:
    """The height in logical pixels of a column of `face_down` hidden cards under `face_up` fanned ones."""
    if face_down + face_up == 0:
        return CARD_HEIGHT
    steps = face_down * HIDDEN_OFFSET + max(0, face_up - 1) * STACK_OFFSET
    if face_up == 0:
        steps -= HIDDEN_OFFSET
    return steps + CARD_HEIGHT


def draw_stack(
    board: Image.Image,
    face_up: tuple[Card, ...],
    position: tuple[int, int],
    scale: int,
    face_down: int = 0,
    empty_sign: str = "",
) -> None:
    """A column fanned downwards: hidden cards first, then the face-up ones, each one's corner index showing.

    `position` is in pixels; an empty column is an outline with `empty_sign` in it.
    """
    x, y = position
    if face_down == 0 and not face_up:
        empty_slot(board, position, scale, empty_sign)
        return
    for _ in range(face_down):
        paste_card(board, None, (x, y), scale)
        y += HIDDEN_OFFSET * scale
    for card in face_up:
        paste_card(board, card, (x, y), scale)
        y += STACK_OFFSET * scale


def label(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    width: int,
    scale: int,
    colour: Colour = MUTED,
    anchor: str = "ls",
) -> None:
    """A small caption (`position` is where its `anchor` lies, by default its baseline's left end), fitted into
    `width`."""
    x, y = position
    put_text_fitted(
        board,
        (x * scale, y * scale),
        text,
        max_width=width * scale,
        size=11 * scale,
        minimum=8 * scale,
        fill=colour,
        anchor=anchor,
    )


def number(board: Image.Image, position: tuple[int, int], value: int, scale: int, highlighted: bool) -> None:
    """A column or pile number above it (`position`: the middle of its baseline), gold when highlighted."""
    x, y = position
    put_text(board, (x * scale, y * scale), str(value), 15 * scale, HIGHLIGHT if highlighted else TEXT, "ms")


def draw_title(board: Image.Image, title: str, margin: int, width: int, scale: int) -> None:
    """The board's title line at the top (TITLE_HEIGHT logical pixels under the margin), fitted into the width."""
    put_text_fitted(
        board,
        (margin * scale, (margin + TITLE_HEIGHT // 2 - 1) * scale),
        title,
        max_width=(width - 2 * margin) * scale,
        size=14 * scale,
        minimum=10 * scale,
        fill=TEXT,
        anchor="lm",
    )


def badge(board: Image.Image, centre: tuple[int, int], text: str, scale: int) -> None:
    """A small dark pill with a count in it (`centre` in pixels), e.g. the cards left in a stock."""
    size = 11 * scale
    width = int(font(size).getlength(text)) + 10 * scale
    height = 15 * scale
    x, y = centre
    box = (x - width // 2, y - height // 2, x - width // 2 + width, y - height // 2 + height)
    ImageDraw.Draw(board).rounded_rectangle(
        box, radius=height // 2, fill=BADGE, outline=TEXT, width=max(1, scale // 2)
    )
    put_text(board, (x, y), text, size, TEXT, "mm")


def draw_highlight(board: Image.Image, box: Box, scale: int, colour: Colour = HIGHLIGHT) -> None:
    """A gold outline just around `box`: a place the last move used, or whose turn it is."""
    left, top, right, bottom = box
    pad = HIGHLIGHT_PAD
    outline(
        ImageDraw.Draw(board),
        ((left - pad) * scale, (top - pad) * scale, (right + pad) * scale - 1, (bottom + pad) * scale - 1),
        colour,
        width=2 * scale,
        radius=(CORNER_RADIUS + pad) * scale,
    )


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as players write them, bottom first: `K♠ Q♥ J♣`."""
    return " ".join(str(card) for card in cards)


def limited(text: str) -> str:
    """`text` cut to Discord's attachment description limit."""
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1] + "…"
