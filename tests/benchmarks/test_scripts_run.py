"""Every benchmark script still runs and prints its figures, on the smallest run it takes.

The scripts in `benchmarks/` are run by hand when figures are wanted, so nothing noticed when two of them broke
(`thegame_board.py` read its hand from the wrong message once the turn line came after it, `hint_flood.py` still
asked for `/stats player` after `/stats` lost its subcommands): both hung instead of failing. Here each one runs as
it would from a shell, on a few games, and must finish, exit 0 and print its figures' lines. Nothing is timed.
(`bot_load.py`, `cluster.py` and `soak.py` have tests of their own: tests/benchmarks, tests/cluster, tests/soak.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# script and its smallest run -> lines its output must hold
SMALLEST_RUNS: dict[str, tuple[list[str], list[str]]] = {
    "activity.py": (["--tables", "2", "--moves", "1"], ["every other viewer's update", "CPU per move"]),
    "activity_views.py": (["--runs", "1", "--calls", "5"], ["klondike       1       fr"]),
    "barbu.py": (
        ["--games", "2", "--repeat", "1", "--ai-games", "1"],
        ["same scores: yes", "strong   median"],
    ),
    "chat_rule.py": (["--passes", "1", "--repeat", "1", "--no-baseline"], ["all 1.000/1.000", "msgs/s"]),
    "crapette.py": (
        ["--deals", "1", "--only", "after", "--context", "--engine", "--engine-games", "2", "--repeat", "1"],
        [
            "random, keeps the rule",
            "greedy",
            "Context: greedy in the AI's seat",
            "views give the same games: True",
        ],
    ),
    "crapette_ceiling.py": (
        [
            "--deals",
            "1",
            "--seed",
            "1000",
            "--k",
            "2",
            "--r",
            "1",
            "--t",
            "1",
            "--nodes",
            "100",
            "--own",
            "greedy",
            "--players",
            "ai,ceiling,fair",
        ],
        ["win share (95% Wilson)", "ceiling k=2 r=1 t=1", "fair k=2 r=1 t=1", "games won by one only"],
    ),
    "crapette_lookahead.py": (
        ["--deals", "1", "--samples", "2", "--workers", "2"],
        ["win share (95% Wilson)", "lookahead", "decisions p50 / p99", "games won by one only"],
    ),
    "crapette_diagnose.py": (
        [
            *("--deals", "1", "--seed", "1000", "--show", "1", "--tail", "3"),
            *("--weights", '{"opponent_go_on": 40}', "--compare", "--workers", "2"),
        ],
        ["won: ", "crapette cards per turn", "this AI ({'opponent_go_on': 40.0}", "today's AI: won"],
    ),
    "engine.py": (["--games", "5", "--repeat", "1"], ["ratio engine/baseline", ": the same"]),
    "hearts.py": (
        ["--games", "2", "--runs", "1", "--positions", "5", "--strength-games", "0"],
        ["same final scores in both: yes", "strong  : median"],
    ),
    "hint_flood.py": (["--floods", "1", "--clicks", "2"], ["/stats during floods", "flood answered in"]),
    "klondike.py": (
        ["--deals", "2", "--time-limit", "0.2", "--workers", "1", "--engine-games", "2", "--repeat", "1"],
        ["engine / baseline:", "time per deal: median"],
    ),
    "leaderboard.py": (["--games", "200", "--runs", "1"], ["leaderboard, first page", "history, channel"]),
    "message_edits.py": (["--calls", "3", "--repeat", "1"], ["a click's hand answer", "the board edited"]),
    "render.py": (["--runs", "1"], ["Crapette", "Tricks 8"]),
    "thegame_board.py": (
        ["--runs", "2", "--plays", "2"],
        ["with the picture (drawn fresh)", "extra latency of the picture"],
    ),
}


def test_every_script_is_run_here_or_elsewhere() -> None:
    scripts = {path.name for path in (ROOT / "benchmarks").glob("*.py")}
    elsewhere = {"bot_load.py", "cluster.py", "soak.py", "traffic_floor.py"}
    imported = {"crapette_baselines.py", "crapette_before.py"}  # read by crapette.py
    assert scripts - elsewhere - imported == set(SMALLEST_RUNS), "a benchmark without a smallest run here"


@pytest.mark.parametrize("script", sorted(SMALLEST_RUNS))
def test_the_benchmark_runs_and_prints_its_figures(script: str) -> None:
    arguments, expected = SMALLEST_RUNS[script]
    finished = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert finished.returncode == 0, f"{script} failed:\n{finished.stdout[-2000:]}\n{finished.stderr[-4000:]}"
    for line in expected:
        assert line in finished.stdout, f"{script} printed no {line!r}:\n{finished.stdout[-3000:]}"
