"""The simulator: seeds, statistics and the command line."""

from __future__ import annotations

import argparse
import statistics

import pytest

from bot.games.thegame.ai.simulate import deal_seed, main, parse_players, play_game, run, summarize, wilson
from bot.games.thegame.ai.strong import strong_strategy
from bot.games.thegame.engine import Variant


def test_deal_seeds_depend_only_on_seed_players_and_index() -> None:
    assert deal_seed(1, 3, 7) == deal_seed(1, 3, 7)
    seeds = {deal_seed(seed, players, index) for seed in (1, 2) for players in (1, 2) for index in range(50)}
    assert len(seeds) == 200


def test_players_argument() -> None:
    assert parse_players("1..5") == [1, 2, 3, 4, 5]
    assert parse_players("3") == [3]
    assert parse_players("2,4") == [2, 4]
    with pytest.raises(argparse.ArgumentTypeError):
        parse_players("0..6")


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_same_deals_for_every_strategy_and_worker_count() -> None:
    one = run(2, 6, "strong", seed=3, workers=1)
    two = run(2, 6, "strong", seed=3, workers=2)
    assert [r.cards_left for r in one] == [r.cards_left for r in two]
    baseline = run(2, 6, "baseline", seed=3, workers=1)
    assert [r.index for r in baseline] == list(range(6))


def test_summary_and_decision_time() -> None:
    results = [
        play_game(3, deal_seed(9, 3, index), strong_strategy(), True, Variant(), index) for index in range(4)
    ]
    summary = summarize(3, results)
    assert summary.games == 4
    assert 0 <= summary.win_rate <= 1
    assert summary.average_left == statistics.fmean(r.cards_left for r in results)
    assert summary.median_ms < 50  # the turn decision budget


def test_command_line_prints_a_line_per_player_count() -> None:
    lines: list[str] = []
    code = main(
        [
            "--players",
            "2..3",
            "--games",
            "4",
            "--strategy",
            "strong",
            "--markers",
            "--seed",
            "5",
            "--workers",
            "1",
            "--compare",
            "baseline",
        ],
        out=lines.append,
    )
    assert code == 0
    text = "\n".join(lines)
    assert "2 players" in text and "3 players" in text
    assert "win" in text and "left" in text and "<10" in text and "median" in text
    assert "target" in text and "vs baseline" in text
    lines.clear()
    main(
        ["--players", "1", "--games", "2", "--variant", "expert", "--seed", "5", "--workers", "1"],
        out=lines.append,
    )
    assert "1 player" in "\n".join(lines)
