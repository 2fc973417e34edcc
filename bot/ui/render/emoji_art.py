"""The pictures behind the card emojis (Pillow): one per card of a 52-card deck and one per suit, 128x128 PNG.

Discord shows an emoji about 22 px high in text and on buttons (48 px when a message is only emojis), whatever the
theme. So everything is as large as the square allows and drawn to read on dark grey and on white alike:
- a card is a white card with a grey border (the border draws its edge on a white background), its rank over its
  suit, red for hearts and diamonds, near-black for clubs and spades;
- a suit is the symbol alone, in the same red or near-black, with a thick white outline: the outline draws the
  shape on Discord's dark greys, the ink draws it on white.

Pure drawing, no Discord: `bot.ui.card_emojis` names and uploads these pictures.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.render.card_faces import FACE, FACE_BORDER
from bot.ui.render.fonts import font
from bot.ui.render.theme import BLACK, RED, Colour

EMOJI_SIZE = 128  # Discord's largest emoji, in pixels
CARD_WIDTH = 118  # a card a little narrower than tall, as large as the square allows
CARD_RADIUS = 16
CARD_BORDER = 5
RANK_TOP = 0.06  # of the emoji's height: from the top to the rank's capitals
RANK_HEIGHT = 0.40  # of the emoji's height: what the rank's capital letters fill
RANK_WIDTH = 0.84  # of the card's width, at most: "10" is as wide as it may be
SUIT_ON_CARD_HEIGHT = 0.33  # of the emoji's height: the suit under the rank
SUIT_BOTTOM = 0.06  # of the emoji's height: from the suit to the bottom
SUIT_HEIGHT = 0.78  # of the emoji's height: a suit emoji's symbol, inside its outline
OUTLINE: Colour = (255, 255, 255)
OUTLINE_WIDTH = 9  # pixels, around a suit emoji's symbol
SUPERSAMPLE = 4


def ink(suit: str) -> Colour:
    """The colour a suit is drawn in: red for hearts and diamonds, near-black for clubs and spades."""
    return RED if suit in ("D", "H") else BLACK


@cache
def _font_for_height(text: str, height: float, width: float | None = None) -> int:
    """The largest bold font size whose `text` covers at most `height` pixels in height (and `width` in width)."""

    def fits(size: int) -> bool:
        left, top, right, bottom = font(size).getbbox(text, anchor="ls")
        return bottom - top <= height and (width is None or right - left <= width)

    low, high = 8, int(height * 2)  # fits(low); the answer is below high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _draw_centred(
    draw: ImageDraw.ImageDraw, text: str, centre: tuple[float, float], size: int, **style: object
) -> None:
    """`text` drawn so the box its glyphs cover is centred on `centre` (not its line box: a suit has no descent)."""
    left, top, right, bottom = font(size).getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=font(size), anchor="ls", **style)  # type: ignore[arg-type]


def _shrunk(big: Image.Image) -> Image.Image:
    return big.resize((EMOJI_SIZE, EMOJI_SIZE), Image.Resampling.LANCZOS)


def draw_card_emoji(card: Card) -> Image.Image:
    """The card's emoji (RGBA, transparent around the card)."""
    scale = SUPERSAMPLE
    side = EMOJI_SIZE * scale
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left = (EMOJI_SIZE - CARD_WIDTH) / 2 * scale
    box = (left, 0, left + CARD_WIDTH * scale - 1, side - 1)
    draw.rounded_rectangle(box, radius=CARD_RADIUS * scale, fill=FACE_BORDER)
    inset = CARD_BORDER * scale
    inner = (box[0] + inset, inset, box[2] - inset, side - 1 - inset)
    draw.rounded_rectangle(inner, radius=(CARD_RADIUS - CARD_BORDER) * scale, fill=FACE)
    colour = ink(card.suit)
    # Every rank as tall as a capital K ("Q" reaches below the line, "10" may only be narrowed to fit).
    capital_size = _font_for_height("K", RANK_HEIGHT * side)
    fitting_size = _font_for_height(card.label, side, RANK_WIDTH * CARD_WIDTH * scale)
    rank_size = min(capital_size, fitting_size)
    # The rank sits on a baseline (J and Q reach a little below it), the suit under it, both centred across.
    left, top, right, _ = font(rank_size).getbbox(card.label, anchor="ls")
    baseline = RANK_TOP * side - top
    draw.text(
        (side / 2 - (left + right) / 2, baseline), card.label, font=font(rank_size), anchor="ls", fill=colour
    )
    symbol = SUIT_SYMBOL[card.suit]
    suit_size = _font_for_height(symbol, SUIT_ON_CARD_HEIGHT * side)
    suit_centre = (side / 2, side - SUIT_BOTTOM * side - SUIT_ON_CARD_HEIGHT * side / 2)
    _draw_centred(draw, symbol, suit_centre, suit_size, fill=colour)
    return _shrunk(image)


def draw_suit_emoji(suit: str, *, outline_width: int = OUTLINE_WIDTH) -> Image.Image:
    """The suit's emoji (RGBA): the symbol in its ink with a white outline (`outline_width` 0: none, as a plain ♠
    shows in text)."""
    scale = SUPERSAMPLE
    side = EMOJI_SIZE * scale
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    symbol = SUIT_SYMBOL[suit]
    room = side - 2 * outline_width * scale
    size = _font_for_height(symbol, min(SUIT_HEIGHT * side, room), room)
    _draw_centred(
        draw,
        symbol,
        (side / 2, side / 2),
        size,
        fill=ink(suit),
        stroke_width=outline_width * scale,
        stroke_fill=OUTLINE,
    )
    return _shrunk(image)


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@cache
def card_emoji_png(card: Card) -> bytes:
    """The card's emoji as PNG (a few kilobytes; Discord takes up to 256 KiB). Cached: drawn once a process."""
    return png_bytes(draw_card_emoji(card))


@cache
def suit_emoji_png(suit: str) -> bytes:
    """The suit's emoji as PNG. Cached: drawn once a process."""
    return png_bytes(draw_suit_emoji(suit))
