"""Shared helpers for the Barbu tests: playing whole games with a seeded random policy."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.barbu import Barbu, BarbuOptions, Event
from bot.games.cards import Card

PlayHook = Callable[[Barbu, int, Card, list[Event]], None]


def play_random(
    game: Barbu, rng: random.Random, plays: int | None = None, after_play: PlayHook | None = None
) -> None:
    """Play random legal cards until the game is over (or `plays` cards have been played)."""
    count = 0
    while not game.is_over and (plays is None or count < plays):
        seat = game.to_act()[0]
        card = rng.choice(game.legal_cards(seat))
        events = game.play(seat, card)
        if after_play is not None:
            after_play(game, seat, card, events)
        count += 1


def random_game(players: int = 4, seed: int = 0, **options: bool) -> Barbu:
    """A whole game played with random legal cards, from `seed`."""
    game = Barbu.new(BarbuOptions(players=players, **options), seed)
    play_random(game, random.Random(seed))
    return game
