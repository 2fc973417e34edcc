"""The Game's entry in the registry: seats, options, and how a table starts or restores a session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameRules
from bot.games.thegame.engine import MAX_PLAYERS, MIN_PLAYERS, Game, Variant
from bot.games.thegame.session import ChooseFirst, TheGameSession


class TheGameRules(GameRules):
    key = "thegame"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    cooperative = True
    ui_module = "bot.games.thegame.ui.table_ui"
    chat_rule = True
    option_names = frozenset({"three_cards", "smaller_hand"})

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"three_cards": bool(raw.get("three_cards")), "smaller_hand": bool(raw.get("smaller_hand"))}

    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> TheGameSession:
        session = TheGameSession(Game.new(seats, seed, variant(options)), ai_seats)
        if seats == 1:  # alone, there is nobody to decide with: the game starts on the player's turn
            session.apply(0, ChooseFirst())
        return session

    def load(self, data: Mapping[str, Any]) -> TheGameSession:
        return TheGameSession.from_dict(data)


def variant(options: Mapping[str, Any]) -> Variant:
    """The expert variants chosen at `/game new`."""
    return Variant(
        higher_minimum=bool(options.get("three_cards", False)),
        smaller_hand=bool(options.get("smaller_hand", False)),
    )


RULES = TheGameRules()
