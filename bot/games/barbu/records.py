"""Small immutable records the engine hands out: the game's phase, a completed trick, a finished hand."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games.barbu.contracts import Contract
from bot.games.cards import Card
from bot.games.tricks import TrickPlay


class Phase(enum.Enum):
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: the plays in order (the first is the lead), who took it and what it cost them."""

    plays: tuple[TrickPlay, ...]
    winner: int
    points: int

    @property
    def leader(self) -> int:
        return self.plays[0].seat

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(play.card for play in self.plays)


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its number, contract, dealer and the points each seat scored in it."""

    hand_number: int
    contract: Contract
    dealer: int
    points: tuple[int, ...]
