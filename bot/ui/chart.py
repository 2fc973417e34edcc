"""The /stats chart: a player's recent results (cards left per game, oldest on the left), drawn with Pillow.

Drawn at twice its logical size (960 × 520 pixels), in the shipped DejaVu font, so its labels stay readable when a
phone shows it about 400 pixels wide. A legend names the colour bands, dates run under the bars, and a won game
stands out: a gold column the whole height of the chart with a big star, where a lost game has a bar.

Pure and fast (a few milliseconds): no Discord import, no file on disk; every word comes in already localized.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.ui.render.fonts import font
from bot.ui.render.text import put_text

SCALE = 2
LOGICAL_WIDTH, LOGICAL_HEIGHT = 480, 260
WIDTH, HEIGHT = LOGICAL_WIDTH * SCALE, LOGICAL_HEIGHT * SCALE
LEGEND_Y = 14
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 38, LOGICAL_WIDTH - 10, 40, LOGICAL_HEIGHT - 30
LABEL_SIZE = 14  # logical pixels: about 8 px tall digits on a phone
MAX_DATES = 5  # date labels under the bars, evenly spread (first and last always)
DATE_GAP = 14  # logical pixels at least between two dates (a space inside a date is about 8)
BACKGROUND = (43, 45, 49)  # Discord's dark theme, readable on the light one too
GRID = (70, 73, 79)
TEXT = (220, 221, 222)
MUTED = (170, 176, 184)
GOLD = (240, 178, 50)
GOLD_BAND = (92, 76, 40)  # the column behind a won game
GREEN = (87, 242, 135)  # under ten cards left: excellent
BLUE = (88, 101, 242)
GREY = (128, 132, 142)  # thirty or more


@dataclass(frozen=True, slots=True)
class ChartPoint:
    cards_left: int
    won: bool
    day: str  # the date, already written the reader's way ("12 Mar", "12 mars")


@dataclass(frozen=True, slots=True)
class ChartLabels:
    """The legend's words, in the reader's language."""

    won: str = "won"
    excellent: str = "under 10"
    good: str = "10–29"
    other: str = "30+"


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


def dated_indexes(count: int, every: int = 1) -> list[int]:
    """The games whose date is written under their bar: the first, the last, and between them every `every`-th
    (at most `MAX_DATES` in all), so that no two dates run into each other."""
    if count == 0:
        return []
    every = max(every, math.ceil((count - 1) / (MAX_DATES - 1)) if count > MAX_DATES else 1)
    chosen = list(range(0, count, every))
    while chosen and count - 1 - chosen[-1] < every:  # too close to the last game's date, which always shows
        chosen.pop()
    return [*chosen, count - 1]


def date_positions(points: Sequence[ChartPoint]) -> list[int]:
    """The games dated under their bar in the chart of `points`: as many as fit, at least a gap apart."""
    s = SCALE
    slot = (PLOT_RIGHT - PLOT_LEFT) * s / max(len(points), 10)
    widest = max((font(LABEL_SIZE * s, False).getlength(point.day) for point in points), default=0.0)
    return dated_indexes(len(points), math.ceil((widest + DATE_GAP * s) / slot))


def results_chart(points: Sequence[ChartPoint], labels: ChartLabels | None = None) -> bytes:
    """A PNG of one bar per game, oldest on the left (`points` as the reader should see them)."""
    labels = labels or ChartLabels()
    s = SCALE
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _legend(image, draw, labels)
    left, right, top, base = PLOT_LEFT * s, PLOT_RIGHT * s, PLOT_TOP * s, PLOT_BOTTOM * s
    values = [point.cards_left for point in points]
    scale_top = _scale_top(values)
    step = 10 if scale_top <= 50 else 20
    for value in range(0, scale_top + 1, step):
        y = round(base - (base - top) * value / scale_top)
        draw.line([(left, y), (right, y)], fill=GRID, width=s)
        put_text(image, (left - 5 * s, y), str(value), LABEL_SIZE * s, MUTED, "rm", bold=False)
    slots = max(len(points), 10)  # a few games do not make giant bars
    slot = (right - left) / slots
    bar = max(4.0 * s, slot * 0.7)
    label_font = font(LABEL_SIZE * s, False)
    dated = set(date_positions(points))
    for index, point in enumerate(points):
        centre = left + slot * (index + 0.5)
        if point.won or point.cards_left == 0:
            draw.rectangle([centre - slot / 2 + s, top, centre + slot / 2 - s, base], fill=GOLD_BAND)
            _star(draw, centre, base - 11 * s, min(11 * s, slot * 0.48))
        else:
            height = (base - top) * point.cards_left / scale_top
            box = [centre - bar / 2, base - height, centre + bar / 2, base]
            draw.rectangle(box, fill=bar_colour(point.cards_left))
            if slot >= 18 * s:
                put_text(
                    image,
                    (round(centre), round(base - height - 2 * s)),
                    str(point.cards_left),
                    13 * s,
                    TEXT,
                    "mb",
                )
        if index in dated:
            half = label_font.getlength(point.day) / 2
            x = min(
                max(centre, half + 2 * s), WIDTH - half - 2 * s
            )  # whole, even under the first and last bar
            put_text(image, (round(x), base + 6 * s), point.day, LABEL_SIZE * s, MUTED, "mt", bold=False)
    draw.line([(left, base), (right, base)], fill=MUTED, width=s)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, labels: ChartLabels) -> None:
    """The colour bands in one row: ★ won, then each bar colour with its range."""
    s = SCALE
    x = PLOT_LEFT * s
    y = LEGEND_Y * s
    for colour, word in (
        (GOLD, labels.won),
        (GREEN, labels.excellent),
        (BLUE, labels.good),
        (GREY, labels.other),
    ):
        if colour == GOLD:
            _star(draw, x + 7 * s, y, 7 * s)
        else:
            draw.rectangle([x + s, y - 6 * s, x + 13 * s, y + 6 * s], fill=colour)
        put_text(image, (x + 18 * s, y), word, LABEL_SIZE * s, TEXT, "lm", bold=False)
        x += round(18 * s + font(LABEL_SIZE * s, False).getlength(word) + 16 * s)


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    points = []
    for corner in range(10):
        angle = math.pi / 2 + corner * math.pi / 5
        distance = radius if corner % 2 == 0 else radius * 0.45
        points.append((x + distance * math.cos(angle), y - distance * math.sin(angle)))
    draw.polygon(points, fill=GOLD)
