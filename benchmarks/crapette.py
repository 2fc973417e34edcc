"""Benchmark: Crapette engine actions per second against a bare loop, and the strong AI's decision times.

Runs (the same seeded deals each time, first_legal on both seats, no calls):
- engine: the way the bot drives it: `legal_actions(seat)[0]`, then `apply(seat, action)` (validated, priority
  rule checked, logged, events, end of game detected by the engine).
- engine through views: the same, but the action comes from `FirstLegalStrategy.choose_action(view(seat))`, as
  an AI seat does (a view is built for every action).
- bare loop: plain `Board` lists with the same move generation and the same choices, but no validation, no
  priority check, no log, no events (its own turn and win logic). It must reach the same winners: checked.

Then the strong AI against first_legal: the time of each `choose_action`, median and p99.

Times are CPU time of this process (`time.process_time`), so other processes disturb them less; each run is
repeated and the median kept.

    .venv/bin/python benchmarks/crapette.py [--games 40] [--repeat 5] [--ai-games 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.crapette import STRATEGIES, Crapette, CrapetteOptions
from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, deal
from bot.games.crapette.moves import FIRST_SIDE, move_spots

OPTIONS = CrapetteOptions()
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
    player = STRATEGIES["first_legal"]()
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
    moved: set[int] = set()
    actions = 0
    while actions < max_actions:
        actions += 1
        moves = board.legal_moves(seat, False, moved)
        if moves:
            source, target = move_spots(moves[0])
            card = board.move(seat, source, target)
            if source >= FIRST_SIDE and FIRST_SIDE <= target < FIRST_SIDE + 8:
                moved.add(card)
            elif moved:
                moved = set()
            if board.cards_left(seat) == 0:
                return seat, actions
            continue
        moved = set()
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


def timed(run: GameRun, seeds: list[int], repeat: int) -> tuple[float, list[tuple[int | None, int]]]:
    """Median actions per second over `repeat` runs, and the results of the last run."""
    rates: list[float] = []
    results: list[tuple[int | None, int]] = []
    for _ in range(repeat):
        started = time.process_time()
        results = [run(seed) for seed in seeds]
        elapsed = time.process_time() - started
        rates.append(sum(actions for _, actions in results) / elapsed)
    return statistics.median(rates), results


def ai_decision_times(games: int) -> list[float]:
    times: list[float] = []
    for index in range(games):
        game = Crapette.new(OPTIONS, 10_000 + index)
        strong_seat = index % 2
        players = {strong_seat: STRATEGIES["strong"](), 1 - strong_seat: STRATEGIES["first_legal"]()}
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            started = time.process_time()
            action = players[seat].choose_action(view)
            if seat == strong_seat:
                times.append(time.process_time() - started)
            game.apply(seat, action)
            watching = 1 - seat
            if game.can_call_crapette(watching) and players[watching].should_call_crapette(
                game.view(watching)
            ):
                game.call_crapette(watching)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description="Crapette engine and AI benchmark")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ai-games", type=int, default=30)
    args = parser.parse_args()
    seeds = list(range(args.games))

    engine_rate, engine_results = timed(engine_game, seeds, args.repeat)
    view_rate, view_results = timed(engine_game_with_views, seeds, args.repeat)
    limits = {seed: actions for seed, (_, actions) in zip(seeds, engine_results, strict=True)}
    bare_rate, bare_results = timed(lambda seed: bare_game(seed, limits[seed]), seeds, args.repeat)
    same = all(
        engine[0] == bare[0] and (engine[0] is None or engine[1] == bare[1])
        for engine, bare in zip(engine_results, bare_results, strict=True)
    )
    actions = sum(count for _, count in engine_results)
    print(f"Crapette, first_legal on both seats, {args.games} games ({actions} actions)")
    print(f"  median of {args.repeat} runs, CPU time")
    print(f"  engine (legal_actions + apply):  {engine_rate:>10,.0f} actions/s")
    print(f"  engine through views:            {view_rate:>10,.0f} actions/s")
    print(f"  bare loop (no checks, no log):   {bare_rate:>10,.0f} actions/s")
    print(f"  engine / bare loop: {engine_rate / bare_rate:.2f}; same winners and lengths: {same}")
    print(f"  views give the same games: {view_results == engine_results}")
    print(f"  decisive games: {sum(winner is not None for winner, _ in engine_results)} of {args.games}")

    times = sorted(ai_decision_times(args.ai_games))
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"Strong AI vs first_legal, {args.ai_games} games, {len(times)} decisions (CPU time)")
    print(f"  choose_action: median {median * 1000:.3f} ms, p99 {p99 * 1000:.2f} ms")
    print(f"  slowest: {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
