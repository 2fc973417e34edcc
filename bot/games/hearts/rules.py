"""Which card may be played, and who leads first: the one statement of the play rules (`legal_ints`), used by the
engine (through `legal_plays` and `play_refusal` on `Card`s) and by the AI's policy and fast playouts (on ints).

A game is played by the rules version it was started with (`options.RULES_VERSIONS`):
- `CLUB_LEAD_RULES` (every new game): the first leader leads the 2 of clubs, or, when nobody holds it, the lowest
  card in play by rank then suit (clubs < diamonds < hearts < spades). That card is the only first lead, even a
  heart (possible when cards are set aside: with 3 players, say, when both the 2 of clubs and the 2 of diamonds
  are). On the first trick a heart or the queen of spades is played only by a seat with no other card it may play,
  following suit included: a seat holding another spade may not drop the queen of spades on a spade lead.
- `ORIGINAL_RULES` (games saved before the versions existed): the first leader may lead any card the first-trick
  rule allows, and a card that follows suit is always allowed; the first-trick rule binds only a seat that cannot
  follow suit, or the leader.

Choices where the rules are silent:
- A leader holding only penalty cards on the first trick (original rules) must lead the queen of spades if it
  holds it (hearts are not broken and it holds a card that is not a heart); with only hearts it leads a heart.
- Hearts are broken by any heart played (the queen of spades does not break them).
- Two decks: when two seats hold a copy of the lowest card, the first of them in seat order (from seat 0) leads.

A refused card always gets the same reason, checked in a fixed order: the card is in the hand, the suit led is
followed, the first lead is the lowest card, no penalty card on the first trick, hearts are not led unbroken.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import SUITS, Card
from bot.games.hearts.card_ints import (
    HEART_SUIT,
    INT_TO_CARD,
    card_int,
    lowest_key_int,
    to_ints,
)
from bot.games.hearts.errors import IllegalMove, RefusalCode
from bot.games.hearts.options import CLUB_LEAD_RULES
from bot.games.tricks import TrickPlay

HEARTS = "H"
QUEEN_OF_SPADES = Card("S", 12)
_QUEEN_OF_SPADES_INT = card_int(QUEEN_OF_SPADES)
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_points(card: Card) -> int:
    """A card's penalty points: 1 for a heart, 13 for the queen of spades, else 0."""
    if card.suit == HEARTS:
        return 1
    return 13 if card.rank == 12 and card.suit == "S" else 0


def is_penalty(card: Card) -> bool:
    """A heart or the queen of spades."""
    return card.suit == HEARTS or (card.rank == 12 and card.suit == "S")


def legal_ints(
    hand: list[int], trick: list[int], first_trick: bool, hearts_broken: bool, rules_version: int
) -> list[int]:
    """The cards of `hand` (ints, see `card_ints`) that may be played to `trick` (the cards played so far, in
    order), under `rules_version`; may repeat, never empty for a non-empty hand. May return `hand` itself: do not
    change the list returned.

    On the first trick's lead under `CLUB_LEAD_RULES` the seat to play is the first leader, so the lowest card in
    play is its own lowest card."""
    if trick:
        led = trick[0] >> 4
        follow = [card for card in hand if card >> 4 == led]
        if follow:
            if first_trick and rules_version >= CLUB_LEAD_RULES:
                return [
                    card for card in follow if card >> 4 != HEART_SUIT and card != _QUEEN_OF_SPADES_INT
                ] or follow
            return follow
        if first_trick:
            return [card for card in hand if card >> 4 != HEART_SUIT and card != _QUEEN_OF_SPADES_INT] or hand
        return hand
    if first_trick and rules_version >= CLUB_LEAD_RULES:
        return [min(hand, key=lowest_key_int)]
    options = hand
    if first_trick:
        options = [card for card in hand if card >> 4 != HEART_SUIT and card != _QUEEN_OF_SPADES_INT] or hand
    if not hearts_broken:
        options = [card for card in options if card >> 4 != HEART_SUIT] or options
    return options


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[TrickPlay],
    first_trick: bool,
    hearts_broken: bool,
    rules_version: int,
) -> tuple[Card, ...]:
    """The distinct cards of `hand` that may be played now, sorted (`legal_ints` on `Card`s)."""
    if not hand:
        return ()
    trick_ints = to_ints([play.card for play in trick])
    allowed = legal_ints(to_ints(hand), trick_ints, first_trick, hearts_broken, rules_version)
    return tuple([INT_TO_CARD[card] for card in sorted(set(allowed))])


def play_refusal(
    hand: Sequence[Card],
    trick: Sequence[TrickPlay],
    first_trick: bool,
    hearts_broken: bool,
    rules_version: int,
    card: Card,
) -> IllegalMove | None:
    """Why `card` cannot be played from `hand` to `trick`, or None if it can (exactly the cards `legal_plays`
    lists are accepted). The reason says which part of the rule leaves the card out."""
    held = to_ints(hand)
    played = card_int(card) if isinstance(card, Card) else -1
    if played not in held:
        return IllegalMove(RefusalCode.CARD_NOT_IN_HAND, f"{card} is not in your hand.")
    trick_ints = to_ints([play.card for play in trick])
    if played in legal_ints(held, trick_ints, first_trick, hearts_broken, rules_version):
        return None
    if trick:
        led = trick[0].card.suit
        if card.suit != led and any(held.suit == led for held in hand):
            return IllegalMove(
                RefusalCode.MUST_FOLLOW_SUIT, f"You must follow suit: play one of your {SUIT_NAMES[led]}."
            )
    elif first_trick and rules_version >= CLUB_LEAD_RULES:
        lowest = lowest_card(hand)
        return IllegalMove(
            RefusalCode.MUST_LEAD_LOWEST_CARD, f"The first trick is led with {lowest}.", card=str(lowest)
        )
    if first_trick and is_penalty(card) and not all(is_penalty(held) for held in hand):
        return IllegalMove(
            RefusalCode.NO_POINTS_ON_FIRST_TRICK,
            "No heart or queen of spades on the first trick while you hold another card.",
        )
    return IllegalMove(RefusalCode.HEARTS_NOT_BROKEN, "Hearts cannot be led until a heart has been played.")


def lowest_card_key(card: Card) -> tuple[int, int]:
    """The order for "the lowest card": rank first, then suit (clubs < diamonds < hearts < spades)."""
    return card.rank, SUITS.index(card.suit)


def lowest_card(cards: Sequence[Card]) -> Card:
    """The lowest of `cards` by `lowest_card_key` (the 2 of clubs whenever it is there)."""
    return min(cards, key=lowest_card_key)


def first_leader(hands: Sequence[Sequence[Card]]) -> int:
    """The seat that leads the hand's first trick: the holder of the 2 of clubs, else of the lowest card by rank
    then suit. Choice: when two seats hold identical lowest cards (two decks), the first of them in seat order
    (from seat 0) leads."""
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
