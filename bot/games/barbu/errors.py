"""The one exception the Barbu engine raises for a refused play."""

from __future__ import annotations

import enum


class ErrorCode(enum.StrEnum):
    """Why a play was refused; `IllegalMove.code` holds one of these values as a plain string. Stable."""

    WRONG_PHASE = "wrong_phase"  # the game is over
    NOT_YOUR_TURN = "not_your_turn"  # another seat is to play (or the seat is not at the table)
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"  # the seat holds a card of the suit led


class IllegalMove(Exception):
    """A play the rules do not allow. Raising it leaves the game exactly as it was.

    `code` is one of the `ErrorCode` values (the bot translates by it); `message` is a plain English sentence.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code).value
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalMove):
            return NotImplemented
        return (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.message))
