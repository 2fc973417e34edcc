"""Benchmark: the Crapette AI against baselines written for the benchmark, before and after; the engine's speed.

The AI (section 1). The AI plays each baseline of `crapette_baselines.py` (first legal, random legal, random
keeping the priority rule, greedy) on `--deals` seeded deals, each deal twice with the seats swapped, so the luck
of a deal counts once for each side. "before" is the AI as it was before issue #25, frozen in
`crapette_before.py`; "after" is today's `STRATEGIES["strong"]`. Both play the same deals by today's rules (the
table's default options), in one run. Printed per baseline: the AI's win share with its 95% Wilson interval,
draws, and the calls; then the AI's decision times (CPU time of `choose_action`, p50 and p99). Targets: at least
75% against greedy and 95% against the others, p99 under 50 ms.

The engine (section 2, `--engine`). The same seeded deals, first legal on both seats, no calls:
- engine: the way the bot drives it: `legal_actions(seat)[0]`, then `apply(seat, action)` (validated, priority
  rule checked, logged, events, end of game detected by the engine);
- engine through views: the same, but the action comes from a `CrapetteView` (as an AI seat does);
- bare loop: plain `Board` lists with the same move generation and the same choices, but no validation, no
  priority check, no log, no events (its own turn and win logic). It must reach the same winners: checked.

    .venv/bin/python benchmarks/crapette.py [--deals 200] [--seed 1] [--workers 1] [--only after] [--engine]
                                            [--baseline "random, keeps the rule"] [--context] ...

`--context` also plays greedy in the AI's seat against random that keeps the rule, on the same deals: how far apart
two players that keep the rule are (the targets ask 75% against one and 95% against the other).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.crapette_baselines import BASELINES, FirstLegal, Greedy, Player, RandomKeepingTheRule
from benchmarks.crapette_before import BeforeStrategy
from bot.games.crapette import STRATEGIES, Crapette, CrapetteOptions
from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, deal
from bot.games.crapette.moves import Action, Move, move_spots
from bot.games.crapette.session import AI_STEP_PAUSE, step_moves
from bot.games.crapette.simulate import game_seed, percentile, wilson_interval

OPTIONS = CrapetteOptions()
TARGET_GREEDY = 0.75
TARGET_OTHERS = 0.95
TARGET_P99 = 0.050  # seconds
TABLE_PAUSE = 1.5  # AI_TURN_DELAY_SECONDS's default
AIS: dict[str, Callable[[], Player]] = {"before": BeforeStrategy, "after": STRATEGIES["strong"]}
# Context for the targets: a baseline in the AI's seat, against another baseline (`--context`).
PLAYERS: dict[str, Callable[[], Player]] = {**AIS, "greedy": lambda: Greedy(0)}


# ---------------------------------------------------------------------------------------------- the AI


@dataclass(slots=True)
class Tally:
    """One AI against one baseline."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    ai_right_calls: int = 0
    ai_wrong_calls: int = 0
    calls_on_ai: int = 0  # right calls by the baseline: the AI broke the rule
    times: list[float] = field(default_factory=list)
    turns: list[list[Action]] = field(default_factory=list)  # the AI's actions, turn by turn

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses
        self.ai_right_calls += other.ai_right_calls
        self.ai_wrong_calls += other.ai_wrong_calls
        self.calls_on_ai += other.calls_on_ai
        self.times += other.times
        self.turns += other.turns


def play(ai_name: str, baseline: int, deal_seed: int, ai_seat: int) -> Tally:
    """One game of the AI `ai_name` (at `ai_seat`) against baseline number `baseline`."""
    players: list[Player] = [PLAYERS[ai_name](), BASELINES[baseline](deal_seed * 2 + ai_seat)]
    if ai_seat == 1:
        players.reverse()
    game = Crapette.new(OPTIONS, deal_seed)
    tally = Tally(games=1)
    clock = time.process_time
    turn = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        started = clock()
        action = players[seat].choose_action(view)
        if seat == ai_seat:
            tally.times.append(clock() - started)
            if not tally.turns or turn != game.turn_number:
                tally.turns.append([])
            turn = game.turn_number
            tally.turns[-1].append(action)
        game.apply(seat, action)
        watcher = 1 - seat  # after every action, the other seat may call (on the turn's end too)
        if game.can_call_crapette(watcher) and players[watcher].should_call_crapette(game.view(watcher)):
            game.call_crapette(watcher)
    tally.wins = int(game.winner == ai_seat)
    tally.losses = int(game.winner == 1 - ai_seat)
    tally.ai_right_calls = game.crapettes_called(ai_seat)
    tally.ai_wrong_calls = game.wrong_calls(ai_seat)
    tally.calls_on_ai = game.crapettes_called(1 - ai_seat)
    return tally


def _play_chunk(job: tuple[str, int, int, range]) -> tuple[str, int, Tally]:
    ai_name, baseline, seed, deals = job
    tally = Tally()
    for index in deals:
        deal_seed = game_seed(seed, index)
        for ai_seat in (0, 1):
            tally.add(play(ai_name, baseline, deal_seed, ai_seat))
    return ai_name, baseline, tally


def run(
    ai_names: Sequence[str], deals: int, seed: int, workers: int, baselines: Sequence[int]
) -> dict[tuple[str, int], Tally]:
    size = max(1, min(25, deals // max(1, workers * 2)))
    jobs = [
        (ai_name, baseline, seed, range(start, min(deals, start + size)))
        for ai_name in ai_names
        for baseline in baselines
        for start in range(0, deals, size)
    ]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_play_chunk, jobs)
    else:
        parts = [_play_chunk(job) for job in jobs]
    tallies: dict[tuple[str, int], Tally] = {}
    for ai_name, baseline, tally in parts:
        tallies.setdefault((ai_name, baseline), Tally()).add(tally)
    return tallies


def share_text(tally: Tally) -> str:
    low, high = wilson_interval(tally.wins, tally.games)
    draws = tally.games - tally.wins - tally.losses
    return f"{tally.wins / tally.games:6.1%} ({low:.1%}–{high:.1%}), {draws} drawn"


def report(
    ai_names: Sequence[str],
    tallies: dict[tuple[str, int], Tally],
    deals: int,
    seconds: float,
    baselines: Sequence[int],
) -> None:
    print(
        f"Crapette AI against the baselines: {deals} deals × 2 seats = {2 * deals} games each, "
        f"options {OPTIONS.to_dict()} ({seconds:.0f} s CPU)"
    )
    print("  AI win share (95% Wilson interval), draws count as not won")
    header = f"  {'baseline':<24}" + "".join(f"{name:<38}" for name in ai_names) + "target"
    print(header)
    for baseline in baselines:
        name = BASELINES[baseline](0).name
        target = TARGET_GREEDY if name == "greedy" else TARGET_OTHERS
        cells = "".join(f"{share_text(tallies[ai_name, baseline]):<38}" for ai_name in ai_names)
        last = tallies[ai_names[-1], baseline]
        met = "✓" if last.wins / last.games >= target else "✗"
        print(f"  {name:<24}{cells}≥ {target:.0%} {met}")
    for ai_name in ai_names:
        runs = [tallies[ai_name, baseline] for baseline in baselines]
        times = [moment for tally in runs for moment in tally.times]
        p99 = percentile(times, 0.99)
        print(
            f"  {ai_name}: {len(times):,} decisions, p50 {statistics.median(times) * 1000:.2f} ms, "
            f"p99 {p99 * 1000:.2f} ms (< {TARGET_P99 * 1000:.0f} ms {'✓' if p99 < TARGET_P99 else '✗'}), "
            f"max {max(times) * 1000:.0f} ms; its calls: right {sum(t.ai_right_calls for t in runs)}, "
            f"wrong {sum(t.ai_wrong_calls for t in runs)}; right calls on it: {sum(t.calls_on_ai for t in runs)}"
        )


def context_report(deals: int, seed: int, workers: int) -> None:
    """How far apart two players that keep the priority rule are: greedy against random that keeps the rule."""
    baseline = next(index for index, make in enumerate(BASELINES) if make is RandomKeepingTheRule)
    tally = run(["greedy"], deals, seed, workers, [baseline])["greedy", baseline]
    print(
        f"Context: greedy in the AI's seat against random that keeps the rule, the same {2 * deals} games: "
        f"{share_text(tally)}, lost {tally.losses}"
    )


def turn_seconds(actions: Sequence[Action], paced: bool) -> float:
    """How long an AI turn of `actions` takes on a table with the usual pause (`TABLE_PAUSE`): before issue #25 each
    action came after that pause; now the turn is played in steps (`session.step_moves`), `AI_STEP_PAUSE` of that pause apart."""
    if not paced:
        return TABLE_PAUSE * len(actions)
    steps, moved = 1, 0
    for action in actions[:-1]:
        moved += isinstance(action, Move)
        if moved >= step_moves(steps - 1):
            steps, moved = steps + 1, 0
    return TABLE_PAUSE * (1 + (steps - 1) * AI_STEP_PAUSE)


def pacing_report(tallies: dict[tuple[str, int], Tally]) -> None:
    turns = [turn for (ai_name, _), tally in tallies.items() if ai_name == "after" for turn in tally.turns]
    if not turns:
        return
    print(f"AI turns on a table with the usual {TABLE_PAUSE} s pause ({len(turns):,} turns of the after AI)")
    for label, paced in (("one action a pause (before)", False), ("in steps (after)", True)):
        seconds = sorted(turn_seconds(turn, paced) for turn in turns)
        print(
            f"  {label:<28} p50 {percentile(seconds, 0.5):4.1f} s, p90 {percentile(seconds, 0.9):4.1f} s, "
            f"max {seconds[-1]:4.1f} s"
        )


# ---------------------------------------------------------------------------------------------- the engine

GameRun = Callable[[int], tuple[int | None, int]]  # seed -> (winner, actions)


def engine_game(seed: int) -> tuple[int | None, int]:
    game = Crapette.new(OPTIONS, seed)
    actions = 0
    legal_actions = game.legal_actions
    apply = game.apply
    while not game.is_over:
        seat = game.current_player
        apply(seat, legal_actions(seat)[0])
        actions += 1
    return game.winner, actions


def engine_game_with_views(seed: int) -> tuple[int | None, int]:
    game = Crapette.new(OPTIONS, seed)
    player = FirstLegal(seed)
    actions = 0
    while not game.is_over:
        seat = game.current_player
        game.apply(seat, player.choose_action(game.view(seat)))
        actions += 1
    return game.winner, actions


def bare_game(seed: int, max_actions: int) -> tuple[int | None, int]:
    """The same policy on plain lists (stops after `max_actions`, where the engine's game ended in a draw)."""
    decks = Crapette.new(OPTIONS, seed).decks
    board = Board.dealt(deal(decks[0], 0), deal(decks[1], 1))
    seat = Crapette.from_decks(OPTIONS, *decks).first_player
    actions = 0
    while actions < max_actions:
        actions += 1
        # As the engine lists them (rules version 2): moves between side piles after turning the stock, so the
        # first legal action is never one of those.
        moves = [
            move
            for move in board.legal_moves(seat, OPTIONS)
            if not (move.from_side_pile and move.to_side_pile)
        ]
        if moves:
            source, target = move_spots(moves[0])
            board.move(seat, source, target)
            if board.cards_left(seat) == 0:
                return seat, actions
            continue
        if board.turned[seat] != NO_CARD:
            board.discards[seat].append(board.turned[seat])
            board.turned[seat] = NO_CARD
            seat = 1 - seat
        elif board.stocks[seat] or board.discards[seat]:
            if not board.stocks[seat]:
                board.stocks[seat] = board.discards[seat][::-1]
                board.discards[seat] = []
            board.turned[seat] = board.stocks[seat].pop()
        else:
            seat = 1 - seat
    return None, actions


def timed(run_game: GameRun, seeds: list[int], repeat: int) -> tuple[float, list[tuple[int | None, int]]]:
    """Median actions per second over `repeat` runs, and the results of the last run."""
    rates: list[float] = []
    results: list[tuple[int | None, int]] = []
    for _ in range(repeat):
        started = time.process_time()
        results = [run_game(seed) for seed in seeds]
        elapsed = time.process_time() - started
        rates.append(sum(actions for _, actions in results) / elapsed)
    return statistics.median(rates), results


def engine_report(games: int, repeat: int) -> None:
    seeds = list(range(games))
    engine_rate, engine_results = timed(engine_game, seeds, repeat)
    view_rate, view_results = timed(engine_game_with_views, seeds, repeat)
    limits = {seed: actions for seed, (_, actions) in zip(seeds, engine_results, strict=True)}
    bare_rate, bare_results = timed(lambda seed: bare_game(seed, limits[seed]), seeds, repeat)
    same = all(
        engine[0] == bare[0] and (engine[0] is None or engine[1] == bare[1])
        for engine, bare in zip(engine_results, bare_results, strict=True)
    )
    actions = sum(count for _, count in engine_results)
    print(f"Crapette engine, first legal on both seats, {games} games ({actions} actions)")
    print(f"  median of {repeat} runs, CPU time")
    print(f"  engine (legal_actions + apply):  {engine_rate:>10,.0f} actions/s")
    print(f"  engine through views:            {view_rate:>10,.0f} actions/s")
    print(f"  bare loop (no checks, no log):   {bare_rate:>10,.0f} actions/s")
    print(f"  engine / bare loop: {engine_rate / bare_rate:.2f}; same winners: {same}")
    print(f"  views give the same games: {view_results == engine_results}")
    print(f"  decisive games: {sum(winner is not None for winner, _ in engine_results)} of {games}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Crapette AI and engine benchmark")
    parser.add_argument("--deals", type=int, default=200, help="deals per baseline (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", choices=sorted(AIS), help="measure one AI only")
    names = [make(0).name for make in BASELINES]
    parser.add_argument(
        "--baseline",
        action="append",
        choices=names,
        help="measure against this baseline only (repeatable; default: all)",
    )
    parser.add_argument(
        "--context", action="store_true", help="also play greedy against random that keeps the rule"
    )
    parser.add_argument("--engine", action="store_true", help="also measure the engine's speed")
    parser.add_argument("--engine-games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    ai_names = [args.only] if args.only else list(AIS)
    started = time.process_time()
    baselines = [names.index(name) for name in args.baseline] if args.baseline else list(range(len(names)))
    tallies = run(ai_names, args.deals, args.seed, args.workers, baselines)
    seconds = (
        sum(sum(t.times) for t in tallies.values()) if args.workers > 1 else time.process_time() - started
    )
    report(ai_names, tallies, args.deals, seconds, baselines)
    pacing_report(tallies)
    if args.context:
        context_report(args.deals, args.seed, args.workers)
    if args.engine:
        engine_report(args.engine_games, args.repeat)


if __name__ == "__main__":
    main()
