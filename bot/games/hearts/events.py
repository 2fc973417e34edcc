"""What happened: the events each action of the Hearts engine returns, in order."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card


@dataclass(frozen=True, slots=True)
class HandDealt:
    """A new hand was dealt; `pass_offset` is where it passes (None: no pass, play starts at once)."""

    hand_number: int
    pass_offset: int | None


@dataclass(frozen=True, slots=True)
class PassChosen:
    """`seat` chose its 3 cards (which ones stays private)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PassesExchanged:
    """Every seat's pass went `offset` seats clockwise."""

    offset: int


@dataclass(frozen=True, slots=True)
class PlayStarted:
    """The first trick of the hand starts; `leader` leads it."""

    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class HeartsBroken:
    """The first heart of the hand was played: hearts may be led from the next trick on."""

    seat: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    """`seat` took the trick `cards` (in play order) worth `points` penalty points; it leads next."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class MoonShot:
    """`seat` took every penalty card of the hand and must now choose how it scores."""

    seat: int


@dataclass(frozen=True, slots=True)
class MoonChosen:
    seat: int
    choice: str  # a MoonChoice value


@dataclass(frozen=True, slots=True)
class HandScored:
    """The hand's points per seat (moon applied) and the totals after it."""

    hand_number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Someone reached the target: the lowest totals win (ties share the win)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = (
    HandDealt
    | PassChosen
    | PassesExchanged
    | PlayStarted
    | CardPlayed
    | HeartsBroken
    | TrickWon
    | MoonShot
    | MoonChosen
    | HandScored
    | GameEnded
)
