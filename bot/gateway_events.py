"""Gateway events about the bot's own messages, which the bot does not need discord.py to parse.

With the guild messages intent (the chat rule), Discord sends a MESSAGE_CREATE for every message and a
MESSAGE_UPDATE for every edit in the bot's servers, the bot's own included: about one of each per play (the turn
line posted, the board and the turn line edited). discord.py builds a full `Message` from each one (its author as a
member, embeds, components), and almost nothing in the bot needs it: the chat rule skips bots, and no view is
attached to a board (every button is a `DynamicItem`).

- The edit of an own message is dropped before discord.py parses it, unless discord.py tracks a view on that
  message.
- A new own message is not parsed either: listeners get an `OwnMessage` (its id, channel and whether it is
  ephemeral) as the event `own_message` instead of `message`. The board's "buried by chat" count is the one thing
  that needs it (`TableDisplay.on_own_message`).

This wraps entries of discord.py's parser table (`ConnectionState.parsers`, discord.py 2.7.1);
tests/test_gateway_events.py, tests/e2e/test_chat_rule.py and tests/e2e/test_glance.py (the bot's own messages
still bury a board) fail if it stops working or drops a user's message or edit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Parser = Callable[[dict[str, Any]], None]
EPHEMERAL = 1 << 6


@dataclass(frozen=True, slots=True)
class OwnMessage:
    """A message the bot itself posted, as the gateway announced it (event `own_message`)."""

    id: int
    channel_id: int
    ephemeral: bool


def skip_own_messages(connection: Any) -> bool:
    """Install the filters on a discord.py `ConnectionState`; False (and nothing changed) when its parser table is
    not what this expects."""
    parsers = getattr(connection, "parsers", None)
    if (
        not isinstance(parsers, dict)
        or not callable(parsers.get("MESSAGE_UPDATE"))
        or not callable(parsers.get("MESSAGE_CREATE"))
        or not callable(getattr(connection, "dispatch", None))
    ):
        return False
    parse_update: Parser = parsers["MESSAGE_UPDATE"]
    parse_create: Parser = parsers["MESSAGE_CREATE"]

    def parse_message_update(data: dict[str, Any]) -> None:
        if _own(connection, data) and not _tracked(connection, data):
            return
        parse_update(data)

    def parse_message_create(data: dict[str, Any]) -> None:
        message = _own_message(data) if _own(connection, data) else None
        if message is None:
            parse_create(data)
            return
        connection.dispatch("own_message", message)

    parsers["MESSAGE_UPDATE"] = parse_message_update
    parsers["MESSAGE_CREATE"] = parse_message_create
    return True


def _own(connection: Any, data: dict[str, Any]) -> bool:
    self_id = getattr(connection, "self_id", None)
    author = data.get("author")
    return self_id is not None and isinstance(author, dict) and author.get("id") == str(self_id)


def _tracked(connection: Any, data: dict[str, Any]) -> bool:
    """Whether discord.py tracks a view on the message (True when that cannot be told: then it is parsed)."""
    store = getattr(connection, "_view_store", None)
    try:
        return store is None or bool(store.is_message_tracked(int(data["id"])))
    except (KeyError, TypeError, ValueError):
        return True


def _own_message(data: dict[str, Any]) -> OwnMessage | None:
    try:
        return OwnMessage(
            int(data["id"]), int(data["channel_id"]), bool(int(data.get("flags") or 0) & EPHEMERAL)
        )
    except (KeyError, TypeError, ValueError):
        return None
