"""Card-table pictures (Pillow): Klondike, Crapette, The Game's board and the trick games' table (Hearts, Barbu), plus a
row of cards for hands.

Each board takes a plain layout dataclass (the integrator builds it from the engine's state; nothing here imports
an engine) and returns PNG bytes, drawn at `scale` 2 (800-900 px wide: sharp on desktop, still readable when a
phone shows it 400 px wide). Each board also has an alt text for screen readers, under Discord's 1,024 characters.
Card faces are drawn once per card and scale, then pasted; fonts ship with the package (DejaVu Sans). Call
`prepare()` once at start-up to draw the faces and the PNG palette ahead of the first board (about half a second).
"""

from bot.ui.render.crapette import (
    CrapetteLabels,
    CrapetteLayout,
    CrapettePlayerLayout,
    crapette_alt_text,
    draw_crapette,
    render_crapette,
)
from bot.ui.render.klondike import (
    ColumnLayout,
    KlondikeLabels,
    KlondikeLayout,
    draw_klondike,
    klondike_alt_text,
    render_klondike,
)
from bot.ui.render.png import prepare
from bot.ui.render.row import draw_cards_row, render_cards_row
from bot.ui.render.thegame import (
    TheGameLabels,
    TheGameLayout,
    TheGamePile,
    draw_thegame,
    thegame_alt_text,
)
from bot.ui.render.thegame_parts import render_thegame
from bot.ui.render.tricks import (
    PlayedCard,
    TakenChip,
    TrickSeat,
    TrickTableLabels,
    TrickTableLayout,
    draw_trick_table,
    render_trick_table,
)

__all__ = [
    "ColumnLayout",
    "CrapetteLabels",
    "CrapetteLayout",
    "CrapettePlayerLayout",
    "KlondikeLabels",
    "KlondikeLayout",
    "PlayedCard",
    "TakenChip",
    "TheGameLabels",
    "TheGameLayout",
    "TheGamePile",
    "TrickSeat",
    "TrickTableLabels",
    "TrickTableLayout",
    "crapette_alt_text",
    "draw_cards_row",
    "draw_crapette",
    "draw_klondike",
    "draw_thegame",
    "draw_trick_table",
    "klondike_alt_text",
    "prepare",
    "render_cards_row",
    "render_crapette",
    "render_klondike",
    "render_thegame",
    "render_trick_table",
    "thegame_alt_text",
]
