"""The fonts every card image uses: DejaVu Sans Book and Bold, shipped in this package beside this file.

The files travel with the package (never a system font), so an image drawn here is the same, pixel for pixel, on
any machine with the same Pillow. DejaVu Sans has the suit symbols ♠♥♦♣ and the arrows ▲▼↩ the boards use.
Licence: LICENSE-DejaVu.txt beside the font files (Bitstream Vera and Arev licences; DejaVu changes are public
domain).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIRECTORY = Path(__file__).resolve().parent
BOOK_FILE = FONT_DIRECTORY / "DejaVuSans.ttf"
BOLD_FILE = FONT_DIRECTORY / "DejaVuSans-Bold.ttf"


@cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at `size` pixels (Bold unless `bold` is False), loaded once per size."""
    return ImageFont.truetype(str(BOLD_FILE if bold else BOOK_FILE), size)


def cap_height(size: int, bold: bool = True) -> int:
    """The drawn height in pixels of a capital letter (`K`) at `size`: what a reader sees of a rank."""
    _left, top, _right, bottom = font(size, bold).getbbox("K", anchor="ls")
    return round(bottom - top)
