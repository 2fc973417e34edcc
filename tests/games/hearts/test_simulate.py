"""The simulator on a handful of short games."""

from __future__ import annotations

import pytest

from bot.games.hearts.simulate import main, simulate, summarize, wilson


def test_a_few_games_give_a_sane_summary() -> None:
    records = simulate(
        games=2, seed=4, workers=1, tested="strong", others="baseline", players=4, target=12, rollouts=8
    )
    assert [record.index for record in records] == [0, 1]
    assert [record.tested_seat for record in records] == [0, 1]  # the tested seat moves round the table
    summary = summarize(records, players=4)
    assert summary.games == 2
    assert 0 <= summary.wins <= 2
    assert summary.tested_points_per_hand >= 0 and summary.other_points_per_hand > 0
    assert summary.decision_median > 0 and summary.decision_p99 >= summary.decision_median
    again = simulate(
        games=2, seed=4, workers=1, tested="strong", others="baseline", players=4, target=12, rollouts=8
    )
    assert [(record.won, record.tested_points) for record in again] == [
        (record.won, record.tested_points) for record in records
    ]


def test_the_command_line_prints_the_figures_and_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--target", "10", "--rollouts", "8"]) == 0
    output = capsys.readouterr().out
    assert "points per hand" in output
    assert "95% CI" in output
    assert "decision CPU time" in output
    assert "target win share" in output


def test_wilson_interval() -> None:
    low, high = wilson(40, 100)
    assert low == pytest.approx(0.309, abs=0.001)
    assert high == pytest.approx(0.498, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)
