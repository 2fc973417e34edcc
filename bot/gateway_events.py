"""Gateway events the bot does not need to parse: the edits of its own messages.

With the guild messages intent (the chat rule), Discord sends a MESSAGE_UPDATE for every edit of every message in
the bot's servers, the bot's own included: about two per play (the board, the turn line). discord.py builds a full
`Message` from each one (embeds, components), and nothing in the bot listens to its own edits: the chat rule skips
bots, and no view is attached to a board (every button is a `DynamicItem`). So those events are dropped before
discord.py parses them, unless discord.py tracks a view on that message.

This wraps an entry of discord.py's parser table (`ConnectionState.parsers`, discord.py 2.7.1);
tests/e2e/test_chat_rule.py and tests/test_gateway_events.py fail if it stops working or drops a user's edit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Parser = Callable[[dict[str, Any]], None]


def skip_own_message_edits(connection: Any) -> bool:
    """Install the filter on a discord.py `ConnectionState`; False (and nothing changed) when its parser table is
    not what this expects."""
    parsers = getattr(connection, "parsers", None)
    if not isinstance(parsers, dict) or not callable(parsers.get("MESSAGE_UPDATE")):
        return False
    parse: Parser = parsers["MESSAGE_UPDATE"]

    def parse_message_update(data: dict[str, Any]) -> None:
        if _own_untracked(connection, data):
            return
        parse(data)

    parsers["MESSAGE_UPDATE"] = parse_message_update
    return True


def _own_untracked(connection: Any, data: dict[str, Any]) -> bool:
    self_id = getattr(connection, "self_id", None)
    author = data.get("author")
    if self_id is None or not isinstance(author, dict) or author.get("id") != str(self_id):
        return False
    store = getattr(connection, "_view_store", None)
    try:
        return store is not None and not store.is_message_tracked(int(data["id"]))
    except (KeyError, TypeError, ValueError):
        return False
