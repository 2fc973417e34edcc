"""The priority rule, made precise.

The rules: "whenever a card can go to a foundation, that move must be made first; then a move that frees a
side pile; with as few moves as possible". This module reads it as a check of each action against the position
just before it, looking one move ahead only:

1. If the player on turn has a legal **foundation move** (any of their cards — crapette top, turned card, their
   discard's top card from the rules version 2 on, a side pile's top — onto any foundation), their action must
   be a foundation move (any one of them).
2. Otherwise, if they have a legal **freeing move** — the only card of a side pile onto a place that does not
   fill another side pile: a non-empty side pile, the opponent's discard or the opponent's crapette — their
   action must be a freeing move (any one of them). Moving a lone card onto an empty side pile frees nothing.
3. Otherwise, from the rules version 2 on: **a turned card that can be placed must be placed** ("s'il la
   place, il doit en retourner une autre [...] Sinon, il prend cette carte et la met à l'écart"): discarding it
   while it has a legal place breaks the rule (the reason `turned_card`). Any other action is fine.

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
from bot.games.crapette.layout import NO_CARD, CrapetteOptions
from bot.games.crapette.moves import TURNED, Action, DiscardTurned, Move

FOUNDATION_FIRST: Final = "foundation"
FREE_SIDE_PILE: Final = "free_side_pile"
PLACE_TURNED_CARD: Final = "turned_card"
_TURNED_ONLY: Final = (TURNED,)


@dataclass(frozen=True, slots=True)
class MissedMove:
    """`action` broke the priority rule: `missed` (a move the rule asked for, the first in the canonical
    order) should have been made. `reason` is "foundation", "free_side_pile" or "turned_card"."""

    action: Action
    missed: Move
    reason: str


def required_moves(
    board: Board, seat: int, options: CrapetteOptions, moved: Collection[int] = ()
) -> tuple[str, list[Move]] | None:
    """What the rule asks of `seat` now: ("foundation", the foundation moves), ("free_side_pile", the freeing
    moves), or None when the player is free to do anything (but discard a placeable turned card, see
    `turned_card_moves`)."""
    foundation = board.foundation_moves(seat, options)
    if foundation:
        return FOUNDATION_FIRST, foundation
    freeing = board.freeing_moves(seat, options, moved)
    if freeing:
        return FREE_SIDE_PILE, freeing
    return None


def turned_card_moves(board: Board, seat: int, options: CrapetteOptions) -> list[Move]:
    """The legal moves of `seat`'s turned card, when the rules forbid discarding it while it has one (version
    2 on); otherwise none."""
    if not options.sources_rules or board.turned[seat] == NO_CARD:
        return []
    return board.legal_moves(seat, options, sources=_TURNED_ONLY)


def rule_in_force(
    board: Board, seat: int, action: Action, options: CrapetteOptions, moved: Collection[int] = ()
) -> tuple[str, list[Move]] | None:
    """What the rule asks of `seat` before `action`: the reason and the moves that keep it, or None when any
    action is fine. (For a discard, a placeable turned card counts: the reason `turned_card`.)"""
    required = required_moves(board, seat, options, moved)
    if required is None and isinstance(action, DiscardTurned):
        placements = turned_card_moves(board, seat, options)
        if placements:
            return PLACE_TURNED_CARD, placements
    return required


def judge(
    board: Board, seat: int, action: Action, options: CrapetteOptions, moved: Collection[int] = ()
) -> tuple[str | None, MissedMove | None]:
    """The rule in force before the legal `action` of `seat` (a reason, or None when any action was fine), and
    how `action` broke it (None when it kept it)."""
    required = rule_in_force(board, seat, action, options, moved)
    if required is None:
        return None, None
    reason, moves = required
    if isinstance(action, Move) and action in moves:
        return reason, None
    return reason, MissedMove(action, moves[0], reason)


def missed_move(
    board: Board, seat: int, action: Action, options: CrapetteOptions, moved: Collection[int] = ()
) -> MissedMove | None:
    """How the legal `action` of `seat` breaks the priority rule on `board` (before the action), or None."""
    return judge(board, seat, action, options, moved)[1]


@dataclass(frozen=True, slots=True)
class JudgedAction:
    """An action a "Crapette!" call is judged on: `seat` did `action`; `rule` was in force before it (a reason,
    or None when any action was fine) and `missed` says how the action broke it (None: it kept it).
    `ended_turn`: the action ended its player's turn (a discard, or the end of a turn without a stock)."""

    seat: int
    action: Action
    rule: str | None
    missed: MissedMove | None
    ended_turn: bool = False


def allowed_actions(
    board: Board, seat: int, actions: list[Action], options: CrapetteOptions, moved: Collection[int] = ()
) -> list[Action]:
    """The actions of the legal list `actions` that keep the priority rule (never empty if `actions` is
    not)."""
    required = required_moves(board, seat, options, moved)
    if required is None:
        if (
            options.sources_rules
            and board.turned[seat] != NO_CARD
            and turned_card_moves(board, seat, options)
        ):
            return [action for action in actions if not isinstance(action, DiscardTurned)]
        return actions
    moves = set(required[1])
    return [action for action in actions if isinstance(action, Move) and action in moves]
