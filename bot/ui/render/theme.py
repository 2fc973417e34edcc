"""What every board shares: the colours, the text helpers and the PNG encoding.

Sizes are in logical pixels, multiplied by the board's `scale` (2 for Discord: sharp on desktop, and the phone
shows the picture about 400 px wide, so one logical pixel is then about one screen pixel).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

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


def outline(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    colour: Colour,
    width: int,
    radius: int,
) -> None:
    """A rounded rectangle outline (empty places, highlights)."""
    draw.rounded_rectangle(box, radius=radius, outline=colour, width=width)
