"""Cards as small integers, for the rules' and the AI's inner loops.

A card is `suit * 16 + rank` (suits C=0, D=1, H=2, S=3; rank 2..14), so `card >> 4` is the suit, `card & 15` the
rank, two cards of one suit compare by rank, and sorting ints sorts like `Card`s.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.cards import SUITS, Card

HEART_SUIT = 2
SPADE_SUIT = 3
QUEEN_OF_SPADES = SPADE_SUIT * 16 + 12

_SUIT_BASE = {suit: index * 16 for index, suit in enumerate(SUITS)}
INT_TO_CARD: dict[int, Card] = {
    base + rank: Card(suit, rank) for suit, base in _SUIT_BASE.items() for rank in range(2, 15)
}
CARD_TO_INT: dict[Card, int] = {value: key for key, value in INT_TO_CARD.items()}


def card_int(card: Card) -> int:
    """The int of `card` (as `CARD_TO_INT[card]`, without hashing the card)."""
    return _SUIT_BASE[card.suit] + card.rank


def to_ints(cards: Iterable[Card]) -> list[int]:
    suit_base = _SUIT_BASE
    return [suit_base[card.suit] + card.rank for card in cards]


def is_penalty_int(card: int) -> bool:
    """A heart or the queen of spades."""
    return card >> 4 == HEART_SUIT or card == QUEEN_OF_SPADES


def points_int(card: int) -> int:
    """1 for a heart, 13 for the queen of spades, else 0."""
    if card >> 4 == HEART_SUIT:
        return 1
    return 13 if card == QUEEN_OF_SPADES else 0


def lowest_key_int(card: int) -> int:
    """The order for "the lowest card" (rank first, then clubs < diamonds < hearts < spades), as one int."""
    return (card & 15) * 4 + (card >> 4)
