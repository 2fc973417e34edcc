"""The bot skips parsing its own messages and their edits, and nothing else."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.app import create_bot
from bot.config import Settings
from bot.gateway_events import OwnMessage, skip_own_messages

BOT_ID = 10


class Store:
    def __init__(self, tracked: set[int]) -> None:
        self.tracked = tracked

    def is_message_tracked(self, message_id: int) -> bool:
        return message_id in self.tracked


def connection(
    tracked: set[int] = frozenset(), self_id: int | None = BOT_ID
) -> tuple[Any, list[dict[str, Any]]]:  # type: ignore[assignment]
    """A stand-in for discord.py's ConnectionState: what reaches its parsers, or its listeners, is recorded."""
    parsed: list[dict[str, Any]] = []
    dispatched: list[tuple[str, Any]] = []
    state = SimpleNamespace(
        parsers={"MESSAGE_UPDATE": parsed.append, "MESSAGE_CREATE": parsed.append},
        self_id=self_id,
        _view_store=Store(set(tracked)),
        dispatch=lambda event, *args: dispatched.append((event, *args)),
        dispatched=dispatched,
    )
    assert skip_own_messages(state)
    return state, parsed


def edit(author: int, message_id: Any = 500) -> dict[str, Any]:
    return {"id": str(message_id), "channel_id": "7", "author": {"id": str(author)}, "content": "42"}


def test_the_edit_of_an_own_message_is_not_parsed() -> None:
    state, parsed = connection()
    state.parsers["MESSAGE_UPDATE"](edit(BOT_ID))
    assert parsed == []


def test_a_players_edit_is_parsed() -> None:
    state, parsed = connection()
    state.parsers["MESSAGE_UPDATE"](edit(11))
    state.parsers["MESSAGE_UPDATE"]({"id": "501", "channel_id": "7"})  # an edit event without an author
    assert [data["id"] for data in parsed] == ["500", "501"]


def test_an_own_message_with_a_tracked_view_is_parsed() -> None:
    state, parsed = connection(tracked={500})
    state.parsers["MESSAGE_UPDATE"](edit(BOT_ID))
    assert len(parsed) == 1


def test_before_ready_or_with_a_strange_id_everything_is_parsed() -> None:
    state, parsed = connection(self_id=None)
    state.parsers["MESSAGE_UPDATE"](edit(BOT_ID))
    state, parsed_too = connection()
    state.parsers["MESSAGE_UPDATE"](edit(BOT_ID, message_id="not a number"))
    assert len(parsed) == 1 and len(parsed_too) == 1


def test_a_new_own_message_is_not_parsed_but_announced() -> None:
    state, parsed = connection()
    state.parsers["MESSAGE_CREATE"]({**edit(BOT_ID, 600), "flags": 0})
    state.parsers["MESSAGE_CREATE"]({**edit(BOT_ID, 601), "flags": 64})
    assert parsed == []
    assert state.dispatched == [
        ("own_message", OwnMessage(600, 7, ephemeral=False)),
        ("own_message", OwnMessage(601, 7, ephemeral=True)),
    ]


def test_a_players_message_and_anything_strange_is_parsed() -> None:
    state, parsed = connection()
    state.parsers["MESSAGE_CREATE"](edit(11, 700))
    state.parsers["MESSAGE_CREATE"](edit(BOT_ID, "not a number"))
    state.parsers["MESSAGE_CREATE"]({"id": "702", "author": {"id": str(BOT_ID)}})  # no channel
    assert [data["id"] for data in parsed] == ["700", "not a number", "702"]
    assert state.dispatched == []


def test_an_unexpected_parser_table_is_left_alone() -> None:
    for state in (
        SimpleNamespace(parsers={}),
        SimpleNamespace(parsers={"MESSAGE_UPDATE": print}, dispatch=print),
        SimpleNamespace(
            parsers={"MESSAGE_UPDATE": print, "MESSAGE_CREATE": print}
        ),  # nothing to dispatch with
    ):
        before = dict(state.parsers)
        assert not skip_own_messages(state)
        assert state.parsers == before


def test_the_bot_installs_it_on_discord_pys_parser_table(tmp_path: Path) -> None:
    bot = create_bot(Settings(token="x", database_path=tmp_path / "db.sqlite3"))
    for event in ("MESSAGE_UPDATE", "MESSAGE_CREATE"):
        assert bot._connection.parsers[event].__qualname__.startswith("skip_own_messages")
    assert bot._connection._messages is None  # no message cache
