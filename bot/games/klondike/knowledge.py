"""Guessing the cards nobody has seen: deals that agree with everything the players know (`SeenPosition`).

A hint may not read a face-down card or the order of a stock not yet drawn through. It asks the solver about a few
guessed deals instead: the unseen cards shuffled into the unseen places. The shuffles are seeded by what the
players know, so the same position as they know it gives the same guesses, and so the same hint, whatever the
hidden cards really are.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from bot.games.klondike.layout import UNSEEN, FullPosition, SeenPosition


def seed_of(seen: SeenPosition) -> int:
    """A seed that depends on what the players know, and only on that."""
    known = (
        seen.options.draw,
        seen.options.any_colour,
        seen.face_down,
        seen.face_up,
        seen.foundations,
        seen.talon,
        seen.waste_size,
    )
    return int.from_bytes(hashlib.sha256(repr(known).encode()).digest()[:8], "big")


def guesses(seen: SeenPosition, count: int) -> list[FullPosition]:
    """`count` deals that agree with `seen`, the unseen cards shuffled into the unseen places; the one position
    itself when every card has been seen (nothing to guess)."""
    unseen = seen.unseen_cards()
    if not unseen:
        return [_filled(seen, iter(()))]
    shuffler = random.Random(seed_of(seen))
    guessed = []
    for _ in range(count):
        cards = list(unseen)
        shuffler.shuffle(cards)
        guessed.append(_filled(seen, iter(cards)))
    return guessed


def _filled(seen: SeenPosition, cards: Iterator[int]) -> FullPosition:
    def fill(places: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(next(cards) if card == UNSEEN else card for card in places)

    return FullPosition(
        options=seen.options,
        face_down=tuple(fill(column) for column in seen.face_down),
        face_up=seen.face_up,
        foundations=seen.foundations,
        talon=fill(seen.talon),
        waste_size=seen.waste_size,
    )
