"""Play many seeded Crapette games between two AI strategies and print how the first one does.

    python -m bot.games.crapette.simulate --games 1000 --seed 1 [--workers 2] [--strategy strong]
                                          [--opponent first_legal] [--opponent-build suit|alternate]
                                          [--strict]

Game i is dealt from a seed that depends only on (seed, i), and the strategy under test sits at seat i % 2, so
it plays half the games from each seat. After every action of the player on turn, the other player is asked
whether it calls "Crapette!". Decision times are those of the tested strategy's `choose_action`, measured in
this process (or in each worker).
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
from typing import Final

from bot.games.crapette.ai import STRATEGIES
from bot.games.crapette.engine import Crapette
from bot.games.crapette.layout import OPPONENT_BUILDS, CrapetteOptions

TARGET_WIN_SHARE: Final = 0.70
TARGET_MEDIAN_DECISION: Final = 0.100  # seconds


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game `index`: depends only on (seed, index)."""
    digest = hashlib.blake2b(f"crapette:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(slots=True)
class GameResult:
    """One game from the tested strategy's side."""

    index: int
    seat: int  # the tested strategy's seat
    winner: int | None
    end_reason: str
    turns: int
    right_calls: int  # by the tested strategy
    wrong_calls: int
    opponent_right_calls: int
    decision_times: list[float] = field(default_factory=list)

    @property
    def won(self) -> bool:
        return self.winner == self.seat

    @property
    def lost(self) -> bool:
        return self.winner is not None and self.winner != self.seat


@dataclass(frozen=True, slots=True)
class Match:
    """What to simulate."""

    seed: int
    strategy: str = "strong"
    opponent: str = "first_legal"
    options: CrapetteOptions = field(default_factory=CrapetteOptions)


def play_game(match: Match, index: int) -> GameResult:
    """Play game `index` of `match` to its end."""
    seat = index % 2
    players = [STRATEGIES[match.strategy](), STRATEGIES[match.opponent]()]
    if seat == 1:
        players.reverse()
    game = Crapette.new(match.options, game_seed(match.seed, index))
    times: list[float] = []
    clock = time.perf_counter
    while not game.is_over:
        player = game.current_player
        started = clock()
        action = players[player].choose_action(game.view(player))
        if player == seat:
            times.append(clock() - started)
        game.apply(player, action)
        other = 1 - player
        if (
            not game.is_over
            and game.current_player == player
            and players[other].should_call_crapette(game.view(other))
        ):
            game.call_crapette(other)
    return GameResult(
        index=index,
        seat=seat,
        winner=game.winner,
        end_reason=game.end_reason or "",
        turns=game.turn_number,
        right_calls=game.crapettes_called(seat),
        wrong_calls=game.wrong_calls(seat),
        opponent_right_calls=game.crapettes_called(1 - seat),
        decision_times=times,
    )


def _play_chunk(args: tuple[Match, range]) -> list[GameResult]:
    match, indices = args
    return [play_game(match, index) for index in indices]


def run_games(match: Match, games: int, workers: int = 1) -> list[GameResult]:
    """Play games 0..games-1, in `workers` processes when more than one."""
    if workers <= 1 or games < 2:
        return _play_chunk((match, range(games)))
    size = max(1, min(50, games // (workers * 4)))
    chunks = [(match, range(start, min(games, start + size))) for start in range(0, games, size)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        parts = pool.map(_play_chunk, chunks)
    return [result for part in parts for result in part]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default z)."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def summary(match: Match, results: Sequence[GameResult], seconds: float) -> list[str]:
    """The report's lines."""
    games = len(results)
    wins = sum(result.won for result in results)
    losses = sum(result.lost for result in results)
    draws = games - wins - losses
    low, high = wilson_interval(wins, games)
    share = wins / games if games else 0.0
    times = [t for result in results for t in result.decision_times]
    median = statistics.median(times) if times else 0.0
    reasons: dict[str, int] = {}
    for result in results:
        if result.winner is None:
            reasons[result.end_reason] = reasons.get(result.end_reason, 0) + 1
    by_seat = [
        sum(r.won for r in results if r.seat == seat) / max(1, sum(r.seat == seat for r in results))
        for seat in (0, 1)
    ]

    def mark(ok: bool) -> str:
        return "✓" if ok else "✗"

    right_calls = sum(result.right_calls for result in results)
    draw_text = ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items())) or "none"
    return [
        f"Crapette: {match.strategy} vs {match.opponent}, {games} games, seed {match.seed}, "
        f"options {match.options.to_dict()} ({seconds:.1f} s)",
        f"  {match.strategy} wins {wins} ({share:.1%}, 95% Wilson interval {low:.1%}–{high:.1%}), "
        f"loses {losses}, draws {draws} ({draw_text})",
        f"  win share as seat 0 / seat 1: {by_seat[0]:.1%} / {by_seat[1]:.1%}",
        f"  turns per game: average {statistics.fmean(r.turns for r in results):.1f}, "
        f"median {statistics.median(r.turns for r in results):.0f}, max {max(r.turns for r in results)}",
        f"  Crapette! calls by {match.strategy}: right {right_calls} ({right_calls / games:.2f} per game), "
        f"wrong {sum(r.wrong_calls for r in results)}; "
        f"by {match.opponent}: right {sum(r.opponent_right_calls for r in results)}",
        f"  {match.strategy} decisions: {len(times)}, median {median * 1000:.2f} ms, "
        f"p99 {percentile(times, 0.99) * 1000:.2f} ms, max {max(times, default=0.0) * 1000:.1f} ms",
        f"  target: wins ≥ {TARGET_WIN_SHARE:.0%} {mark(share >= TARGET_WIN_SHARE)} "
        f"(lower bound of the interval {mark(low >= TARGET_WIN_SHARE)}), "
        f"median decision < {TARGET_MEDIAN_DECISION * 1000:.0f} ms {mark(median < TARGET_MEDIAN_DECISION)}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), default="strong")
    parser.add_argument("--opponent", choices=sorted(STRATEGIES), default="first_legal")
    parser.add_argument("--opponent-build", choices=OPPONENT_BUILDS, default="suit")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = CrapetteOptions(opponent_build=args.opponent_build, strict=args.strict)
    match = Match(args.seed, args.strategy, args.opponent, options)
    started = time.perf_counter()
    results = run_games(match, args.games, args.workers)
    for line in summary(match, results, time.perf_counter() - started):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
