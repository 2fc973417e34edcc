"""The Game's deck for a seed; deal codes themselves are shared by every game (`bot.games.deal_codes`)."""

from __future__ import annotations

import random

from bot.games.deal_codes import (
    DEAL_CODE_ALPHABET,
    DEAL_CODE_LENGTH,
    SEED_LIMIT,
    deal_code_to_seed,
    is_deal_code,
    random_seed,
    seed_to_deal_code,
)
from bot.games.thegame.engine.cards import ALL_CARDS

__all__ = [
    "DEAL_CODE_ALPHABET",
    "DEAL_CODE_LENGTH",
    "SEED_LIMIT",
    "deal_code_to_seed",
    "is_deal_code",
    "random_seed",
    "seed_to_deal_code",
    "shuffled_deck",
]

# The deck for a seed: random.Random(seed).shuffle, a uniform Fisher-Yates shuffle. The loop below is the same
# algorithm as CPython's Random.shuffle/_randbelow (same random bits, same swaps, so the same deck), inlined
# because it is about twice as fast; a self-check at import falls back to Random.shuffle if they ever differ.
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(ALL_CARDS) - 1, 0, -1))


def _inlined_shuffle(seed: int) -> list[int]:
    bits = random.Random(seed).getrandbits
    deck = list(ALL_CARDS)
    for i, n, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _library_shuffle(seed: int) -> list[int]:
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    return deck


_shuffle = (
    _inlined_shuffle
    if all(_inlined_shuffle(seed) == _library_shuffle(seed) for seed in (0, 1, 7, 2**40 + 3, SEED_LIMIT - 1))
    else _library_shuffle
)


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """The 98 cards in the order `random.Random(seed).shuffle` leaves them (a uniform shuffle)."""
    return tuple(_shuffle(seed))
