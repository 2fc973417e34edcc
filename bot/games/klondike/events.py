"""What happened: the events `Klondike.play`, `undo`, `auto_play` and `give_up` return, in order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.games.cards import Card
from bot.games.klondike.moves import Move

WON: Final = "won"
NO_PROGRESS: Final = "no_progress"
GAVE_UP: Final = "gave_up"
END_REASONS: Final = (WON, NO_PROGRESS, GAVE_UP)


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Cards turned from the stock onto the waste, in the order drawn (the last one is the new waste top)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class WasteRecycled:
    """The waste was turned over to form the stock again (`count` cards); `redeals` is the new total."""

    count: int
    redeals: int


@dataclass(frozen=True, slots=True)
class CardMoved:
    """`cards` (bottom first) went from `move.source` to `move.target`; `target` is the real place
    (`foundation:S` for a move to a foundation)."""

    move: Move
    cards: tuple[Card, ...]
    target: str


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """The top face-down card of column `column` (1..7) was turned face up."""

    column: int
    card: Card


@dataclass(frozen=True, slots=True)
class MoveUndone:
    """`move` was taken back (with the card it had revealed, which is face down again)."""

    move: Move


@dataclass(frozen=True, slots=True)
class GameWon:
    """All 52 cards are on the foundations, after `moves` moves."""

    moves: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: `reason` is "won", "no_progress" (no move can ever change the position again) or
    "gave_up"; `score` is the number of cards on the foundations (0..52)."""

    reason: str
    score: int


Event = CardsDrawn | WasteRecycled | CardMoved | CardRevealed | MoveUndone | GameWon | GameEnded
