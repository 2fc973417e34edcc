"""The priority rule, made precise.

The rules: "whenever a card can go to a foundation, that move must be made first; then a move that frees a
side pile; with as few moves as possible". This module reads it as a check of each action against the position
just before it, looking one move ahead only:

1. If the player on turn has a legal **foundation move** (any of their cards — crapette top, turned card, a
   side pile's top — onto any foundation), their action must be a foundation move (any one of them).
2. Otherwise, if they have a legal **freeing move** — the only card of a side pile onto a place that does not
   fill another side pile: a non-empty side pile, the opponent's discard or the opponent's crapette — their
   action must be a freeing move (any one of them). Moving a lone card onto an empty side pile frees nothing
   (and is refused anyway as `pointless_move`).
3. Otherwise any action is fine.

Every action counts, not only moves: turning up the stock, discarding the turned card or ending the turn while
a foundation or freeing move is open breaks the rule too. "As few moves as possible" is read as: only what one
move achieves is required. A player is never required to see that two moves would reach a foundation or empty
a pile, so a chain of moves is never demanded and the checker never needs a search.

The check only reads face-up cards, so it gives the same answer on the engine's board and on a seat's view.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from bot.games.crapette.board import Board
from bot.games.crapette.moves import Action, Move

FOUNDATION_FIRST: Final = "foundation"
FREE_SIDE_PILE: Final = "free_side_pile"


@dataclass(frozen=True, slots=True)
class MissedMove:
    """`action` broke the priority rule: `missed` (a move the rule asked for, the first in the canonical
    order) should have been made. `reason` is "foundation" or "free_side_pile"."""

    action: Action
    missed: Move
    reason: str


def required_moves(
    board: Board, seat: int, alternate: bool, moved: Collection[int] = ()
) -> tuple[str, list[Move]] | None:
    """What the rule asks of `seat` now: ("foundation", the foundation moves), ("free_side_pile", the freeing
    moves), or None when the player is free to do anything."""
    foundation = board.foundation_moves(seat)
    if foundation:
        return FOUNDATION_FIRST, foundation
    freeing = board.freeing_moves(seat, alternate, moved)
    if freeing:
        return FREE_SIDE_PILE, freeing
    return None


def missed_move(
    board: Board, seat: int, action: Action, alternate: bool, moved: Collection[int] = ()
) -> MissedMove | None:
    """How the legal `action` of `seat` breaks the priority rule on `board` (before the action), or None."""
    required = required_moves(board, seat, alternate, moved)
    if required is None:
        return None
    reason, moves = required
    if isinstance(action, Move) and action in moves:
        return None
    return MissedMove(action, moves[0], reason)


def allowed_actions(
    board: Board, seat: int, actions: list[Action], alternate: bool, moved: Collection[int] = ()
) -> list[Action]:
    """The actions of the legal list `actions` that keep the priority rule (never empty if `actions` is
    not)."""
    required = required_moves(board, seat, alternate, moved)
    if required is None:
        return actions
    moves = set(required[1])
    return [action for action in actions if isinstance(action, Move) and action in moves]
