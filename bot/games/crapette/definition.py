"""Crapette's entry in the registry: two seats (humans or one AI), its options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameRules
from bot.games.crapette.engine import Crapette
from bot.games.crapette.layout import OPPONENT_BUILDS, CrapetteOptions
from bot.games.crapette.session import CrapetteSession


class CrapetteRules(GameRules):
    key = "crapette"
    min_seats = 2
    max_seats = 2
    cooperative = False
    ui_module = "bot.games.crapette.table_ui"

    option_names = frozenset({"opponent_build", "strict"})

    def replay_options(self, variant: str) -> dict[str, Any]:
        """From `Outcome.variant` ("alternate_strict"): the opponent's build and the strict table."""
        build = variant.removesuffix("_strict")
        return {
            "opponent_build": build if build in OPPONENT_BUILDS else None,
            "strict": variant.endswith("_strict"),
        }

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        build = str(raw.get("opponent_build") or "suit")
        return {
            "opponent_build": build if build in OPPONENT_BUILDS else "suit",
            "strict": bool(raw.get("strict")),
        }

    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> CrapetteSession:
        game_options = CrapetteOptions(
            opponent_build=str(options.get("opponent_build", "suit")), strict=bool(options.get("strict"))
        )
        return CrapetteSession(Crapette.new(game_options, seed), ai_seats)

    def load(self, data: Mapping[str, Any]) -> CrapetteSession:
        return CrapetteSession.from_dict(data)


RULES = CrapetteRules()
