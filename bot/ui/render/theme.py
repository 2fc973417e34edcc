"""What every board shares: the colours, the text helpers and the PNG encoding.

Sizes are in logical pixels, multiplied by the board's `scale` (2 for Discord: sharp on desktop, and the phone
shows the picture about 400 px wide, so one logical pixel is then about one screen pixel).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.ui.render.fonts import font

Colour = tuple[int, int, int]

DEFAULT_SCALE = 2
FELT: Colour = (22, 86, 58)  # a green table: calm on Discord's dark theme, still clear on the light one
TEXT: Colour = (238, 245, 240)
MUTED: Colour = (168, 204, 184)
SLOT: Colour = (96, 150, 120)  # outlines of empty places
HIGHLIGHT: Colour = (255, 204, 64)
BADGE: Colour = (28, 32, 36)
RED: Colour = (206, 24, 42)
BLACK: Colour = (22, 22, 26)
# The Game's piles
ASCENDING: Colour = (38, 110, 196)
DESCENDING: Colour = (200, 92, 30)
KEEP_OFF: Colour = (222, 40, 52)
SMALL_STEPS: Colour = (92, 178, 92)
SHELL_PATTERN: Colour = (46, 112, 52)

# Every colour drawn with soft edges over another, outside the card faces: the PNG palette holds their blends.
BLENDS: tuple[tuple[Colour, Colour], ...] = (
    (TEXT, FELT),
    (MUTED, FELT),
    (HIGHLIGHT, FELT),
    (SLOT, FELT),
    (TEXT, BADGE),
    (RED, FELT),
    (KEEP_OFF, FELT),
    (SMALL_STEPS, FELT),
    (SHELL_PATTERN, SMALL_STEPS),
    (TEXT, ASCENDING),
    (TEXT, DESCENDING),
)


def new_board(width: int, height: int) -> Image.Image:
    """An empty table of this size in pixels."""
    return Image.new("RGB", (width, height), FELT)


@cache
def _notdef_mask() -> bytes:
    return bytes(font(40).getmask("\ue000"))


@cache
def _has_glyph(character: str) -> bool:
    if not character.isprintable():
        return False
    if character == " ":
        return True
    return bytes(font(40).getmask(character)) != _notdef_mask()


def drawable(text: str) -> str:
    """`text` without the characters DejaVu Sans cannot draw (emoji such as 🤖), so no empty boxes show."""
    kept = "".join(character for character in text if _has_glyph(character))
    return " ".join(kept.split())


def fitted_size(text: str, max_width: int, size: int, minimum: int, bold: bool = True) -> int:
    """The largest font size from `size` down to `minimum` at which `text` fits in `max_width` pixels."""
    while size > minimum and font(size, bold).getlength(text) > max_width:
        size -= 1
    return size


def shortened(text: str, max_width: int, size: int, bold: bool = True) -> str:
    """`text` cut with "…" so that it fits in `max_width` pixels at `size`."""
    typeface = font(size, bold)
    if typeface.getlength(text) <= max_width:
        return text
    while text and typeface.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_text_fitted(
    draw: ImageDraw.ImageDraw,
    position: tuple[float, float],
    text: str,
    *,
    max_width: int,
    size: int,
    minimum: int,
    fill: Colour,
    anchor: str = "la",
    bold: bool = True,
) -> None:
    """Text made smaller (down to `minimum`), then cut with "…", so that it never spills out of `max_width`."""
    text = drawable(text)
    size = fitted_size(text, max_width, size, minimum, bold)
    text = shortened(text, max_width, size, bold)
    draw.text(position, text, fill=fill, font=font(size, bold), anchor=anchor)


def outline(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    colour: Colour,
    width: int,
    radius: int,
) -> None:
    """A rounded rectangle outline (empty places, highlights)."""
    draw.rounded_rectangle(box, radius=radius, outline=colour, width=width)


def badge(draw: ImageDraw.ImageDraw, centre: tuple[int, int], text: str, scale: int) -> None:
    """A small dark pill with a count in it, e.g. the cards left in a stock."""
    typeface = font(11 * scale)
    width = int(typeface.getlength(text)) + 10 * scale
    height = 15 * scale
    x, y = centre
    box = (x - width // 2, y - height // 2, x - width // 2 + width, y - height // 2 + height)
    draw.rounded_rectangle(box, radius=height // 2, fill=BADGE, outline=TEXT, width=max(1, scale // 2))
    draw.text((x, y), text, fill=TEXT, font=typeface, anchor="mm")
