"""What happened: the events every action returns, in order (a `Move` is named from `seat`'s side)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import Move
from bot.games.crapette.priority import MissedMove


@dataclass(frozen=True, slots=True)
class CardMoved:
    """`seat` moved `card` as `move` says."""

    seat: int
    card: OwnedCard
    move: Move


@dataclass(frozen=True, slots=True)
class CrapetteRevealed:
    """`seat`'s crapette shows a new top card after its top card left."""

    seat: int
    card: OwnedCard


@dataclass(frozen=True, slots=True)
class DiscardRecycled:
    """`seat`'s stock was empty: their discard of `count` cards was turned over into a new stock."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class StockTurned:
    """`seat` turned up `card` from their stock."""

    seat: int
    card: OwnedCard


@dataclass(frozen=True, slots=True)
class TurnedCardDiscarded:
    """`seat`'s turned card went to their discard (by choice, or because a right call ended the turn)."""

    seat: int
    card: OwnedCard


@dataclass(frozen=True, slots=True)
class CrapetteCalled:
    """`caller` called "Crapette!". `right`: the last action broke the priority rule (`missed` says how) and
    the turn ends; wrong: the caller will skip a turn."""

    caller: int
    right: bool
    missed: MissedMove | None


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """`seat`'s turn ended; `next_player` plays now. `skipped`: the seats whose turn was skipped for a
    penalty on the way, in order (the same seat may appear once per penalty served)."""

    seat: int
    next_player: int
    skipped: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon:
    """`winner` emptied their crapette, stock and discard."""

    winner: int


# GameDrawn.reason values
REPETITION: Final = "repetition"
NO_PROGRESS: Final = "no_progress"
TURN_LIMIT: Final = "turn_limit"


@dataclass(frozen=True, slots=True)
class GameDrawn:
    """The game stopped without a winner (`reason`: "repetition", "no_progress" or "turn_limit"; see the
    engine)."""

    reason: str


Event = (
    CardMoved
    | CrapetteRevealed
    | DiscardRecycled
    | StockTurned
    | TurnedCardDiscarded
    | CrapetteCalled
    | TurnEnded
    | GameWon
    | GameDrawn
)
