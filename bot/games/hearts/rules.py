"""Which card may be played, and who leads first: pure functions over `Card` values.

The refusal reasons are checked in a fixed order (the card is in the hand, the suit led is followed, no penalty
card on the first trick, hearts are not led before they are broken), so a card always gets the same reason.

Choices where the rules are silent:
- The first leader (holder of the 2 of clubs, else of the lowest card) may lead any card the first-trick rule
  allows; the rules name who leads, not which card, so the 2 of clubs itself is not required.
- A leader holding only penalty cards on the first trick must lead the queen of spades if it holds it (hearts are
  not broken and it holds a card that is not a heart); with only hearts it leads a heart.
- Hearts are broken by any heart played (the queen of spades does not break them).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import SUITS, Card
from bot.games.hearts.errors import RefusalCode
from bot.games.tricks import TrickPlay

HEARTS = "H"
QUEEN_OF_SPADES = Card("S", 12)
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_points(card: Card) -> int:
    """A card's penalty points: 1 for a heart, 13 for the queen of spades, else 0."""
    if card.suit == HEARTS:
        return 1
    return 13 if card.rank == 12 and card.suit == "S" else 0


def is_penalty(card: Card) -> bool:
    """A heart or the queen of spades."""
    return card.suit == HEARTS or (card.rank == 12 and card.suit == "S")


def play_refusal(
    hand: Sequence[Card], trick: Sequence[TrickPlay], first_trick: bool, hearts_broken: bool, card: Card
) -> tuple[RefusalCode, str] | None:
    """Why `card` cannot be played from `hand` to `trick` (a code and an English sentence), or None if it can.

    `first_trick`: this is the hand's first trick (no penalty card unless the player has nothing else);
    `hearts_broken`: a heart was played on an earlier trick of this hand.
    """
    if card not in hand:
        return RefusalCode.CARD_NOT_IN_HAND, f"{card} is not in your hand."
    if trick:
        led = trick[0].card.suit
        if card.suit == led:
            return None
        if any(held.suit == led for held in hand):
            return RefusalCode.MUST_FOLLOW_SUIT, f"You must follow suit: play one of your {SUIT_NAMES[led]}."
    if first_trick and is_penalty(card) and not all(is_penalty(held) for held in hand):
        return (
            RefusalCode.NO_POINTS_ON_FIRST_TRICK,
            "No heart or queen of spades on the first trick while you hold another card.",
        )
    if not trick and card.suit == HEARTS and not hearts_broken and any(held.suit != HEARTS for held in hand):
        return RefusalCode.HEARTS_NOT_BROKEN, "Hearts cannot be led until a heart has been played."
    return None


def legal_plays(
    hand: Sequence[Card], trick: Sequence[TrickPlay], first_trick: bool, hearts_broken: bool
) -> tuple[Card, ...]:
    """The distinct cards of `hand` that may be played now, in the hand's order (never empty for a non-empty
    hand): exactly the cards `play_refusal` accepts."""
    options: Sequence[Card] = hand
    if trick:
        led = trick[0].card.suit
        options = [card for card in hand if card.suit == led] or hand
    if options is hand:
        if first_trick:
            options = [card for card in hand if not is_penalty(card)] or hand
        if not trick and not hearts_broken:
            options = [card for card in options if card.suit != HEARTS] or options
    seen: set[tuple[str, int]] = set()
    distinct = []
    for card in options:
        key = (card.suit, card.rank)
        if key not in seen:
            seen.add(key)
            distinct.append(card)
    return tuple(distinct)


def lowest_card_key(card: Card) -> tuple[int, int]:
    """The order for "the lowest card": rank first, then suit (clubs < diamonds < hearts < spades)."""
    return card.rank, SUITS.index(card.suit)


def first_leader(hands: Sequence[Sequence[Card]]) -> int:
    """The seat that leads the hand's first trick: the holder of the 2 of clubs, else of the lowest card by rank
    then suit. Choice: when two seats hold identical lowest cards (two decks), the first of them clockwise from
    seat 0 leads."""
    best_seat = -1
    best_key = (99, 99)
    for seat, hand in enumerate(hands):
        for card in hand:
            key = lowest_card_key(card)
            if key < best_key:
                best_seat, best_key = seat, key
    if best_seat < 0:
        raise ValueError("nobody holds a card")
    return best_seat
