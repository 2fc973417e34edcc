"""Benchmark: the Klondike engine's speed and the solver's figures.

Engine: random legal play (a seeded uniform choice among `legal_moves()`, then `play()`), against a bare loop of
plain lists that generates the same legal moves in the same order and makes the same choices without validation,
events, log or end checks. Both play the same games move for move (the benchmark checks the final positions
match); the baseline stops where the engine's game ended. Medians over repeats, CPU time of this process.

Solver: `solve()` on N random deals (seeds 0..N-1 from `Klondike.new`), each with a limit of CPU time (so other
processes on a busy machine disturb the figures less) on one core, spread over worker processes. Prints the decided share, the winnable share with a 95% Wilson interval, median
and p90 solve times, and the number of deals that hit the limit. Targets (draw three, 1,000 deals, 2 s): at
least 90% decided; winnable share within 3 points of 82% (Blake & Gent 2019, Solvitaire).

Hints (`--hints N`): on N positions (random deals after 0 to 60 random moves), the CPU time of the hint players get
(`hints.hint`: guessed deals for the unseen cards, node limits) against the hint before it, measured in the same
run (`solve` on the position with every card read, 1.5 s limit, its first move); p50 and p99 of each. With
`--follow M`: M deals played by following each hint from the deal to the end (at most 400 moves), the deals won,
against the solver's verdict on them (what the old, all-seeing hints could win).

Soundness (`--soundness N`, slow): on N late positions (most of a winning line, then random moves), the solver's
verdict against a search with none of its reductions; a clash ("unwinnable" where a win exists) would be a bug.

    .venv/bin/python benchmarks/klondike.py [--deals 100] [--time-limit 2] [--workers 2] [--draw 3]
        [--engine-games 200] [--repeat 5] [--skip-engine] [--skip-solver] [--verbose] [--soundness 0]
        [--hints 0] [--follow 0]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.cards import shuffled_decks
from bot.games.klondike import Klondike, KlondikeOptions
from bot.games.klondike.hints import hint
from bot.games.klondike.layout import HOSTS_ALTERNATE, KING, KING_IDS, RANK, SUIT, check_deck, deal
from bot.games.klondike.search import Search
from bot.games.klondike.search_state import FOUNDATION_PLACE, WASTE_SOURCE, State, Step
from bot.games.klondike.solver import UNKNOWN, UNWINNABLE, WINNABLE, solve

TARGET_DECIDED = 0.90
TARGET_WINNABLE = 0.82
WINNABLE_TOLERANCE = 0.03
MAX_MOVES = 300  # per random game

# --------------------------------------------------------------------------- engine


def engine_game(seed: int, draw: int) -> tuple[int, list[list[int]]]:
    """One random game through the engine; (moves played, the final face-up columns as card ids)."""
    game = Klondike.new(KlondikeOptions(draw=draw), seed)
    rng = random.Random(seed)
    played = 0
    while played < MAX_MOVES and not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        played += 1
    return played, [list(cards) for cards in game.full_position().face_up]


def _targets(card: int, source: int, tops: dict[int, int], empty: list[int]) -> list[int]:
    """The columns a card (heading a run from column `source`, -1 for none) may go to, as the engine lists them."""
    if RANK[card] == KING:
        return [index for index in empty if index != source]
    return sorted(tops[host] for host in HOSTS_ALTERNATE[card] if host in tops and tops[host] != source)


def baseline_game(seed: int, draw: int, moves_to_play: int) -> list[list[int]]:
    """The same game with plain lists: same legal moves in the same order, same choices, nothing checked."""
    face_down, face_up_cards, stock = deal(check_deck(shuffled_decks(1, seed)))
    up = [[card] for card in face_up_cards]
    found = [0, 0, 0, 0]
    waste: list[int] = []
    rng = random.Random(seed)
    for _ in range(moves_to_play):
        tops = {cards[-1]: index for index, cards in enumerate(up) if cards}
        empty = [index for index in range(7) if not up[index] and not face_down[index]]
        moves: list[
            tuple[int, int, int]
        ] = []  # (source, target, count): source 7 waste, 8+s foundation, 12 stock
        top = waste[-1] if waste else -1
        if top >= 0 and found[SUIT[top]] == RANK[top] - 1:
            moves.append((7, 7, 1))
        for index, cards in enumerate(up):
            if cards and found[SUIT[cards[-1]]] == RANK[cards[-1]] - 1:
                moves.append((index, 7, 1))
        if top >= 0:
            moves.extend((7, target, 1) for target in _targets(top, -1, tops, empty))
        for index, cards in enumerate(up):
            for start, base in enumerate(cards):
                moves.extend(
                    (index, target, len(cards) - start) for target in _targets(base, index, tops, empty)
                )
        for suit in range(4):
            if found[suit]:
                card = (found[suit] - 1) * 4 + suit
                moves.extend((8 + suit, target, 1) for target in _targets(card, -1, tops, empty))
        if stock or waste:
            moves.append((12, 0, 1))
        source, target, count = moves[rng.randrange(len(moves))]
        if source == 12:
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
            else:
                stock = waste[::-1]
                waste = []
            continue
        if source == 7:
            cards = [waste.pop()]
        elif source >= 8:
            cards = [(found[source - 8] - 1) * 4 + source - 8]
            found[source - 8] -= 1
        else:
            cards = up[source][len(up[source]) - count :]
            del up[source][len(up[source]) - count :]
            if not up[source] and face_down[source]:
                up[source].append(face_down[source].pop())
        if target == 7 and source < 8:
            found[SUIT[cards[0]]] += 1
        else:
            up[target].extend(cards)
    return up


def bench_engine(games: int, repeat: int, draw: int) -> None:
    seeds = range(games)
    engine_times: list[float] = []
    baseline_times: list[float] = []
    results: list[tuple[int, list[list[int]]]] = []
    for _ in range(repeat):
        started = time.process_time()
        results = [engine_game(seed, draw) for seed in seeds]
        engine_times.append(time.process_time() - started)
        started = time.process_time()
        finals = [baseline_game(seed, draw, played) for seed, (played, _) in zip(seeds, results, strict=True)]
        baseline_times.append(time.process_time() - started)
        for (_, engine_final), baseline_final in zip(results, finals, strict=True):
            if engine_final != baseline_final:
                raise SystemExit("The baseline and the engine did not play the same games.")
    moves = sum(played for played, _ in results)
    engine_rate = moves / statistics.median(engine_times)
    baseline_rate = moves / statistics.median(baseline_times)
    print(f"Engine, random legal play, draw {draw}: {games} games, {moves} moves, median of {repeat} runs")
    print(f"  engine   (legal_moves + play, events, log, end checks): {engine_rate:10,.0f} moves/s")
    print(f"  baseline (plain lists, same moves, nothing checked):   {baseline_rate:10,.0f} moves/s")
    print(f"  engine / baseline: {engine_rate / baseline_rate:.2f}")


# --------------------------------------------------------------------------- solver soundness


class UnprunedSearch(Search):
    """The solver's search with none of its reductions: every legal move, no forced moves, plain keys."""

    restart_unit = 10**12

    def settle(
        self, columns: list[bytes], down: bytearray, found: bytearray, steps: list[Step], check: object
    ) -> None:
        return

    def key(self, state: State) -> bytes:
        return state[2] + state[1] + b"\xff".join(state[0]) + bytes([state[4]])

    def seen_before(self, visited: dict[bytes, int], key: bytes, state: State) -> bool:
        return key in visited

    def visit(self, visited: dict[bytes, int], key: bytes, state: State) -> None:
        visited[key] = 1

    def steps(self, state: State, duty: object) -> list[Step]:
        columns, down, found, talon, size = state
        tops = {column[-1]: index for index, column in enumerate(columns) if column}
        empty = [index for index in range(7) if not columns[index] and not down[index]]
        places: list[tuple[int, int, int, int]] = []  # source, count, card, waste size
        for index, column in enumerate(columns):
            places += [(index, len(column) - start, card, 0) for start, card in enumerate(column)]
        places += [(WASTE_SOURCE, 1, card, waste_size) for card, waste_size in self.waste_cards(talon, size)]
        places += [(FOUNDATION_PLACE, 1, rank * 4 - 4 + suit, 0) for suit, rank in enumerate(found) if rank]
        moves: list[Step] = []
        for source, count, card, waste_size in places:
            if source != FOUNDATION_PLACE and count == 1 and found[card & 3] == card >> 2:
                moves.append((source, FOUNDATION_PLACE, 1, card, waste_size, None))
            targets = empty if card >= KING_IDS else [tops[host] for host in self.hosts[card] if host in tops]
            moves += [
                (source, target, count, card, waste_size, None) for target in targets if target != source
            ]
        return sorted(moves, key=lambda move: move[1] != FOUNDATION_PLACE)


def soundness_job(job: tuple[int, int]) -> tuple[str, str, int]:
    """One late position (most of a winning line, then random moves), judged by the solver and unpruned."""
    seed, node_limit = job
    rng = random.Random(seed)
    game = Klondike.new(KlondikeOptions(draw=rng.choice([1, 3]), any_colour=rng.random() < 0.3), seed)
    line = solve(game, time_limit=10, node_limit=30_000).moves
    if line is None:
        return UNKNOWN, UNKNOWN, seed
    for move in line[: rng.randrange(len(line) // 2, len(line))]:
        game.play(move)
    for _ in range(rng.randrange(150)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    position = game.full_position()
    pruned = solve(position, time_limit=20, node_limit=200_000).status
    unpruned = UnprunedSearch(position, time.perf_counter() + 60, node_limit, time.perf_counter).run()[0]
    return pruned, unpruned, seed


def check_soundness(positions: int, workers: int) -> None:
    """Compare the solver with the unpruned search: a proof of "unwinnable" must never meet a win."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(soundness_job, [(seed, 150_000) for seed in range(positions)]))
    counts: dict[tuple[str, str], int] = {}
    for pruned, unpruned, _ in results:
        counts[pruned, unpruned] = counts.get((pruned, unpruned), 0) + 1
    clashes = [seed for pruned, unpruned, seed in results if {pruned, unpruned} == {WINNABLE, UNWINNABLE}]
    print(f"Soundness: {positions} late positions, (solver, unpruned search): {counts}")
    print(f"  {mark(not clashes)} verdicts that clash: {clashes or 'none'}")


# --------------------------------------------------------------------------- solver


def solve_deal(job: tuple[int, int, float]) -> tuple[int, str, int, float]:
    seed, draw, time_limit = job
    game = Klondike.new(KlondikeOptions(draw=draw), seed)
    result = solve(game, time_limit=time_limit, cpu_time=True)
    if result.status == WINNABLE:
        assert result.moves is not None
        for move in result.moves:
            game.play(move)
        if not game.is_won:
            raise SystemExit(f"Deal {seed}: the solver's moves do not win.")
    return seed, result.status, result.nodes, result.seconds


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return 0.0, 1.0
    share = successes / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def bench_solver(deals: int, time_limit: float, workers: int, draw: int, verbose: bool) -> None:
    jobs = [(seed, draw, time_limit) for seed in range(deals)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(solve_deal, jobs, chunksize=4))
    wall = time.perf_counter() - started
    if verbose:
        for seed, status, nodes, seconds in results:
            print(f"  deal {seed}: {status} ({nodes} positions, {seconds:.2f} s)")
    counts = {
        status: sum(1 for _, found, _, _ in results if found == status)
        for status in (WINNABLE, UNWINNABLE, UNKNOWN)
    }
    decided = counts[WINNABLE] + counts[UNWINNABLE]
    times = [seconds for _, _, _, seconds in results]
    decided_times = [seconds for _, status, _, seconds in results if status != UNKNOWN]
    low, high = wilson(counts[WINNABLE], deals)
    winnable_share = counts[WINNABLE] / deals
    print(
        f"Solver, draw {draw}: {deals} deals, limit {time_limit:g} s CPU each, {workers} workers, {wall:.0f} s wall"
    )
    print(
        f"  {mark(decided / deals >= TARGET_DECIDED)} decided: {decided / deals:.1%} "
        f"({counts[WINNABLE]} winnable, {counts[UNWINNABLE]} unwinnable, {counts[UNKNOWN]} hit the limit)"
        + (f"  target ≥ {TARGET_DECIDED:.0%}" if draw == 3 else "")
    )
    close = abs(winnable_share - TARGET_WINNABLE) <= WINNABLE_TOLERANCE
    print(
        f"  {mark(close) if draw == 3 else ' '} winnable: {winnable_share:.1%} of all deals "
        f"(95% interval {low:.1%} to {high:.1%}); at most {(counts[WINNABLE] + counts[UNKNOWN]) / deals:.1%} "
        f"if every undecided deal were winnable; {counts[WINNABLE] / max(decided, 1):.1%} of decided deals"
        + (f"  target {TARGET_WINNABLE:.0%} ± {WINNABLE_TOLERANCE * 100:.0f} points" if draw == 3 else "")
    )
    print(
        f"  time per deal: median {statistics.median(times):.3f} s, p90 {percentile(times, 0.9):.3f} s; "
        f"decided deals: median {statistics.median(decided_times) if decided_times else 0:.3f} s, "
        f"p90 {percentile(decided_times, 0.9) if decided_times else 0:.3f} s"
    )


# --------------------------------------------------------------------------- hints

OLD_HINT_SECONDS = 1.5


def old_hint(game: Klondike) -> object:
    """The hint before hints stopped reading hidden cards: the first move of the solver's winning line."""
    result = solve(game, time_limit=OLD_HINT_SECONDS, cpu_time=True)
    if result.status == WINNABLE and result.moves:
        return result.moves[0]
    safe = game.auto_moves()
    return safe[0] if safe else None


def hint_position(seed: int, draw: int) -> Klondike:
    game = Klondike.new(KlondikeOptions(draw=draw), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(61)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def hint_times(job: tuple[int, int]) -> tuple[float, float] | None:
    """CPU seconds of (the hint, the old hint) on one position, None for a finished game."""
    game = hint_position(*job)
    if game.is_over:
        return None
    started = time.process_time()
    hint(game)
    honest = time.process_time() - started
    started = time.process_time()
    old_hint(game)
    return honest, time.process_time() - started


def follow_hints(job: tuple[int, int]) -> tuple[int, str, bool]:
    """One deal played by following every hint: (seed, the solver's verdict with every card read, won)."""
    seed, draw = job
    game = Klondike.new(KlondikeOptions(draw=draw), seed)
    verdict = solve(game, time_limit=2, cpu_time=True).status
    for _ in range(400):
        if game.is_over:
            break
        move = hint(game).move
        if move is None:
            break
        game.play(move)
    return seed, verdict, game.is_won


def bench_hints(positions: int, follow: int, workers: int, draw: int) -> None:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        times = [
            found for found in pool.map(hint_times, [(seed, draw) for seed in range(positions)]) if found
        ]
        followed = list(pool.map(follow_hints, [(seed, draw) for seed in range(follow)]))
    honest = [found[0] for found in times]
    old = [found[1] for found in times]
    print(f"Hints, draw {draw}: {len(times)} positions (random deals after 0 to 60 random moves), CPU time")
    print(
        f"  from what players have seen (guessed deals): p50 {statistics.median(honest) * 1000:6.0f} ms, "
        f"p99 {percentile(honest, 0.99) * 1000:6.0f} ms, max {max(honest) * 1000:6.0f} ms"
    )
    print(
        f"  before, reading every card (1.5 s limit):     p50 {statistics.median(old) * 1000:6.0f} ms, "
        f"p99 {percentile(old, 0.99) * 1000:6.0f} ms, max {max(old) * 1000:6.0f} ms"
    )
    if followed:
        won = sum(1 for _, _, is_won in followed if is_won)
        winnable = sum(1 for _, verdict, _ in followed if verdict == WINNABLE)
        won_winnable = sum(1 for _, verdict, is_won in followed if is_won and verdict == WINNABLE)
        print(
            f"  following every hint from the deal: {won} of {follow} deals won ({won / follow:.0%}); "
            f"{won_winnable} of the {winnable} the solver wins reading every card"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--draw", type=int, default=3, choices=(1, 3))
    parser.add_argument("--engine-games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-engine", action="store_true")
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="print every deal's result")
    parser.add_argument(
        "--soundness", type=int, default=0, help="compare with an unpruned search on N positions"
    )
    parser.add_argument("--hints", type=int, default=0, help="time the hints on N positions")
    parser.add_argument("--follow", type=int, default=0, help="with --hints: follow the hints on N deals")
    args = parser.parse_args()
    if not args.skip_engine:
        bench_engine(args.engine_games, args.repeat, args.draw)
    if not args.skip_solver:
        bench_solver(args.deals, args.time_limit, args.workers, args.draw, args.verbose)
    if args.soundness:
        check_soundness(args.soundness, args.workers)
    if args.hints:
        bench_hints(args.hints, args.follow, args.workers, args.draw)


if __name__ == "__main__":
    main()
