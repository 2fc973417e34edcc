"""The one exception the engine raises for a refused action."""

from __future__ import annotations

import enum


class ErrorCode(enum.StrEnum):
    """Why an action was refused; `IllegalAction.code` holds one of these values as a plain string."""

    GAME_OVER = "game_over"
    FIRST_PLAYER_NOT_CHOSEN = "first_player_not_chosen"
    FIRST_PLAYER_ALREADY_CHOSEN = "first_player_already_chosen"
    UNKNOWN_PLAYER = "unknown_player"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_PILE = "unknown_pile"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_DOES_NOT_FIT = "card_does_not_fit"
    BELOW_MINIMUM = "below_minimum"


class IllegalAction(Exception):
    """An action the rules do not allow. Raising it leaves the game exactly as it was.

    `code` is stable (the bot translates by it); `message` is a clear English sentence.
    """

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code).value
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
