"""What happened: the events `Barbu.play` returns, in order.

One play returns `CardPlayed`; when it completes a trick, `TrickWon` follows; when it ends a hand, `HandScored`
follows, then either `HandDealt` for the next hand or `GameEnded`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.barbu.contracts import Contract
from bot.games.cards import Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """`seat` took the trick made of `cards` (in the order played), which cost it `points`."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class HandScored:
    """A hand is over. `points[seat]` is what each seat scored in it, `totals[seat]` the running totals.
    `ended_early` is True when the `early_end` option stopped the hand before the last card."""

    contract: Contract
    points: tuple[int, ...]
    totals: tuple[int, ...]
    ended_early: bool = False


@dataclass(frozen=True, slots=True)
class HandDealt:
    """Hand `hand_number` (0-based) is dealt by `dealer`; the seat to the dealer's left leads."""

    hand_number: int
    contract: Contract
    dealer: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The last hand is scored: `winners` (sorted seats) share the lowest total of `scores`."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = CardPlayed | TrickWon | HandScored | HandDealt | GameEnded
