"""The Klondike table as a PNG: stock, waste (up to three cards fanned), four foundations, seven columns.

The integrator turns the engine's state into a `KlondikeLayout`; nothing here knows the rules. Places are named
the way the buttons are: `stock`, `waste`, `foundation:S` (a suit letter), `column:1` .. `column:7`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from PIL import Image

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.render.card_faces import (
    CARD_HEIGHT,
    CARD_WIDTH,
    FAN_OFFSET,
    HIDDEN_OFFSET,
    STACK_OFFSET,
    empty_slot,
    paste_card,
)
from bot.ui.render.pieces import (
    TITLE_HEIGHT,
    badge,
    cards_text,
    draw_highlight,
    draw_stack,
    draw_title,
    label,
    limited,
    number,
    stack_height,
)
from bot.ui.render.png import encode_png
from bot.ui.render.theme import DEFAULT_SCALE, new_board

COLUMN_COUNT = 7
WASTE_SHOWN = 3
# Alternating colours, so two foundations of the same colour never sit side by side.
FOUNDATION_ORDER = ("S", "H", "D", "C")
MARGIN = 6
GAP = 6
LABEL_HEIGHT = 15
NUMBER_HEIGHT = 18
ROW_GAP = 6
MIN_COLUMN_HEIGHT = 6 * HIDDEN_OFFSET + 6 * STACK_OFFSET + CARD_HEIGHT  # the deal's last column with six more
WIDTH = 2 * MARGIN + COLUMN_COUNT * CARD_WIDTH + (COLUMN_COUNT - 1) * GAP


@dataclass(frozen=True, slots=True)
class ColumnLayout:
    """One tableau column: how many cards lie face down, then the face-up cards (bottom first, top last)."""

    face_down: int = 0
    face_up: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class KlondikeLabels:
    """The words on the table, in the table's language (English by default)."""

    stock: str = "Stock"
    waste: str = "Waste"


@dataclass(frozen=True, slots=True)
class KlondikeLayout:
    """Everything the Klondike picture shows.

    `waste` is the whole waste, top card last (the picture fans the last three). `foundations` maps a suit letter
    to the foundation's top card (None when empty); missing suits are empty. `highlight` names places to outline,
    e.g. the last move's source and target: `stock`, `waste`, `foundation:H`, `column:3`.
    """

    stock_count: int
    waste: tuple[Card, ...]
    foundations: Mapping[str, Card | None]
    columns: tuple[ColumnLayout, ...]
    title: str | None = None
    highlight: frozenset[str] = frozenset()
    labels: KlondikeLabels = field(default_factory=KlondikeLabels)


def column_height(column: ColumnLayout) -> int:
    """The height of a drawn column in logical pixels (an empty column is one card's outline)."""
    return stack_height(column.face_down, len(column.face_up))


def _top_row_y(layout: KlondikeLayout) -> int:
    return MARGIN + (TITLE_HEIGHT if layout.title else 0) + LABEL_HEIGHT


def _columns_y(layout: KlondikeLayout) -> int:
    return _top_row_y(layout) + CARD_HEIGHT + ROW_GAP + NUMBER_HEIGHT


def klondike_size(layout: KlondikeLayout, scale: int = DEFAULT_SCALE) -> tuple[int, int]:
    """The picture's width and height in pixels: it grows with the longest column, so every card stays inside."""
    tallest = max([MIN_COLUMN_HEIGHT, *(column_height(column) for column in layout.columns)])
    return WIDTH * scale, (_columns_y(layout) + tallest + MARGIN) * scale


def _slot_x(index: int) -> int:
    return MARGIN + index * (CARD_WIDTH + GAP)


def render_klondike(layout: KlondikeLayout, scale: int = DEFAULT_SCALE) -> bytes:
    """The Klondike table as PNG bytes, `scale` pixels per logical pixel (2: about 800 px wide)."""
    return encode_png(draw_klondike(layout, scale))


def draw_klondike(layout: KlondikeLayout, scale: int = DEFAULT_SCALE) -> Image.Image:
    """The Klondike table as an image (what `render_klondike` encodes)."""
    board = new_board(*klondike_size(layout, scale))
    s = scale
    if layout.title:
        draw_title(board, layout.title, MARGIN, WIDTH, s)
    top = _top_row_y(layout)
    label(board, (_slot_x(0), top - 3), layout.labels.stock, CARD_WIDTH, s)
    label(board, (_slot_x(1), top - 3), f"{layout.labels.waste} {len(layout.waste)}", 2 * CARD_WIDTH, s)
    _draw_stock(board, layout.stock_count, (_slot_x(0) * s, top * s), s)
    _draw_waste(board, layout.waste, (_slot_x(1) * s, top * s), s)
    for offset, suit in enumerate(FOUNDATION_ORDER):
        position = (_slot_x(3 + offset) * s, top * s)
        card = layout.foundations.get(suit)
        if card is None:
            empty_slot(board, position, s, SUIT_SYMBOL[suit])
        else:
            paste_card(board, card, position, s)
    columns_y = _columns_y(layout)
    for index, column in enumerate(layout.columns[:COLUMN_COUNT]):
        x = _slot_x(index)
        highlighted = f"column:{index + 1}" in layout.highlight
        number(board, (x + CARD_WIDTH // 2, columns_y - 3), index + 1, s, highlighted)
        draw_stack(board, column.face_up, (x * s, columns_y * s), s, column.face_down, "K")
    for place in sorted(layout.highlight):
        box = place_box(layout, place)
        if box is not None:
            draw_highlight(board, box, s)
    return board


def _draw_stock(board: Image.Image, count: int, position: tuple[int, int], scale: int) -> None:
    if count == 0:
        empty_slot(board, position, scale, "↻")
        return
    paste_card(board, None, position, scale)
    x, y = position
    badge(board, (x + CARD_WIDTH * scale // 2, y + (CARD_HEIGHT - 12) * scale), str(count), scale)


def _draw_waste(board: Image.Image, waste: tuple[Card, ...], position: tuple[int, int], scale: int) -> None:
    if not waste:
        empty_slot(board, position, scale)
        return
    x, y = position
    for offset, card in enumerate(waste[-WASTE_SHOWN:]):
        paste_card(board, card, (x + offset * FAN_OFFSET * scale, y), scale)


def place_box(layout: KlondikeLayout, place: str) -> tuple[int, int, int, int] | None:
    """The box of a named place in logical pixels (multiply by the scale), or None for a name this table lacks."""
    top = _top_row_y(layout)
    kind, _, key = place.partition(":")
    if kind == "stock":
        return _slot_x(0), top, _slot_x(0) + CARD_WIDTH, top + CARD_HEIGHT
    if kind == "waste":
        shown = max(1, min(WASTE_SHOWN, len(layout.waste)))
        return _slot_x(1), top, _slot_x(1) + CARD_WIDTH + (shown - 1) * FAN_OFFSET, top + CARD_HEIGHT
    if kind == "foundation" and key in FOUNDATION_ORDER:
        x = _slot_x(3 + FOUNDATION_ORDER.index(key))
        return x, top, x + CARD_WIDTH, top + CARD_HEIGHT
    if kind == "column" and key.isdigit() and 1 <= int(key) <= min(COLUMN_COUNT, len(layout.columns)):
        x = _slot_x(int(key) - 1)
        y = _columns_y(layout)
        return x, y, x + CARD_WIDTH, y + column_height(layout.columns[int(key) - 1])
    return None


def klondike_alt_text(layout: KlondikeLayout) -> str:
    """A short description for screen readers, e.g. "Stock 14 cards, waste 7♥. Foundations: ♠ up to 3, ..."."""
    waste = f"waste {layout.waste[-1]}" if layout.waste else "waste empty"
    foundations = []
    for suit in FOUNDATION_ORDER:
        card = layout.foundations.get(suit)
        symbol = SUIT_SYMBOL[suit]
        foundations.append(f"{symbol} empty" if card is None else f"{symbol} up to {card.label}")
    parts = [f"Stock {layout.stock_count} cards, {waste}.", f"Foundations: {', '.join(foundations)}."]
    for index, column in enumerate(layout.columns):
        parts.append(f"Column {index + 1}: {_column_text(column)}.")
    return limited(" ".join(parts))


def _column_text(column: ColumnLayout) -> str:
    if column.face_down == 0 and not column.face_up:
        return "empty"
    pieces = []
    if column.face_down:
        pieces.append(f"{column.face_down} hidden,")
    pieces.append(cards_text(column.face_up))
    return " ".join(pieces).rstrip(",")
