"""Every game the table hosts. Adding a game: its package under bot/games/, and one line here."""

from __future__ import annotations

from bot.games.barbu.definition import RULES as BARBU
from bot.games.base import GameRules
from bot.games.crapette.definition import RULES as CRAPETTE
from bot.games.errors import GameError
from bot.games.hearts.definition import RULES as HEARTS
from bot.games.klondike.definition import RULES as KLONDIKE
from bot.games.thegame.definition import RULES as THE_GAME

GAMES: dict[str, GameRules] = {rules.key: rules for rules in (THE_GAME, HEARTS, BARBU, KLONDIKE, CRAPETTE)}
DEFAULT_GAME = THE_GAME.key


def rules_for(key: str) -> GameRules:
    """The rules of a registered game; GameError for an unknown key (a forged option or an old build's game)."""
    rules = GAMES.get(key)
    if rules is None:
        raise GameError("error.unknown_game")
    return rules
