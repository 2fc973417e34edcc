"""Can a hand still play N cards in a row? The engine's end-of-game test, on plain ints.

Piles are given as their four top cards in the order A, B (ascending) then C, D (descending).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.thegame.engine.cards import BACKWARDS_STEP

_STEP = BACKWARDS_STEP


def has_fitting_card(hand: Sequence[int], tops: Sequence[int]) -> bool:
    """Whether at least one card of `hand` can go on some pile now."""
    return count_fitting_cards(hand, tops, 1) >= 1


def count_fitting_cards(hand: Sequence[int], tops: Sequence[int], enough: int) -> int:
    """How many cards of `hand` fit some pile now (normal or backwards move), counting up to `enough`."""
    a, b, c, d = tops
    lowest_up = a if a < b else b
    highest_down = c if c > d else d
    backwards = {a - _STEP, b - _STEP, c + _STEP, d + _STEP}
    count = 0
    for card in hand:
        if card > lowest_up or card < highest_down or card in backwards:
            count += 1
            if count >= enough:
                break
    return count


def can_play_sequence(hand: Sequence[int], tops: Sequence[int], length: int) -> bool:
    """Whether `length` cards of `hand` can be played one after another, each legal when it is played.

    A backwards move changes a pile's top, which may let a card through that does not fit now, so this
    searches sequences rather than single cards. Fast path: if `length` cards fit some pile right now, they
    can all be played (per pile, the backwards move first, then the others in the pile's direction), so no
    search is needed.
    """
    if length <= 0:
        return True
    if len(hand) < length:
        return False
    fitting = count_fitting_cards(hand, tops, length)
    if fitting >= length:
        return True
    if fitting == 0 or length == 1:
        return False
    return _search(list(hand), list(tops), length)


def _search(hand: list[int], tops: list[int], length: int) -> bool:
    """Exhaustive depth-first search (length >= 2, at least one card fits): try every first play."""
    for index, card in enumerate(hand):
        for pile in range(4):
            top = tops[pile]
            if pile < 2:
                if not (card > top or card == top - _STEP):
                    continue
            elif not (card < top or card == top + _STEP):
                continue
            tops[pile] = card
            found = can_play_sequence(hand[:index] + hand[index + 1 :], tops, length - 1)
            tops[pile] = top
            if found:
                return True
    return False
