"""AI teammates for The Game: turn planning strategies, table-talk markers and a simulator.

Engine only (no discord import). Strategies see a game only through `player_view` (own hand + public state).
"""

from collections.abc import Callable

from bot.games.thegame.ai.baseline import BaselineStrategy, baseline_strategy
from bot.games.thegame.ai.markers import MarkerBoard
from bot.games.thegame.ai.strong import (
    SMALL_STEPS_CLOSE,
    StrongParams,
    StrongStrategy,
    desired_markers,
    strong_strategy,
)
from bot.games.thegame.ai.types import MARKER_KINDS, REASONS, MarkerKind, Strategy, TurnPlan
from bot.games.thegame.ai.view import PlayerView, player_view

STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "strong": strong_strategy,
    "baseline": baseline_strategy,
}

__all__ = [
    "MARKER_KINDS",
    "REASONS",
    "SMALL_STEPS_CLOSE",
    "STRATEGIES",
    "BaselineStrategy",
    "MarkerBoard",
    "MarkerKind",
    "PlayerView",
    "Strategy",
    "StrongParams",
    "StrongStrategy",
    "TurnPlan",
    "baseline_strategy",
    "desired_markers",
    "player_view",
    "strong_strategy",
]
