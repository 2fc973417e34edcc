"""The Crapette table as a PNG: each player's crapette, stock, turned card and discard, the eight foundations
F1..F8 in the middle and the eight side piles 1..8, fanned downwards so every card shows.

Read on a phone, where Discord shows it about 400 pixels wide (a shrink of 0.44): every caption is drawn as tall as
the pile numbers (`CAPTION_SIZE`), so its capitals stay about 10 pixels tall there. Each player's name and status
take a line above their four piles, which are spread over the width so the captions have room in any language.

The integrator turns the engine's state into a `CrapetteLayout`. Places are named the way the buttons are:
`side:1` .. `side:8`, `foundation:1` .. `foundation:8`, and per player (0 or 1) `crapette:0`, `stock:0`,
`turned:0`, `discard:0`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from bot.games.cards import Card
from bot.ui.render.card_faces import CARD_HEIGHT, CARD_WIDTH, STACK_OFFSET, empty_slot, paste_card
from bot.ui.render.pieces import (
    TITLE_HEIGHT,
    badge,
    cards_text,
    draw_highlight,
    draw_stack,
    draw_title,
    limited,
    number,
    stack_height,
)
from bot.ui.render.png import encode_png
from bot.ui.render.text import put_text_fitted
from bot.ui.render.theme import DEFAULT_SCALE, HIGHLIGHT, MUTED, TEXT, new_board

PILE_COUNT = 8
MARGIN = 6
GAP = 6
CAPTION_SIZE = 15  # logical pixels: the captions (Crapette, Stock, F1...) are as tall as the pile numbers
CAPTION_MINIMUM = 12
LABEL_HEIGHT = 20
NUMBER_HEIGHT = 18
NAME_HEIGHT = 24  # the player's name and status line, above their piles
ROW_GAP = 10
MIN_SIDE_HEIGHT = 4 * STACK_OFFSET + CARD_HEIGHT  # room for five cards before the picture grows
WIDTH = 2 * MARGIN + PILE_COUNT * CARD_WIDTH + (PILE_COUNT - 1) * GAP
PLAYER_PLACES = ("crapette", "stock", "turned", "discard")  # left to right
PLAYER_CELL = 2 * CARD_WIDTH + GAP  # each of a player's piles is centred in two side piles' width


@dataclass(frozen=True, slots=True)
class CrapettePlayerLayout:
    """One player's own piles. `crapette_count` counts the whole crapette, its face-up top card `crapette_top`
    included (None draws the pile's back). `discard_top` and `discard_count` likewise for the discard.

    `status` is an optional short line under the name, already in the table's language (e.g. a missed turn).
    """

    name: str
    crapette_count: int
    crapette_top: Card | None
    stock_count: int
    turned: Card | None = None
    discard_top: Card | None = None
    discard_count: int = 0
    status: str | None = None


@dataclass(frozen=True, slots=True)
class CrapetteLabels:
    """The words on the table, in the table's language (English by default)."""

    crapette: str = "Crapette"
    stock: str = "Stock"
    turned: str = "Turned"
    discard: str = "Discard"
    foundation_prefix: str = "F"


@dataclass(frozen=True, slots=True)
class CrapetteLayout:
    """Everything the Crapette picture shows. Player 0 sits at the top, player 1 at the bottom.

    `side_piles` holds the eight side piles 1..8 (bottom card first, top last); `foundations` the eight
    foundations' top cards F1..F8 (None when empty). `current_player` (0, 1 or None) gets a gold frame and
    `turn_text` (already localized, e.g. "Alice's turn") under their name. `highlight` names places to outline.
    """

    players: tuple[CrapettePlayerLayout, CrapettePlayerLayout]
    side_piles: tuple[tuple[Card, ...], ...]
    foundations: tuple[Card | None, ...]
    current_player: int | None = None
    turn_text: str | None = None
    title: str | None = None
    highlight: frozenset[str] = frozenset()
    labels: CrapetteLabels = field(default_factory=CrapetteLabels)


def _slot_x(index: int) -> int:
    return MARGIN + index * (CARD_WIDTH + GAP)


@dataclass(frozen=True, slots=True)
class _Rows:
    """The y of each row's cards, in logical pixels."""

    top_player: int
    foundations: int
    side_piles: int
    bottom_player: int
    height: int


def _player_x(slot: int) -> int:
    """The x of a player's pile `slot` (0: crapette .. 3: discard)."""
    return _slot_x(2 * slot) + (PLAYER_CELL - CARD_WIDTH) // 2


def _rows(layout: CrapetteLayout) -> _Rows:
    y = MARGIN + (TITLE_HEIGHT if layout.title else 0)
    top_player = y + NAME_HEIGHT + LABEL_HEIGHT
    foundations = top_player + CARD_HEIGHT + ROW_GAP + LABEL_HEIGHT
    side_piles = foundations + CARD_HEIGHT + ROW_GAP + NUMBER_HEIGHT
    tallest = max([MIN_SIDE_HEIGHT, *(stack_height(0, len(pile)) for pile in layout.side_piles)])
    bottom_player = side_piles + tallest + ROW_GAP + NAME_HEIGHT + LABEL_HEIGHT
    return _Rows(top_player, foundations, side_piles, bottom_player, bottom_player + CARD_HEIGHT + MARGIN)


def _caption(board: Image.Image, centre_x: int, baseline: int, text: str, width: int, scale: int) -> None:
    put_text_fitted(
        board,
        (centre_x * scale, baseline * scale),
        text,
        max_width=width * scale,
        size=CAPTION_SIZE * scale,
        minimum=CAPTION_MINIMUM * scale,
        fill=MUTED,
        anchor="ms",
    )


def crapette_size(layout: CrapetteLayout, scale: int = DEFAULT_SCALE) -> tuple[int, int]:
    """The picture's width and height in pixels: it grows with the longest side pile."""
    return WIDTH * scale, _rows(layout).height * scale


def render_crapette(layout: CrapetteLayout, scale: int = DEFAULT_SCALE) -> bytes:
    """The Crapette table as PNG bytes, `scale` pixels per logical pixel (2: about 900 px wide)."""
    return encode_png(draw_crapette(layout, scale))


def draw_crapette(layout: CrapetteLayout, scale: int = DEFAULT_SCALE) -> Image.Image:
    """The Crapette table as an image (what `render_crapette` encodes)."""
    rows = _rows(layout)
    s = scale
    board = new_board(WIDTH * s, rows.height * s)
    if layout.title:
        draw_title(board, layout.title, MARGIN, WIDTH, s)
    for player, y in ((0, rows.top_player), (1, rows.bottom_player)):
        _draw_player(board, layout, player, y, s)
    prefix = layout.labels.foundation_prefix
    for index in range(PILE_COUNT):
        x = _slot_x(index)
        card = layout.foundations[index] if index < len(layout.foundations) else None
        _caption(board, x + CARD_WIDTH // 2, rows.foundations - 4, f"{prefix}{index + 1}", CARD_WIDTH, s)
        if card is None:
            empty_slot(board, (x * s, rows.foundations * s), s, "A")
        else:
            paste_card(board, card, (x * s, rows.foundations * s), s)
        pile = layout.side_piles[index] if index < len(layout.side_piles) else ()
        highlighted = f"side:{index + 1}" in layout.highlight
        number(board, (x + CARD_WIDTH // 2, rows.side_piles - 3), index + 1, s, highlighted)
        draw_stack(board, pile, (x * s, rows.side_piles * s), s)
    for place in sorted(layout.highlight):
        box = place_box(layout, place)
        if box is not None:
            draw_highlight(board, box, s)
    return board


def _draw_player(board: Image.Image, layout: CrapetteLayout, player: int, y: int, scale: int) -> None:
    s = scale
    seat = layout.players[player]
    labels = layout.labels
    captions = (labels.crapette, labels.stock, labels.turned, labels.discard)
    for slot, caption in enumerate(captions):
        _caption(board, _player_x(slot) + CARD_WIDTH // 2, y - 4, caption, PLAYER_CELL - 4, s)
    _draw_pile(board, seat.crapette_top, seat.crapette_count, (_player_x(0), y), s)
    _draw_pile(board, None, seat.stock_count, (_player_x(1), y), s)
    if seat.turned is None:
        empty_slot(board, (_player_x(2) * s, y * s), s)
    else:
        paste_card(board, seat.turned, (_player_x(2) * s, y * s), s)
    _draw_pile(board, seat.discard_top, seat.discard_count, (_player_x(3), y), s)
    playing = layout.current_player == player
    name_y = y - LABEL_HEIGHT - NAME_HEIGHT // 2
    name = f"▶ {seat.name}" if playing else seat.name
    details = [text for text in (layout.turn_text if playing else None, seat.status) if text]
    name_width = (WIDTH - 2 * MARGIN - 8) // (2 if details else 1)
    put_text_fitted(
        board,
        ((MARGIN + 4) * s, name_y * s),
        name,
        max_width=name_width * s,
        size=18 * s,
        minimum=12 * s,
        fill=HIGHLIGHT if playing else TEXT,
        anchor="lm",
    )
    if details:
        put_text_fitted(
            board,
            ((WIDTH - MARGIN - 4) * s, name_y * s),
            " · ".join(details),
            max_width=(WIDTH - 2 * MARGIN - 8 - name_width - 8) * s,
            size=14 * s,
            minimum=10 * s,
            fill=HIGHLIGHT if playing else MUTED,
            anchor="rm",
        )
    if playing:
        top = y - LABEL_HEIGHT - NAME_HEIGHT
        draw_highlight(board, (MARGIN, top, WIDTH - MARGIN, y + CARD_HEIGHT), s)


def _draw_pile(
    board: Image.Image, top: Card | None, count: int, position: tuple[int, int], scale: int
) -> None:
    """A pile seen from above (`position` in logical pixels): its top card (face up, or its back when `top` is
    None) and a count badge."""
    x, y = position
    if count <= 0:
        empty_slot(board, (x * scale, y * scale), scale)
        return
    paste_card(board, top, (x * scale, y * scale), scale)
    badge(board, ((x + CARD_WIDTH // 2) * scale, (y + CARD_HEIGHT - 12) * scale), str(count), scale)


def place_box(layout: CrapetteLayout, place: str) -> tuple[int, int, int, int] | None:
    """The box of a named place in logical pixels (multiply by the scale), or None for a name this table lacks."""
    rows = _rows(layout)
    kind, _, key = place.partition(":")
    if not key.isdigit():
        return None
    index = int(key)
    if kind in PLAYER_PLACES and index in (0, 1):
        x = _player_x(PLAYER_PLACES.index(kind))
        y = rows.top_player if index == 0 else rows.bottom_player
        return x, y, x + CARD_WIDTH, y + CARD_HEIGHT
    if kind == "foundation" and 1 <= index <= PILE_COUNT:
        x = _slot_x(index - 1)
        return x, rows.foundations, x + CARD_WIDTH, rows.foundations + CARD_HEIGHT
    if kind == "side" and 1 <= index <= PILE_COUNT:
        x = _slot_x(index - 1)
        pile = layout.side_piles[index - 1] if index <= len(layout.side_piles) else ()
        return x, rows.side_piles, x + CARD_WIDTH, rows.side_piles + stack_height(0, len(pile))
    return None


def crapette_alt_text(layout: CrapetteLayout) -> str:
    """A short description for screen readers: both players' piles, the foundations, and every side pile."""
    text = _alt_text(layout, full_piles=True)
    if len(text) > 1024:
        text = _alt_text(layout, full_piles=False)
    return limited(text)


def _alt_text(layout: CrapetteLayout, full_piles: bool) -> str:
    parts = []
    for index, seat in enumerate(layout.players):
        turn = " (to play)" if layout.current_player == index else ""
        crapette = f"crapette {seat.crapette_count}"
        if seat.crapette_count and seat.crapette_top is not None:
            crapette += f", top {seat.crapette_top}"
        turned = f"; turned {seat.turned}" if seat.turned is not None else ""
        discard = f"discard {seat.discard_count}"
        if seat.discard_count and seat.discard_top is not None:
            discard += f", top {seat.discard_top}"
        parts.append(f"{seat.name}{turn}: {crapette}; stock {seat.stock_count}{turned}; {discard}.")
    foundations = [
        f"F{index + 1} {'empty' if card is None else card}"
        for index, card in enumerate(layout.foundations[:PILE_COUNT])
    ]
    parts.append(f"Foundations: {', '.join(foundations)}.")
    piles = []
    for index, pile in enumerate(layout.side_piles[:PILE_COUNT]):
        if not pile:
            piles.append(f"{index + 1} empty")
        elif full_piles or len(pile) == 1:
            piles.append(f"{index + 1} {cards_text(pile)}")
        else:
            piles.append(f"{index + 1} {len(pile)} cards to {pile[-1]}")
    parts.append(f"Side piles: {'; '.join(piles)}.")
    return " ".join(parts)
