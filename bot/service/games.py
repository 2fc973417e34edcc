"""Games in progress: one lock per table; load -> engine -> save -> tell the interface what changed.

Every method that changes a table saves it before returning, so whatever the bot acknowledges to a user is already
on disk. A failed save puts the table back as it was on disk and re-raises.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import ActionResult, Notice
from bot.games.errors import GameError
from bot.games.registry import rules_for
from bot.service.table import Seat, Table, TableStatus
from bot.storage.fencing import ShardsLost
from bot.storage.tables import TableStore

log = logging.getLogger(__name__)

AI_NAMES = ("Ada", "Blaise", "Grace", "Alan", "Sophie", "Emmy", "Kurt", "Hedy")


@dataclass(slots=True)
class Change:
    """What an action did, for the interface: the table after it, the game's events, and what to tell the actor."""

    table: Table
    events: list[Any] = field(default_factory=list)
    turn_passed: bool = False
    notice: Notice | None = None
    hand_options: dict[str, Any] = field(default_factory=dict)
    changed: bool = True
    notice_with_board: bool = False  # see `ActionResult`
    hands_changed: bool = False  # see `ActionResult`
    notices_for: dict[int, Notice] = field(default_factory=dict)  # see `ActionResult`

    @property
    def needs_confirmation(self) -> bool:
        return "confirm" in self.hand_options


class SaveFailed(GameError):
    """The database could not be written (full, read-only, locked): the change did not happen, and the user is told
    so in one sentence; the table is as it was last saved."""

    def __init__(self) -> None:
        super().__init__("error.not_saved")


@dataclass(frozen=True, slots=True)
class TimerEvent:
    kind: str  # "lobby_expired" | "turn_reminder" | "idle_ended"
    table: Table


class GameService:
    def __init__(
        self,
        store: TableStore,
        *,
        lobby_timeout: float = 30 * 60,
        turn_reminder: float = 10 * 60,
        idle_end: float = 24 * 60 * 60,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._clock = clock
        self.lobby_timeout = lobby_timeout
        self.turn_reminder = turn_reminder
        self.idle_end = idle_end
        # Waiting while the bot was down is nobody's fault: a game left waiting is measured from here at most.
        self._up_since = clock()
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        # table -> its last saved state, while an action holds it (it may hold a move not saved yet): `as_saved`
        self._saved_while_held: dict[int, dict[str, Any]] = {}
        # table -> its data as this process last saved it (`locked`): what the next action compares with, instead
        # of writing the whole table out again first
        self._saved_data: dict[int, dict[str, Any]] = {}
        # tables changed outside a lock since their last save (a seat's language: `note_seat_locale`): an action
        # refused on them is undone to the table as it was when the lock was taken, not to the saved data
        self._changed_unlocked: set[int] = set()
        self._none_held = asyncio.Event()
        self._none_held.set()
        self._creating: set[int] = set()  # channels where a table is being opened
        # Called with a table each time a change of it is saved (or it is opened): the Activity's live views.
        self._watchers: list[Callable[[Table], None]] = []

    # -- reading -------------------------------------------------------------------------------------------
    async def restore(self, owns_guild: Callable[[int], bool] | None = None) -> list[Table]:
        """Load every lobby and game in progress from the database (at start-up); with ``owns_guild``, only the
        tables of the servers it accepts (a process of a cluster: the servers of its shards)."""
        tables = await self._store.load_active()
        if owns_guild is not None:
            tables = [table for table in tables if owns_guild(table.guild_id)]
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

    def as_saved(self, table: Table) -> Table:
        """The table to draw for players: as last saved. That is the live table, except while an action holds it
        (its move is applied before it is saved, and the save takes a while): then a copy of the saved state, so
        nobody sees a move that is not saved yet, and may still be undone if the save fails. A table that is gone
        (ended) is returned as given."""
        saved = self._saved_while_held.get(table.id)
        if saved is not None:
            return Table.from_dict(saved)
        return self._tables.get(table.id, table)

    def saved_copy(self, table: Table) -> Table:
        """A copy of the table as last saved (`as_saved`), the caller's own: kept for later, it does not change
        with the live table."""
        saved = self._saved_while_held.get(table.id)
        if saved is not None:
            return Table.from_dict(saved)
        return self._tables.get(table.id, table).copy()

    def any_table_held(self) -> bool:
        """Whether an action holds a table right now (its move may be on the table and not saved yet)."""
        return bool(self._saved_while_held)

    async def none_held(self) -> None:
        """Wait until no action holds a table (every move made so far is saved, or undone)."""
        await self._none_held.wait()

    def require_in_channel(self, channel_id: int) -> Table:
        table = self.in_channel(channel_id)
        if table is None:
            raise GameError("error.no_table_here")
        return table

    def watch(self, callback: Callable[[Table], None]) -> None:
        """Call `callback(table)` after each saved change of a table (and when one opens), once its lock is free.
        It must not block: it schedules whatever it does (`GameService.as_saved` gives the table as saved)."""
        self._watchers.append(callback)

    def _saved(self, table: Table) -> None:
        for callback in self._watchers:
            try:
                callback(table)
            except Exception:  # a watcher's failure never undoes or hides a saved move
                log.exception("A watcher of table %s failed", table.id)

    # -- locking and saving --------------------------------------------------------------------------------
    @asynccontextmanager
    async def locked(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock; the table is saved on a clean exit and restored from disk on an error. The
        table's data as last saved here is kept: the next action compares with it (a table changed outside a lock,
        such as a seat's language, is saved with the next action that holds it, and kept by an action refused)."""
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        saved = False
        async with lock:
            table = self.require(table_id)
            before = self._saved_data.get(table_id)
            if before is None:  # not saved by this process yet (opened, or restored at start-up)
                before = table.to_dict()
            # The table as the action finds it: what a refusal or an error goes back to.
            entry = table.to_dict() if table_id in self._changed_unlocked else before
            self._saved_while_held[table_id] = before
            self._none_held.clear()
            try:
                try:
                    yield table
                except GameError:
                    # A refused action must change nothing (the checks run before any change, but be certain).
                    if table.to_dict() != entry:
                        self._undo(table_id, entry, before)
                    raise
                except BaseException:
                    self._undo(table_id, entry, before)
                    raise
                after = table.to_dict()
                # Whatever changed outside the lock is in `after` now (a language noted during the save below
                # marks the table again).
                self._changed_unlocked.discard(table_id)
                saved = after != before
                if saved:
                    try:
                        await self._store.save(table, self._clock(), after)
                    except ShardsLost:
                        # Another process holds this table now: nothing was written, and nothing is answered.
                        self._undo(table_id, entry, before)
                        raise
                    except Exception as error:
                        log.exception("Could not save table %s; keeping the last saved state", table.id)
                        self._undo(table_id, entry, before)
                        raise SaveFailed from error
                    except BaseException:
                        self._undo(table_id, entry, before)
                        raise
                    self._saved_data[table_id] = after
            finally:
                del self._saved_while_held[table_id]
                if not self._saved_while_held:
                    self._none_held.set()
            if not table.status.is_active:
                self._forget(table)
        if saved:
            self._saved(table)

    def _undo(self, table_id: int, entry: dict[str, Any], saved: dict[str, Any]) -> None:
        """Put the table back as the action found it (still to be saved if that differs from its saved data)."""
        self._replace(Table.from_dict(entry))
        if entry is not saved:
            self._changed_unlocked.add(table_id)

    def note_seat_locale(self, table: Table, seat: int, locale: str) -> None:
        """A player's Discord language, as their latest interaction tells it: their seat's private texts use it.
        Set without the table's lock (it changes nothing in the game); saved with the table's next action."""
        if table.seats[seat].locale != locale:
            table.seats[seat].locale = locale
            self._changed_unlocked.add(table.id)

    def _remember(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _replace(self, table: Table) -> None:
        self._tables[table.id] = table

    def _forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        self._saved_data.pop(table.id, None)
        self._changed_unlocked.discard(table.id)
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
        seed: int,
        locale: str,
        game_key: str = "thegame",
        options: Mapping[str, Any] | None = None,
        daily: str | None = None,
    ) -> Table:
        # Only one table at a time per channel (the database refuses a second one too); other channels go on.
        if self.in_channel(channel_id) is not None or channel_id in self._creating:
            raise GameError("error.already_running")
        self._creating.add(channel_id)
        try:
            checked = rules_for(game_key).options(options or {})
            try:
                table = Table(
                    id=await self._store.next_id(),
                    guild_id=guild_id,
                    channel_id=channel_id,
                    created_by=host.user_id,
                    created_at=self._clock(),
                    game_key=game_key,
                    options=checked,
                    seed=seed,
                    daily=daily,
                    locale=locale,
                    seats=[host],
                )
                inserted = await self._store.insert(table)
            except ShardsLost:
                raise
            except Exception as error:
                log.exception("Could not open a table in channel %s", channel_id)
                raise SaveFailed from error
            if not inserted:
                raise GameError("error.already_running")
            self._remember(table)
            self._saved(table)
            log.info("Table %s opened in channel %s (guild %s)", table.id, channel_id, guild_id)
            return table
        finally:
            self._creating.discard(channel_id)

    async def join(self, table_id: int, seat: Seat) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            if table.is_seated(seat.user_id):
                raise GameError("error.already_seated")
            if len(table.seats) >= table.max_seats:
                raise GameError("error.table_full", maximum=table.max_seats)
            table.seats.append(seat)
            return Change(table)

    async def add_ai(self, table_id: int, user_id: int) -> Change:
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            self._require_seated(table, user_id)
            if not table.rules.ai_players:
                raise GameError("error.no_ai_players")
            if len(table.seats) >= table.max_seats:
                raise GameError("error.table_full", maximum=table.max_seats)
            used = {seat.user_id for seat in table.seats}
            ai_id = next(-number for number in range(1, table.max_seats + 2) if -number not in used)
            table.seats.append(Seat(ai_id, AI_NAMES[(-ai_id - 1) % len(AI_NAMES)], is_ai=True))
            return Change(table)

    async def remove_ai(self, table_id: int, user_id: int) -> Change:
        """The lobby's host takes the AI seat added last away."""
        async with self.locked(table_id) as table:
            self._require_lobby(table)
            self._require_seated(table, user_id)
            if user_id != table.host_id:
                raise GameError("error.not_host")
            if not table.ai_seat_indexes:
                raise GameError("error.no_ai_to_remove")
            del table.seats[table.ai_seat_indexes[-1]]
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
            rules = table.rules
            if len(table.seats) < rules.min_seats:
                raise GameError("error.too_few_players", minimum=rules.min_seats)
            table.session = rules.new_session(
                len(table.seats), table.seed, table.options, table.ai_seat_indexes
            )
            table.status = TableStatus.PLAYING
            table.started_at = self._clock()
            table.turn_started_at = table.started_at
            log.info("Table %s started with %s players", table.id, len(table.seats))
            if table.session.is_over:  # a deal lost from the start (a dead Klondike deal): it ends at once
                return self._after(table, ActionResult(), None)
            return Change(table)

    # -- playing -------------------------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: int, action: Any) -> Change:
        """A seated player's action, applied by the game; a GameError (nothing changed) when it is refused."""
        async with self.locked(table_id) as table:
            seat = self._require_playing_seat(table, user_id)
            session = table.require_session()
            before = session.progress()
            awaited = seat in table.seats_to_act  # a player the table waits for (not a teammate's marker)
            result = session.apply(seat, action)
            return self._after(table, result, before, active=awaited)

    async def play_ai(self, table_id: int, seat: int) -> Change:
        """Play an AI seat's turn (or its part of a simultaneous step) under the table's lock."""
        async with self.locked(table_id) as table:
            if (
                table.status is not TableStatus.PLAYING
                or not table.seats[seat].is_ai
                or seat not in table.seats_to_act
            ):
                return Change(table, changed=False)
            session = table.require_session()
            before = session.progress()
            events = session.play_ai(seat)
            return self._after(table, ActionResult(events), before)

    def _after(self, table: Table, result: ActionResult, before: Any, *, active: bool = False) -> Change:
        """After an accepted action: the idle clock, the end of the game. `active`: the action was made by a
        player the table was waiting for, so the table is not idle even if the turn did not pass (a Klondike
        player, or team playing all at once, making move after move; a long Crapette turn): the reminder, a vote
        it opened and the wait before a game left waiting ends (`idle_end`) start again."""
        session = table.require_session()
        now = self._clock()
        for line in session.public_log(result.events):
            log.info("Table %s: %s", table.id, line)
        turn_passed = session.progress() != before
        if turn_passed or active:
            table.turn_started_at = now
            table.reminded = False
            table.end_votes.clear()
        if session.is_over:
            outcome = session.outcome()
            table.status = TableStatus.FINISHED
            table.ended_at = now
            table.end_reason = outcome.outcome
            log.info("Table %s finished: %s, score %s", table.id, outcome.outcome, outcome.score)
        return Change(
            table,
            result.events,
            turn_passed=turn_passed,
            notice=result.notice,
            hand_options=result.hand_options,
            changed=result.changed,
            notice_with_board=result.notice_with_board,
            hands_changed=result.hands_changed,
            notices_for=result.notices_for,
        )

    # -- ending early --------------------------------------------------------------------------------------
    @staticmethod
    def stop_forfeits(table: Table, user_id: int) -> bool:
        """Whether `user_id` stopping `table` now gives the game up: a seated player of a rated game in play
        (docs/games.md, "Ending a game early"). A moderator's stop, a lobby's, and a cooperative or solo game's
        are abandoned: no result, no rating changed."""
        return (
            table.status is TableStatus.PLAYING and not table.rules.cooperative and table.is_seated(user_id)
        )

    async def stop(self, table_id: int, user_id: int, *, can_manage: bool, forfeit: bool = False) -> Change:
        """`/game stop`. A stop that gives the game up (`stop_forfeits`) needs `forfeit`: the player confirmed
        it; without it the table is left as it is and the player is asked again."""
        async with self.locked(table_id) as table:
            if not table.is_seated(user_id) and not can_manage:
                raise GameError("error.stop_not_allowed")
            if self.stop_forfeits(table, user_id):
                if not forfeit:
                    raise GameError("error.forfeit_not_confirmed")
                table.forfeits = (self._require_seated(table, user_id),)
                self._abandon(table, "forfeit")
            else:
                self._abandon(table, "stopped" if table.status is TableStatus.PLAYING else "closed")
            return Change(table)

    async def vote_end(self, table_id: int, user_id: int) -> tuple[Change, int, int]:
        """Count a vote to end an idle game. Returns the change, the votes so far and the votes needed. In a rated
        game the player the table waits for does not vote, and gives the game up when the vote passes."""
        async with self.locked(table_id) as table:
            self._require_playing_seat(table, user_id)
            if not table.reminded:
                raise GameError("error.vote_not_open")
            waited = self.waited_for(table)
            if waited is not None and table.seats[waited].user_id == user_id:
                raise GameError("error.vote_waited_for")
            voters = {
                seat.user_id for index, seat in enumerate(table.seats) if not seat.is_ai and index != waited
            }
            table.end_votes.add(user_id)
            votes = len(table.end_votes & voters)
            needed = len(voters) // 2 + 1
            if votes >= needed:
                if waited is not None:
                    table.forfeits = (waited,)
                self._abandon(table, "voted")
            return Change(table), votes, needed

    @staticmethod
    def waited_for(table: Table) -> int | None:
        """The seat of a rated game's player the table is waiting for (the one human on turn): the one a vote to
        end the game makes give it up. None in a cooperative game (the team ends it together)."""
        if table.rules.cooperative or table.current_seat is None or table.current_seat.is_ai:
            return None
        return table.seats_to_act[0]

    def _abandon(self, table: Table, reason: str) -> None:
        table.status = TableStatus.ABANDONED if table.session is not None else TableStatus.EXPIRED
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

    async def set_language(self, guild_id: int, language: str) -> list[Table]:
        """The server chose the language of its public messages: its open tables speak it from now on (a table
        keeps its own copy, saved with it). Returns the tables that changed, to redraw."""
        changed = []
        for table in [table for table in self._tables.values() if table.guild_id == guild_id]:
            if table.language == language:
                continue
            try:
                async with self.locked(table.id) as locked:
                    locked.locale = language
            except GameError:  # it ended meanwhile (or could not be saved: it keeps its language)
                continue
            changed.append(locked)
        return changed

    async def record_violation(self, table_id: int, user_id: int) -> int:
        async with self.locked(table_id) as table:
            table.violations[user_id] = table.violations.get(user_id, 0) + 1
            return table.violations[user_id]

    async def record_hint(self, table_id: int, user_id: int) -> None:
        async with self.locked(table_id) as table:
            table.hints[user_id] = table.hints.get(user_id, 0) + 1

    async def tick(self) -> list[TimerEvent]:
        """Close lobbies left unstarted, remind idle players and end games left waiting; called by the timer
        loop."""
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
            elif self._left_waiting(table, now):
                async with self.locked(table.id) as locked:
                    if self._left_waiting(locked, now):
                        self._end_idle(locked)
                        fired.append(TimerEvent("idle_ended", locked))
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

    def _left_waiting(self, table: Table, now: float) -> bool:
        """Whether a game in play has waited `idle_end` for a move of a human player (since this process started,
        at most)."""
        return (
            table.status is TableStatus.PLAYING
            and table.turn_started_at is not None
            and now - max(table.turn_started_at, self._up_since) >= self.idle_end
            and any(not table.seats[seat].is_ai for seat in table.seats_to_act)
        )

    def _end_idle(self, table: Table) -> None:
        """End a game left waiting: in a rated game the one player it waited for gives it up (walking away from a
        game about to be lost must not keep a rating, as `/game stop` does not); otherwise it is abandoned (a
        cooperative or solo game, or several players who could all act)."""
        waited = self.waited_for(table)
        if waited is not None:
            table.forfeits = (waited,)
        self._abandon(table, "idle")

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
