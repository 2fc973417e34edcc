"""What happened: the events every action returns, in order (a `Move` is named from `seat`'s side)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import Move
from bot.games.crapette.priority import JudgedAction, MissedMove


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


# CrapetteCalled.wrong_reason values: why a call was wrong.
NOTHING_PLAYED: Final = "nothing_played"  # the player called on had not acted yet this turn
TOO_LATE: Final = "too_late"  # an earlier action of the turn broke the rule, but the last one did not
KEPT_RULE: Final = "kept_rule"  # the last action was one the priority rule asked for
NOTHING_REQUIRED: Final = "nothing_required"  # the rule asked for nothing when the last action was made


@dataclass(frozen=True, slots=True)
class CrapetteCalled:
    """`caller` called "Crapette!" on `judged` (the other player's last action; None when there was none).
    `right`: that action broke the priority rule (`missed` says how), and the turn ends (unless the action
    had ended it already); wrong: the caller will skip a turn, and `wrong_reason` says why the call was
    wrong."""

    caller: int
    right: bool
    missed: MissedMove | None
    judged: JudgedAction | None = None
    wrong_reason: str | None = None


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """`seat`'s turn ended; `next_player` plays now. `skipped`: the seats whose turn was skipped for a
    penalty on the way, in order (the same seat may appear once per penalty served)."""

    seat: int
    next_player: int
    skipped: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EndlessTurnStopped:
    """(Rules version 3 on) `seat` brought the same side piles back `count` times in one turn: the turn ends
    there (a turned card goes to the discard; `TurnEnded` follows)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class GameWon:
    """`winner` emptied their crapette, stock and discard."""

    winner: int


# GameDrawn.reason values
REPETITION: Final = "repetition"
# (rules version 2 only) one turn brought the same side piles back too often
ENDLESS_TURN: Final = "endless_turn"
NO_PROGRESS: Final = "no_progress"
TURN_LIMIT: Final = "turn_limit"


@dataclass(frozen=True, slots=True)
class GameDrawn:
    """The game stopped without a winner (`reason`: "repetition", "endless_turn", "no_progress" or "turn_limit";
    see the engine)."""

    reason: str


Event = (
    CardMoved
    | CrapetteRevealed
    | DiscardRecycled
    | StockTurned
    | TurnedCardDiscarded
    | CrapetteCalled
    | TurnEnded
    | EndlessTurnStopped
    | GameWon
    | GameDrawn
)
