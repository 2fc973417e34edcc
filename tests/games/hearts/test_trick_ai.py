"""The generic Monte Carlo player (bot.games.trick_ai) on a toy game."""

from __future__ import annotations

import random

import pytest

from bot.games.trick_ai import SearchSettings, choose_move, evaluate_moves


class ToyWorld:
    """A deal whose outcome is the chosen move's value plus a hidden bonus the seat cannot see."""

    def __init__(self, hidden_bonus: float) -> None:
        self.hidden_bonus = hidden_bonus
        self.chosen = 0
        self.noise = 0.0

    def copy(self) -> ToyWorld:
        world = ToyWorld(self.hidden_bonus)
        world.chosen = self.chosen
        return world

    def play(self, move: int) -> None:
        self.chosen = move

    def rollout(self, rng: random.Random) -> None:
        self.noise = rng.random()

    def outcome(self, seat: int) -> float:
        # Move 2 is good only when the hidden bonus is high; move 3 is steady.
        if self.chosen == 2:
            return 10.0 * self.hidden_bonus + self.noise
        return float(self.chosen) + self.noise


class ToyInformation:
    def __init__(self, moves: list[int], seed: int = 5) -> None:
        self.moves = moves
        self.seed_value = seed
        self.samples = 0

    @property
    def seat(self) -> int:
        return 0

    def candidate_moves(self) -> list[int]:
        return self.moves

    def sample_world(self, rng: random.Random) -> ToyWorld:
        self.samples += 1
        return ToyWorld(rng.random())

    def decision_seed(self) -> int:
        return self.seed_value


def test_the_move_with_the_best_average_over_sampled_worlds_is_chosen() -> None:
    information = ToyInformation([1, 2, 3])
    scored = evaluate_moves(information, SearchSettings(rollouts=300, min_samples=50, max_samples=100))
    assert [move for move, _ in scored] == [1, 2, 3]
    values = dict(scored)
    assert values[2] == pytest.approx(5.5, abs=1.0)  # 10 x the mean hidden bonus, plus the mean noise
    assert values[3] == pytest.approx(3.5, abs=0.2)
    assert choose_move(information) == 2
    assert choose_move(ToyInformation([1, 3])) == 3


def test_decisions_are_reproducible_from_the_decision_seed() -> None:
    settings = SearchSettings(rollouts=12, min_samples=4, max_samples=4)
    first = evaluate_moves(ToyInformation([1, 2, 3], seed=9), settings)
    assert evaluate_moves(ToyInformation([1, 2, 3], seed=9), settings) == first
    assert evaluate_moves(ToyInformation([1, 2, 3], seed=10), settings) != first


def test_a_single_candidate_needs_no_search_and_none_is_an_error() -> None:
    information = ToyInformation([7])
    assert choose_move(information) == 7
    assert information.samples == 0
    with pytest.raises(ValueError):
        choose_move(ToyInformation([]))


def test_the_number_of_samples_follows_the_settings() -> None:
    settings = SearchSettings(rollouts=100, min_samples=8, max_samples=40)
    assert settings.samples_for(2) == 40
    assert settings.samples_for(5) == 20
    assert settings.samples_for(50) == 8
    information = ToyInformation([1, 2, 3, 4, 5])
    evaluate_moves(information, settings)
    assert information.samples == 20
