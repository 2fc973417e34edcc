"""Keeps a table's public messages in step with its state (its players' private messages: `private_messages.py`).

Everything here runs after the move was saved and acknowledged: a Discord error on an edit is logged and retried
on the next change, it never loses a move. Board edits are coalesced per table: the first change shows at once,
and during a game a board is then edited at most once per `BOARD_EDIT_INTERVAL`, showing the latest state, so a
burst of plays costs one edit (and one picture) and a busy channel stays within Discord's rate limit for edits.

Public messages are posted, edited and deleted through the interaction that caused them whenever one is valid
(`PublicMessages`): Discord's global rate limit (50 requests a second for the whole bot) does not count those.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.games.errors import GameError
from bot.gateway_events import OwnMessage
from bot.service.table import Table, TableStatus
from bot.storage.records import RecordStore
from bot.ui.activity_button import add_open_table_button
from bot.ui.components import VoteEndButton
from bot.ui.end_notes import end_notes
from bot.ui.format import period
from bot.ui.game_ui import ended_early_text, ui_for
from bot.ui.i18n import t
from bot.ui.lobby import draw_picture, for_edit, for_send, render_table
from bot.ui.private_messages import PrivateMessages
from bot.ui.public_messages import PublicMessages

if TYPE_CHECKING:
    from bot.service.games import GameService
    from bot.storage.settings import SettingsStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AnswerDrawing:
    """The board edits around a click's answer when it drew the board: edits asked for (all tables), edits of
    this board started and whether one was under way, and the table as drawn (a copy of its own)."""

    asked: int
    edits_started: int
    editing: bool
    shown: Table


@dataclass(slots=True)
class BoardOpening:
    """A table's board being posted, as the answer that opens the table or as a new message (`board_opening`):
    the task posting it, set once it is done."""

    owner: asyncio.Task[Any] | None
    done: asyncio.Event


# A board with this many messages under it has scrolled out of sight: it is posted again at the bottom.
BURIED_AFTER = 12
# Where a table's public messages go: its channel, or a partial one while the channel is not in the cache.
BoardChannel = discord.TextChannel | discord.Thread | discord.PartialMessageable
# How many times a board edit that Discord failed (5xx, 429, 408) is tried again, after 1, 2, 4, 8, 8 seconds.
BOARD_RETRIES = 5
# 408: the REST proxy of a cluster (nirn-proxy) gave up waiting for Discord (its REQUEST_TIMEOUT): Discord's
# failure, like a 5xx, not a request of the bot's that is wrong.
RETRIED_STATUSES = frozenset({408, 429})
# Seconds between two edits of one board (and of its turn announcement). Discord allows about five edits in five
# seconds per channel; the player who acted sees their answer at once whatever this is.
BOARD_EDIT_INTERVAL = 1.0
# `/board` posts the board again at most once in this many seconds per channel (fifty /board from a spectator
# posted forty-nine boards); meanwhile the asker is told when to ask again. A seated player still gets the board
# when at least `BURIED_FOR_A_PLAYER` messages hide it.
BOARD_COOLDOWN = 30.0
BURIED_FOR_A_PLAYER = 3


def players_only(table: Table) -> discord.AllowedMentions:
    """A public line pings only the table's human players it mentions: never a role, @everyone, or anyone else
    (a name is escaped, but a ping is decided here)."""
    users = [discord.Object(seat.user_id) for seat in table.human_seats]
    return discord.AllowedMentions(users=users, everyone=False, roles=False, replied_user=False)


class TableDisplay:
    def __init__(
        self,
        client: discord.Client,
        games: GameService,
        settings: SettingsStore,
        *,
        board_edit_interval: float = BOARD_EDIT_INTERVAL,
        board_cooldown: float = BOARD_COOLDOWN,
        open_table_button: bool = False,
        records: RecordStore | None = None,
    ) -> None:
        self._client = client
        self._records = records  # what a finished game changed in the records, told under its end line
        self.open_table_button = (
            open_table_button  # boards carry **Open the table** (the bot has an Activity)
        )
        self._games = games
        self._settings = settings
        # Unix time, for the 15 minutes of interaction tokens (tests move it on).
        self.clock = time.time
        # The public messages go through the interactions that caused them when one is valid (public_messages.py).
        self.public = PublicMessages(client, clock=lambda: self.clock())
        # table -> the state its board must show next (a copy of the table, the board's own)
        self._dirty: dict[int, Table] = {}
        # What a click's answer showing the board must know of the edits around it (`answered_with_board`):
        # table -> the last edit asked for (its number among all asked, its data); edits started; edits under way.
        self._asked: dict[int, tuple[int, Table]] = {}
        self._asked_count = 0
        self._edits_started: dict[int, int] = {}
        self._editing: set[int] = set()
        self._workers: dict[int, asyncio.Task[None]] = {}
        # Tables whose board is being posted (`board_opening`): their board edits wait for it.
        self._opening: dict[int, BoardOpening] = {}
        # Tables that ended while their board was posted again: the new board, which the game could no longer
        # remember, for the edit that shows the end.
        self._ended_while_posted: dict[int, int] = {}
        self._board_retries: dict[int, int] = {}  # table -> board edits Discord failed in a row
        self.board_edit_interval = board_edit_interval  # seconds between two edits of one board
        self.board_cooldown = board_cooldown  # seconds between two boards posted by /board in a channel
        self._board_posted_at: dict[int, float] = {}  # table -> when its board was last posted (Unix time)
        # table -> when its board was last edited (loop time) and the table's status it showed
        self._last_board_edit: dict[int, tuple[float, TableStatus]] = {}
        # While flush() waits, pending edits go out without waiting their turn.
        self._flushing = 0
        self._hurry = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        # The messages posted under each table's board (ids), to notice when chat has buried it.
        self._under_board: dict[int, set[int]] = {}
        self._reposting: set[int] = set()
        # Each table's turn announcement as sent (the turn it announced, its text), to keep it current, and the
        # lock that makes its announcements replace one another one at a time.
        self._ping_texts: dict[int, tuple[Any, str]] = {}
        self._ping_locks: dict[int, asyncio.Lock] = {}
        # Each player's hand message and latest action (private_messages.py), on the display's clock and tasks.
        self.private = PrivateMessages(client, games, settings, clock=lambda: self.clock(), spawn=self.spawn)
        add_listener = getattr(client, "add_listener", None)
        if add_listener is not None:
            add_listener(self.on_message, "on_message")
            add_listener(self.on_own_message, "on_own_message")
            add_listener(self.on_raw_message_delete, "on_raw_message_delete")

    # -- the board -----------------------------------------------------------------------------------------
    @staticmethod
    def render_board(table: Table) -> dict[str, Any]:
        return render_table(table)

    @staticmethod
    async def board_content(table: Table) -> dict[str, Any]:
        """The board's message for a background edit, its picture drawn in the picture thread (the event loop goes
        on meanwhile). A board that answers a click uses `render_board`: drawn on the loop, it is not late."""
        content = render_table(table)
        await draw_picture(content)
        return content

    def board_for(self, table: Table) -> dict[str, Any]:
        """`render_board`, with this bot's own additions to every board (**Open the table**)."""
        return self.add_own_buttons(render_table(table), table)

    def add_own_buttons(self, content: dict[str, Any], table: Table) -> dict[str, Any]:
        """This bot's own additions to every board it draws (**Open the table**, when it has an Activity)."""
        if self.open_table_button:
            add_open_table_button(content, table)
        return content

    def refresh_board(self, table: Table) -> None:
        """Schedule an edit of the board to show `table` as it is now (the latest request wins).

        The board keeps a copy: it goes out later (at most once a second), and by then the live table may hold the
        next move while it is being saved; a board must never show a move, or a card leaving a hand, that is not
        saved yet (found by the soak). The copy is quick to make (`Table.copy`: no replay of the game's log), and it
        is the table as saved: another action may hold the live one, with its move not saved yet
        (`GameService.saved_copy`)."""
        copy = self._games.saved_copy(table)
        self._asked_count += 1
        self._asked[table.id] = (self._asked_count, copy)
        self._dirty[table.id] = copy
        self._start_board_worker(table.id)

    def _start_board_worker(self, table_id: int) -> None:
        worker = self._workers.get(table_id)
        if worker is None or worker.done():
            self._workers[table_id] = self.spawn(self._board_worker(table_id))

    def drawing_for_answer(self, table: Table) -> AnswerDrawing:
        """Note the board edits around a click's answer as it draws the board (`table`, saved); give the note to
        `answered_with_board` once the answer went out."""
        return AnswerDrawing(
            self._asked_count,
            self._edits_started.get(table.id, 0),
            table.id in self._editing,
            table.copy(),
        )

    def answered_with_board(self, table_id: int, drawing: AnswerDrawing) -> None:
        """A click was answered with the board (`drawing`). A board edit asked for before it is no longer needed,
        but the board is edited once more when the answer may not be the last thing Discord received (found by
        the soak: boards that never caught up):
        - an edit was asked for while the answer went out (another player's move, saved meanwhile): it goes out
          after it, even if it went out already;
        - an older edit went out while the answer did, and may have reached Discord last: the answer's own state
          goes out again."""
        asked = self._asked.get(table_id)
        if asked is not None and asked[0] > drawing.asked:
            self._dirty[table_id] = asked[1]
        elif (
            drawing.editing
            or table_id in self._editing
            or self._edits_started.get(table_id, 0) != drawing.edits_started
        ):
            self._dirty[table_id] = drawing.shown
        else:
            self._dirty.pop(table_id, None)
            return
        self._start_board_worker(table_id)

    def board_shown(self, table: Table) -> None:
        """The board was just edited in the answer to a click on it: the next edit waits its turn, and the turn
        announcement is brought up to date."""
        self._last_board_edit[table.id] = (asyncio.get_running_loop().time(), table.status)
        channel = self._channel(table)
        if channel is not None:
            self.spawn(self._refresh_ping(channel, table))

    async def flush(self) -> None:
        """Wait until every scheduled update went out, without waiting between edits (tests and shutdown)."""
        self._flushing += 1
        self._hurry.set()
        try:
            while any(not task.done() for task in self._tasks):
                await asyncio.gather(
                    *[task for task in self._tasks if not task.done()], return_exceptions=True
                )
        finally:
            self._flushing -= 1
            if not self._flushing:
                self._hurry.clear()

    @contextlib.contextmanager
    def board_opening(self, table_id: int) -> Iterator[None]:
        """While a table's board is being posted, as the answer that opens the table or as a new message
        (`post_board`), its message is known only once Discord confirms it: the table's board edits asked for
        meanwhile wait, then edit that message (found by the soak: a lobby confirmed late and a second one posted
        for a player who joined meanwhile; a board posted again while moves were saved, which edited the old
        one). A board already being posted keeps the edits waiting until it is."""
        if table_id in self._opening:
            yield
            return
        opening = BoardOpening(asyncio.current_task(), asyncio.Event())
        self._opening[table_id] = opening
        try:
            yield
        finally:
            del self._opening[table_id]
            opening.done.set()

    async def _board_worker(self, table_id: int) -> None:
        loop = asyncio.get_running_loop()
        while table_id in self._dirty:
            last = self._last_board_edit.get(table_id)
            pending = self._dirty[table_id].status
            # Only a game in play waits its turn: the lobby and a game's first board show at once.
            if last is not None and last[1] is TableStatus.PLAYING and pending is TableStatus.PLAYING:
                pause = self.board_edit_interval - (loop.time() - last[0])
                if pause > 0 and not self._hurry.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._hurry.wait(), pause)
            opening = self._opening.get(table_id)
            if opening is not None:  # the board is being posted: edit it once it is
                await opening.done.wait()
                continue
            table = self._dirty.pop(table_id, None)
            if table is None:
                return
            self._last_board_edit[table_id] = (loop.time(), table.status)
            self._edits_started[table_id] = self._edits_started.get(table_id, 0) + 1
            self._editing.add(table_id)
            try:
                await self._edit_or_repost(table)
            finally:
                self._editing.discard(table_id)

    async def _edit_or_repost(self, table: Table) -> None:
        channel = self._channel(table)
        if channel is None:
            return
        live = self._games.get(table.id)
        if live is not None:  # the copy's messages may have been posted again since it was taken
            table.board_message_id, table.ping_message_id = live.board_message_id, live.ping_message_id
        else:
            table.board_message_id = self._ended_while_posted.pop(table.id, table.board_message_id)
        if table.board_message_id is not None and self.public.worth_posting_again(
            channel.id, table.board_message_id
        ):
            # No interaction reaches the board any more (or soon): posted again through a newer one, the board
            # stays editable without using the global rate limit; the old one goes (`post_board`).
            log.info("Board of table %s posted again through a newer interaction", table.id)
            if await self.post_board(table, replace=True) is not None:
                return
        content = self.add_own_buttons(await self.board_content(table), table)
        if table.board_message_id is not None:
            try:
                await self.public.edit(channel, table.board_message_id, **for_edit(content))
                self._board_retries.pop(table.id, None)
                await self._refresh_ping(channel, table)
                return
            except discord.NotFound:
                live = self._games.get(table.id)
                if live is not None and live.board_message_id not in (None, table.board_message_id):
                    # Posted again (and the old one deleted) while this edit was drawn: edit the new one.
                    self._dirty.setdefault(table.id, table)
                    return
                log.info("Board of table %s was deleted; posting it again", table.id)
            except discord.HTTPException as error:
                log.warning("Could not edit the board of table %s: %s", table.id, error)
                await self._retry_board_later(table, error)
                return
        await self.post_board(table)

    async def _retry_board_later(self, table: Table, error: discord.HTTPException) -> None:
        """Discord failed (5xx, 429, or a proxy's 408): show the latest state again after a pause, a few times, so
        the board does not stay behind when no other change comes."""
        attempt = self._board_retries.get(table.id, 0)
        if (error.status < 500 and error.status not in RETRIED_STATUSES) or attempt >= BOARD_RETRIES:
            self._board_retries.pop(table.id, None)
            return
        self._board_retries[table.id] = attempt + 1
        self._dirty.setdefault(table.id, table)
        await asyncio.sleep(min(2**attempt, 8))

    async def post_board(
        self, table: Table, *, replace: bool = False, retire: bool = False
    ) -> discord.Message | None:
        """Post the board at the bottom of the channel; the old one is deleted (`replace`) or edited into a
        short line that links to the new one (`retire`). It shows the table as last saved, and board edits asked
        for while it is posted edit it once it is (`board_opening`).

        A board asked for while another task posts one (two /board at once, a board deleted while /board posts it)
        waits for it and posts nothing: the board just posted is at the bottom (found reading the code: both
        posted, and the game went on in one board while the other stayed behind). None when nothing was posted."""
        channel = self._channel(table)
        if channel is None:
            return None
        opening = self._opening.get(table.id)
        if opening is not None and opening.owner is not asyncio.current_task():
            before = table.board_message_id
            await opening.done.wait()
            live = self._games.get(table.id)
            if live is None or live.board_message_id not in (None, before):
                return None
            table = live  # the other post failed: post it now
        with self.board_opening(table.id):
            return await self._post_board(
                channel, self._games.as_saved(table), replace=replace, retire=retire
            )

    def board_wait(self, table: Table, *, seated: bool) -> float | None:
        """None when `/board` may post the table's board again now; else when it may (a Unix time). The board
        was posted at the bottom less than `board_cooldown` seconds ago: nobody gets another, unless a seated
        player asks while chat hides it (`BURIED_FOR_A_PLAYER` messages under it)."""
        posted = self._board_posted_at.get(table.id)
        if posted is None or time.time() >= posted + self.board_cooldown:
            return None
        if seated and len(self._under_board.get(table.id, ())) >= BURIED_FOR_A_PLAYER:
            return None
        return posted + self.board_cooldown

    async def _post_board(
        self, channel: BoardChannel, table: Table, *, replace: bool, retire: bool
    ) -> discord.Message | None:
        old, was_active = table.board_message_id, table.status.is_active
        try:
            content = self.add_own_buttons(await self.board_content(table), table)
            message = await self.public.send(channel, **for_send(content))
        except discord.HTTPException as error:
            log.warning("Could not post the board of table %s: %s", table.id, error)
            return None
        self._board_posted_at[table.id] = time.time()
        remembered = False
        if table.status.is_active:
            with contextlib.suppress(GameError):  # the game ended meanwhile: nothing left to remember it in
                await self._games.set_board_message(table.id, message.id)
                remembered = True
        if not remembered:
            table.board_message_id = message.id
            if was_active:  # the game ended while it was posted: its end is shown here (`_edit_or_repost`)
                self._ended_while_posted[table.id] = message.id
        under = self._under_board.get(table.id)
        if under:
            self._under_board[table.id] = {seen for seen in under if seen > message.id}
        if replace and old is not None and old != message.id:
            self.spawn(self._delete(channel, old))
        elif retire and old is not None and old != message.id:
            link = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{message.id}"
            self.spawn(self._retire(channel, old, t(table.locale, "board.moved", link=link)))
        return message

    # -- a board buried by chat ----------------------------------------------------------------------------
    async def on_message(self, message: discord.Message) -> None:
        self._count_under_board(message.channel.id, message.id, message.flags.ephemeral)

    async def on_own_message(self, message: OwnMessage) -> None:
        """The bot's own messages, which discord.py does not parse (`bot.gateway_events`), bury a board too."""
        self._count_under_board(message.channel_id, message.id, message.ephemeral)

    def _count_under_board(self, channel_id: int, message_id: int, ephemeral: bool) -> None:
        """Count the messages under a game's board; past `BURIED_AFTER`, post the board again at the bottom."""
        table = self._games.in_channel(channel_id)
        if table is None or table.status is not TableStatus.PLAYING or table.board_message_id is None:
            return
        if message_id <= table.board_message_id or ephemeral:
            return
        under = self._under_board.setdefault(table.id, set())
        under.add(message_id)
        if len(under) >= BURIED_AFTER and table.id not in self._reposting:
            self._reposting.add(table.id)
            self.spawn(self._repost_buried(table.id))

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        table = self._games.in_channel(payload.channel_id)
        if table is not None:
            self._under_board.get(table.id, set()).discard(payload.message_id)

    async def _repost_buried(self, table_id: int) -> None:
        try:
            table = self._games.get(table_id)
            if table is not None and table.status is TableStatus.PLAYING:
                log.info("Board of table %s was buried by chat; posting it again", table_id)
                if await self.post_board(table, retire=True) is not None:
                    # The hands above the chat come under the board too.
                    await self.private.bring_hands_down(table)
        finally:
            self._reposting.discard(table_id)

    async def _retire(self, channel: BoardChannel, message_id: int, text: str) -> None:
        """The old board becomes one line pointing to the new one (its buttons and picture go)."""
        try:
            await self.public.edit(channel, message_id, content=text, embeds=[], attachments=[], view=None)
        except discord.HTTPException:
            await self._delete(channel, message_id)

    # -- turns and endings ---------------------------------------------------------------------------------
    def announce_turn(self, table: Table) -> None:
        table = self._games.as_saved(table)
        if table.status is not TableStatus.PLAYING:
            return
        text = ui_for(table).turn_text(table)
        if text is None:
            return
        self.spawn(self._replace_ping(table, text, players_only(table)))

    async def _replace_ping(self, table: Table, text: str, mentions: discord.AllowedMentions) -> None:
        """Post the turn line and delete the one before it. One at a time per table, in the order asked, and not
        again when the line shows this text already (found playing Hearts: each AI seat's pass announced the pass
        again at the same moment; the player was pinged four times, and three lines stayed, each having taken the
        same one to replace)."""
        channel = self._channel(table)
        if channel is None:
            return
        async with self._ping_locks.setdefault(table.id, asyncio.Lock()):
            live = self._games.get(table.id)
            old = live.ping_message_id if live is not None else table.ping_message_id
            progress = table.require_session().progress()
            sent = self._ping_texts.get(table.id)
            if old is not None and sent is not None and sent[1] == text:
                self._ping_texts[table.id] = (progress, text)
                return
            try:
                message = await self.public.send(channel, content=text, allowed_mentions=mentions)
            except discord.HTTPException as error:
                log.warning("Could not announce the turn in table %s: %s", table.id, error)
                return
            self._ping_texts[table.id] = (progress, text)
            if table.status.is_active and self._games.get(table.id) is not None:
                with contextlib.suppress(GameError):  # the game ended while the ping was sent
                    await self._games.set_ping_message(table.id, message.id)
            if old is not None:
                await self._delete(channel, old)

    async def _refresh_ping(self, channel: BoardChannel, table: Table) -> None:
        """Keep the turn announcement current (a game's turn line may show the state: The Game's pile tops),
        so the latest message tells where the game stands; no new ping, only an edit when the text changed."""
        sent = self._ping_texts.get(table.id)
        if table.ping_message_id is None or table.status is not TableStatus.PLAYING or sent is None:
            return
        progress = table.require_session().progress()
        text = ui_for(table).turn_text(table)
        # Nothing to do when the text is unchanged, or when the turn passed (a new announcement is on its way).
        if text is None or text == sent[1] or progress != sent[0]:
            return
        self._ping_texts[table.id] = (progress, text)
        with contextlib.suppress(discord.HTTPException):
            await self.public.edit(
                channel, table.ping_message_id, content=text, allowed_mentions=discord.AllowedMentions.none()
            )

    def post_announcements(self, table: Table, contents: list[dict[str, Any]]) -> None:
        """Post a game's own messages (a finished hand's result) in the channel, where they stay. The game goes on
        under them: the board is posted again below (the old one deleted: the result takes its place), then each
        player's private hand (`PrivateMessages.bring_hands_down`), then the turn line asked for after them, posted
        again if its text is the same. Seen at phone width: from the third hand on, the board and the hand were two
        screens up, above the results, and a player pinged at the bottom scrolled up to play."""
        self.spawn(self._post_announcements(table, contents))

    async def _post_announcements(self, table: Table, contents: list[dict[str, Any]]) -> None:
        channel = self._channel(table)
        if channel is None:
            return
        async with self._ping_locks.setdefault(table.id, asyncio.Lock()):
            await self._send_announcements(channel, table, contents)
            self._ping_texts.pop(table.id, None)
            live = self._games.get(table.id)
            if live is None or live.status is not TableStatus.PLAYING:
                return
            if await self.post_board(live, replace=True) is not None:
                await self.private.bring_hands_down(live)

    async def _send_announcements(
        self, channel: BoardChannel, table: Table, contents: list[dict[str, Any]]
    ) -> None:
        for content in contents:
            try:
                await self.public.send(
                    channel, **for_send(content), allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException as error:
                log.warning("Could not post a message of table %s: %s", table.id, error)

    def announce_end(self, table: Table, *, preceding: list[dict[str, Any]] | None = None) -> None:
        """The board becomes the summary; a short line tells the channel the result, under the game's own last
        messages (`preceding`: the last hand's result)."""
        self.refresh_board(table)
        self.spawn(self._announce_end(table, preceding or []))

    async def _announce_end(self, table: Table, preceding: list[dict[str, Any]]) -> None:
        channel = self._channel(table)
        if channel is None:
            return
        if table.ping_message_id is not None:
            await self._delete(channel, table.ping_message_id)
        await self._send_announcements(channel, table, preceding)
        if table.status is TableStatus.FINISHED and table.session is not None:
            text = ui_for(table).end_line(table)
        elif table.status is TableStatus.ABANDONED:
            text = ended_early_text(table, table.locale)
        else:
            text = t(table.locale, f"summary.lobby_closed.{table.end_reason or 'closed'}")
        text = "\n".join(line for line in (text, await end_notes(table, self._records)) if line)
        try:
            await self.public.send(channel, content=text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("Could not announce the end of table %s: %s", table.id, error)

    async def remind(self, table: Table) -> None:
        seat = table.current_seat
        channel = self._channel(table)
        if seat is None or channel is None:
            return
        # A rated game voted to an end counts as a loss for the player waited for: they are told. Alone with AI
        # seats, nobody else can vote: the reminder is only a reminder.
        others = [other for other in table.human_seats if other.user_id != seat.user_id]
        if table.rules.cooperative:
            reminder = "turn.reminder"
        else:
            reminder = "turn.reminder_rated" if others else "turn.reminder_alone"
        view = discord.ui.View(timeout=None)
        if reminder != "turn.reminder_alone":
            view.add_item(VoteEndButton(table.id, label=t(table.locale, "button.vote_end")))
        view.stop()
        try:
            await self.public.send(
                channel,
                content=t(
                    table.locale,
                    reminder,
                    mention=f"<@{seat.user_id}>",
                    idle=period(self._games.idle_end, table.locale),
                ),
                view=view,
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(seat.user_id)], everyone=False, roles=False
                ),
            )
        except discord.HTTPException as error:
            log.warning("Could not remind table %s: %s", table.id, error)

    def forget_table(self, table_id: int) -> None:
        self.private.forget_table(table_id)
        self._under_board.pop(table_id, None)
        self._asked.pop(table_id, None)
        self._edits_started.pop(table_id, None)
        self._board_retries.pop(table_id, None)
        self._last_board_edit.pop(table_id, None)
        self._ping_texts.pop(table_id, None)
        self._ping_locks.pop(table_id, None)
        self._board_posted_at.pop(table_id, None)

    # -- helpers -------------------------------------------------------------------------------------------
    def _channel(self, table: Table) -> BoardChannel | None:
        """The table's channel, looked up in its server's channels (`Client.get_channel` walks every server the bot
        is in, a board edit at a time), or, where the server does not have it, as `get_channel` finds it."""
        guild = self._client.get_guild(table.guild_id)
        found = guild.get_channel_or_thread(table.channel_id) if guild is not None else None
        channel = found if found is not None else self._client.get_channel(table.channel_id)
        if isinstance(channel, discord.TextChannel | discord.Thread):
            return channel
        if channel is None:  # not in the cache (yet): a server still becoming available after a restart
            return self._client.get_partial_messageable(table.channel_id)
        return None

    async def _delete(self, channel: BoardChannel, message_id: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.public.delete(channel, message_id)

    def is_idle(self) -> bool:
        return all(task.done() for task in self._tasks)

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled() or task.exception() is None:
            return
        if self._client.is_closed():
            log.info("A display update was dropped at shutdown: %s", task.exception())
        else:
            log.error("Display update failed", exc_info=task.exception())
