"""The one exception a game or the table raises for anything a user did wrong.

It carries a catalog key (and its parameters) instead of a sentence, so the interface can say it in the user's
language. Raising it always means nothing changed.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"GameError({self.key!r}, {self.params!r})"
