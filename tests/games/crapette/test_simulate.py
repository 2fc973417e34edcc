"""The simulator runs and reports (a smoke test; the figures come from running it at 1,000 games)."""

from __future__ import annotations

import pytest

from bot.games.crapette.simulate import Match, game_seed, main, play_game, run_games, summary, wilson_interval


def test_game_seeds_depend_only_on_the_seed_and_index() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, index) for index in range(100)} | {game_seed(2, 0)}) == 101


def test_wilson_interval() -> None:
    low, high = wilson_interval(70, 100)
    assert round(low, 3) == 0.604 and round(high, 3) == 0.781
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == 1.0


def test_games_alternate_seats_and_are_reproducible() -> None:
    match = Match(seed=3)
    results = run_games(match, 2)
    assert [result.seat for result in results] == [0, 1]
    again = play_game(match, 1)
    assert (again.winner, again.turns, again.right_calls) == (
        results[1].winner,
        results[1].turns,
        results[1].right_calls,
    )
    assert all(result.decision_times for result in results)
    lines = summary(match, results, 1.0)
    assert any("target" in line and ("✓" in line or "✗" in line) for line in lines)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seed", "5", "--opponent-build", "alternate"]) == 0
    output = capsys.readouterr().out
    assert "strong wins" in output and "Wilson" in output and "median" in output
