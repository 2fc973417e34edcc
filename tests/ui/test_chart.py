"""The /stats chart: drawn at 2x, its labels readable on a phone, a legend for the colour bands, dates under the
bars that never run into each other, and won games that stand out."""

from __future__ import annotations

import io
import itertools
from datetime import UTC, datetime

import pytest
from PIL import Image, ImageChops

from bot.storage.stats import PlayerStats, RecentResult
from bot.ui.chart import (
    BACKGROUND,
    BLUE,
    DATE_GAP,
    GOLD,
    GOLD_BAND,
    GREEN,
    GREY,
    HEIGHT,
    LEGEND_Y,
    MAX_DATES,
    PLOT_BOTTOM,
    PLOT_LEFT,
    PLOT_RIGHT,
    PLOT_TOP,
    SCALE,
    TEXT,
    WIDTH,
    ChartLabels,
    ChartPoint,
    date_positions,
    dated_indexes,
    results_chart,
)
from bot.ui.player_stats import chart_labels, chart_points

PHONE_WIDTH = 400
RESULTS = [12, 0, 7, 25, 40, 3, 0, 18, 9, 55, 2, 0, 31, 14, 6]


def points(values: list[int]) -> list[ChartPoint]:
    return [ChartPoint(value, value == 0, f"{day} Mar") for day, value in enumerate(values, start=1)]


def draw(values: list[int]) -> Image.Image:
    image = Image.open(io.BytesIO(results_chart(points(values), ChartLabels())))
    assert image.format == "PNG"
    return image.convert("RGB")


def ink_box(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    crop = image.crop(box)
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, BACKGROUND)).convert("L")
    return difference.point(lambda value: 255 if value > 60 else 0).getbbox()


def text_box(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """Where the legend's words are (pixels of the text's colour, not the colour swatches)."""
    crop = image.crop(box)
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, TEXT)).convert("L")
    return difference.point(lambda value: 255 if value < 40 else 0).getbbox()


def count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    return sum(number for number, found in image.crop(box).getcolors(1 << 20) or [] if found == colour)


def test_drawn_at_twice_its_size() -> None:
    assert draw(RESULTS).size == (WIDTH, HEIGHT) == (960, 520)


def test_the_labels_are_readable_on_a_phone() -> None:
    image = draw(RESULTS)
    shrink = PHONE_WIDTH / image.width
    s = SCALE
    axis = ink_box(image, (0, PLOT_TOP * s - 12 * s, PLOT_LEFT * s - 2 * s, PLOT_TOP * s + 12 * s))  # "60"
    dates = ink_box(image, (0, PLOT_BOTTOM * s + 3 * s, image.width, image.height))
    legend = text_box(image, (0, 0, image.width, (LEGEND_Y + 12) * s))
    for name, found in (("axis", axis), ("dates", dates), ("legend", legend)):
        assert found is not None, f"no {name} label"
        height = (found[3] - found[1]) * shrink
        assert height >= 7.5, f"the {name} labels are {height:.1f} px tall on a phone"


def test_the_legend_names_every_colour_band() -> None:
    image = draw([5])  # a chart with a single green bar: the legend alone shows the other colours
    strip = (0, 0, image.width, (LEGEND_Y + 10) * SCALE)
    for colour in (GOLD, GREEN, BLUE, GREY):
        assert count(image, strip, colour) > 50, colour


def test_a_won_game_stands_out() -> None:
    image = draw([30, 0, 30])
    s = SCALE
    slot = (PLOT_RIGHT - PLOT_LEFT) * s / 10
    won = (round(PLOT_LEFT * s + slot), PLOT_TOP * s, round(PLOT_LEFT * s + 2 * slot), PLOT_BOTTOM * s)
    lost = (round(PLOT_LEFT * s), PLOT_TOP * s, round(PLOT_LEFT * s + slot), PLOT_BOTTOM * s)
    # The won game's column is gold from top to bottom, with a star; a lost game has no gold.
    assert count(image, won, GOLD_BAND) > 0.5 * (won[2] - won[0]) * (won[3] - won[1])
    assert count(image, won, GOLD) > 300
    assert count(image, lost, GOLD) == count(image, lost, GOLD_BAND) == 0


@pytest.mark.parametrize("games", [1, 2, 4, 10, 30])
def test_dates_run_under_the_bars_and_never_overlap(games: int) -> None:
    values = [(index * 7) % 40 for index in range(games)]
    image = draw(values)
    strip = image.crop((0, PLOT_BOTTOM * SCALE + 6 * SCALE, image.width, image.height))  # under the axis
    mask = ImageChops.difference(strip, Image.new("RGB", strip.size, BACKGROUND)).convert("L")
    mask = mask.point(lambda value: 255 if value > 60 else 0)
    inked = [x for x in range(strip.width) if mask.crop((x, 0, x + 1, strip.height)).getbbox()]
    # Separate dates are separate blocks of ink (a space inside "12 Mar" is narrower than the gap between two).
    blocks = 1 + sum(1 for left, right in itertools.pairwise(inked) if right - left > (DATE_GAP - 4) * SCALE)
    dated = date_positions(points(values))
    assert blocks == len(dated) and 1 <= len(dated) <= MAX_DATES
    assert dated[-1] == games - 1  # the latest game's date
    assert inked[0] > 0 and inked[-1] < image.width - 1  # nothing cut at the edges


def test_the_latest_games_date_always_shows() -> None:
    for games in range(1, 40):
        chosen = dated_indexes(games, 3)
        assert chosen[-1] == games - 1 and chosen == sorted(set(chosen))
        assert all(later - earlier >= 3 for earlier, later in itertools.pairwise(chosen))


def test_points_are_dated_the_readers_way() -> None:
    day = datetime(2026, 3, 12, 20, tzinfo=UTC).timestamp()
    stats = PlayerStats(
        user_id=1,
        name="Bob",
        games=1,
        wins=0,
        losses=1,
        abandoned=0,
        best=4,
        average=4.0,
        recent=(RecentResult(1, 4, False, day),),
        teammates=(),
        violations=0,
        hints=0,
        first_played=day,
        last_played=day,
    )
    assert chart_points(stats, "en-US") == [ChartPoint(4, False, "Mar 12")]
    assert chart_points(stats, "fr") == [ChartPoint(4, False, "12 mars")]
    assert chart_labels("fr").excellent == "moins de 10"
