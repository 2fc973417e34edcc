"""Hearts benchmark: complete games per second through the engine against a bare loop, AI decision times, and the
AI's strength under the original rules and the current ones.

    python benchmarks/hearts.py [--games 40] [--runs 5] [--players 4] [--positions 300]
                                [--strength-games 400] [--workers 2] [--seed 1]

1. Engine: complete games (to 100 points) through `Hearts`, every seat passing its first three cards and playing
   its first legal card (the moon shooter takes "plus_others").
2. Bare loop, in the same run: the same games with the same deals and the same choices on plain lists of ints,
   without the engine's objects, validation, views or events. The two must end with the same scores (printed).
3. AI decisions: for positions met in games between baseline seats, the CPU time of one baseline decision and
   one strong decision on the same view; median and 99th percentile.
4. AI strength before and after the first-lead rule, in the same run: `--strength-games` whole games of one strong
   seat against baseline seats (`bot.games.hearts.simulate`), once under the original rules (any first lead; the
   AI plays them exactly as the code before the rule did) and once under the current rules (the 2 of clubs leads;
   no penalty card on the first trick while following suit either), on the same deals with the tested seat moving
   round the table. Prints, for each, the strong seat's share of wins (95% Wilson interval), its points per hand
   and the baseline seats' (95% intervals over games), and the paired difference between the two rules versions.

Figures are CPU time (time.process_time), medians over `--runs` runs, so other load on the machine barely moves
them. Prints figures only; no assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.cards import shuffled_decks
from bot.games.hearts import (
    CURRENT_RULES,
    ORIGINAL_RULES,
    BaselineStrategy,
    Hearts,
    HeartsOptions,
    Phase,
    StrongStrategy,
)
from bot.games.hearts.card_ints import CARD_TO_INT, HEART_SUIT, QUEEN_OF_SPADES
from bot.games.hearts.options import pass_offset_for
from bot.games.hearts.simulate import GameRecord, simulate, wilson
from bot.games.hearts.state import deal_seed


def engine_game(players: int, seed: int) -> tuple[int, ...]:
    """One game through the engine with the first-legal-card policy; the final scores."""
    game = Hearts.new(HeartsOptions(players=players), seed)
    while not game.is_over:
        if game.phase is Phase.PASSING:
            for seat in game.to_act():
                game.pass_cards(seat, game.hand(seat)[:3])
        elif game.phase is Phase.PLAYING:
            seat = game.to_act()[0]
            game.play(seat, game.legal_cards(seat)[0])
        else:
            game.choose_moon(game.to_act()[0], "plus_others")
    return game.scores


def bare_game(players: int, seed: int, target: int = 100) -> tuple[int, ...]:
    """The same game on plain ints (card = suit * 16 + rank, so sorting matches the engine's hand order)."""
    decks = 1 if players <= 4 else 2
    award = 26 * decks
    scores = [0] * players
    hand_number = 0
    while True:
        deck = [CARD_TO_INT[card] for card in shuffled_decks(decks, deal_seed(seed, hand_number))]
        hands = [sorted(deck[seat : players * 13 : players]) for seat in range(players)]
        offset = pass_offset_for(players, hand_number)
        if offset is not None:
            passes = [hand[:3] for hand in hands]
            for seat in range(players):
                del hands[seat][:3]
            for seat in range(players):
                hands[(seat + offset) % players].extend(passes[seat])
            for hand in hands:
                hand.sort()
        leader, lowest = 0, (99, 99)
        for seat, hand in enumerate(hands):
            for card in hand:
                key = (card & 15, card >> 4)
                if key < lowest:
                    leader, lowest = seat, key
        penalty_dealt = sum(
            1 for hand in hands for card in hand if card >> 4 == HEART_SUIT or card == QUEEN_OF_SPADES
        )
        points = [0] * players
        taken = [0] * players
        first_trick, broken = True, False
        for _ in range(13):
            trick: list[int] = []
            seats: list[int] = []
            seat = leader
            for _ in range(players):
                hand = hands[seat]
                card = -1
                if trick:
                    led = trick[0] >> 4
                    follow = [held for held in hand if held >> 4 == led]
                    if first_trick:  # no penalty card on the first trick, following suit included
                        follow = [
                            held for held in follow if held >> 4 != HEART_SUIT and held != QUEEN_OF_SPADES
                        ] or follow
                    if follow:
                        card = follow[0]
                elif first_trick:  # the first lead: the lowest card in play, which the leader holds
                    card = min(hand, key=lambda held: (held & 15, held >> 4))
                if card < 0:
                    options = hand
                    if first_trick:
                        options = [
                            held for held in hand if held >> 4 != HEART_SUIT and held != QUEEN_OF_SPADES
                        ] or hand
                    if not trick and not broken:
                        options = [held for held in options if held >> 4 != HEART_SUIT] or options
                    card = options[0]
                hand.remove(card)
                trick.append(card)
                seats.append(seat)
                if card >> 4 == HEART_SUIT:
                    broken = True
                seat = (seat + 1) % players
            best = 0
            for index in range(1, players):
                if trick[index] >> 4 == trick[0] >> 4 and trick[index] > trick[best]:
                    best = index
            leader = seats[best]
            for card in trick:
                if card >> 4 == HEART_SUIT:
                    points[leader] += 1
                    taken[leader] += 1
                elif card == QUEEN_OF_SPADES:
                    points[leader] += 13
                    taken[leader] += 1
            first_trick = False
        for shooter in range(players):
            if penalty_dealt and taken[shooter] == penalty_dealt:
                points = [0 if seat == shooter else award for seat in range(players)]
        scores = [total + value for total, value in zip(scores, points, strict=True)]
        if max(scores) >= target:
            return tuple(scores)
        hand_number += 1


def games_per_second(
    play: Callable[[int, int], tuple[int, ...]], players: int, games: int, runs: int
) -> float:
    """The median over `runs` of games per CPU second, each run playing games 0..games-1."""
    rates = []
    for _ in range(runs):
        started = time.process_time()
        for seed in range(games):
            play(players, seed)
        rates.append(games / (time.process_time() - started))
    return statistics.median(rates)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def decision_times(players: int, positions: int) -> dict[str, list[float]]:
    """CPU seconds of one decision per strategy, on the same views, met in games between baseline seats."""
    baseline, strong = BaselineStrategy(), StrongStrategy()
    times: dict[str, list[float]] = {"baseline": [], "strong": []}
    seed = 0
    while len(times["strong"]) < positions:
        game = Hearts.new(HeartsOptions(players=players), 10_000 + seed)
        seed += 1
        while not game.is_over and len(times["strong"]) < positions:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase is Phase.PASSING:
                game.pass_cards(seat, baseline.choose_pass(view))
            elif view.phase is Phase.PLAYING:
                started = time.process_time()
                card = baseline.choose_card(view)
                times["baseline"].append(time.process_time() - started)
                started = time.process_time()
                strong.choose_card(view)
                times["strong"].append(time.process_time() - started)
                game.play(seat, card)
            else:
                game.choose_moon(seat, baseline.choose_moon(view))
    return times


def per_hand(records: list[GameRecord], players: int) -> tuple[list[float], list[float]]:
    """Each game's points per hand: the tested seat's, and the other seats' average."""
    tested = [record.tested_points / record.hands for record in records]
    others = [record.other_points / (record.hands * (players - 1)) for record in records]
    return tested, others


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation over the values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("inf")
    return mean, 1.96 * statistics.stdev(values) / len(values) ** 0.5


def strength_report(games: int, workers: int, players: int, seed: int) -> list[str]:
    """One strong seat against baseline seats, under each rules version, on the same deals (see the docstring)."""
    lines = [
        f"AI strength: one strong seat against {players - 1} baseline seats, {games} games to 100 per rules "
        f"version, the same deals (seed {seed})"
    ]
    tested_by_version: dict[int, list[float]] = {}
    wins_by_version: dict[int, list[bool]] = {}
    for version, name in ((ORIGINAL_RULES, "original rules"), (CURRENT_RULES, "2♣ leads (current)")):
        started = time.perf_counter()
        records = simulate(games, seed, workers, "strong", "baseline", players, rules_version=version)
        tested, others = per_hand(records, players)
        tested_by_version[version], wins_by_version[version] = tested, [record.won for record in records]
        wins = sum(record.won for record in records)
        low, high = wilson(wins, games)
        mine, mine_half = mean_interval(tested)
        theirs, theirs_half = mean_interval(others)
        lines += [
            f"  {name:19}: strong wins {wins / games:6.1%} (95% CI {low:.1%}–{high:.1%}; even share "
            f"{1 / players:.1%})",
            f"  {'':19}  points per hand: strong {mine:.2f} ± {mine_half:.2f}, baseline {theirs:.2f} ± "
            f"{theirs_half:.2f}, ratio {mine / theirs:.3f}   ({time.perf_counter() - started:.0f} s)",
        ]
    difference = [
        new - old
        for new, old in zip(tested_by_version[CURRENT_RULES], tested_by_version[ORIGINAL_RULES], strict=True)
    ]
    change, change_half = mean_interval(difference)
    win_change, win_half = mean_interval(
        [
            float(new) - float(old)
            for new, old in zip(wins_by_version[CURRENT_RULES], wins_by_version[ORIGINAL_RULES], strict=True)
        ]
    )
    lines.append(
        f"  current minus original, game by game: strong points per hand {change:+.2f} ± {change_half:.2f}, "
        f"win share {win_change:+.1%} ± {win_half:.1%} (95%)"
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--strength-games", type=int, default=400, help="games per rules version (0: skip)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the strength games")
    parser.add_argument("--seed", type=int, default=1, help="the strength games' seed")
    arguments = parser.parse_args()
    players = arguments.players

    same = all(engine_game(players, seed) == bare_game(players, seed) for seed in range(arguments.games))
    engine_rate = games_per_second(engine_game, players, arguments.games, arguments.runs)
    bare_rate = games_per_second(bare_game, players, arguments.games, arguments.runs)
    print(f"Hearts, {players} players, complete games to 100 (median of {arguments.runs} runs, CPU time)")
    print(f"  engine:    {engine_rate:8.1f} games/s")
    print(f"  bare loop: {bare_rate:8.1f} games/s   (engine at {engine_rate / bare_rate:.2f}x the bare loop)")
    print(f"  same final scores in both: {'yes' if same else 'NO'}")

    times = decision_times(players, arguments.positions)
    print(f"AI decision CPU time over {arguments.positions} positions (forced single-card ones included)")
    for name, values in times.items():
        print(
            f"  {name:8}: median {statistics.median(values) * 1000:7.2f} ms, "
            f"p99 {percentile(values, 0.99) * 1000:7.2f} ms"
        )
    if arguments.strength_games > 0:
        lines = strength_report(arguments.strength_games, arguments.workers, players, arguments.seed)
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
