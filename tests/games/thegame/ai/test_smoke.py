from bot.games.thegame.ai import STRATEGIES, TurnPlan, baseline_strategy, strong_strategy
from bot.games.thegame.ai.simulate import play_game
from bot.games.thegame.engine import Variant


def test_registry_has_both_strategies() -> None:
    assert set(STRATEGIES) >= {"strong", "baseline"}
    assert STRATEGIES["strong"]().name == "strong"
    assert STRATEGIES["baseline"]().name == "baseline"


def test_full_games_run_to_the_end() -> None:
    for players in (1, 3):
        for strategy in (strong_strategy(), baseline_strategy()):
            result = play_game(players, 1234 + players, strategy, markers=True, variant=Variant())
            assert 0 <= result.cards_left <= 98
            assert result.times


def test_turn_plan_defaults() -> None:
    plan = TurnPlan(((5, "A"),), "smallest_gaps")
    assert plan.reason_pile is None
    assert dict(plan.markers) == {}
