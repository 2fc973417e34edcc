"""What a table and a message show: the state the fuzzer compares, each seat's hidden hand, the cards a message
shows and the owners its buttons name."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from bot.emulator.world import Message
from bot.games.cards import Card
from bot.games.trick_session import TrickSession
from bot.service.table import Table
from tests.e2e.trick_driver import cards_shown

GAME_CARD = re.compile(r"`(\d+)`")  # a card of The Game as its hand writes it


def state(table: Table | None) -> dict[str, Any] | None:
    """A table as saved, without what the bot may change for anyone (where its board and ping are) and the seats'
    languages (updated from whoever acts)."""
    if table is None:
        return None
    data = table.to_dict()
    data.pop("board_message_id")
    data.pop("ping_message_id")
    for seat in data["seats"]:
        seat.pop("locale", None)
    return data


def hands(table: Table) -> tuple[int, dict[int, set[Any]]] | None:
    """The hand number and each seat's hand, for games with hidden hands."""
    session = table.session
    if session is None:
        return None
    if isinstance(session, TrickSession):
        engine: Any = session.engine
        return engine.hand_number, {seat: set(engine.hand(seat)) for seat in range(len(table.seats))}
    if table.game_key == "thegame":
        from bot.games.thegame.ui.board import game_of

        game = game_of(table)
        return 0, {seat: set(game.hand(seat)) for seat in range(len(table.seats))}
    return None


def cards_in(message: Message, game_key: str) -> set[Any]:
    """The cards a message shows, in its text and on its buttons and menus."""
    if game_key == "thegame":
        shown: set[Any] = {int(value) for value in GAME_CARD.findall(message.text)}
        for custom_id in message.custom_ids:
            parts = custom_id.split(":")
            if parts[:2] in (["tg", "card"], ["tg", "play"]) and len(parts) > 3 and parts[3].isdigit():
                shown.add(int(parts[3]))
        return shown
    shown = cards_shown(message.text)
    codes = [
        cid.split(":")[3] for cid in message.custom_ids if cid.startswith("tg:g:") and cid.count(":") >= 3
    ]
    for component in message.selects:
        codes += [str(option.get("value", "")).split(".")[0] for option in component.get("options") or []]
    for code in codes:
        piece = code.split(".")[-1] if code.startswith("p.") else code
        with contextlib.suppress(ValueError):
            shown.add(Card.from_code(piece))
    return shown


def is_hand_message(message: Message) -> bool:
    return any(
        cid.startswith(("tg:refresh:", "tg:card:", "tg:gs:", "tg:g:")) for cid in message.custom_ids
    ) or ("hand" in message.text.lower() or "main" in message.text.lower())


def owners(message: Message) -> set[int]:
    """The users the buttons of a private hand name as their owner."""
    found = set()
    for custom_id in message.custom_ids:
        parts = custom_id.split(":")
        if len(parts) < 4 or parts[0] != "tg":
            continue
        kind = parts[1]
        lengths = {"card": 5, "play": 7, "end": 4, "refresh": 4, "back": 4, "g": 5, "gs": 5}
        if kind in lengths and len(parts) == lengths[kind] and parts[-1].isdigit():
            found.add(int(parts[-1]))
    return found
