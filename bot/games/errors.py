"""The one exception a game or the table raises for anything a user did wrong.

It carries a catalog key (and its parameters) instead of a sentence, so the interface can say it in the user's
language. Raising it always means nothing changed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar


class GameError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"GameError({self.key!r}, {self.params!r})"


class EngineRefusal(Exception):
    """The base of each engine's `IllegalMove`: an action the rules do not allow, raised before any change.

    `code` is one of the game's stable codes (`codes`, a StrEnum; the bot translates by it); `message` is a plain
    English sentence for logs and tests; `params` fill the translated sentence (e.g. the card to play instead).
    Two refusals are equal when they are of the same game, code and message.
    """

    codes: ClassVar[type[StrEnum]]
    code: str
    message: str
    params: dict[str, str]

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = self.codes(code).value
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, EngineRefusal)
        return (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((type(self), self.code, self.message))
