"""The people watching tables in the Activity, one WebSocket each, and the push of every saved change to them.

`GameService.watch` tells the hub each time a table's change is saved; the hub draws that table for each person
watching its channel (their own hand only) and sends it when it differs from what they last got. A burst of
changes of one table makes one push with the latest state. What is sent is the table as saved
(`GameService.as_saved`), never a move still being saved. A person who connects (or reconnects after a network
drop) gets the table as saved at once: the page always shows a whole state, so there is nothing to replay.

A game that ended shows its end line with what the channel reads under it (`bot.ui.end_notes`: Klondike's verdict,
the records beaten, the new ratings), read once per language of the people watching, then pushed again.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.activity.identity import Viewer
from bot.activity.views import view_for
from bot.activity.views.base import new_table_choices, table_state
from bot.service.table import Table
from bot.ui.end_notes import end_notes

if TYPE_CHECKING:
    from bot.service.games import GameService
    from bot.storage.records import RecordStore

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    socket: web.WebSocketResponse
    viewer: Viewer
    last_sent: str = ""
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)


class ActivityHub:
    def __init__(self, games: GameService, records: RecordStore | None = None) -> None:
        self._games = games
        self._records = records
        self._by_channel: dict[int, set[Connection]] = {}
        self._versions: dict[int, int] = {}  # channel -> saved changes seen (the page's picture address)
        self._ended: dict[int, Table] = {}  # channel -> its table that just ended (no longer the service's)
        # channel -> (its ended table, language -> the lines under its end line: None while they are read)
        self._notes: dict[int, tuple[int, dict[str, str | None]]] = {}
        self._pending: set[int] = set()  # channels with a push scheduled
        self._tasks: set[asyncio.Task[None]] = set()
        games.watch(self.table_saved)

    @property
    def connections(self) -> int:
        return sum(len(found) for found in self._by_channel.values())

    def version(self, channel_id: int) -> int:
        return self._versions.get(channel_id, 0)

    # -- people come and go --------------------------------------------------------------------------------
    async def join(self, connection: Connection) -> None:
        """A person's page connected: they get the table as saved now."""
        self._by_channel.setdefault(connection.viewer.channel_id, set()).add(connection)
        await self._send(connection, self.state_for(connection.viewer))

    def leave(self, connection: Connection) -> None:
        channel = connection.viewer.channel_id
        watching = self._by_channel.get(channel)
        if watching is not None:
            watching.discard(connection)
            if not watching:
                del self._by_channel[channel]

    async def close_all(self) -> None:
        for watching in list(self._by_channel.values()):
            for connection in list(watching):
                await connection.socket.close(code=1001, message=b"server stopping")
        for task in list(self._tasks):
            task.cancel()

    # -- what they see -------------------------------------------------------------------------------------
    def table_in(self, channel_id: int) -> Table | None:
        live = self._games.in_channel(channel_id)
        if live is not None:
            return self._games.as_saved(live)
        return self._ended.get(channel_id)

    def ended_in(self, channel_id: int) -> Table | None:
        """The table that ended last in the channel while no other opened there (what its pages show)."""
        return None if self._games.in_channel(channel_id) is not None else self._ended.get(channel_id)

    def state_for(self, viewer: Viewer) -> dict[str, Any]:
        table = self.table_in(viewer.channel_id)
        state = None
        if table is not None:
            state = table_state(view_for(table.game_key), table, viewer.user_id, viewer.locale)
            if "end" in state and (notes := self._notes_of(table, viewer)):
                state["end"] = f"{state['end']}\n{notes}"
        message = {
            "type": "state",
            "version": self.version(viewer.channel_id),
            "you": {"id": str(viewer.user_id), "name": viewer.name},
            "table": state,
        }
        if table is None and viewer.guild_id is not None:  # a channel with no table: open one from the page
            message["new"] = new_table_choices(viewer.locale)
        return message

    def _notes_of(self, table: Table, viewer: Viewer) -> str | None:
        """The lines under an ended table's end line in this person's language: read once per language (then
        pushed to the channel), None until they are."""
        if self._ended.get(viewer.channel_id) is not table:
            return None
        read = self._notes.get(viewer.channel_id)
        if read is None or read[0] != table.id:
            read = self._notes[viewer.channel_id] = (table.id, {})
        by_language = read[1]
        if viewer.locale not in by_language:
            by_language[viewer.locale] = None
            self._spawn(self._read_notes(table, viewer.locale))
        return by_language[viewer.locale]

    async def _read_notes(self, table: Table, locale: str) -> None:
        try:
            notes = await end_notes(table, self._records, locale)
        except Exception:  # the end line is shown all the same
            log.exception("Could not read what table %s changed, for its Activity page", table.id)
            return
        read = self._notes.get(table.channel_id)
        if notes and read is not None and read[0] == table.id:
            read[1][locale] = notes
            self._schedule_push(table.channel_id)

    # -- pushing changes -----------------------------------------------------------------------------------
    def table_saved(self, table: Table) -> None:
        """A change of `table` was saved (`GameService.watch`): push it to its channel's watchers, soon."""
        channel = table.channel_id
        self._versions[channel] = self._versions.get(channel, 0) + 1
        if self._games.get(table.id) is None:
            self._ended[channel] = table  # ended: the service forgot it, the page shows its end
        else:
            self._ended.pop(channel, None)
            self._notes.pop(channel, None)
        self._schedule_push(channel)

    def _schedule_push(self, channel: int) -> None:
        if channel not in self._by_channel or channel in self._pending:
            return
        self._pending.add(channel)
        self._spawn(self._push(channel))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _push(self, channel_id: int) -> None:
        await asyncio.sleep(0)  # the rest of this burst of changes first
        self._pending.discard(channel_id)
        for connection in list(self._by_channel.get(channel_id, ())):
            try:
                await self._send(connection, self.state_for(connection.viewer))
            except Exception:  # one person's failure never stops the others' updates
                log.exception("Could not update an Activity page in channel %s", channel_id)

    async def _send(self, connection: Connection, message: dict[str, Any]) -> None:
        """Send a state unless this person already has it (a change they cannot see: another's hand, the board's
        message id)."""
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        seen = json.dumps(message.get("table"), ensure_ascii=False, separators=(",", ":"))
        async with connection.sending:
            if seen == connection.last_sent or connection.socket.closed:
                return
            connection.last_sent = seen
            try:
                await connection.socket.send_str(text)
            except (ConnectionResetError, RuntimeError):
                self.leave(connection)

    async def answer(self, connection: Connection, message: dict[str, Any]) -> None:
        """A reply to that person alone (the result of their move)."""
        if connection.socket.closed:
            return
        try:
            await connection.socket.send_str(json.dumps(message, ensure_ascii=False))
        except (ConnectionResetError, RuntimeError):
            self.leave(connection)
