"""Whether the player on turn may do an action, and every action they may do: pure functions of the board.

The turn-level facts the engine keeps (whose turn, game over, calls) are checked by the engine; these
functions assume `seat` is on turn in a game still being played.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.crapette.board import Board
from bot.games.crapette.errors import ErrorCode, IllegalMove
from bot.games.crapette.layout import NO_CARD, CrapetteOptions
from bot.games.crapette.moves import (
    CRAPETTE,
    DISCARD,
    DISCARD_TURNED,
    END_TURN,
    FIRST_FOUNDATION,
    OPPONENT_CRAPETTE,
    OPPONENT_DISCARD,
    OPPONENT_STOCK,
    TURN_STOCK,
    TURNED,
    Action,
    DiscardTurned,
    EndTurn,
    Move,
    TurnStock,
    is_side,
    move_spots,
)
from bot.games.crapette.priority import allowed_actions, missed_move


def move_refusal(
    board: Board, seat: int, move: Move, options: CrapetteOptions, moved: Collection[int]
) -> IllegalMove | None:
    """Why `seat` may not make `move` on `board` (priority rule aside), or None."""
    source, target = move_spots(move)
    if source in (OPPONENT_CRAPETTE, OPPONENT_STOCK, OPPONENT_DISCARD):
        return IllegalMove(ErrorCode.NOT_YOUR_PILE, "You cannot take cards from your opponent's piles.")
    if source >= FIRST_FOUNDATION:
        return IllegalMove(ErrorCode.NOT_A_SOURCE, "Cards cannot be taken from a foundation.")
    if source == DISCARD and not options.sources_rules:
        return IllegalMove(ErrorCode.NOT_A_SOURCE, "This game's rules do not let you take from your discard.")
    if target in (CRAPETTE, TURNED, DISCARD, OPPONENT_STOCK):
        return IllegalMove(ErrorCode.NOT_A_TARGET, f"A card cannot be put on {move.target}.")
    if source == target:
        return IllegalMove(ErrorCode.SAME_PILE, "A card must go to another pile.")
    if board.source_card(seat, source) == NO_CARD:
        return IllegalMove(ErrorCode.EMPTY_SOURCE, f"There is no card to take from {move.source}.")
    placement = board.placement_error(seat, source, target, options.alternate)
    if placement is not None:
        return IllegalMove(placement[0], placement[1])
    if options.sources_rules:
        return None  # side piles may be rearranged freely
    if board.is_pointless(source, target):
        return IllegalMove(
            ErrorCode.POINTLESS_MOVE, "Moving a side pile's only card to an empty side pile changes nothing."
        )
    if is_side(source) and is_side(target) and board.source_card(seat, source) in moved:
        return IllegalMove(
            ErrorCode.ALREADY_MOVED,
            "That card has just moved between side piles; play something else before moving it again.",
        )
    return None


def action_refusal(
    board: Board, seat: int, action: object, options: CrapetteOptions, moved: Collection[int]
) -> IllegalMove | None:
    """Why `seat`, on turn, may not do `action` now, or None. On strict tables the priority rule counts."""
    if isinstance(action, Move):
        error = move_refusal(board, seat, action, options, moved)
        if error is not None:
            return error
    elif isinstance(action, TurnStock):
        if board.turned[seat] != NO_CARD:
            return IllegalMove(ErrorCode.MUST_PLACE_TURNED_CARD, "Place or discard the turned card first.")
        if not board.stocks[seat] and not board.discards[seat]:
            return IllegalMove(
                ErrorCode.NOTHING_TO_TURN, "Your stock and discard are empty: nothing to turn."
            )
    elif isinstance(action, DiscardTurned):
        if board.turned[seat] == NO_CARD:
            return IllegalMove(ErrorCode.NO_TURNED_CARD, "There is no turned card to discard.")
    elif isinstance(action, EndTurn):
        if board.turned[seat] != NO_CARD:
            return IllegalMove(
                ErrorCode.MUST_PLACE_TURNED_CARD, "Place or discard the turned card to end your turn."
            )
        if board.stocks[seat] or board.discards[seat]:
            return IllegalMove(
                ErrorCode.MUST_TURN_STOCK, "Your turn ends when you discard a card turned up from your stock."
            )
    else:
        return IllegalMove(ErrorCode.NOT_AN_ACTION, f"{action!r} is not a Crapette action.")
    if options.strict:
        missed = missed_move(board, seat, action, options, moved)
        if missed is not None:
            return IllegalMove(ErrorCode.PRIORITY_RULE, f"The priority rule asks for {missed.missed} first.")
    return None


def legal_actions(board: Board, seat: int, options: CrapetteOptions, moved: Collection[int]) -> list[Action]:
    """Everything `seat`, on turn, may do: the legal moves in the canonical order (see `Board.legal_moves`),
    then `turn`, `discard` or `end`, whichever applies; from the rules version 2, the moves between side piles
    come after those (side piles may be rearranged for ever: a player who always takes the first action of the
    list goes on with the game instead). On strict tables, only what keeps the priority rule."""
    moves = board.legal_moves(seat, options, moved)
    actions: list[Action]
    rearranging: list[Action] = []
    if options.sources_rules:
        actions = []
        for move in moves:
            (rearranging if move.from_side_pile and move.to_side_pile else actions).append(move)
    else:
        actions = list(moves)
    if board.turned[seat] != NO_CARD:
        actions.append(DISCARD_TURNED)
    elif board.stocks[seat] or board.discards[seat]:
        actions.append(TURN_STOCK)
    else:
        actions.append(END_TURN)
    actions += rearranging
    if options.strict:
        return allowed_actions(board, seat, actions, options, moved)
    return actions
