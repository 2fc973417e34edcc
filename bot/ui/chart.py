"""A small bar chart of a player's recent results (cards left per game), drawn with Pillow into a PNG.

Pure and fast (a few milliseconds): no Discord import, no file on disk. Taller bars mean more cards left; a won game
has no bar but a gold star on the base line.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 640, 200
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 40, 16, 20, 12
BACKGROUND = (43, 45, 49)  # Discord's dark theme, readable on the light one too
GRID = (70, 73, 79)
TEXT = (220, 221, 222)
MUTED = (148, 155, 164)
GOLD = (240, 178, 50)
GREEN = (87, 242, 135)  # under ten cards left: excellent
BLUE = (88, 101, 242)
GREY = (128, 132, 142)  # thirty or more


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def bar_colour(cards_left: int) -> tuple[int, int, int]:
    if cards_left == 0:
        return GOLD
    if cards_left < 10:
        return GREEN
    if cards_left < 30:
        return BLUE
    return GREY


def _scale_top(values: Sequence[int]) -> int:
    """The axis top: the largest value rounded up to ten, at least ten."""
    highest = max(values, default=0)
    return max(10, -(-highest // 10) * 10)


def results_chart(cards_left: Sequence[int]) -> bytes:
    """A PNG of one bar per game, oldest on the left."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    left, right = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
    top, base = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM
    scale_top = _scale_top(cards_left)
    step = 10 if scale_top <= 50 else 20
    small = _font(12)
    for value in range(0, scale_top + 1, step):
        y = base - (base - top) * value / scale_top
        draw.line([(left, y), (right, y)], fill=GRID, width=1)
        draw.text((left - 6, y), str(value), fill=MUTED, font=small, anchor="rm")
    slots = max(len(cards_left), 10)  # a few games do not make giant bars
    slot = (right - left) / slots
    bar = max(4.0, slot * 0.7)
    for index, value in enumerate(cards_left):
        centre = left + slot * (index + 0.5)
        if value == 0:
            _star(draw, centre, base - 8, 7)
            continue
        height = (base - top) * value / scale_top
        draw.rectangle([centre - bar / 2, base - height, centre + bar / 2, base], fill=bar_colour(value))
        if slot >= 18:
            draw.text((centre, base - height - 2), str(value), fill=TEXT, font=small, anchor="mb")
    draw.line([(left, base), (right, base)], fill=MUTED, width=1)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    points = []
    for corner in range(10):
        angle = math.pi / 2 + corner * math.pi / 5
        distance = radius if corner % 2 == 0 else radius * 0.45
        points.append((x + distance * math.cos(angle), y - distance * math.sin(angle)))
    draw.polygon(points, fill=GOLD)
