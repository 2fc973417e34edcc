"""What one person sees of a table, as plain JSON for the page: the table's public state, and, for a seated
player, their own hand (never anyone else's). One module per game (Hearts and Barbu share the trick table's); a
game without one is shown through its board picture and the buttons of its private hand (`generic`). Crapette's
draws its table as cards over the generic view's board text and buttons."""

from __future__ import annotations

from bot.activity.views.base import GameView
from bot.activity.views.crapette import CrapetteTableView
from bot.activity.views.generic import GenericView
from bot.activity.views.hearts import HeartsView
from bot.activity.views.klondike import KlondikeView
from bot.activity.views.thegame import TheGameView
from bot.activity.views.tricks import TrickTableView

_VIEWS: dict[str, GameView] = {
    "thegame": TheGameView(),
    "hearts": HeartsView(),
    "barbu": TrickTableView(),
    "klondike": KlondikeView(),
    "crapette": CrapetteTableView(),
}
_GENERIC = GenericView()


def view_for(game_key: str) -> GameView:
    return _VIEWS.get(game_key, _GENERIC)
