"""Play many seeded Hearts games, one tested seat against the others, and print how the tested seat does.

    python -m bot.games.hearts.simulate --games 5000 --seed 1 --workers 2 [--strong strong] [--others baseline]
                                        [--players 4] [--target 100] [--rollouts N] [--rules 2]

Game i is dealt from a seed derived only from (seed, players, i), and the tested seat moves round the table
(seat i % players), so two runs with different strategies (or rules versions, `--rules`) play the same deals. Prints the average points per
hand of the tested seat and of the other seats, their ratio, the tested seat's share of wins (a shared win
counts as a win) with its 95% Wilson interval, and the tested seat's decision time (every card it played,
including forced ones, and only the decisions with a choice) as median and 99th percentile. Decision times are
CPU time of the deciding process, so other load on the machine does not inflate them.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.hearts.ai import STRATEGIES, HeartsStrategy, StrongStrategy
from bot.games.hearts.engine import Hearts
from bot.games.hearts.options import CURRENT_RULES, RULES_VERSIONS, HeartsOptions, Phase
from bot.games.trick_ai import SearchSettings

# Targets for the strong seat against baseline seats, 4 players.
TARGET_WIN_SHARE = 0.40
TARGET_POINTS_RATIO = 0.75


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of game `index`: depends only on (seed, players, index)."""
    digest = hashlib.blake2b(f"hearts-simulation:{seed}:{players}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(slots=True)
class GameRecord:
    """One finished game from the tested seat's side."""

    index: int
    tested_seat: int
    won: bool
    hands: int
    tested_points: int
    other_points: int  # the other seats' points added together
    decision_seconds: list[float] = field(default_factory=list)  # every card the tested seat chose
    searched_seconds: list[float] = field(default_factory=list)  # the decisions with a choice


def play_game(
    options: HeartsOptions,
    seed: int,
    tested_seat: int,
    tested: HeartsStrategy,
    others: HeartsStrategy,
    index: int = 0,
) -> GameRecord:
    """Play one whole game: `tested` at `tested_seat`, `others` everywhere else."""
    game = Hearts.new(options, seed)
    record = GameRecord(index, tested_seat, False, 0, 0, 0)
    while not game.is_over:
        for seat in game.to_act():
            strategy = tested if seat == tested_seat else others
            view = game.view(seat)
            if view.phase is Phase.PASSING:
                game.pass_cards(seat, strategy.choose_pass(view))
            elif view.phase is Phase.PLAYING:
                started = time.process_time()
                card = strategy.choose_card(view)
                elapsed = time.process_time() - started
                if seat == tested_seat:
                    record.decision_seconds.append(elapsed)
                    if len(view.legal_cards) > 1:
                        record.searched_seconds.append(elapsed)
                game.play(seat, card)
            else:
                game.choose_moon(seat, strategy.choose_moon(view))
    record.won = tested_seat in game.winners
    record.hands = len(game.hand_history)
    record.tested_points = game.scores[tested_seat]
    record.other_points = sum(game.scores) - game.scores[tested_seat]
    return record


@dataclass(frozen=True, slots=True)
class Job:
    indexes: tuple[int, ...]
    seed: int
    players: int
    target: int
    tested: str
    others: str
    rollouts: int | None = None
    rules_version: int = CURRENT_RULES


def make_strategy(name: str, rollouts: int | None = None) -> HeartsStrategy:
    """The named strategy; `rollouts` sets the strong strategy's work per decision (default: its own)."""
    if name == "strong" and rollouts is not None:
        return StrongStrategy(SearchSettings(rollouts=rollouts, min_samples=6, max_samples=24))
    return STRATEGIES[name]()


def run_job(job: Job) -> list[GameRecord]:
    options = HeartsOptions(players=job.players, target=job.target, rules_version=job.rules_version)
    tested, others = make_strategy(job.tested, job.rollouts), make_strategy(job.others, job.rollouts)
    return [
        play_game(
            options, game_seed(job.seed, job.players, index), index % job.players, tested, others, index
        )
        for index in job.indexes
    ]


def simulate(
    games: int,
    seed: int,
    workers: int,
    tested: str,
    others: str,
    players: int,
    target: int = 100,
    rollouts: int | None = None,
    progress_every: int = 0,
    rules_version: int = CURRENT_RULES,
) -> list[GameRecord]:
    """Play `games` games over `workers` processes under `rules_version`; the records sorted by game index. With
    `progress_every`, the full report of the games played so far goes to stderr every that many games (a long run
    stopped early still leaves its figures)."""
    chunk = max(1, min(25, games // max(1, workers * 8)))
    jobs = [
        Job(
            tuple(range(start, min(games, start + chunk))),
            seed,
            players,
            target,
            tested,
            others,
            rollouts,
            rules_version,
        )
        for start in range(0, games, chunk)
    ]
    records: list[GameRecord] = []
    started = time.perf_counter()
    next_report = progress_every

    def add(batch: list[GameRecord]) -> None:
        nonlocal next_report
        records.extend(batch)
        if progress_every and len(records) >= next_report and len(records) < games:
            next_report += progress_every
            summary = summarize(records, players)
            elapsed = time.perf_counter() - started
            print(f"--- after {len(records)} of {games} games:", file=sys.stderr)
            print(report(summary, tested, others, players, elapsed), file=sys.stderr, flush=True)

    if workers <= 1:
        for job in jobs:
            add(run_job(job))
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for batch in pool.imap_unordered(run_job, jobs):
                add(batch)
    return sorted(records, key=lambda record: record.index)


def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score 95% interval for a proportion."""
    if total == 0:
        return 0.0, 1.0
    share = successes / total
    denominator = 1 + z * z / total
    centre = (share + z * z / (2 * total)) / denominator
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The `fraction` quantile (nearest rank) of `values`, 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    wins: int
    win_interval: tuple[float, float]
    tested_points_per_hand: float
    other_points_per_hand: float
    decision_median: float
    decision_p99: float
    searched_median: float
    searched_p99: float

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_ratio(self) -> float:
        return (
            self.tested_points_per_hand / self.other_points_per_hand
            if self.other_points_per_hand
            else math.inf
        )


def summarize(records: Sequence[GameRecord], players: int) -> Summary:
    hands = sum(record.hands for record in records)
    wins = sum(record.won for record in records)
    decisions = [seconds for record in records for seconds in record.decision_seconds]
    searched = [seconds for record in records for seconds in record.searched_seconds]
    return Summary(
        games=len(records),
        wins=wins,
        win_interval=wilson(wins, len(records)),
        tested_points_per_hand=sum(record.tested_points for record in records) / max(1, hands),
        other_points_per_hand=sum(record.other_points for record in records) / max(1, hands * (players - 1)),
        decision_median=statistics.median(decisions) if decisions else 0.0,
        decision_p99=percentile(decisions, 0.99),
        searched_median=statistics.median(searched) if searched else 0.0,
        searched_p99=percentile(searched, 0.99),
    )


def _mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def report(summary: Summary, tested: str, others: str, players: int, wall_seconds: float) -> str:
    low, high = summary.win_interval
    fair = 1 / players
    lines = [
        f"{summary.games} games, {players} players: one {tested} seat against {others} seats ({wall_seconds:.0f} s)",
        f"points per hand: {tested} {summary.tested_points_per_hand:.2f}, {others} "
        f"{summary.other_points_per_hand:.2f}, ratio {summary.points_ratio:.3f}",
        f"{tested} wins {summary.win_share:.1%} of games (95% CI {low:.1%}–{high:.1%}; an even share is {fair:.1%})",
        f"{tested} decision CPU time: median {summary.decision_median * 1000:.1f} ms, p99 "
        f"{summary.decision_p99 * 1000:.1f} ms (searched decisions only: median "
        f"{summary.searched_median * 1000:.1f} ms, p99 {summary.searched_p99 * 1000:.1f} ms)",
    ]
    if players == 4 and tested == "strong" and others == "baseline":
        lines.append(
            f"target win share >= {TARGET_WIN_SHARE:.0%}: {_mark(summary.win_share >= TARGET_WIN_SHARE)}   "
            f"target points ratio <= {TARGET_POINTS_RATIO}: {_mark(summary.points_ratio <= TARGET_POINTS_RATIO)}   "
            f"decision median < 100 ms: {_mark(summary.decision_median < 0.1)}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--strong", default="strong", choices=sorted(STRATEGIES), help="the tested seat")
    parser.add_argument("--others", default="baseline", choices=sorted(STRATEGIES), help="the other seats")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument(
        "--rollouts", type=int, default=None, help="the strong strategy's rollouts per decision"
    )
    parser.add_argument(
        "--rules",
        type=int,
        default=CURRENT_RULES,
        choices=RULES_VERSIONS,
        help="the rules version (1: any first lead; 2: the 2 of clubs leads)",
    )
    arguments = parser.parse_args(argv)
    started = time.perf_counter()
    records = simulate(
        arguments.games,
        arguments.seed,
        arguments.workers,
        arguments.strong,
        arguments.others,
        arguments.players,
        arguments.target,
        arguments.rollouts,
        progress_every=max(1, arguments.games // 50),
        rules_version=arguments.rules,
    )
    summary = summarize(records, arguments.players)
    print(
        report(summary, arguments.strong, arguments.others, arguments.players, time.perf_counter() - started)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
