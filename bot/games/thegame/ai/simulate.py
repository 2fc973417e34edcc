"""Play many seeded deals with AI players and print how the team does.

    python -m bot.games.thegame.ai.simulate --players 1..5 --games 1000 --strategy strong [--markers] [--variant expert]
                              --seed 1 [--workers K] [--compare baseline]

Deal i of player count p uses a seed derived only from (seed, p, i), so every strategy plays the same deals and
can be compared pair by pair. All seats are AI; with --markers they set and respect markers.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields

from bot.games.thegame.ai.markers import MarkerBoard
from bot.games.thegame.ai.strong import StrongParams, StrongStrategy
from bot.games.thegame.ai.types import Strategy
from bot.games.thegame.engine import Game, GameEnded, Variant

# Best published results without communication, 50,000 deals: (win rate, average cards left) per player count.
PUBLISHED_NO_TALK: dict[int, tuple[float, float]] = {
    1: (0.115, 12.6),
    2: (0.183, 7.1),
    3: (0.076, 11.3),
    4: (0.108, 7.5),
    5: (0.117, 6.5),
}
PUBLISHED_TALK_TWO_PLAYERS = (0.24, 3.8)
# Targets with markers: win rate per player count.
MARKER_TARGETS: dict[int, float] = {2: 0.25, 3: 0.15, 4: 0.15, 5: 0.15}


def deal_seed(seed: int, players: int, index: int) -> int:
    """The seed of deal `index` for `players` players: depends only on (seed, players, index)."""
    digest = hashlib.blake2b(f"the-game:{seed}:{players}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def make_strategy(name: str, params: dict[str, str] | None = None) -> Strategy:
    from bot.games.thegame.ai import STRATEGIES

    if params:
        if name != "strong":
            raise ValueError("--param only applies to the strong strategy")
        base = StrongParams()
        values: dict[str, object] = {}
        for key, raw in params.items():
            current = getattr(base, key)
            if isinstance(current, bool):
                values[key] = raw.lower() in ("1", "true", "yes")
            else:
                values[key] = type(current)(raw)
        return StrongStrategy(StrongParams(**{**_params_dict(base), **values}))  # type: ignore[arg-type]
    return STRATEGIES[name]()


def _params_dict(params: StrongParams) -> dict[str, object]:
    return {item.name: getattr(params, item.name) for item in fields(params)}


def _over(events: Sequence[object]) -> bool:
    return any(isinstance(event, GameEnded) for event in events)


@dataclass(slots=True)
class GameResult:
    index: int
    cards_left: int
    times: list[float] = field(default_factory=list)  # seconds per turn decision


def play_game(
    players: int,
    seed: int,
    strategy: Strategy,
    markers: bool,
    variant: Variant,
    index: int = 0,
    choose_first: bool = True,
) -> GameResult:
    """Play one deal to the end with `strategy` at every seat; returns the score and decision times."""
    game = Game.new(players, seed, variant)
    chooser = getattr(strategy, "choose_first_player", None) if choose_first else None
    over = _over(game.choose_first_player(chooser(game) if chooser is not None else 0))
    board = MarkerBoard()
    refresh = getattr(strategy, "desired_markers", None)
    result = GameResult(index, 0)
    clock = time.perf_counter
    while not over:
        seat = game.current_player
        assert seat is not None
        seen = board.for_seat(seat) if markers else {}
        start = clock()
        plan = strategy.plan_turn(game, seat, seen)
        result.times.append(clock() - start)
        for card, pile in plan.plays:
            if _over(game.play(seat, card, pile)):
                over = True
                break
        if over:
            break
        if not game.can_end_turn():
            raise RuntimeError(f"{strategy.name} planned fewer plays than the minimum: {plan}")
        over = _over(game.end_turn(seat))
        if markers and players > 1:
            board.apply(seat, plan.markers)
            if refresh is not None:
                for other in range(players):
                    board.apply(other, refresh(game, other))
    result.cards_left = game.cards_left
    return result


@dataclass(frozen=True, slots=True)
class _Job:
    players: int
    seed: int
    indices: tuple[int, ...]
    strategy: str
    markers: bool
    expert: bool
    params: tuple[tuple[str, str], ...]


def _run_job(job: _Job) -> list[GameResult]:
    strategy = make_strategy(job.strategy, dict(job.params))
    variant = Variant(higher_minimum=True, smaller_hand=True) if job.expert else Variant()
    return [
        play_game(job.players, deal_seed(job.seed, job.players, index), strategy, job.markers, variant, index)
        for index in job.indices
    ]


def run(
    players: int,
    games: int,
    strategy: str,
    seed: int,
    markers: bool = False,
    expert: bool = False,
    workers: int | None = None,
    params: dict[str, str] | None = None,
) -> list[GameResult]:
    """Play `games` deals for one player count on `workers` processes; results sorted by deal index."""
    workers = workers or os.cpu_count() or 1
    chunk = max(1, min(50, games // (workers * 4) or 1))
    jobs = [
        _Job(
            players,
            seed,
            tuple(range(start, min(games, start + chunk))),
            strategy,
            markers,
            expert,
            tuple(sorted((params or {}).items())),
        )
        for start in range(0, games, chunk)
    ]
    results: list[GameResult] = []
    if workers == 1:
        for job in jobs:
            results.extend(_run_job(job))
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for batch in pool.imap_unordered(_run_job, jobs):
                results.extend(batch)
    results.sort(key=lambda result: result.index)
    return results


def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score 95% interval for a proportion."""
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Summary:
    players: int
    games: int
    wins: int
    win_rate: float
    ci: tuple[float, float]
    average_left: float
    under_ten: float
    median_ms: float
    p99_ms: float


def summarize(players: int, results: Sequence[GameResult]) -> Summary:
    games = len(results)
    wins = sum(1 for result in results if result.cards_left == 0)
    times = sorted(t for result in results for t in result.times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    return Summary(
        players=players,
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        ci=wilson(wins, games),
        average_left=statistics.fmean(result.cards_left for result in results) if results else 0.0,
        under_ten=sum(1 for result in results if result.cards_left < 10) / games if games else 0.0,
        median_ms=statistics.median(times) * 1000 if times else 0.0,
        p99_ms=p99 * 1000,
    )


def _mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def targets_text(summary: Summary, markers: bool, expert: bool) -> str:
    """The published figures / targets next to a result, with ✓/✗ (standard rules only)."""
    if expert:
        return "(no published figures for the expert variant)"
    players = summary.players
    if markers:
        target = MARKER_TARGETS.get(players)
        if target is None:
            return "(markers need teammates: no target solo)"
        return f"target win > {target:.0%} {_mark(summary.win_rate > target)}" + (
            f" (published with talk: {PUBLISHED_TALK_TWO_PLAYERS[0]:.0%} / {PUBLISHED_TALK_TWO_PLAYERS[1]})"
            if players == 2
            else ""
        )
    win, left = PUBLISHED_NO_TALK[players]
    return (
        f"published win {win:.1%} {_mark(summary.win_rate > win)}, "
        f"left {left} {_mark(summary.average_left < left)}"
    )


def format_summary(summary: Summary, markers: bool, expert: bool) -> str:
    low, high = summary.ci
    return (
        f"{summary.players} player{'s' if summary.players > 1 else ' '} | {summary.games:6d} deals | "
        f"win {summary.win_rate:6.1%} [{low:5.1%}, {high:5.1%}] | left {summary.average_left:5.2f} | "
        f"<10 {summary.under_ten:6.1%} | decision median {summary.median_ms:5.2f} ms, p99 {summary.p99_ms:6.2f} ms"
        f" | {targets_text(summary, markers, expert)}"
    )


def format_compare(
    players: int, results: Sequence[GameResult], other: Sequence[GameResult], name: str
) -> str:
    diffs = [b.cards_left - a.cards_left for a, b in zip(results, other, strict=True)]
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(len(diffs)) if diffs else 0.0
    better = sum(1 for d in diffs if d > 0)
    worse = sum(1 for d in diffs if d < 0)
    wins_a = sum(1 for r in results if r.cards_left == 0)
    wins_b = sum(1 for r in other if r.cards_left == 0)
    return (
        f"{players} player{'s' if players > 1 else ''} vs {name}: {name} leaves {mean:+.2f} cards more on average "
        f"(95% CI {mean - half:+.2f}..{mean + half:+.2f}); this strategy better on {better}, worse on {worse}, "
        f"equal on {len(diffs) - better - worse} deals; wins {wins_a} vs {wins_b} for {name}"
    )


def parse_players(text: str) -> list[int]:
    if ".." in text:
        low, high = (int(part) for part in text.split("..", 1))
        values = list(range(low, high + 1))
    else:
        values = [int(part) for part in text.split(",")]
    if not values or any(not 1 <= value <= 5 for value in values):
        raise argparse.ArgumentTypeError("players must be within 1..5, e.g. 3 or 1..5")
    return values


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    from bot.games.thegame.ai import STRATEGIES

    parser = argparse.ArgumentParser(
        prog="python -m bot.games.thegame.ai.simulate", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--players", type=parse_players, default=parse_players("1..5"), help="e.g. 3 or 1..5")
    parser.add_argument("--games", type=int, default=1000, help="deals per player count")
    parser.add_argument("--strategy", default="strong", choices=sorted(STRATEGIES))
    parser.add_argument("--markers", action="store_true", help="AI players set and respect markers")
    parser.add_argument("--variant", choices=["standard", "expert"], default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--compare", choices=sorted(STRATEGIES), help="also play these deals with this strategy"
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a weight of the strong strategy (experiments)",
    )
    args = parser.parse_args(argv)
    params = dict(item.split("=", 1) for item in args.param)
    expert = args.variant == "expert"
    out(
        f"strategy {args.strategy}{' with markers' if args.markers else ''}, {args.variant} rules, "
        f"seed {args.seed}, {args.games} deals per player count, {args.workers} workers"
    )
    for players in args.players:
        started = time.perf_counter()
        results = run(
            players, args.games, args.strategy, args.seed, args.markers, expert, args.workers, params
        )
        summary = summarize(players, results)
        out(format_summary(summary, args.markers, expert) + f" | {time.perf_counter() - started:.0f} s")
        if args.compare:
            other = run(players, args.games, args.compare, args.seed, args.markers, expert, args.workers)
            out("    " + format_compare(players, results, other, args.compare))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
