"""Measure the strong AI against the baseline: one strong seat (its position rotating) and baselines elsewhere.

    python -m bot.games.barbu.simulate --games 1000 --seed 1 --workers 2 [--players 4] [--full-cycle]

Game `i` is dealt from seed `seed + i` and the strong seat is seat `i % players`. Printed: the average total over
a game for the strong seat and for a baseline seat, their ratio (the target is at most 0.8), the strong seat's
win share (shared wins count as wins) with a 95% Wilson interval, and the strong seat's decision time (median
and 99th percentile over the decisions with a choice of card, CPU time of the worker process, so that
other load on the machine disturbs it less).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.games.barbu.ai import STRATEGIES
from bot.games.barbu.engine import Barbu
from bot.games.barbu.options import BarbuOptions

TARGET_RATIO = 0.8


@dataclass(frozen=True, slots=True)
class GameResult:
    strong_seat: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decision_seconds: tuple[float, ...]  # the strong seat's decisions with more than one legal card

    @property
    def strong_total(self) -> int:
        return self.scores[self.strong_seat]

    @property
    def baseline_average(self) -> float:
        others = [score for seat, score in enumerate(self.scores) if seat != self.strong_seat]
        return sum(others) / len(others)


def play_game(
    options: BarbuOptions, seed: int, strong_seat: int, candidate: str = "strong", opponent: str = "baseline"
) -> GameResult:
    """One whole game with `candidate` at `strong_seat` and `opponent` at every other seat."""
    game = Barbu.new(options, seed)
    strategies = [
        STRATEGIES[candidate if seat == strong_seat else opponent] for seat in range(options.players)
    ]
    timings: list[float] = []
    while not game.is_over:
        seat = game.to_act()[0]
        view = game.view(seat)
        started = time.process_time()
        card = strategies[seat].choose_card(view)
        elapsed = time.process_time() - started
        if seat == strong_seat and len(view.legal_cards) > 1:
            timings.append(elapsed)
        game.play(seat, card)
    return GameResult(strong_seat, game.scores, game.winners, tuple(timings))


def _play_indexed(arguments: tuple[BarbuOptions, int, int, str, str]) -> GameResult:
    options, seed, index, candidate, opponent = arguments
    return play_game(options, seed + index, index % options.players, candidate, opponent)


def run(
    options: BarbuOptions,
    games: int,
    seed: int,
    workers: int = 1,
    candidate: str = "strong",
    opponent: str = "baseline",
) -> list[GameResult]:
    """Play `games` games (in `workers` processes when more than one) and return their results in order."""
    jobs = [(options, seed, index, candidate, opponent) for index in range(games)]
    if workers <= 1:
        return [_play_indexed(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_play_indexed, jobs, chunksize=max(1, games // (workers * 8))))


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(results: Sequence[GameResult], players: int) -> list[str]:
    """The report lines for `results`."""
    count = len(results)
    strong = statistics.fmean(result.strong_total for result in results)
    baseline = statistics.fmean(result.baseline_average for result in results)
    ratio = strong / baseline if baseline else math.inf
    wins = sum(result.strong_seat in result.winners for result in results)
    low, high = wilson_interval(wins, count)
    baseline_wins = sum(
        sum(seat in result.winners for seat in range(players) if seat != result.strong_seat)
        for result in results
    ) / (players - 1)
    timings = [seconds for result in results for seconds in result.decision_seconds]
    mark = "✓" if ratio <= TARGET_RATIO else "✗"
    return [
        f"games: {count} ({players} players)",
        f"average total per game: strong {strong:.1f}, baseline {baseline:.1f}",
        f"ratio strong / baseline: {ratio:.3f} (target <= {TARGET_RATIO}) {mark}",
        f"strong win share: {wins / count:.3f} [95% CI {low:.3f}-{high:.3f}] "
        f"(a baseline seat: {baseline_wins / count:.3f}; shared wins count)",
        f"strong decision time: median {1000 * statistics.median(timings) if timings else 0.0:.1f} ms, "
        f"p99 {1000 * percentile(timings, 0.99):.1f} ms over {len(timings)} decisions with a choice (CPU)",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Barbu: the strong AI against baselines.")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--full-cycle", action="store_true")
    parser.add_argument("--candidate", default="strong", choices=sorted(STRATEGIES))
    parser.add_argument("--opponent", default="baseline", choices=sorted(STRATEGIES))
    arguments = parser.parse_args(argv)
    options = BarbuOptions(players=arguments.players, full_cycle=arguments.full_cycle)
    started = time.perf_counter()
    results = run(
        options, arguments.games, arguments.seed, arguments.workers, arguments.candidate, arguments.opponent
    )
    for line in summary(results, options.players):
        print(line)
    print(f"wall time: {time.perf_counter() - started:.0f} s with {arguments.workers} worker(s)")


if __name__ == "__main__":
    main()
