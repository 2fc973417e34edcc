"""Barbu's entry in the registry: 3 to 8 seats, the long-game option, and how a table starts a session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.barbu.contracts import MAX_PLAYERS, MIN_PLAYERS
from bot.games.barbu.engine import Barbu
from bot.games.barbu.options import BarbuOptions
from bot.games.barbu.session import BarbuSession
from bot.games.base import GameRules


class BarbuRules(GameRules):
    key = "barbu"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    cooperative = False
    ui_module = "bot.games.barbu.table_ui"

    option_names = frozenset({"full_cycle", "early_end"})

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "full_cycle": bool(raw.get("full_cycle", False)),
            "early_end": bool(raw.get("early_end", False)),
        }

    def replay_options(self, variant: str) -> dict[str, Any]:
        """The long game or not; `early_end` changes no score (only penalty-free tricks are skipped), so a stored
        game does not record it and a deal played again plays every trick."""
        return {"full_cycle": variant == "full_cycle"}

    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> BarbuSession:
        game_options = BarbuOptions(
            players=seats,
            full_cycle=bool(options.get("full_cycle", False)),
            early_end=bool(options.get("early_end", False)),
        )
        return BarbuSession(Barbu.new(game_options, seed), ai_seats)

    def load(self, data: Mapping[str, Any]) -> BarbuSession:
        return BarbuSession.from_dict(data)


RULES = BarbuRules()
