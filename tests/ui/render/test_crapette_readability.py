"""The words on the Crapette picture read on a phone: Crapette, Stock, Turned, Discard and F1..F8 in every language."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from bot.ui.i18n import t
from bot.ui.render.crapette import LABEL_HEIGHT, CrapetteLabels, draw_crapette, place_box
from bot.ui.render.examples import crapette_example
from bot.ui.render.theme import DEFAULT_SCALE, FELT, HIGHLIGHT
from tests.ui.render.helpers import PHONE_WIDTH, Box, distance, scaled

MINIMUM_PHONE_CAPTION = 9  # pixels on a phone for a caption's letters (Discord's own small text is about 10)
SCALE = DEFAULT_SCALE


def caption_height(board: Image.Image, box: Box) -> int:
    """The height in pixels of the text drawn on the felt in `box`."""
    crop = board.crop(box).convert("RGB")
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, FELT))
    red, green, blue = difference.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    found = strongest.point(lambda value: 255 if value > 60 else 0).getbbox()
    return 0 if found is None else found[3] - found[1]


def labels(locale: str) -> CrapetteLabels:
    return CrapetteLabels(
        crapette=t(locale, "crapette.label.crapette"),
        stock=t(locale, "crapette.label.stock"),
        turned=t(locale, "crapette.label.turned"),
        discard=t(locale, "crapette.label.discard"),
    )


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_caption_reads_at_phone_width(locale: str) -> None:
    layout = replace(crapette_example(), labels=labels(locale))
    board = draw_crapette(layout)
    shrink = PHONE_WIDTH / board.width
    for place in ("crapette:0", "stock:0", "turned:1", "discard:1", "foundation:1", "foundation:8"):
        left, top, right, _ = place_box(layout, place) or (0, 0, 0, 0)
        # The caption sits in the LABEL_HEIGHT above the pile, and may be wider than the card.
        box = scaled((left - 25, top - LABEL_HEIGHT, right + 25, top - 1), SCALE)
        height = caption_height(board, box) * shrink
        assert height >= MINIMUM_PHONE_CAPTION, f"{locale} {place}: caption {height:.1f} px tall on a phone"


def gold_right_edge(board: Image.Image, box: Box) -> int | None:
    """The rightmost x (in `box`) of the gold outline's pixels there, or None."""
    crop = board.crop(box).convert("RGB")
    columns = [
        x
        for x in range(crop.width)
        for y in range(crop.height)
        if distance(crop.getpixel((x, y)), HIGHLIGHT) < 40  # type: ignore[arg-type]
    ]
    return box[0] + max(columns) if columns else None


def ink_left_edge(board: Image.Image, box: Box) -> int:
    crop = board.crop(box).convert("RGB")
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, FELT))
    red, green, blue = difference.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    found = strongest.point(lambda value: 255 if value > 60 else 0).getbbox()
    assert found is not None, "no caption drawn"
    return box[0] + found[0]


@pytest.mark.parametrize("locale", ["en", "fr", "de"])
@pytest.mark.parametrize("player", [0, 1])
def test_the_crapette_caption_stays_clear_of_the_outline_of_the_player_to_play(
    locale: str, player: int
) -> None:
    """Seen at phone width: the "Crapette" caption of the player to play was clipped at its left by the gold
    outline around their row."""
    layout = replace(crapette_example(), labels=labels(locale), current_player=player, highlight=frozenset())
    outlined = draw_crapette(layout)
    plain = draw_crapette(replace(layout, current_player=None))
    left, top, right, _ = place_box(layout, f"crapette:{player}") or (0, 0, 0, 0)
    band = scaled((0, top - LABEL_HEIGHT, (left + right) // 2, top - 1), SCALE)
    caption_left = ink_left_edge(plain, band)
    outline_right = gold_right_edge(outlined, band)
    assert outline_right is not None, "the row of the player to play is outlined"
    gap = (caption_left - outline_right) / SCALE
    assert gap >= 4, f"{locale}: the caption starts {gap:.0f} px after the outline"
