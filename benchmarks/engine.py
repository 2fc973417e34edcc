"""Benchmark: complete games through the rules engine vs a bare loop of lists and ints, same policy.

Policy (all runs): always the legal play with the smallest gap (card - top on an ascending pile, top - card
on a descending one; a backwards move counts as -10, i.e. best; ties go to the lowest card, then pile A, B,
C, D); plays beyond the minimum only for gaps of 2 or less; seat 0 starts. Every run deals from the same
seeds with the same shuffle, so all must leave exactly the same cards: the benchmark checks that.

Runs:
- engine: the bot's way: read `hand()` and `tops` (the piles' top cards), act with `play()` /
  `end_turn()` (validated, logged, events), follow the events; the engine detects the end itself. The
  targets apply to this run.
- engine, choosing via legal_plays(): the same, picking among the `Play` objects of `legal_plays()`.
- baseline: plain lists and ints, no validation, no log, no events (its own end detection).

Times are CPU time of this process (one core), so other processes on the machine disturb them less.

    .venv/bin/python benchmarks/engine.py [--players 3] [--games 2000] [--repeat 5] [--expert]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.thegame.engine import PILE_NAMES, SEED_LIMIT, Game, GameEnded, Play, TurnStarted, Variant

TARGET_RATIO = 1 / 3  # the engine at least a third of the baseline's speed
TARGET_GAMES_PER_SECOND = 2000  # complete 3-player games per second, one core
EXTRA_PLAY_MAX_GAP = 2


# --------------------------------------------------------------------------- through the engine


def engine_game(players: int, seed: int, variant: Variant) -> int:
    """Play one game through the engine; returns the cards left.

    Driven the way the bot drives it: it reads the public views (`hand`, `tops`) like the AI does, picks the
    play, acts with `play` / `end_turn` (validated, logged), and follows the returned events (whose turn it
    is, the turn's minimum, the end of the game, which the engine detects itself).
    """
    game = Game.new(players, seed, variant)
    events = game.choose_first_player(0)
    hand_of = game.hand
    play = game.play
    while True:
        last = events[-1]
        if isinstance(last, GameEnded):
            return last.cards_left
        assert isinstance(last, TurnStarted)
        player = last.player
        minimum = last.minimum
        played = 0
        while True:
            a, b, c, d = game.tops
            best_gap = 1000
            best_card = 0
            best_pile = -1
            for card in hand_of(player):
                if card > a:
                    if card - a < best_gap:
                        best_gap, best_card, best_pile = card - a, card, 0
                elif card == a - 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 0
                if card > b:
                    if card - b < best_gap:
                        best_gap, best_card, best_pile = card - b, card, 1
                elif card == b - 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 1
                if card < c:
                    if c - card < best_gap:
                        best_gap, best_card, best_pile = c - card, card, 2
                elif card == c + 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 2
                if card < d:
                    if d - card < best_gap:
                        best_gap, best_card, best_pile = d - card, card, 3
                elif card == d + 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 3
            if best_pile < 0 or (played >= minimum and best_gap > EXTRA_PLAY_MAX_GAP):
                break
            events = play(player, best_card, PILE_NAMES[best_pile])
            played += 1
            if len(events) > 1:  # [CardPlayed, GameEnded]: the game is over
                break
        if not isinstance(events[-1], GameEnded):
            events = game.end_turn(player)


def engine_game_legal_plays(players: int, seed: int, variant: Variant) -> int:
    """The same, but choosing among `legal_plays()` (Play objects) instead of scanning the hand itself."""
    game = Game.new(players, seed, variant)
    events = game.choose_first_player(0)
    while True:
        last = events[-1]
        if isinstance(last, GameEnded):
            return last.cards_left
        assert isinstance(last, TurnStarted)
        player = last.player
        minimum = last.minimum
        played = 0
        while True:
            tops = {pile.name: pile.top for pile in game.piles}
            best: Play | None = None
            best_gap = 1000
            for option in game.legal_plays():
                gap = -10 if option.backwards else abs(option.card - tops[option.pile])
                if gap < best_gap:
                    best_gap = gap
                    best = option
            if best is None or (played >= minimum and best_gap > EXTRA_PLAY_MAX_GAP):
                break
            events = game.play(player, best.card, best.pile)
            played += 1
            if len(events) > 1:
                break
        if not isinstance(events[-1], GameEnded):
            events = game.end_turn(player)


# --------------------------------------------------------------------------- baseline: lists and ints


def _baseline_can_play(hand: list[int], tops: list[int], length: int) -> bool:
    """Can `length` cards of `hand` be played in a row? Plain depth-first search."""
    if length == 0:
        return True
    for index, card in enumerate(hand):
        for pile in range(4):
            top = tops[pile]
            if (card > top or card == top - 10) if pile < 2 else (card < top or card == top + 10):
                tops[pile] = card
                found = _baseline_can_play(hand[:index] + hand[index + 1 :], tops, length - 1)
                tops[pile] = top
                if found:
                    return True
    return False


def baseline_game(players: int, seed: int, variant: Variant) -> int:
    """The same game and policy with bare lists and ints: no validation, no log, no events."""
    deck = list(range(2, 100))
    random.Random(seed).shuffle(deck)
    size = {1: 8, 2: 7}.get(players, 6) - variant.smaller_hand
    full_minimum = 3 if variant.higher_minimum else 2
    hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(players)]
    position = players * size
    tops = [1, 1, 100, 100]
    left = 98
    current = 0
    while True:
        hand = hands[current]
        minimum = full_minimum if position < 98 else 1
        if not _baseline_can_play(hand, tops, minimum):
            return left
        played = 0
        while True:
            a, b, c, d = tops
            best_gap = 1000
            best_card = 0
            best_pile = -1
            for card in hand:
                if card > a:
                    if card - a < best_gap:
                        best_gap, best_card, best_pile = card - a, card, 0
                elif card == a - 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 0
                if card > b:
                    if card - b < best_gap:
                        best_gap, best_card, best_pile = card - b, card, 1
                elif card == b - 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 1
                if card < c:
                    if c - card < best_gap:
                        best_gap, best_card, best_pile = c - card, card, 2
                elif card == c + 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 2
                if card < d:
                    if d - card < best_gap:
                        best_gap, best_card, best_pile = d - card, card, 3
                elif card == d + 10 and best_gap > -10:
                    best_gap, best_card, best_pile = -10, card, 3
            if best_pile < 0 or (played >= minimum and best_gap > EXTRA_PLAY_MAX_GAP):
                break
            hand.remove(best_card)
            tops[best_pile] = best_card
            played += 1
            left -= 1
            if left == 0:
                return 0
        if played < minimum:
            return left  # stuck mid-turn
        count = min(size - len(hand), 98 - position)
        if count > 0:
            hand.extend(deck[position : position + count])
            hand.sort()
            position += count
        for _ in range(players):
            current = (current + 1) % players
            if hands[current]:
                break


# --------------------------------------------------------------------------- timing


def _time_games(
    play: Callable[[int, int, Variant], int], players: int, seeds: Sequence[int], variant: Variant
) -> tuple[float, int]:
    start = time.process_time()
    left = 0
    for seed in seeds:
        left += play(players, seed, variant)
    return time.process_time() - start, left


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time complete games: the engine vs a bare baseline loop.")
    parser.add_argument("--players", type=int, default=3, choices=range(1, 6))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the median is reported")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the list of game seeds")
    parser.add_argument("--expert", action="store_true", help="both expert variants")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")

    variant = Variant(higher_minimum=True, smaller_hand=True) if args.expert else Variant()
    rng = random.Random(args.seed)
    seeds = [rng.randrange(SEED_LIMIT) for _ in range(args.games)]
    runners: dict[str, Callable[[int, int, Variant], int]] = {
        "engine": engine_game,
        "engine, choosing via legal_plays()": engine_game_legal_plays,
        "baseline": baseline_game,
    }
    times: dict[str, list[float]] = {name: [] for name in runners}
    left: dict[str, int] = {}
    for _ in range(args.repeat):  # interleaved, so a busy moment on the machine hits all of them
        for name, runner in runners.items():
            elapsed, left[name] = _time_games(runner, args.players, seeds, variant)
            times[name].append(elapsed)

    plays = args.games * 98 - left["baseline"]
    speed = {name: args.games / statistics.median(values) for name, values in times.items()}

    def verdict(ok: bool) -> str:
        return "OK" if ok else "MISSED"

    kind = " (expert variants)" if args.expert else ""
    seats = f"{args.players} player{'s' if args.players > 1 else ''}{kind}"
    print(
        f"The Game engine benchmark: {seats}, {args.games} games, median of {args.repeat} "
        "(CPU time, one core)"
    )
    print(
        f"  cards left per game: {left['baseline'] / args.games:.1f}, plays per game: {plays / args.games:.1f}"
    )
    for name, games_per_second in speed.items():
        plays_per_second = games_per_second * plays / args.games
        print(f"  {name + ':':36} {games_per_second:8,.0f} games/s {plays_per_second:11,.0f} plays/s")
    ratio = speed["engine"] / speed["baseline"]
    print(
        f"  ratio engine/baseline: {ratio:.2f}  (target >= {TARGET_RATIO:.2f}: {verdict(ratio >= TARGET_RATIO)})"
    )
    if args.players == 3 and not args.expert:
        target = (
            f"target >= {TARGET_GAMES_PER_SECOND:,}: {verdict(speed['engine'] >= TARGET_GAMES_PER_SECOND)}"
        )
    else:
        target = f"the >= {TARGET_GAMES_PER_SECOND:,} target is for standard 3-player games: not checked"
    print(f"  engine games/s: {speed['engine']:,.0f}  ({target})")
    same = len(set(left.values())) == 1
    totals = ", ".join(f"{name} {total}" for name, total in left.items())
    print(f"  total cards left: {totals}: {'the same' if same else 'DIFFERENT: the runs disagree'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
