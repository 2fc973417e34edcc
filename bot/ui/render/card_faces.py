"""Card images drawn once per card and scale, then pasted: faces, the back, and empty places.

A face has its rank at the top left and its suit at the top right, on one line, so a column of overlapping cards
only needs `STACK_OFFSET` to show every rank and suit; a smaller suit under the rank keeps a card readable when
cards overlap sideways (`FAN_OFFSET`, the waste). Hearts and diamonds are red, clubs and spades near-black.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.render.fonts import cap_height, font
from bot.ui.render.text import put_text
from bot.ui.render.theme import BLACK, RED, SLOT, Colour

CARD_WIDTH = 50
CARD_HEIGHT = 70
CORNER_RADIUS = 4
INDEX_MARGIN = 3  # from the card's edge to its corner index
INDEX_SIZE = 17  # font size of the rank and suit in the corner
SMALL_SUIT_SIZE = 11
PIP_SIZE = 30
STACK_OFFSET = 20  # a face-up card under another in a column shows this much: its whole corner index
HIDDEN_OFFSET = 7  # a face-down card under another
FAN_OFFSET = 27  # cards overlapping sideways show this much: the rank and the small suit under it

FACE: Colour = (252, 251, 246)
FACE_BORDER: Colour = (118, 122, 128)
COURT_TINT: Colour = (238, 232, 214)  # the inner frame of J, Q, K
BACK: Colour = (42, 76, 150)
BACK_LINE: Colour = (84, 120, 196)
BACK_BORDER: Colour = (236, 238, 244)
SUPERSAMPLE = 4


def card_size(scale: int) -> tuple[int, int]:
    """A card's width and height in pixels at `scale`."""
    return CARD_WIDTH * scale, CARD_HEIGHT * scale


def suit_colour(card: Card) -> Colour:
    """Red for hearts and diamonds, near-black for clubs and spades."""
    return RED if card.is_red else BLACK


@cache
def _rounded_mask(scale: int) -> Image.Image:
    """The card's shape with smooth corners: drawn large, then shrunk."""
    width, height = card_size(scale)
    big = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1), radius=CORNER_RADIUS * scale * SUPERSAMPLE, fill=255
    )
    return big.resize((width, height), Image.Resampling.LANCZOS)


def _blank(scale: int, fill: Colour, border: Colour, border_width: int) -> Image.Image:
    """A card shape filled with `fill`, with a `border` line, as RGBA with smooth corners."""
    width, height = card_size(scale)
    big = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), border)
    inset = border_width * SUPERSAMPLE
    ImageDraw.Draw(big).rounded_rectangle(
        (inset, inset, big.width - 1 - inset, big.height - 1 - inset),
        radius=max(1, CORNER_RADIUS * scale * SUPERSAMPLE - inset),
        fill=fill,
    )
    card = big.resize((width, height), Image.Resampling.LANCZOS).convert("RGBA")
    card.putalpha(_rounded_mask(scale))
    return card


@cache
def _blank_face(scale: int) -> Image.Image:
    return _blank(scale, FACE, FACE_BORDER, max(1, scale // 2))


def index_baseline(scale: int) -> int:
    """The y of the corner index's baseline from the card's top, in pixels."""
    return INDEX_MARGIN * scale + cap_height(INDEX_SIZE * scale)


@cache
def card_face(card: Card, scale: int) -> Image.Image:
    """The face of `card` (RGBA). Cached: each face is drawn once per scale. Do not modify the result."""
    image = _blank_face(scale).copy()
    draw = ImageDraw.Draw(image)
    width, height = image.size
    colour = suit_colour(card)
    symbol = SUIT_SYMBOL[card.suit]
    margin = INDEX_MARGIN * scale
    baseline = index_baseline(scale)
    index_font = font(INDEX_SIZE * scale)
    draw.text((margin, baseline), card.label, fill=colour, font=index_font, anchor="ls")
    draw.text((width - margin, baseline), symbol, fill=colour, font=index_font, anchor="rs")
    small = font(SMALL_SUIT_SIZE * scale)
    rank_left = margin + index_font.getlength(card.label[0]) / 2 if card.rank == 10 else margin
    draw.text((rank_left, baseline + 6 * scale), symbol, fill=colour, font=small, anchor="lt")
    centre = (width // 2 + 4 * scale, height - 23 * scale)
    if card.rank in (11, 12, 13):
        frame = (14 * scale, 26 * scale, width - 6 * scale, height - 5 * scale)
        draw.rounded_rectangle(frame, radius=3 * scale, fill=COURT_TINT, outline=colour, width=scale)
        draw.text(centre, card.label, fill=colour, font=font(PIP_SIZE * scale), anchor="mm")
    else:
        draw.text(centre, symbol, fill=colour, font=font(PIP_SIZE * scale), anchor="mm")
    return image


@cache
def card_back(scale: int) -> Image.Image:
    """The back of a card (RGBA): a blue lattice in a white border. Cached; do not modify the result."""
    image = _blank(scale, BACK_BORDER, FACE_BORDER, max(1, scale // 2))
    draw = ImageDraw.Draw(image)
    width, height = image.size
    inset = 4 * scale
    inner = (inset, inset, width - 1 - inset, height - 1 - inset)
    draw.rounded_rectangle(inner, radius=2 * scale, fill=BACK)
    pattern = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lines = ImageDraw.Draw(pattern)
    step = 7 * scale
    for start in range(-height, width + height, step):
        lines.line([(start, 0), (start + height, height)], fill=BACK_LINE, width=max(1, scale))
        lines.line([(start, height), (start + height, 0)], fill=BACK_LINE, width=max(1, scale))
    clip = Image.new("L", image.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (inner[0] + scale, inner[1] + scale, inner[2] - scale, inner[3] - scale), radius=scale, fill=255
    )
    image.paste(pattern, (0, 0), Image.composite(pattern, Image.new("RGBA", image.size), clip))
    return image


def empty_slot(board: Image.Image, position: tuple[int, int], scale: int, text: str = "") -> None:
    """An empty place (`position` in pixels): a rounded outline on the table, with an optional faint sign inside
    (a suit, `K`)."""
    x, y = position
    width, height = card_size(scale)
    box = (x, y, x + width - 1, y + height - 1)
    ImageDraw.Draw(board).rounded_rectangle(
        box, radius=CORNER_RADIUS * scale, outline=SLOT, width=max(1, scale)
    )
    put_text(board, (x + width // 2, y + height // 2), text, 24 * scale, SLOT, "mm")


def paste_card(board: Image.Image, card: Card | None, position: tuple[int, int], scale: int) -> None:
    """`card` face up at `position` on the board, or its back when `card` is None."""
    image = card_back(scale) if card is None else card_face(card, scale)
    board.paste(image, position, image)
