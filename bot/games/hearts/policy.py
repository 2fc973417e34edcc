"""The rule-based Hearts player on small integers: the baseline strategy and the strong strategy's rollouts.

Cards are ints `suit * 16 + rank` (suits C=0, D=1, H=2, S=3; rank 2..14), so `card >> 4` is the suit, `card & 15`
the rank, and two cards of one suit compare by rank. The rules here are the engine's (`rules.py`), restated on ints
for speed; the tests check that both agree.

The policy (one seat, one card):
- leading: the lowest card it may lead, keeping the queen of spades' guards (no spade lead while holding the
  queen, no king or ace of spades lead while the queen is out elsewhere) when it can;
- following suit: the highest card that still loses to the trick's best card; when every card would win, the
  highest one if it plays last (the queen of spades only if nothing else), else the lowest one;
- void in the suit led: the queen of spades, else the ace or king of spades while a queen is out elsewhere, else
  the highest heart, else its highest card.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.cards import SUITS, Card

QUEEN_OF_SPADES = 3 * 16 + 12
HEART_SUIT = 2
SPADE_SUIT = 3
KING_OF_SPADES = QUEEN_OF_SPADES + 1
ACE_OF_SPADES = QUEEN_OF_SPADES + 2

_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
INT_TO_CARD: dict[int, Card] = {
    index * 16 + rank: Card(suit, rank) for suit, index in _SUIT_INDEX.items() for rank in range(2, 15)
}
CARD_TO_INT: dict[Card, int] = {card: value for value, card in INT_TO_CARD.items()}


def to_ints(cards: Iterable[Card]) -> list[int]:
    return [CARD_TO_INT[card] for card in cards]


def is_penalty_int(card: int) -> bool:
    return card >> 4 == HEART_SUIT or card == QUEEN_OF_SPADES


def points_int(card: int) -> int:
    if card >> 4 == HEART_SUIT:
        return 1
    return 13 if card == QUEEN_OF_SPADES else 0


def legal_ints(hand: list[int], trick: list[int], first_trick: bool, hearts_broken: bool) -> list[int]:
    """The cards of `hand` that may be played to `trick` (the cards played so far, in order); may repeat."""
    if trick:
        led = trick[0] >> 4
        follow = [card for card in hand if card >> 4 == led]
        if follow:
            return follow
    options = hand
    if first_trick:
        clean = [card for card in hand if card >> 4 != HEART_SUIT and card != QUEEN_OF_SPADES]
        if clean:
            options = clean
    if not trick and not hearts_broken:
        not_hearts = [card for card in options if card >> 4 != HEART_SUIT]
        if not_hearts:
            options = not_hearts
    return options


def choose_play(
    hand: list[int],
    trick: list[int],
    first_trick: bool,
    hearts_broken: bool,
    players_after: int,
    queens_unplayed: int,
) -> int:
    """The rule-based choice for a seat holding `hand` (see the module docstring); always a legal card.

    `players_after`: how many seats play to this trick after this one; `queens_unplayed`: queens of spades not yet
    played (held by anyone, set aside included).
    """
    if trick:
        led = trick[0] >> 4
        follow = [card for card in hand if card >> 4 == led]
        if follow:
            if len(follow) == 1:
                return follow[0]
            high = trick[0]
            for card in trick:
                if card > high and card >> 4 == led:
                    high = card
            below = -1
            for card in follow:
                if below < card < high:
                    below = card
            if below >= 0:
                return below
            if QUEEN_OF_SPADES in follow:
                follow.remove(QUEEN_OF_SPADES)
            return max(follow) if players_after == 0 else min(follow)
        return _discard(hand, first_trick, queens_unplayed)
    return _lead(hand, first_trick, hearts_broken, queens_unplayed)


def _lead(hand: list[int], first_trick: bool, hearts_broken: bool, queens_unplayed: int) -> int:
    options = legal_ints(hand, [], first_trick, hearts_broken)
    if len(options) == 1:
        return options[0]
    holds_queen = QUEEN_OF_SPADES in hand
    queen_elsewhere = queens_unplayed > (hand.count(QUEEN_OF_SPADES) if holds_queen else 0)
    best = -1
    for card in options:
        if card >> 4 == SPADE_SUIT and (holds_queen or (card > QUEEN_OF_SPADES and queen_elsewhere)):
            continue
        if best < 0 or card & 15 < best & 15:
            best = card
    if best >= 0:
        return best
    best = options[0]
    for card in options:
        if card & 15 < best & 15:
            best = card
    return best


def _discard(hand: list[int], first_trick: bool, queens_unplayed: int) -> int:
    options = hand
    if first_trick:
        options = [card for card in hand if card >> 4 != HEART_SUIT and card != QUEEN_OF_SPADES] or hand
    if QUEEN_OF_SPADES in options:
        return QUEEN_OF_SPADES
    top_heart = -1
    top_spade = -1
    best = options[0]
    for card in options:
        suit = card >> 4
        if suit == HEART_SUIT:
            if card > top_heart:
                top_heart = card
        elif suit == SPADE_SUIT and card > top_spade:
            top_spade = card
        if card & 15 > best & 15:
            best = card
    if top_spade > QUEEN_OF_SPADES and queens_unplayed > hand.count(QUEEN_OF_SPADES):
        return top_spade
    if top_heart >= 0:
        return top_heart
    return best
