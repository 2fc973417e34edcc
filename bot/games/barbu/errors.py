"""The one exception the Barbu engine raises for a refused play."""

from __future__ import annotations

import enum

from bot.games.errors import EngineRefusal


class ErrorCode(enum.StrEnum):
    """Why a play was refused; `IllegalMove.code` holds one of these values as a plain string. Stable."""

    WRONG_PHASE = "wrong_phase"  # the game is over
    NOT_YOUR_TURN = "not_your_turn"  # another seat is to play (or the seat is not at the table)
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"  # the seat holds a card of the suit led


class IllegalMove(EngineRefusal):
    """A play the rules do not allow. Raising it leaves the game exactly as it was.

    `code` is one of the `ErrorCode` values (the bot translates by it); `message` is a plain English sentence.
    """

    codes = ErrorCode
