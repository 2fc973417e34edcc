"""The Game's board put together from kept parts is exactly the board drawn whole, whatever the piles show."""

from __future__ import annotations

import random

from PIL import ImageChops

from bot.ui.render import TheGameLabels, TheGameLayout, TheGamePile, draw_thegame, render_thegame
from bot.ui.render.png import encode_png
from tests.ui.render.helpers import decode

NAMES = ("Bob", "Alexandrine-Marie de la Fontaine", "Zoé", "🤖 Ada", "")
TURN_LINES = (
    "Bob's turn · one of two played",
    "Au tour d’Alexandrine-Marie de la Fontaine · aucune des deux cartes jouées pour l’instant, patience",
    "",
    "gjpqy ÇÀ",
)
LABELS = (TheGameLabels(), TheGameLabels("Pioche\u00a0", "évitez", "petits pas, très lentement"))


def random_layout(rng: random.Random) -> TheGameLayout:
    piles = []
    for index, name in enumerate("ABCD"):
        marker = rng.choice([None, "keep_off", "small_steps"])
        piles.append(
            TheGamePile(
                name,
                index < 2,
                rng.choice([1, 100, 2, 99, rng.randint(2, 99)]),
                marker,  # type: ignore[arg-type]
                rng.choice(NAMES) if marker else None,
            )
        )
    return TheGameLayout(
        tuple(piles),
        rng.randint(0, 98),
        rng.choice(TURN_LINES),
        frozenset(rng.sample("ABCD", rng.randint(0, 4))),
        rng.choice(LABELS),
    )


def test_the_board_from_parts_is_the_board_drawn_whole() -> None:
    rng = random.Random(13)
    for _ in range(40):
        layout = random_layout(rng)
        for scale in (1, 2):
            parts = decode(render_thegame(layout, scale))
            whole = decode(encode_png(draw_thegame(layout, scale)))
            assert ImageChops.difference(parts, whole).getbbox() is None, (layout, scale)
