"""The words on the Crapette picture read on a phone: Crapette, Stock, Turned, Discard and F1..F8 in every language."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from bot.ui.i18n import t
from bot.ui.render.crapette import LABEL_HEIGHT, CrapetteLabels, draw_crapette, place_box
from bot.ui.render.examples import crapette_example
from bot.ui.render.theme import DEFAULT_SCALE, FELT
from tests.ui.render.helpers import PHONE_WIDTH, Box, scaled

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
