"""Hearts' entry in the registry: 3 to 8 seats, the target score, and how a table starts or restores a session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameRules
from bot.games.hearts.engine import Hearts
from bot.games.hearts.options import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, HeartsOptions
from bot.games.hearts.session import HeartsSession


class HeartsRules(GameRules):
    key = "hearts"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    cooperative = False
    ui_module = "bot.games.hearts.table_ui"

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"target": DEFAULT_TARGET}

    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> HeartsSession:
        target = int(options.get("target", DEFAULT_TARGET))
        return HeartsSession(Hearts.new(HeartsOptions(players=seats, target=target), seed), ai_seats)

    def load(self, data: Mapping[str, Any]) -> HeartsSession:
        return HeartsSession.from_dict(data)


RULES = HeartsRules()
