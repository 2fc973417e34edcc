"""Benchmark: complete Barbu games through the engine vs a bare loop of lists and ints, plus AI decision times.

Policy (both game runs): every seat plays its first legal card (the lowest card of the suit led, else its lowest
card). Both runs deal from the same seeds with the same shuffle, so both must end with the same scores: the
benchmark checks that.

- engine: `Barbu.new`, then `to_act()`, `legal_cards()`, `play()` (validated, logged, events) until the game is
  over (one cycle of five hands).
- bare loop: the same deal and play on plain lists and ints, no validation, no log, no events.
- AI: the decision time of the baseline and strong strategies on the same views (every decision with a choice in
  a few all-baseline games).

Times are CPU time of this process (one core); game rates are medians of `--repeat` runs.

    .venv/bin/python benchmarks/barbu.py [--players 4] [--games 200] [--repeat 5] [--ai-games 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.barbu import Barbu, BarbuOptions, cards_per_player, deck_count, removed_cards
from bot.games.barbu.ai import STRATEGIES
from bot.games.barbu.contracts import CARD_INDEX, CONTRACT_ORDER, card_points_by_index
from bot.games.barbu.deal import hand_seed


def engine_game(options: BarbuOptions, seed: int) -> tuple[int, ...]:
    """One whole game through the engine, first legal card; returns the scores."""
    game = Barbu.new(options, seed)
    play = game.play
    legal_cards = game.legal_cards
    to_act = game.to_act
    while not game.is_over:
        seat = to_act()[0]
        play(seat, legal_cards(seat)[0])
    return game.scores


def bare_game(options: BarbuOptions, seed: int) -> tuple[int, ...]:
    """The same game on plain lists and ints (card index = suit * 13 + rank - 2)."""
    players = options.players
    removed = {CARD_INDEX[card] for card in removed_cards(players)}
    per_player = cards_per_player(players)
    decks = deck_count(players)
    scores = [0] * players
    for hand_number in range(options.hands_total):
        contract = CONTRACT_ORDER[hand_number % 5]
        points = card_points_by_index(contract)
        trick_points = 5 if contract.counts_tricks else 0
        cards = list(range(52)) * decks
        random.Random(hand_seed(seed, hand_number)).shuffle(cards)
        cards = [card for card in cards if card not in removed]
        dealer = options.dealer_for(hand_number)
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(players * per_player):
            hands[(dealer + 1 + position) % players].append(cards[position])
        for hand in hands:
            hand.sort()
        leader = (dealer + 1) % players
        for _ in range(per_player):
            seat = leader
            lead = hands[seat].pop(0)
            suit = lead // 13
            best_card, best_seat, cost = lead, seat, trick_points + points[lead]
            for _ in range(players - 1):
                seat = seat + 1 if seat + 1 < players else 0
                hand = hands[seat]
                chosen = 0
                for position, card in enumerate(hand):
                    if card // 13 == suit:
                        chosen = position
                        break
                card = hand.pop(chosen)
                cost += points[card]
                if card // 13 == suit and card > best_card:
                    best_card, best_seat = card, seat
            scores[best_seat] += cost
            leader = best_seat
    return tuple(scores)


def games_per_second(
    run: object, options: BarbuOptions, games: int, repeat: int
) -> tuple[float, list[tuple[int, ...]]]:
    assert callable(run)
    rates = []
    results: list[tuple[int, ...]] = []
    for _ in range(repeat):
        started = time.process_time()
        results = [run(options, seed) for seed in range(games)]
        rates.append(games / (time.process_time() - started))
    return statistics.median(rates), results


def decision_times(options: BarbuOptions, games: int) -> dict[str, list[float]]:
    """CPU seconds per decision of each strategy on the views of a few all-baseline games."""
    times: dict[str, list[float]] = {name: [] for name in STRATEGIES}
    baseline = STRATEGIES["baseline"]
    for seed in range(games):
        game = Barbu.new(options, 10_000 + seed)
        while not game.is_over:
            seat = game.to_act()[0]
            view = game.view(seat)
            if len(view.legal_cards) > 1:
                for name, strategy in STRATEGIES.items():
                    started = time.process_time()
                    strategy.choose_card(view)
                    times[name].append(time.process_time() - started)
            game.play(seat, baseline.choose_card(view))
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ai-games", type=int, default=4)
    arguments = parser.parse_args()
    options = BarbuOptions(players=arguments.players)

    engine_rate, engine_scores = games_per_second(engine_game, options, arguments.games, arguments.repeat)
    bare_rate, bare_scores = games_per_second(bare_game, options, arguments.games, arguments.repeat)
    same = "yes" if engine_scores == bare_scores else "NO (the bare loop disagrees with the engine)"
    print(
        f"Barbu, {options.players} players, one cycle of five hands, first legal card, {arguments.games} games"
    )
    print(f"  engine:    {engine_rate:8.0f} games/s  ({1000 / engine_rate:.2f} ms per game)")
    print(f"  bare loop: {bare_rate:8.0f} games/s  ({1000 / bare_rate:.2f} ms per game)")
    print(f"  engine / bare loop: {engine_rate / bare_rate:.2f}; same scores: {same}")

    times = decision_times(options, arguments.ai_games)
    print(f"AI decision time (CPU), decisions with a choice in {arguments.ai_games} all-baseline games:")
    for name, values in times.items():
        print(
            f"  {name:8s} median {1000 * statistics.median(values):7.2f} ms, "
            f"p99 {1000 * percentile(values, 0.99):7.2f} ms over {len(values)} decisions"
        )


if __name__ == "__main__":
    main()
