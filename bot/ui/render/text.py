"""Text on the boards: drawn from cached glyph masks (a board draws the same labels again and again), made to fit
its room, and stripped of the characters the shipped font lacks."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.ui.render.fonts import font
from bot.ui.render.theme import Colour

TEXT_CACHE_SIZE = 2048


@cache
def _notdef_mask() -> bytes:
    return bytes(font(40).getmask("\ue000"))


# The spaces a text may hold: French puts a no-break space (U+00A0) before ":" and inside « », and numbers are
# grouped with a narrow one (U+202F). Python calls neither printable, yet each is a space the font has.
SPACES = " \u00a0\u202f"
_RUN_OF_SPACES = re.compile(f"[{SPACES}]{{2,}}")
_LINE_BREAKS = re.compile(r"[\t\r\n]")  # a picture's line is one line: a break is a space there, not nothing


@cache
def _has_glyph(character: str) -> bool:
    if character in SPACES:
        return True
    if not character.isprintable():
        return False
    return bytes(font(40).getmask(character)) != _notdef_mask()


def drawable(text: str) -> str:
    """`text` without the characters DejaVu Sans cannot draw (emoji such as 🤖), so no empty boxes show; a run of
    spaces left where one was taken out is one space, no-break where one of them was ("Pioche\u00a0: 82" stays)."""
    kept = "".join(character for character in _LINE_BREAKS.sub(" ", text) if _has_glyph(character))
    return _RUN_OF_SPACES.sub(_one_space, kept).strip(SPACES)


def _one_space(run: re.Match[str]) -> str:
    spaces = run.group()
    return next((space for space in ("\u00a0", "\u202f") if space in spaces), " ")


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def glyph_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and where its top-left corner lies from the anchor point (kept)."""
    return render_mask(text, size, bold, anchor)


def render_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """`glyph_mask`, drawn every time (for a caller that keeps what it makes of it)."""
    typeface = font(size, bold)
    left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
    left, top = int(left), int(top)
    mask = Image.new("L", (max(1, int(right) - left), max(1, int(bottom) - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=typeface, anchor=anchor)
    return mask, left, top


def put_text(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    size: int,
    fill: Colour,
    anchor: str = "la",
    bold: bool = True,
) -> None:
    """`text` in DejaVu Sans (Bold unless `bold` is False) at `position` (pixels), placed by a Pillow `anchor`."""
    if not text:
        return
    mask, left, top = glyph_mask(text, size, bold, anchor)
    x, y = position
    board.paste(fill, (x + left, y + top), mask)


def font_length(text: str, size: int, bold: bool) -> float:
    """How far the pen moves writing `text`: its width, as `fitted` measures it."""
    return font(size, bold).getlength(text)


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def fitted(
    text: str,
    max_width: int,
    size: int,
    minimum: int,
    bold: bool = True,
    measure: Callable[[str, int, bool], float] = font_length,
) -> tuple[str, int]:
    """`text` and a font size that fit in `max_width` pixels: smaller first (down to `minimum`), then cut with "…".
    `measure`: another way to the same widths (`line_words.line_length`, from kept words)."""
    text = drawable(text)
    length = measure(text, size, bold)  # measured once a size (a turn line is new at almost every play)
    while size > minimum and length > max_width:
        size -= 1
        length = measure(text, size, bold)
    typeface = font(size, bold)
    if length <= max_width:
        return text, size
    while text and typeface.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…", size


def put_text_fitted(
    board: Image.Image,
    position: tuple[int, int],
    text: str,
    *,
    max_width: int,
    size: int,
    minimum: int,
    fill: Colour,
    anchor: str = "la",
    bold: bool = True,
) -> None:
    """Text that never spills out of `max_width` pixels (see `fitted`)."""
    text, size = fitted(text, max_width, size, minimum, bold)
    put_text(board, position, text, size, fill, anchor, bold)
