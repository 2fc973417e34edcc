"""A row of face-up cards, e.g. a player's hand: side by side when they fit, fanned sideways when they do not."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.games.cards import Card
from bot.ui.render.card_faces import CARD_HEIGHT, CARD_WIDTH, FAN_OFFSET, empty_slot, paste_card
from bot.ui.render.png import encode_png
from bot.ui.render.theme import DEFAULT_SCALE, new_board

MARGIN = 6
SPACING = 4
MAX_WIDTH = 460  # logical pixels: wider rows are fanned so that a phone still shows every index


def row_step(count: int) -> int:
    """The distance in logical pixels from one card to the next in a row of `count` cards."""
    spaced = 2 * MARGIN + count * CARD_WIDTH + (count - 1) * SPACING
    return CARD_WIDTH + SPACING if spaced <= MAX_WIDTH else FAN_OFFSET


def cards_row_size(count: int, scale: int = DEFAULT_SCALE) -> tuple[int, int]:
    """The picture's width and height in pixels for a row of `count` cards (one empty place when 0)."""
    width = 2 * MARGIN + CARD_WIDTH + max(0, count - 1) * row_step(count)
    return width * scale, (2 * MARGIN + CARD_HEIGHT) * scale


def draw_cards_row(cards: Sequence[Card], scale: int = DEFAULT_SCALE) -> Image.Image:
    """The row as an image (what `render_cards_row` encodes)."""
    board = new_board(*cards_row_size(len(cards), scale))
    if not cards:
        empty_slot(board, (MARGIN * scale, MARGIN * scale), scale)
        return board
    step = row_step(len(cards))
    for index, card in enumerate(cards):
        paste_card(board, card, ((MARGIN + index * step) * scale, MARGIN * scale), scale)
    return board


def render_cards_row(cards: Sequence[Card], scale: int = DEFAULT_SCALE) -> bytes:
    """A row of face-up cards, left to right in the given order, as PNG bytes."""
    return encode_png(draw_cards_row(cards, scale))
