"""The rule-based card choice shared by the baseline strategy and the strong strategy's rollouts.

It works on plain ints so that rollouts stay cheap: a card is `suit * 13 + rank - 2` with the suits in the order
C, D, H, S (so 0 is 2♣ and 51 is A♠), and a hand is a list of such ints sorted ascending (a copy may appear twice
with two decks). The rules, per contract:

- following suit: duck under the winning card with the most dangerous card that still loses (a queen under a
  king, the king of hearts under the ace, else the highest); the last seat of a trick that costs nothing takes it with
  its highest harmless card; a seat that must win takes it with its cheapest card, the highest one when last;
- void in the suit led: dump the most dangerous card (the most penalty points, then the highest; the ace of
  hearts right after the king in the barbu), preferring the shorter suit;
- leading: the lowest card of a short, safe suit (no penalty card; no hearts in no hearts and the salad; no
  hearts while holding the king of hearts in the barbu).
"""

from __future__ import annotations

from typing import Final

from bot.games.barbu.contracts import CONTRACT_ORDER, Contract, card_points_by_index

FEWEST_TRICKS: Final = 0
NO_HEARTS: Final = 1
NO_QUEENS: Final = 2
BARBU: Final = 3
SALAD: Final = 4

CONTRACT_INDEX: Final = {contract: index for index, contract in enumerate(CONTRACT_ORDER)}

HEARTS: Final = 2
KING_OF_HEARTS: Final = HEARTS * 13 + 11
ACE_OF_HEARTS: Final = HEARTS * 13 + 12

# POINTS[contract][card]: what taking the card costs; TRICK_POINTS[contract]: what every trick costs.
POINTS: Final = tuple(card_points_by_index(contract) for contract in CONTRACT_ORDER)
TRICK_POINTS: Final = tuple(5 if contract.counts_tricks else 0 for contract in CONTRACT_ORDER)


def _discard_keys(contract: int) -> tuple[int, ...]:
    keys = []
    for card in range(52):
        key = POINTS[contract][card] * 32 + (card % 13) * 2
        if contract == BARBU and card == ACE_OF_HEARTS:
            key = 79 * 32  # right after the king of hearts: it is the card that catches it
        keys.append(key)
    return tuple(keys)


# DISCARD_KEY[contract][card]: the higher, the sooner the card is dumped when void in the suit led.
DISCARD_KEY: Final = tuple(_discard_keys(contract) for contract in range(len(CONTRACT_ORDER)))


def contract_index(contract: Contract) -> int:
    return CONTRACT_INDEX[contract]


def choose(hand: list[int], trick: list[int], after_me: int, contract: int) -> int:
    """The card to play from the sorted `hand` into `trick` (the cards played so far, in order); `after_me` seats
    still play to this trick after this one. Always a legal card."""
    if not trick:
        return _lead(hand, contract)
    lead = trick[0]
    low = lead - lead % 13
    high = low + 13
    follow = [card for card in hand if low <= card < high]
    if not follow:
        keys = DISCARD_KEY[contract]
        best = hand[0]
        best_key = -1
        lengths = [0, 0, 0, 0]
        for card in hand:
            lengths[card // 13] += 1
        for card in hand:
            key = keys[card] * 16 - lengths[card // 13]
            if key > best_key:
                best, best_key = card, key
        return best
    winning = lead
    for card in trick:
        if low <= card < high and card > winning:
            winning = card
    points = POINTS[contract]
    if after_me == 0:
        cost = TRICK_POINTS[contract]
        for card in trick:
            cost += points[card]
        if cost == 0:
            harmless = [card for card in follow if points[card] == 0]
            if harmless:
                return harmless[-1]
    if (
        follow[0] <= winning
    ):  # duck with the most dangerous card that still loses (a copy of the winner loses too)
        keys = DISCARD_KEY[contract]
        best = follow[0]
        for card in follow:
            if card <= winning and keys[card] >= keys[best]:
                best = card
        return best
    # Every card wins: the cheapest, the highest of them when nobody plays after this seat, else the lowest.
    cheapest = min(points[card] for card in follow)
    candidates = [card for card in follow if points[card] == cheapest]
    return candidates[-1] if after_me == 0 else candidates[0]


def _lead(hand: list[int], contract: int) -> int:
    points = POINTS[contract]
    lengths = [0, 0, 0, 0]
    for card in hand:
        lengths[card // 13] += 1
    avoid_hearts = contract in (NO_HEARTS, SALAD) or (contract == BARBU and KING_OF_HEARTS in hand)
    best = hand[0]
    best_key = 1 << 30
    for card in hand:
        suit = card // 13
        key = (card % 13) * 16 + lengths[suit]
        if points[card]:
            key += 4096
        elif avoid_hearts and suit == HEARTS:
            key += 1024
        if key < best_key:
            best, best_key = card, key
    return best
