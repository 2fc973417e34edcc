"""A move menu's option values: the move's code and the card the player saw move (`c3>c5x2@9D`).

A menu is drawn with the board, and a board on a player's screen can be older than the table: a teammate moved,
the opponent's call ended the turn, an edit is still on its way. A move's code names places only (pile 1 to pile
5), so chosen on an older board it would move whatever card is there now. With the card in the value, the game
refuses the move instead when another card is there ("the table has changed"), and nothing moves. Values without a
card (menus drawn before this) are read as before.
"""

from __future__ import annotations

from typing import Final

SEEN_CARD: Final = "@"


def with_seen_card(code: str, card_code: str | None) -> str:
    """The option's value: `code`, and the code of the card it moves when there is one."""
    return code if card_code is None else f"{code}{SEEN_CARD}{card_code}"


def read_seen_card(value: str) -> tuple[str, str | None]:
    """(the move's code, the code of the card the player saw move, or None)."""
    code, separator, card = value.partition(SEEN_CARD)
    return code, (card or None) if separator else None
