"""Pile arithmetic on plain ints and the enumeration of the states a turn can reach.

Piles are indexed 0..3 (A, B ascending; C, D descending); tops are tuples of four ints.
"""

from __future__ import annotations

from bot.games.thegame.engine import PILE_NAMES

PILE_LABELS: tuple[str, ...] = PILE_NAMES
PILE_INDEX: dict[str, int] = {name: index for index, name in enumerate(PILE_NAMES)}
STEP = 10

Tops = tuple[int, int, int, int]
Seq = tuple[tuple[int, int], ...]  # (card, pile index) in order


def fits(pile: int, top: int, card: int) -> bool:
    """Whether `card` may go on pile `pile` (index) with top `top`."""
    if pile < 2:
        return card > top or card == top - STEP
    return card < top or card == top + STEP


def is_backwards(pile: int, top: int, card: int) -> bool:
    return card == (top - STEP if pile < 2 else top + STEP)


def gap(pile: int, top: int, card: int) -> int:
    """How far `card` moves the pile (in card values); -10 for a backwards move."""
    if pile < 2:
        return card - top
    return top - card


def with_top(tops: Tops, pile: int, card: int) -> Tops:
    a, b, c, d = tops
    if pile == 0:
        return (card, b, c, d)
    if pile == 1:
        return (a, card, c, d)
    if pile == 2:
        return (a, b, card, d)
    return (a, b, c, card)


def longest_sequence(hand: tuple[int, ...], tops: Tops, limit: int | None = None) -> Seq:
    """The longest legal sequence of plays from `hand` onto `tops` (exhaustive search with memo).

    Stops early once a sequence of `limit` plays is found (default: the whole hand).
    """
    target = len(hand) if limit is None else min(limit, len(hand))
    memo: dict[tuple[int, Tops], Seq] = {}

    def best(mask: int, current: Tops) -> Seq:
        key = (mask, current)
        found = memo.get(key)
        if found is not None:
            return found
        result: Seq = ()
        for index, card in enumerate(hand):
            bit = 1 << index
            if mask & bit:
                continue
            for pile in range(4):
                top = current[pile]
                if not fits(pile, top, card):
                    continue
                if (pile == 1 and current[0] == top) or (pile == 3 and current[2] == top):
                    continue  # same as the twin pile
                rest = ((card, pile), *best(mask | bit, with_top(current, pile, card)))
                if len(rest) > len(result):
                    result = rest
                    if len(result) + bin(mask).count("1") >= target:
                        memo[key] = result
                        return result
        memo[key] = result
        return result

    return best(0, tops)
