"""The public types of the AI package: turn plans, markers and the strategy protocol."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from bot.games.thegame.engine import Game

MarkerKind = Literal["keep_off", "small_steps"]
"""Table talk without numbers, about one pile ("A".."D").

- "keep_off": "please don't play on this pile" -- the player holds a card that any normal play there would spoil
  (a backwards move for the pile, or the very next card that can still come there).
- "small_steps": "only small steps on this pile, please" -- the player holds a card a little above (ascending) /
  below (descending) the top.
"""

MARKER_KINDS: tuple[MarkerKind, ...] = ("keep_off", "small_steps")

Reason = Literal["backwards_move", "smallest_gaps", "keep_pair", "respect_marker", "endgame_search", "forced"]
REASONS: tuple[Reason, ...] = (
    "backwards_move",
    "smallest_gaps",
    "keep_pair",
    "respect_marker",
    "endgame_search",
    "forced",
)


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """What a player means to do with the rest of their turn.

    `plays` are (card, pile) pairs in order, from the current point of the turn (cards already played this turn are
    not repeated). They are legal one after the other and hold at least the plays still needed to reach the turn's
    minimum whenever that is possible. `reason` explains the main reason for the plan (one of REASONS), about
    `reason_pile` when it has one. `markers` are the markers this player wants after the turn: a kind to set, None to
    clear its own marker on that pile (piles not listed: no change).
    """

    plays: tuple[tuple[int, str], ...]
    reason: str
    reason_pile: str | None = None
    markers: Mapping[str, MarkerKind | None] = field(default_factory=dict)


class Strategy(Protocol):
    """An AI player. `plan_turn` only looks at what `seat` may know (see `bot.games.thegame.ai.view.player_view`)."""

    name: str

    def plan_turn(self, game: Game, seat: int, markers: Mapping[str, str]) -> TurnPlan:
        """The rest of `seat`'s current turn. `markers`: the teammates' markers, pile name -> kind."""
        ...
