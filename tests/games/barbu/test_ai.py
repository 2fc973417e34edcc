"""The AI strategies: legal, deterministic, blind to hidden cards, and sensible in plain situations."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from bot.games.barbu import Barbu, BarbuOptions, BarbuView, Contract, engine
from bot.games.barbu.ai import STRATEGIES
from bot.games.barbu.contracts import CARD_INDEX, CARDS
from bot.games.barbu.world import BarbuInformation
from bot.games.cards import Card, parse_card
from bot.games.tricks import TrickPlay


def _play_with(game: Barbu, names: list[str], plays: int) -> None:
    for _ in range(plays):
        if game.is_over:
            return
        seat = game.to_act()[0]
        view = game.view(seat)
        card = STRATEGIES[names[seat]].choose_card(view)
        assert card in view.legal_cards
        game.play(seat, card)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_baseline_plays_whole_games_legally(players: int) -> None:
    game = Barbu.new(BarbuOptions(players=players), seed=players)
    _play_with(game, ["baseline"] * players, 10_000)
    assert game.is_over


@pytest.mark.parametrize("players", [4, 7])
def test_the_strong_strategy_plays_legally_among_baselines(players: int) -> None:
    game = Barbu.new(BarbuOptions(players=players), seed=3)
    names = ["baseline"] * players
    names[1] = "strong"
    _play_with(game, ["baseline"] * players, 2 * players)  # into the first hand, with some voids known
    _play_with(game, names, 4 * players)


def test_strategies_are_deterministic_and_named() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=21)
    _play_with(game, ["baseline"] * 4, 9)
    view = game.view(game.to_act()[0])
    for name, strategy in STRATEGIES.items():
        assert strategy.name == name
        assert strategy.choose_card(view) == strategy.choose_card(view)
    with pytest.raises(ValueError):
        STRATEGIES["strong"].choose_card(game.view((game.to_act()[0] + 1) % 4))


def _cards_in(value: Any) -> list[Card]:
    """Every Card reachable from `value` (dataclasses, tuples, frozensets)."""
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [card for field in dataclasses.fields(value) for card in _cards_in(getattr(value, field.name))]
    if isinstance(value, tuple | list | frozenset | set):
        return [card for item in value for card in _cards_in(item)]
    return []


def test_a_view_shows_no_other_hand() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=5)
    _play_with(game, ["baseline"] * 4, 22)
    for seat in range(4):
        view = game.view(seat)
        visible = set(game.hand(seat)) | {play.card for play in view.plays}
        assert set(_cards_in(view)) <= visible
        assert view.hand == game.hand(seat)
        assert view.plays == game.plays_this_hand and len(view.plays) == 22
        assert view.trick_number == game.trick_number == 5
        assert Counter(view.unseen_cards()) == Counter(
            card for other in range(4) if other != seat for card in game.hand(other)
        )


def _swap_hidden_cards(game: Barbu, seat: int) -> tuple[int, Card, int, Card]:
    """Two cards held by two other seats, of different suits, each outside the suits the other seat lacks."""
    others = [other for other in range(game.players) if other != seat]
    for first in others:
        for second in others:
            if first >= second:
                continue
            for first_card in game.hand(first):
                for second_card in game.hand(second):
                    if (
                        first_card.suit != second_card.suit
                        and second_card.suit not in game.known_voids(first)
                        and first_card.suit not in game.known_voids(second)
                    ):
                        return first, first_card, second, second_card
    raise AssertionError("no swappable cards")


@pytest.mark.parametrize(("players", "plays"), [(4, 9), (4, 23), (6, 15)])
def test_decisions_depend_only_on_what_the_seat_can_know(
    players: int, plays: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = BarbuOptions(players=players)
    game = Barbu.new(options, seed=17)
    _play_with(game, ["baseline"] * players, plays)
    seat = game.to_act()[0]
    first, first_card, second, second_card = _swap_hidden_cards(game, seat)

    real_deal = engine.deal_hand

    def swapped_deal(
        options: BarbuOptions, seed: int, hand_number: int
    ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
        hands, aside = real_deal(options, seed, hand_number)
        if hand_number == 0:
            first_hand, second_hand = list(hands[first]), list(hands[second])
            first_hand[first_hand.index(first_card)] = second_card
            second_hand[second_hand.index(second_card)] = first_card
            hands[first], hands[second] = tuple(sorted(first_hand)), tuple(sorted(second_hand))
        return hands, aside

    monkeypatch.setattr(engine, "deal_hand", swapped_deal)
    other = Barbu.new(options, seed=17)
    for play in game.log:
        other.play(play.seat, play.card)
    monkeypatch.undo()

    assert other.hand(first) != game.hand(first)
    assert other.view(seat) == game.view(seat)
    for strategy in STRATEGIES.values():
        assert strategy.choose_card(other.view(seat)) == strategy.choose_card(game.view(seat))


def test_sampled_worlds_agree_with_what_the_seat_knows() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=2)
    # Play baselines until some other seat has shown a void.
    while True:
        _play_with(game, ["baseline"] * 4, 1)
        seat = game.to_act()[0]
        if (
            any(game.known_voids(other) for other in range(4) if other != seat)
            and len(game.legal_cards(seat)) > 1
        ):
            break
    view = game.view(seat)
    information = BarbuInformation(view)
    rng = random.Random(0)
    for _ in range(50):
        world = information.sample_world(rng)
        hands = world._hands  # the test reads the imagined deal directly
        assert sorted(hands[seat]) == sorted(CARD_INDEX[card] for card in view.hand)
        dealt: Counter[int] = Counter()
        for other in range(4):
            assert len(hands[other]) == view.card_counts[other]
            if other != seat:
                dealt.update(hands[other])
                for suit in view.known_voids[other]:
                    assert all(CARDS[card].suit != suit for card in hands[other])
        assert dealt == Counter(CARD_INDEX[card] for card in view.unseen_cards())


def _situation(contract: Contract, hand: str, trick: str = "", players: int = 4) -> BarbuView:
    """A view of seat 0 holding `hand` with `trick` played before it (cards as typed by players)."""
    base = Barbu.new(BarbuOptions(players=players), seed=1).view(1)
    cards = tuple(sorted(parse_card(text) for text in hand.split()))  # type: ignore[type-var]
    played = [parse_card(text) for text in trick.split()]
    plays = tuple(TrickPlay((index - len(played)) % players, card) for index, card in enumerate(played))  # type: ignore[arg-type]
    led = plays[0].card.suit if plays else None
    following = tuple(card for card in cards if card.suit == led)
    return dataclasses.replace(
        base,
        seat=0,
        contract=contract,
        hand=cards,
        legal_cards=tuple(dict.fromkeys(following or cards)),
        to_act=(0,),
        trick_leader=plays[0].seat if plays else 0,
        current_trick=plays,
        card_counts=(len(cards),) * players,
    )


@pytest.mark.parametrize(
    ("contract", "hand", "trick", "expected"),
    [
        (Contract.BARBU, "KH 2C 3D", "9S JS", "KH"),  # void in spades: dump the barbu
        (Contract.NO_QUEENS, "QS KS 2S 5D", "AS 3S", "QS"),  # the ace is out: slip the queen under it
        (Contract.NO_QUEENS, "QD 2C 3H", "4S 5S 6S", "QD"),  # void: dump the queen
        (Contract.NO_HEARTS, "4H 9H KH 2C", "10H", "9H"),  # duck with the highest heart below the ten
        (Contract.FEWEST_TRICKS, "AS 3D 4D", "2C 5C", "AS"),  # void: dump the highest card
        (Contract.SALAD, "AH 5D 2D 9S 10S", "", "2D"),  # lead low in a safe suit
        (Contract.BARBU, "KH 3H 4C 9C", "", "4C"),  # holding the barbu: no heart lead
    ],
)
def test_both_strategies_play_the_obvious_card(
    contract: Contract, hand: str, trick: str, expected: str
) -> None:
    view = _situation(contract, hand, trick)
    assert STRATEGIES["baseline"].choose_card(view) == parse_card(expected)
    if trick:  # leads are a matter of taste; the discards and ducks above are not
        assert STRATEGIES["strong"].choose_card(view) == parse_card(expected)


def test_the_cards_set_aside_stay_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    options = BarbuOptions(players=7)  # 6 cards set aside
    game = Barbu.new(options, seed=4)
    seat = game.to_act()[0]
    holder = (seat + 1) % 7
    aside_card = game.set_aside[0]
    held_card = next(card for card in game.hand(holder) if card != aside_card)
    real_deal = engine.deal_hand

    def swapped_deal(
        options: BarbuOptions, seed: int, hand_number: int
    ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
        hands, aside = real_deal(options, seed, hand_number)
        held = list(hands[holder])
        held[held.index(held_card)] = aside_card
        hands[holder] = tuple(sorted(held))
        return hands, (held_card, *aside[1:])

    monkeypatch.setattr(engine, "deal_hand", swapped_deal)
    other = Barbu.new(options, seed=4)
    monkeypatch.undo()
    assert other.set_aside != game.set_aside
    assert other.view(seat) == game.view(seat)
    for strategy in STRATEGIES.values():
        assert strategy.choose_card(other.view(seat)) == strategy.choose_card(game.view(seat))
