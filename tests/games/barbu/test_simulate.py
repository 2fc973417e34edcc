"""The simulator runs end to end and prints its figures."""

from __future__ import annotations

import pytest

from bot.games.barbu import BarbuOptions
from bot.games.barbu.simulate import main, run, summary, wilson_interval


def test_a_handful_of_games_gives_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--games", "2", "--seed", "3", "--players", "5"])
    output = capsys.readouterr().out
    assert "games: 2 (5 players)" in output
    assert "ratio strong / baseline" in output and ("✓" in output or "✗" in output)
    assert "win share" in output and "95% CI" in output
    assert "median" in output and "p99" in output


def test_the_strong_seat_rotates_and_scores_add_up() -> None:
    results = run(BarbuOptions(players=3), games=3, seed=8, candidate="baseline")
    assert [result.strong_seat for result in results] == [0, 1, 2]
    assert all(sum(result.scores) == 620 for result in results)  # 3 players: 85 + 85 + 80 + 80 + 290
    assert len(summary(results, 3)) == 5


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson_interval(0, 10)[0] == 0.0
