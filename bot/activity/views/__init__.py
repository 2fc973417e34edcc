"""What one person sees of a table, as plain JSON for the page: the table's public state, and, for a seated
player, their own hand (never anyone else's). One module per game; a game without one is shown through its own
board picture and the buttons of its private hand (`generic`)."""

from __future__ import annotations

from bot.activity.views.base import GameView
from bot.activity.views.generic import GenericView
from bot.activity.views.thegame import TheGameView

_VIEWS: dict[str, GameView] = {"thegame": TheGameView()}
_GENERIC = GenericView()


def view_for(game_key: str) -> GameView:
    return _VIEWS.get(game_key, _GENERIC)
