"""Shared helpers for the Hearts tests: arranged deals, random legal games, the cards a view shows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from bot.games.cards import Card
from bot.games.hearts import CURRENT_RULES, Hearts, HeartsOptions, IllegalMove, MoonShot, Phase
from bot.games.hearts.events import Event


def code_of(refusal: IllegalMove | None) -> str | None:
    """The refusal's code, or None when the action is allowed."""
    return None if refusal is None else refusal.code


def cards(text: str) -> list[Card]:
    """`"2C 10H QS"` as cards."""
    return [Card.from_code(code) for code in text.split()]


# A four-player deal (played as a hand without passing): seat 0 holds the 2 of clubs and no heart or spade,
# seat 1 has no club or diamond, seat 3 holds the ace of clubs, one diamond and six hearts.
RULES_DEAL = (
    cards("2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D"),
    cards("2H 3H 4H 5H 6H 7H 8H QS 2S 3S 4S 5S 6S"),
    cards("8C 9C 10C JC QC KC 10D JD QD KD AD 7S 8S"),
    cards("AC 9D 9H 10H JH QH KH AH 9S 10S JS KS AS"),
)

# Seat 0 takes the first trick with the ace of clubs and then holds nothing but hearts.
ONLY_HEARTS_DEAL = (
    cards("AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
    cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AH"),
    cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
    cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"),
)

# Seat 0 holds the top cards of clubs, diamonds and spades: it wins every trick, so it takes every penalty card.
MOON_DEAL = (
    cards("AS KS QS AC KC QC JC 10C 9C AD KD QD JD"),
    cards("2C 3C 4C 2D 3D 4D 2S 3S 4S 5S 2H 3H 4H"),
    cards("5C 6C 5D 6D 7D 6S 7S 8S 5H 6H 7H 8H 9H"),
    cards("7C 8C 8D 9D 10D 9S 10S JS 10H JH QH KH AH"),
)

HOLD_HAND = 3  # the hand number without passing


def arranged(
    deal: tuple[list[Card], ...], target: int = 100, seed: int = 0, rules_version: int = CURRENT_RULES
) -> Hearts:
    options = HeartsOptions(players=len(deal), target=target, rules_version=rules_version)
    return Hearts.arranged(options, deal, seed, HOLD_HAND)


def random_step(game: Hearts, rng: random.Random) -> list[Event]:
    """One random legal action for one of the seats that must act."""
    seat = rng.choice(game.to_act())
    if game.phase is Phase.PASSING:
        return game.pass_cards(seat, rng.sample(game.hand(seat), 3))
    if game.phase is Phase.PLAYING:
        return game.play(seat, rng.choice(game.legal_cards(seat)))
    return game.choose_moon(seat, rng.choice(["minus_self", "plus_others"]))


def random_steps(game: Hearts, rng: random.Random, limit: int = 100_000) -> Iterator[list[Event]]:
    """Random legal actions until the game is over (or `limit` actions)."""
    for _ in range(limit):
        if game.is_over:
            return
        yield random_step(game, rng)


def play_until(game: Hearts, seat: int, rng: random.Random, minimum_trick: int = 0) -> bool:
    """Random legal actions until `seat` must play, on trick `minimum_trick` or later; False if the game ends."""
    while not game.is_over:
        if game.phase is Phase.PLAYING and game.to_act() == (seat,) and game.trick_number >= minimum_trick:
            return True
        random_step(game, rng)
    return False


def cards_in(value: Any) -> list[Card]:
    """Every card found anywhere inside a value (dataclasses, tuples, lists, sets)."""
    if isinstance(value, Card):
        return [value]
    if hasattr(value, "__dataclass_fields__"):
        return [card for item in fields(value) for card in cards_in(getattr(value, item.name))]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [card for item in value for card in cards_in(item)]
    return []


def play_moon_hand(target: int = 100) -> Hearts:
    game = arranged(MOON_DEAL, target=target)
    assert game.to_act() == (1,)
    game.play(1, Card("C", 2))
    rng = random.Random(0)
    events: list[object] = []
    while game.phase is Phase.PLAYING:
        seat = game.to_act()[0]
        legal = game.legal_cards(seat)
        # Seat 0 plays its highest legal card and wins every trick.
        events = list(
            game.play(seat, max(legal, key=lambda card: card.rank) if seat == 0 else rng.choice(legal))
        )
    assert events[-1] == MoonShot(0)
    return game
