"""Pixel helpers shared by the renderer's tests."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops

from bot.ui.render.card_faces import FACE
from bot.ui.render.theme import FELT, Colour

PHONE_WIDTH = 400  # how wide Discord shows the picture on a phone

Box = tuple[int, int, int, int]


def decode(png: bytes) -> Image.Image:
    """PNG bytes as an RGB image (fails if they are not a PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def scaled(box: Box, scale: int) -> Box:
    """A logical box in pixels."""
    left, top, right, bottom = box
    return left * scale, top * scale, right * scale, bottom * scale


def distance(one: Colour, other: Colour) -> int:
    return max(abs(a - b) for a, b in zip(one, other, strict=True))


def colours(image: Image.Image, box: Box) -> list[tuple[int, Colour]]:
    """How many pixels of each colour `box` holds."""
    crop = image.crop(box).convert("RGB")
    found = crop.getcolors(crop.width * crop.height)
    assert found is not None
    return [(count, (colour[0], colour[1], colour[2])) for count, colour in found]  # type: ignore[index]


def ink(image: Image.Image, box: Box) -> list[tuple[int, Colour]]:
    """The drawn glyph colours in `box` with their pixel counts: clearly neither card face nor felt."""
    return [
        (count, colour)
        for count, colour in colours(image, box)
        if distance(colour, FACE) > 100 and distance(colour, FELT) > 60
    ]


def count(found: list[tuple[int, Colour]], test: object) -> int:
    """The pixels among `found` whose colour passes `test`."""
    assert callable(test)
    return sum(number for number, colour in found if test(colour))


def is_red(pixel: Colour) -> bool:
    red, green, blue = pixel
    return red > 150 and green < 90 and blue < 100


def is_black(pixel: Colour) -> bool:
    return max(pixel) < 80


def ink_mask(image: Image.Image, box: Box) -> Image.Image:
    """A black and white mask of `box`: white where something is drawn on a card face (far from its colour)."""
    crop = image.crop(box).convert("RGB")
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, FACE))
    red, green, blue = difference.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return strongest.point(lambda value: 255 if value > 100 else 0)


def ink_box(image: Image.Image, box: Box) -> Box | None:
    """The bounding box (inside `box`) of what is drawn on a card face."""
    return ink_mask(image, box).getbbox()


def widest_blank_gap(image: Image.Image, box: Box) -> int:
    """The widest run of blank columns between drawn ones in `box` (e.g. between a rank and its suit)."""
    mask = ink_mask(image, box)
    columns = mask.resize((mask.width, 1), Image.Resampling.BOX).tobytes()
    inked = [x for x, value in enumerate(columns) if value]
    return max((right - left - 1 for left, right in itertools.pairwise(inked)), default=0)


def ink_height(image: Image.Image, box: Box) -> int:
    """The height in pixels of what is drawn on a card face in `box`."""
    found = ink_box(image, box)
    return 0 if found is None else found[3] - found[1]
