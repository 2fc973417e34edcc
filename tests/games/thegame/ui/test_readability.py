"""The board picture of a real table stays readable on a phone, where Discord shows it about 400 px wide: the top
cards are the biggest thing on it, and the turn line, the backwards targets and the draw pile can be read."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops

from bot.games.thegame.ui.image import layout_of
from bot.ui.render import draw_thegame
from bot.ui.render.thegame import (
    BACKWARDS_HEIGHT,
    FOOTER_HEIGHT,
    GAP,
    HEADER_HEIGHT,
    HEIGHT,
    MARGIN,
    PILE_HEIGHT,
    PILE_WIDTH,
    PILES_Y,
    TURN_HEIGHT,
    WIDTH,
)
from bot.ui.render.theme import DEFAULT_SCALE, FELT
from tests.games.thegame.ui.tables import mid_game, session
from tests.ui.render.helpers import PHONE_WIDTH, ink_height, scaled

SCALE = DEFAULT_SCALE


def board() -> Image.Image:
    table = mid_game("fr")  # the longer words
    return draw_thegame(layout_of(table, session(table)), SCALE)


def text_height_on_felt(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """The height of what is written on the green felt in `box` (pixels far from the felt's colour)."""
    crop = image.crop(box).convert("RGB")
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, FELT)).convert("L")
    found = difference.point(lambda value: 255 if value > 80 else 0).getbbox()
    return 0 if found is None else found[3] - found[1]


def test_the_top_cards_are_big_on_a_phone() -> None:
    image = board()
    shrink = PHONE_WIDTH / image.width
    for index in range(4):
        left = MARGIN + index * (PILE_WIDTH + GAP)
        body = (left + 4, PILES_Y + HEADER_HEIGHT + 2, left + PILE_WIDTH - 4, PILES_Y + PILE_HEIGHT - 4)
        height = ink_height(image, scaled(body, SCALE)) * shrink
        assert height >= 30, f"pile {'ABCD'[index]}: its top card is {height:.1f} px tall on a phone"


def test_the_words_around_the_piles_are_readable_on_a_phone() -> None:
    image = board()
    shrink = PHONE_WIDTH / image.width
    turn = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + TURN_HEIGHT)
    below = PILES_Y + PILE_HEIGHT + 4
    pile_c = MARGIN + 2 * (PILE_WIDTH + GAP)
    backwards = (pile_c, below, pile_c + PILE_WIDTH, below + BACKWARDS_HEIGHT)
    draw_pile = (MARGIN + 26, HEIGHT - MARGIN - FOOTER_HEIGHT, WIDTH - MARGIN, HEIGHT - MARGIN)
    for name, box in (("turn line", turn), ("backwards target", backwards), ("draw pile", draw_pile)):
        height = text_height_on_felt(image, scaled(box, SCALE)) * shrink
        assert height >= 8, f"the {name} is {height:.1f} px tall on a phone"


def marker_word_height(table_locale: str) -> tuple[float, float]:
    """On a phone: how tall a marker's word is drawn (the picture less the same picture without the words), and
    how tall the backwards target above it is."""
    table = mid_game(table_locale)
    layout = layout_of(table, session(table))
    image = draw_thegame(layout, SCALE)
    labels = replace(layout.labels, keep_off="", small_steps="")
    without_words = draw_thegame(replace(layout, labels=labels), SCALE)
    difference = ImageChops.difference(image.convert("RGB"), without_words.convert("RGB")).convert("L")
    words = difference.point(lambda value: 255 if value > 24 else 0).getbbox()
    assert words is not None, "the markers' words are drawn"
    shrink = PHONE_WIDTH / image.width
    below = PILES_Y + PILE_HEIGHT + 4
    pile_c = MARGIN + 2 * (PILE_WIDTH + GAP)  # C shows its backwards target
    backwards = text_height_on_felt(
        image, scaled((pile_c, below, pile_c + PILE_WIDTH, below + BACKWARDS_HEIGHT), SCALE)
    )
    return (words[3] - words[1]) * shrink, backwards * shrink


def test_the_markers_words_read_on_a_phone_as_well_as_the_backwards_targets() -> None:
    # Found playing on a phone: "small steps" was drawn at a third of the player's name, about 9 px tall.
    for table_locale in ("en-US", "fr", "de"):
        word, backwards = marker_word_height(table_locale)
        assert backwards >= 8
        assert word >= backwards, (
            f"{table_locale}: a marker's word {word:.1f} px, the target {backwards:.1f} px"
        )
