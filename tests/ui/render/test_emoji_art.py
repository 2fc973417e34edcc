"""The card and suit emojis read on Discord's dark theme and on its light theme, at the size Discord shows them.

Each picture is laid on Discord's backgrounds (dark #313338 and #2b2d31, light #ffffff) and measured with WCAG's
contrast ratio: a shape reads when its edge has at least 3:1 against what surrounds it (WCAG 1.4.11, graphics), a
rank and a suit on a card at least 4.5:1 against the card (text, 1.4.3). The same measure fails a plain ♠ drawn
without the outline (what `♠️` looks like on the dark theme), so it tells the two apart.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageFilter

from bot.games.cards import SUITS, Card, full_deck
from bot.ui.render.card_faces import FACE, FACE_BORDER
from bot.ui.render.emoji_art import (
    EMOJI_SIZE,
    card_emoji_png,
    draw_card_emoji,
    draw_suit_emoji,
    ink,
    suit_emoji_png,
)
from bot.ui.render.theme import Colour

DARK = (49, 51, 56)  # Discord's dark theme: a channel
DARKER = (43, 45, 49)  # an embed, a menu, the side bar
LIGHT = (255, 255, 255)  # the light theme
BACKGROUNDS = {"dark": DARK, "darker": DARKER, "light": LIGHT}
GRAPHICS_CONTRAST = 3.0
TEXT_CONTRAST = 4.5
BUTTON_EMOJI = 20  # pixels: an emoji on a button (22 in text, 48 alone in a message)


def luminance(colour: Colour) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = colour
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: Colour, other: Colour) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def on(background: Colour, emoji: Image.Image) -> Image.Image:
    laid = Image.new("RGBA", emoji.size, (*background, 255))
    laid.alpha_composite(emoji)
    return laid.convert("RGB")


def ink_mask(emoji: Image.Image, colour: Colour) -> Image.Image:
    """The pixels of the emoji drawn in `colour` (opaque, within a small tolerance)."""
    mask = Image.new("L", emoji.size, 0)
    pixels, marks = emoji.load(), mask.load()
    assert pixels is not None and marks is not None
    for y in range(emoji.height):
        for x in range(emoji.width):
            red, green, blue, alpha = pixels[x, y]  # type: ignore[misc]
            if alpha > 250 and max(abs(red - colour[0]), abs(green - colour[1]), abs(blue - colour[2])) < 40:
                marks[x, y] = 255
    return mask


def edge_contrasts(emoji: Image.Image, colour: Colour, background: Colour) -> list[float]:
    """For each pixel just around the shape drawn in `colour` (2 px out, past the soft edge), the contrast
    between that colour and what the reader sees there once the emoji lies on `background`."""
    shape = ink_mask(emoji, colour)
    ring = ImageChops.subtract(shape.filter(ImageFilter.MaxFilter(5)), shape.filter(ImageFilter.MaxFilter(3)))
    laid = on(background, emoji)
    seen, marks = laid.load(), ring.load()
    assert seen is not None and marks is not None
    return [
        contrast(colour, seen[x, y])  # type: ignore[arg-type]
        for y in range(emoji.height)
        for x in range(emoji.width)
        if marks[x, y]  # type: ignore[operator]
    ]


def reads(emoji: Image.Image, colour: Colour, background: Colour) -> float:
    """The share of the shape's edge with at least 3:1 contrast."""
    found = edge_contrasts(emoji, colour, background)
    assert found, "no shape in that colour"
    return sum(value >= GRAPHICS_CONTRAST for value in found) / len(found)


@pytest.mark.parametrize("background", BACKGROUNDS.values(), ids=BACKGROUNDS.keys())
@pytest.mark.parametrize("suit", SUITS)
def test_a_suit_emoji_reads_on_the_dark_and_the_light_theme(suit: str, background: Colour) -> None:
    assert reads(draw_suit_emoji(suit), ink(suit), background) >= 0.95


@pytest.mark.parametrize("background", [DARK, DARKER], ids=["dark", "darker"])
@pytest.mark.parametrize("suit", ["C", "S"])
def test_the_same_measure_fails_a_black_suit_without_its_outline_on_the_dark_theme(
    suit: str, background: Colour
) -> None:
    """What a `♠️` looks like on the dark theme: a near-black shape on dark grey, nearly invisible."""
    assert reads(draw_suit_emoji(suit, outline_width=0), ink(suit), background) < 0.05


@pytest.mark.parametrize("background", BACKGROUNDS.values(), ids=BACKGROUNDS.keys())
def test_a_card_emoji_stands_out_from_every_background(background: Colour) -> None:
    """On a dark theme the white card reads, on the light one its grey border."""
    assert max(contrast(FACE, background), contrast(FACE_BORDER, background)) >= GRAPHICS_CONTRAST
    card = draw_card_emoji(Card("S", 12))
    laid = on(background, card)
    assert laid.getpixel((EMOJI_SIZE // 2, EMOJI_SIZE // 2 + 4)) != background, "the card fills the middle"


@pytest.mark.parametrize("suit", SUITS)
def test_rank_and_suit_read_on_the_card_like_text(suit: str) -> None:
    assert contrast(ink(suit), FACE) >= TEXT_CONTRAST
    card = draw_card_emoji(Card(suit, 10))
    assert ink_mask(card, ink(suit)).getbbox() is not None, "the rank and suit are drawn in the suit's ink"


def ink_rows(card: Card) -> list[tuple[int, int]]:
    """The runs of rows (first, last) holding the card's ink, top to bottom: the rank, then the suit."""
    mask = ink_mask(draw_card_emoji(card), ink(card.suit))
    rows = [mask.crop((0, y, EMOJI_SIZE, y + 1)).getbbox() is not None for y in range(EMOJI_SIZE)]
    runs: list[tuple[int, int]] = []
    for y, inked in enumerate(rows):
        if inked and (not runs or runs[-1][1] != y - 1):
            runs.append((y, y))
        elif inked:
            runs[-1] = (runs[-1][0], y)
    return runs


@pytest.mark.parametrize(
    "card", [Card("S", 10), Card("C", 11), Card("D", 12), Card("H", 14), Card("S", 7)], ids=str
)
def test_the_rank_is_large_and_apart_from_the_suit(card: Card) -> None:
    """The rank's capitals fill two fifths of the emoji (8 px on a 20 px button emoji, as large as Discord's own
    small text), and the suit is drawn under it, not touching it."""
    runs = ink_rows(card)
    assert len(runs) == 2, f"the rank, then the suit: {runs}"
    (rank_top, rank_bottom), (suit_top, suit_bottom) = runs
    rank_height = rank_bottom - rank_top + 1
    assert rank_height * BUTTON_EMOJI / EMOJI_SIZE >= 7.5
    assert suit_top - rank_bottom >= 5
    assert (suit_bottom - suit_top + 1) * BUTTON_EMOJI / EMOJI_SIZE >= 5.5, "the suit's shape still shows"


def test_every_emoji_is_a_png_discord_takes() -> None:
    """128x128 at most, 256 KiB at most (Discord's limits for an emoji)."""
    pictures = [card_emoji_png(card) for card in full_deck()] + [suit_emoji_png(suit) for suit in SUITS]
    for png in pictures:
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size == (EMOJI_SIZE, EMOJI_SIZE) and image.mode == "RGBA"
        assert len(png) <= 256 * 1024
    assert len(set(pictures)) == len(pictures), "56 different pictures"
