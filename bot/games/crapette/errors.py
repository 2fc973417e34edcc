"""The one exception the Crapette engine raises for a refused action."""

from __future__ import annotations

import enum

from bot.games.errors import EngineRefusal


class ErrorCode(enum.StrEnum):
    """Why an action was refused; `IllegalMove.code` holds one of these values as a plain string. Stable."""

    GAME_OVER = "game_over"
    UNKNOWN_SEAT = "unknown_seat"  # not 0 or 1
    NOT_YOUR_TURN = "not_your_turn"
    NOT_OPPONENTS_TURN = "not_opponents_turn"  # "Crapette!" called on your own turn
    NOT_AN_ACTION = "not_an_action"  # not a Move, TurnStock, DiscardTurned or EndTurn
    NOT_YOUR_PILE = "not_your_pile"  # taking from the opponent's crapette, stock or discard
    NOT_A_SOURCE = "not_a_source"  # taking from your own discard or from a foundation
    NOT_A_TARGET = (
        "not_a_target"  # putting a card on your own crapette, stock or discard, or the opponent's stock
    )
    SAME_PILE = "same_pile"
    EMPTY_SOURCE = "empty_source"  # no card there (no turned card, an empty crapette or side pile)
    EMPTY_TARGET = "empty_target"  # the opponent's discard or crapette is empty: nothing to build on
    WRONG_RANK = "wrong_rank"
    WRONG_SUIT = "wrong_suit"  # opponent's pile, "suit" build
    WRONG_COLOUR = "wrong_colour"  # side pile, or opponent's pile with the "alternate" build
    FOUNDATION_MISMATCH = "foundation_mismatch"  # a foundation follows the suit of its ace
    POINTLESS_MOVE = "pointless_move"  # the only card of a side pile onto an empty side pile
    ALREADY_MOVED = "already_moved"  # a card moves between side piles once until another kind of move
    PRIORITY_RULE = "priority_rule"  # strict tables only
    MUST_PLACE_TURNED_CARD = "must_place_turned_card"  # place or discard the turned card first
    NO_TURNED_CARD = "no_turned_card"
    NOTHING_TO_TURN = "nothing_to_turn"  # stock and discard both empty
    MUST_TURN_STOCK = "must_turn_stock"  # ending the turn is done by discarding a turned card


class IllegalMove(EngineRefusal):
    """An action the rules do not allow. Raising it leaves the game exactly as it was.

    `code` is one of the `ErrorCode` values (the bot translates by it); `message` is a plain English sentence.
    """

    codes = ErrorCode
