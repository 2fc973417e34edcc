"""Games in progress: one lock per table; load -> engine -> save -> tell the interface what changed.

Every method that changes a table saves it before returning, so whatever the bot acknowledges to a user is already
on disk. A failed save puts the table back as it was on disk and re-raises.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.games.thegame.engine import (
    CardPlayed,
    Event,
    Game,
    IllegalAction,
    TurnEnded,
    TurnStarted,
    Variant,
)
from bot.service.errors import GameError
from bot.service.table import MAX_PLAYERS, Seat, Table, TableStatus
from bot.storage.tables import TableStore

if TYPE_CHECKING:
    from bot.games.thegame.ai import TurnPlan

log = logging.getLogger(__name__)

RECENT_PLAYS = 5
AI_NAMES = ("Ada", "Blaise", "Grace", "Alan", "Sophie")


@dataclass(slots=True)
class Change:
    """What an action did, for the interface: the table after it, and the engine events it caused."""

    table: Table
    events: list[Event] = field(default_factory=list)
    needs_confirmation: bool = False

    @property
    def turn_passed(self) -> bool:
        return any(isinstance(event, TurnStarted) for event in self.events)


@dataclass(frozen=True, slots=True)
class TimerEvent:
    kind: str  # "lobby_expired" | "turn_reminder"
    table: Table


def _play(game: Game, *, seat: int, card: int, pile: str) -> list[Event]:
    return game.play(seat, card, pile)


class GameService:
    def __init__(
        self,
        store: TableStore,
        *,
        lobby_timeout: float = 30 * 60,
        turn_reminder: float = 10 * 60,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._clock = clock
        self.lobby_timeout = lobby_timeout
        self.turn_reminder = turn_reminder
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._create_lock = asyncio.Lock()

    # -- reading -------------------------------------------------------------------------------------------
    async def restore(self) -> list[Table]:
        """Load every lobby and game in progress from the database (at start-up)."""
        tables = await self._store.load_active()
        for table in tables:
            self._remember(table)
        return tables

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return self._tables.get(table_id) if table_id is not None else None

    def active_tables(self) -> list[Table]:
        return list(self._tables.values())

    def require(self, table_id: int) -> Table:
        """The active table with this id, or a GameError for a stale button of an old or finished game."""
        table = self._tables.get(table_id)
        if table is None:
            raise GameError("error.table_gone")
        return table

    def require_in_channel(self, channel_id: int) -> Table:
        table = self.in_channel(channel_id)
        if table is None:
            raise GameError("error.no_table_here")
        return table

    # -- locking and saving --------------------------------------------------------------------------------
    @asynccontextmanager
    async def locked(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock; the table is saved on a clean exit and restored from disk on an error."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.require(table_id)
            before = table.to_dict()
            try:
                yield table
            except GameError:
                # A refused action must change nothing (the checks run before any change, but be certain).
                if table.to_dict() != before:
                    self._replace(Table.from_dict(before))
                raise
            except BaseException:
                self._replace(Table.from_dict(before))
                raise
            if table.to_dict() != before:
                try:
                    await self._store.save(table, self._clock())
                except BaseException:
                    log.exception("Could not save table %s; keeping the last saved state", table.id)
                    self._replace(Table.from_dict(before))
                    raise
            if not table.status.is_active:
                self._forget(table)

    def _remember(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _replace(self, table: Table) -> None:
        self._tables[table.id] = table

    def _forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        self._locks.pop(table.id, None)

    # -- lobby ---------------------------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Seat,
        variant: Variant,
        seed: int,
        locale: str,
        daily: str | None = None,
    ) -> Table:
        async with self._create_lock:
            if self.in_channel(channel_id) is not None:
                raise GameError("error.already_running")
            table = Table(
                id=await self._store.next_id(),
                guild_id=guild_id,
                channel_id=channel_id,
                created_by=host.user_id,
                created_at=self._clock(),
                variant=variant,
                seed=seed,
                daily=daily,
                locale=locale,
                seats=[host],
            )
            if not await self._store.insert(table):
                raise GameError("error.already_running")
            self._remember(table)
            log.info("Table %s opened in channel %s (guild %s)", table.id, channel_id, guild_id)
            return table

    async def join(self, table_id: int, seat: Seat) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            if table.is_seated(seat.user_id):
                raise GameError("error.already_seated")
            if len(table.seats) >= MAX_PLAYERS:
                raise GameError("error.table_full", maximum=MAX_PLAYERS)
            table.seats.append(seat)
            return Change(table)

    async def add_ai(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            self._require_seated(table, user_id)
            if len(table.seats) >= MAX_PLAYERS:
                raise GameError("error.table_full", maximum=MAX_PLAYERS)
            used = {seat.user_id for seat in table.seats}
            ai_id = next(-number for number in range(1, MAX_PLAYERS + 2) if -number not in used)
            table.seats.append(Seat(ai_id, AI_NAMES[(-ai_id - 1) % len(AI_NAMES)], is_ai=True))
            return Change(table)

    async def leave(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise GameError("error.not_seated")
            del table.seats[seat]
            if not table.human_seats:
                table.status = TableStatus.EXPIRED
                table.ended_at = self._clock()
                table.end_reason = "empty"
            return Change(table)

    async def start(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            self._require_seated(table, user_id)
            table.game = Game.new(len(table.seats), table.seed, table.variant)
            table.status = TableStatus.PLAYING
            table.started_at = self._clock()
            log.info("Table %s started with %s players", table.id, len(table.seats))
            return Change(table)

    # -- playing -------------------------------------------------------------------------------------------
    async def choose_first(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            seat = self._require_playing_seat(table, user_id)
            return self._apply(table, lambda game: game.choose_first_player(seat))

    async def play(self, table_id: int, user_id: int, card: int, pile: str, *, confirmed: bool) -> Change:
        async with self.locked(table_id) as table:
            seat = self._require_playing_seat(table, user_id)
            game = table.require_game()
            pile = pile.upper()
            if not confirmed and game.current_player == seat and card in game.hand(seat):
                legal = any(play.card == card and play.pile == pile for play in game.legal_plays())
                if legal and not game.can_complete_minimum_after(card, pile):
                    return Change(table, needs_confirmation=True)
            return self._apply(table, lambda game: game.play(seat, card, pile))

    async def end_turn(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            seat = self._require_playing_seat(table, user_id)
            return self._apply(table, lambda game: game.end_turn(seat))

    async def play_ai_seat(
        self, table_id: int, seat: int, plan: Callable[[Game, int, Mapping[str, str]], TurnPlan]
    ) -> Change:
        """Play an AI seat's whole turn under the table's lock: its planned plays, its markers, then end turn."""
        async with self.locked(table_id) as table:
            game = table.require_game()
            if game.is_over or game.current_player != seat or not table.seats[seat].is_ai:
                return Change(table)
            decision = plan(game, seat, table.markers_seen_by(seat))
            events: list[Event] = []
            for card, pile in decision.plays:
                events += self._apply(table, functools.partial(_play, seat=seat, card=card, pile=pile)).events
                if table.status is not TableStatus.PLAYING:
                    return Change(table, events)
            table.apply_ai_markers(seat, decision.markers)
            events += self._apply(table, lambda game: game.end_turn(seat)).events
            return Change(table, events)

    async def refresh_ai_markers(
        self, table_id: int, wanted: Callable[[Game, int], Mapping[str, str | None]]
    ) -> Change | None:
        """Let every AI seat update its markers from its hand and the piles now (after a turn passed)."""
        async with self.locked(table_id) as table:
            game = table.require_game()
            if game.is_over:
                return None
            before = dict(table.markers)
            for seat, player in enumerate(table.seats):
                if player.is_ai:
                    table.apply_ai_markers(seat, wanted(game, seat))
            return Change(table) if table.markers != before else None

    def _apply(self, table: Table, action: Callable[[Game], list[Event]]) -> Change:
        game = table.require_game()
        try:
            events = action(game)
        except IllegalAction as error:
            raise GameError(f"engine.{error.code}", minimum=game.turn_minimum) from error
        now = self._clock()
        for event in events:
            if isinstance(event, TurnStarted):
                table.turn_started_at = now
                table.reminded = False
                table.end_votes.clear()
            if isinstance(event, CardPlayed):
                log.info(
                    "Table %s: seat %s played %s on %s%s",
                    table.id,
                    event.player,
                    event.card,
                    event.pile,
                    " (backwards)" if event.backwards else "",
                )
                table.recent_plays = [
                    *table.recent_plays[-(RECENT_PLAYS - 1) :],
                    (event.player, event.card, event.pile, event.backwards),
                ]
            if isinstance(event, TurnEnded):
                log.info(
                    "Table %s: seat %s ended the turn and drew %s cards",
                    table.id,
                    event.player,
                    len(event.drawn),
                )
                table.last_drawn[table.seats[event.player].user_id] = list(event.drawn)
        if game.is_over:
            table.status = TableStatus.FINISHED
            table.ended_at = now
            table.end_reason = game.status.value
            log.info("Table %s finished: %s, %s cards left", table.id, game.status.value, game.cards_left)
        return Change(table, events)

    # -- ending early --------------------------------------------------------------------------------------
    async def stop(self, table_id: int, user_id: int, *, can_manage: bool) -> Change:
        async with self.locked(table_id) as table:
            if not table.is_seated(user_id) and not can_manage:
                raise GameError("error.stop_not_allowed")
            self._abandon(table, "stopped" if table.status is TableStatus.PLAYING else "closed")
            return Change(table)

    async def vote_end(self, table_id: int, user_id: int) -> tuple[Change, int, int]:
        """Count a vote to end an idle game. Returns the change, the votes so far and the votes needed."""
        async with self.locked(table_id) as table:
            seat = self._require_playing_seat(table, user_id)
            if not table.reminded:
                raise GameError("error.vote_not_open")
            table.end_votes.add(table.seats[seat].user_id)
            needed = len(table.human_seats) // 2 + 1
            if len(table.end_votes) >= needed:
                self._abandon(table, "voted")
            return Change(table), len(table.end_votes), needed

    def _abandon(self, table: Table, reason: str) -> None:
        table.status = TableStatus.ABANDONED if table.game is not None else TableStatus.EXPIRED
        table.ended_at = self._clock()
        table.end_reason = reason
        log.info("Table %s ended early (%s)", table.id, reason)

    # -- bookkeeping ---------------------------------------------------------------------------------------
    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        async with self.locked(table_id) as table:
            table.board_message_id = message_id

    async def set_ping_message(self, table_id: int, message_id: int | None) -> None:
        async with self.locked(table_id) as table:
            table.ping_message_id = message_id

    async def record_violation(self, table_id: int, user_id: int) -> int:
        async with self.locked(table_id) as table:
            table.violations[user_id] = table.violations.get(user_id, 0) + 1
            return table.violations[user_id]

    async def record_hint(self, table_id: int, user_id: int) -> None:
        async with self.locked(table_id) as table:
            table.hints[user_id] = table.hints.get(user_id, 0) + 1

    async def set_marker(self, table_id: int, user_id: int, pile: str, kind: str | None) -> Change:
        async with self.locked(table_id) as table:
            self._require_playing_seat(table, user_id)
            table.set_marker(pile, kind, user_id)
            return Change(table)

    async def tick(self) -> list[TimerEvent]:
        """Close lobbies left unstarted and remind idle players; called by the timer loop."""
        now = self._clock()
        fired: list[TimerEvent] = []
        for table in list(self._tables.values()):
            if table.status is TableStatus.LOBBY and now - table.created_at >= self.lobby_timeout:
                async with self.locked(table.id) as locked:
                    if locked.status is TableStatus.LOBBY:
                        locked.status = TableStatus.EXPIRED
                        locked.ended_at = now
                        locked.end_reason = "timeout"
                        fired.append(TimerEvent("lobby_expired", locked))
            elif (
                table.status is TableStatus.PLAYING
                and not table.reminded
                and table.turn_started_at is not None
                and table.current_seat is not None
                and not table.current_seat.is_ai
                and now - table.turn_started_at >= self.turn_reminder
            ):
                async with self.locked(table.id) as locked:
                    locked.reminded = True
                    fired.append(TimerEvent("turn_reminder", locked))
        return fired

    # -- checks --------------------------------------------------------------------------------------------
    @staticmethod
    def _require_lobby(table: Table) -> None:
        if table.status is not TableStatus.LOBBY:
            raise GameError("error.already_started")

    @staticmethod
    def _require_seated(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise GameError("error.not_seated")
        return seat

    def _require_playing_seat(self, table: Table, user_id: int) -> int:
        seat = self._require_seated(table, user_id)
        if table.status is TableStatus.LOBBY:
            raise GameError("error.not_started")
        return seat
