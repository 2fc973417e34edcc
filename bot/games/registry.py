"""Every game the table hosts. Adding a game: its package under bot/games/, and one line here."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.barbu.definition import RULES as BARBU
from bot.games.base import GameRules, Notice
from bot.games.crapette.definition import RULES as CRAPETTE
from bot.games.errors import GameError
from bot.games.hearts.definition import RULES as HEARTS
from bot.games.klondike.definition import RULES as KLONDIKE
from bot.games.thegame.definition import RULES as THE_GAME

GAMES: dict[str, GameRules] = {rules.key: rules for rules in (THE_GAME, HEARTS, BARBU, KLONDIKE, CRAPETTE)}
DEFAULT_GAME = THE_GAME.key


def game_for_options(game: str | None, chosen: Mapping[str, str]) -> str:
    """The game a `/game new` opens: `game`, or when it is left out the game whose options were chosen (The Game
    when none was). `chosen`: each option given, by its key, with the name the user sees. GameError for an option
    of another game than `game` ("error.option_of_other_game"), or for options of two games."""
    owners = {name: rules.key for name in chosen for rules in GAMES.values() if name in rules.option_names}
    if game is None:
        games = list(dict.fromkeys(owners.values()))
        if len(games) > 1:
            first, second = (
                next(name for name, owner in owners.items() if owner == key) for key in games[:2]
            )
            raise GameError(
                "error.options_of_two_games",
                first=chosen[first],
                first_game=_name(games[0]),
                second=chosen[second],
                second_game=_name(games[1]),
            )
        game = games[0] if games else DEFAULT_GAME
    rules_for(game)
    for name, owner in owners.items():
        if owner != game:
            raise GameError(
                "error.option_of_other_game", option=chosen[name], game=_name(owner), chosen=_name(game)
            )
    return game


def _name(key: str) -> Notice:
    return Notice(f"game.{key}.name")


def rules_for(key: str) -> GameRules:
    """The rules of a registered game; GameError for an unknown key (a forged option or an old build's game)."""
    rules = GAMES.get(key)
    if rules is None:
        raise GameError("error.unknown_game")
    return rules
