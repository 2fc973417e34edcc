"""Klondike's entry in the registry: 1 to 5 seats (a team on one deal), no AI players, its options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameRules
from bot.games.klondike.engine import Klondike
from bot.games.klondike.layout import KlondikeOptions
from bot.games.klondike.session import MODES, KlondikeSession


class KlondikeRules(GameRules):
    key = "klondike"
    min_seats = 1
    max_seats = 5
    cooperative = True
    ai_players = False
    ui_module = "bot.games.klondike.table_ui"
    option_names = frozenset({"draw_one", "any_colour", "team_play"})

    def replay_options(self, variant: str) -> dict[str, Any]:
        """From `variant_name` ("draw1_any"): the draw and the colours; how a team plays is chosen anew."""
        return {"draw_one": variant.startswith("draw1"), "any_colour": variant.endswith("_any")}

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        mode = str(raw.get("team_play") or "turns")
        return {
            "draw": 1 if raw.get("draw_one") else 3,
            "any_colour": bool(raw.get("any_colour", False)),
            "mode": mode if mode in MODES else "turns",
        }

    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> KlondikeSession:
        game_options = KlondikeOptions(
            draw=int(options.get("draw", 3)), any_colour=bool(options.get("any_colour"))
        )
        return KlondikeSession(Klondike.new(game_options, seed), seats, str(options.get("mode", "turns")))

    def load(self, data: Mapping[str, Any]) -> KlondikeSession:
        return KlondikeSession.from_dict(data)


RULES = KlondikeRules()
