"""The one exception the Hearts engine raises for a refused action, and its stable codes."""

from __future__ import annotations

import enum


class RefusalCode(enum.StrEnum):
    """Why an action was refused; `IllegalMove.code` holds one of these values as a plain string. The values are
    stable: the bot translates by them."""

    UNKNOWN_SEAT = "unknown_seat"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_CHOSEN = "already_chosen"
    WRONG_CARD_COUNT = "wrong_card_count"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    UNKNOWN_MOON_CHOICE = "unknown_moon_choice"


class IllegalMove(ValueError):
    """An action the rules do not allow now. Raising it leaves the game exactly as it was.

    `code` is one of `RefusalCode`'s values (stable); `message` is a plain English sentence for logs and tests.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = RefusalCode(code).value
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalMove):
            return NotImplemented
        return (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.message))
