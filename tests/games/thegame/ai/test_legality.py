"""Property: the strategies only choose legal plays, and reach the minimum whenever it can be reached."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.thegame.ai import STRATEGIES, MarkerBoard
from bot.games.thegame.ai.types import MARKER_KINDS, REASONS
from bot.games.thegame.engine import PILE_NAMES

from .helpers import EXPERT, STANDARD, apply_plan, minimum_reachable, random_position


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    expert=st.booleans(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 220),
    strategy=st.sampled_from(sorted(STRATEGIES)),
)
def test_plans_are_legal_and_reach_the_minimum(
    players: int, expert: bool, seed: int, steps: int, strategy: str
) -> None:
    game = random_position(players, EXPERT if expert else STANDARD, seed, steps)
    if game.is_over:
        return
    seat = game.current_player
    assert seat is not None
    rng = random.Random(seed)
    markers = {pile: rng.choice(MARKER_KINDS) for pile in PILE_NAMES if rng.random() < 0.3}
    plan = STRATEGIES[strategy]().plan_turn(game, seat, markers)
    assert plan.reason in REASONS
    assert plan.reason_pile is None or plan.reason_pile in PILE_NAMES
    assert set(plan.markers) <= set(PILE_NAMES)
    assert all(kind is None or kind in MARKER_KINDS for kind in plan.markers.values())
    MarkerBoard().apply(seat, plan.markers)
    reachable = minimum_reachable(game)
    after = apply_plan(game, seat, plan)  # raises IllegalAction on an illegal play
    if reachable:
        assert after.status.value == "won" or after.can_end_turn(), (plan, game.hand(seat), game.piles)
    else:
        assert after.is_over


def test_plans_stay_legal_through_whole_games() -> None:
    for strategy in STRATEGIES.values():
        for players in range(1, 6):
            for variant in (STANDARD, EXPERT):
                game = random_position(players, variant, 100 + players, 0)
                while not game.is_over:
                    seat = game.current_player
                    assert seat is not None
                    plan = strategy().plan_turn(game, seat, {})
                    game = apply_plan(game, seat, plan)
                    if not game.is_over:
                        game.end_turn(seat)
