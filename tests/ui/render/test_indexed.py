"""Text written straight on the palette is the text drawn in colour and mapped onto it, pixel for pixel."""

from __future__ import annotations

import pytest

from bot.ui.render.indexed import plain_indexed, put_text_indexed
from bot.ui.render.png import to_palette
from bot.ui.render.text import put_text
from bot.ui.render.theme import ASCENDING, FELT, MUTED, TEXT, Colour, new_board

TEXTS = ("Bob's turn · one of two played", "Au tour d’Élodie · gjpqy ÇÀ", "Pioche\u00a0: 42", "↩ 13")


@pytest.mark.parametrize(("fill", "background"), [(TEXT, FELT), (MUTED, FELT), (TEXT, ASCENDING)])
@pytest.mark.parametrize("text", TEXTS)
def test_text_on_the_palette_is_the_text_drawn_and_mapped(
    text: str, fill: Colour, background: Colour
) -> None:
    for size, anchor, bold in ((34, "lm", True), (28, "mm", False), (22, "la", True)):
        drawn = new_board(400, 60)
        if background != FELT:
            drawn.paste(background, (0, 0, 400, 60))
        put_text(drawn, (10, 30), text, size, fill, anchor, bold)
        written = plain_indexed(400, 60, background)
        put_text_indexed(written, (10, 30), text, size, fill, background, anchor, bold)
        assert written.tobytes() == to_palette(drawn).tobytes(), (text, size, anchor)
