"""What happens when a user acts, whether by a slash command or a button: call the service, answer, update.

One method per user action. Each answers the interaction exactly once (privately for anything personal), then
schedules the public updates. A `GameError` becomes one private sentence in the user's language.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import math
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

import aiohttp
import discord

from bot.games.base import Notice
from bot.games.deal_codes import SEED_LIMIT, deal_code_to_seed, random_seed
from bot.games.errors import GameError
from bot.games.registry import game_for_options
from bot.service.games import Change
from bot.service.solver_pool import SolverBusy, solver_pool
from bot.service.table import Seat, Table, TableStatus
from bot.ui.answers import (
    UNKNOWN_MESSAGE,
    AnswerFailedAfterSave,
    acknowledge_quietly,
    apologise,
    confirm_then,
    send_private,
)
from bot.ui.components import ForfeitButton, FullLogButton
from bot.ui.game_ui import forfeiters_names, refusal_text, render_notice, ui_for, ui_for_key
from bot.ui.hint_messages import HintMessages
from bot.ui.i18n import command_name, t
from bot.ui.lobby import for_edit, for_send
from bot.ui.message_edits import update_clicked_message
from bot.ui.play_again import finished_game, play_again
from bot.ui.server_language import public_language

if TYPE_CHECKING:
    from bot.app import TheGameBot
    from bot.service.games import GameService
    from bot.ui.display import TableDisplay

log = logging.getLogger(__name__)

P = ParamSpec("P")
Handler = Callable[Concatenate["TableController", discord.Interaction[Any], P], Awaitable[None]]


DECLINED = ".no"  # a game's button that answers its own question "no" (`GameUI.confirmation`): "giveup.no"


def table_action(handler: Handler[P]) -> Handler[P]:
    """A click or command on a table: a GameError becomes one private sentence, anything else an apology with a
    reference (as `answers.answering` does for the record screens), and besides: the requests in flight are counted
    (`settle` waits for them), and the answered interaction's token is noted for the channel's public updates."""

    @functools.wraps(handler)
    async def wrapper(
        self: TableController, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        self.in_flight += 1
        self.idle.clear()
        try:
            await handler(self, interaction, *args, **kwargs)
        except Exception as error:  # the one place that turns any failure into an answer
            if self.bot.lost.is_set():
                return  # the shards are lost: another process holds the table and answers for it now
            if isinstance(error, GameError):
                try:
                    await send_private(interaction, self.explain(interaction, error))
                except aiohttp.ClientConnectionError as dropped:
                    # The connection to Discord dropped under the answer (a process stopping as its shards go,
                    # seen in the PostgreSQL soak): nothing changed, Discord tells the person it failed.
                    log.warning("Could not send a refusal (%s): %s", error.key, dropped)
            else:
                await apologise(interaction, error)
        finally:
            # Answered: its token may carry the channel's public updates for 15 minutes (`PublicMessages`).
            self.display.public.note_interaction(interaction)
            self.in_flight -= 1
            if self.in_flight == 0:
                self.idle.set()

    return wrapper  # type: ignore[return-value]


def daily_seed(guild_id: int, day: str) -> int:
    """The same deal for every team of a server on a given day, and a different one in each server."""
    digest = hashlib.sha256(f"daily:{guild_id}:{day}".encode()).digest()
    return int(int.from_bytes(digest[:8], "big") % SEED_LIMIT)


def _seat_for(interaction: discord.Interaction[Any]) -> Seat:
    user = interaction.user
    return Seat(user.id, user.display_name, locale=str(interaction.locale))


class TableController:
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        # Handlers still running, so a shutdown (or a test) can wait until every answer went out.
        self.in_flight = 0
        self.idle = asyncio.Event()
        self.idle.set()
        self.hint_messages = HintMessages(bot)

    async def settle(self, limit: float = 10.0) -> None:
        """Wait until no handler is running, no move is being saved (an AI seat's) and every public update went
        out."""
        async with asyncio.timeout(limit):
            while True:
                await self.idle.wait()
                await self.games.none_held()
                await self.display.flush()
                await asyncio.sleep(0)
                if self.idle.is_set() and self.display.is_idle() and not self.games.any_table_held():
                    return

    @property
    def games(self) -> GameService:
        return self.bot.games

    def explain(self, interaction: discord.Interaction[Any], error: GameError) -> str:
        """A refusal in the user's language; the game at the channel's table may name the situation in it
        (The Game: "It is Alice's turn (one of two played)")."""
        table = self.games.in_channel(interaction.channel_id) if interaction.channel_id is not None else None
        if table is not None and table.session is not None:
            table = self.games.as_saved(table)
        # The buttons a refusal names ("press **Start**") are the table's, in its language.
        return refusal_text(table, error, interaction.locale)

    def _from_own_private_message(self, interaction: discord.Interaction[Any]) -> bool:
        """A click on a private message of the clicker's own (their hand, a question asked them)."""
        message = interaction.message
        return (
            interaction.type is discord.InteractionType.component
            and message is not None
            and message.flags.ephemeral
            and self.owns_message(interaction)
        )

    @staticmethod
    def owns_message(interaction: discord.Interaction[Any], owner: int | None = None) -> bool:
        """Whether the private message clicked is the clicker's own: the owner its button names (`owner`), or
        else the user whose action created the message. A hand is only ever edited into its owner's message."""
        if owner is None:
            metadata = getattr(interaction.message, "interaction_metadata", None)
            user = getattr(metadata, "user", None)
            owner = user.id if user is not None else None
        return owner is not None and owner == interaction.user.id

    async def public_buttons(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the buttons in the channel (the table's, else the server's), for a private text that
        names them."""
        table = self.games.in_channel(interaction.channel_id) if interaction.channel_id is not None else None
        if table is not None:
            return table.locale
        return await public_language(self.bot.guild_settings, interaction)

    @property
    def display(self) -> TableDisplay:
        return self.bot.display

    # -- lobby ---------------------------------------------------------------------------------------------
    @table_action
    async def new_game(
        self,
        interaction: discord.Interaction[Any],
        *,
        game: str | None = None,
        options: dict[str, Any] | None = None,
        deal: str | None = None,
        daily: bool = False,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise GameError("error.guild_only")
        chosen = {
            name: command_name(interaction.locale, name)
            for name, value in (options or {}).items()
            if value not in (None, False)
        }
        # An unknown game (a forged option) or an option of another game is refused before anything else.
        game = game_for_options(game, chosen)
        seed: int | None = None
        day: str | None = None
        if daily:
            if deal:
                raise GameError("error.daily_and_deal")
            day = datetime.now(UTC).date().isoformat()
            seed = daily_seed(interaction.guild_id, day)
        elif deal:
            try:
                seed = deal_code_to_seed(deal)
            except ValueError:
                raise GameError("error.bad_deal_code") from None
        try:
            table = await self.games.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=_seat_for(interaction),
                game_key=game,
                options=options or {},
                seed=seed if seed is not None else random_seed(),
                locale=await public_language(self.bot.guild_settings, interaction),
                daily=day,
            )
        except GameError as error:
            existing = self.games.in_channel(interaction.channel_id)
            if error.key == "error.already_running" and existing and existing.board_message_id is None:
                self.display.refresh_board(existing)  # a lobby nobody could see: show it now
            if error.key == "error.already_running" and existing and existing.status is not TableStatus.LOBBY:
                raise GameError("error.already_playing") from error  # "join it" only while it can be joined
            raise
        with self.display.board_opening(table.id):
            await self._answer_with_lobby(interaction, table)

    async def _answer_with_lobby(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Answer with the new table's lobby, which becomes its board (inside `TableDisplay.board_opening`)."""
        lobby = self.display.board_for(self.games.as_saved(table))
        try:
            response = await interaction.response.send_message(**for_send(lobby))
        except discord.HTTPException as failed:
            # The answer failed as far as we know, but the table exists. If the lobby reached the channel anyway (a
            # retried answer), it is the board; otherwise post it in the channel rather than leave a table nobody
            # can see blocking the channel.
            try:
                shown = await interaction.original_response()
            except discord.HTTPException:
                self.display.refresh_board(table)
                raise failed from None
            await self.games.set_board_message(table.id, shown.id)
            return
        message_id = getattr(response, "message_id", None)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        # The lobby is this answer: its token edits the board (the lobby, then the game) while it is valid.
        self.display.public.note_response_message(interaction, message_id)
        await self.games.set_board_message(table.id, message_id)

    def _table(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> Table:
        """The table a button names, or (for a slash command) the table of the interaction's channel."""
        if table_id is not None:
            return self.games.require(table_id)
        if interaction.channel_id is None:
            raise GameError("error.no_table_here")
        return self.games.require_in_channel(interaction.channel_id)

    async def _adopt_board(self, interaction: discord.Interaction[Any], table: Table) -> Table:
        """A click on the lobby can arrive before the lobby's message id is remembered (the answer to /game new went
        out, its id is still being saved): the bot's public message it came from is the board, rather than posting
        a second one."""
        message = interaction.message
        user = self.bot.user
        if (
            table.board_message_id is None
            and interaction.type is discord.InteractionType.component
            and message is not None
            and not message.flags.ephemeral
            and user is not None
            and message.author.id == user.id
        ):
            await self.games.set_board_message(table.id, message.id)
            table = self.games.get(table.id) or table
        return table

    async def _answer_lobby(self, interaction: discord.Interaction[Any], change: Change, key: str) -> None:
        """Update the lobby in place when the click came from it; otherwise confirm privately."""
        table = await self._adopt_board(interaction, change.table)
        if self._on_board(interaction, table):
            await self._show_board_in_answer(interaction, table)
        else:
            await confirm_then(
                interaction, t(interaction.locale, key), lambda: self.display.refresh_board(table)
            )

    async def _show_board_in_answer(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Answer a click on the board with the board itself; a board edit asked for meanwhile still goes out after
        it (`TableDisplay.answered_with_board`). When Discord refuses that answer (a failure, an expired token),
        the board is edited the other way: the change is saved, and the channel must see it (found by the soak: a
        game whose start answer failed kept showing its lobby). The board shows the table as saved: another
        player's move may be on it while it is being saved (`GameService.as_saved`)."""
        table = self.games.as_saved(table)
        drawing = self.display.drawing_for_answer(table)
        try:
            await update_clicked_message(interaction, **for_edit(self.display.board_for(table)))
        except Exception:
            self.display.refresh_board(table)
            raise
        self.display.answered_with_board(table.id, drawing)

    @staticmethod
    def _on_board(interaction: discord.Interaction[Any], table: Table) -> bool:
        return (
            interaction.type is discord.InteractionType.component
            and interaction.message is not None
            and interaction.message.id == table.board_message_id
        )

    @table_action
    async def join(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.join(table_id, _seat_for(interaction))
        await self._answer_lobby(interaction, change, "lobby.joined")

    @table_action
    async def leave(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.leave(table_id, interaction.user.id)
        if change.table.status is TableStatus.EXPIRED:
            self.display.forget_table(table_id)
        await self._answer_lobby(interaction, change, "lobby.left")

    @table_action
    async def add_ai(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.add_ai(table_id, interaction.user.id)
        # A teammate in a cooperative game (The Game, Klondike), an opponent otherwise.
        key = "lobby.ai_added" if change.table.rules.cooperative else "lobby.ai_opponent_added"
        await self._answer_lobby(interaction, change, key)

    @table_action
    async def remove_ai(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        change = await self.games.remove_ai(table_id, interaction.user.id)
        await self._answer_lobby(interaction, change, "lobby.ai_removed")

    @table_action
    async def start(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.start(table_id, interaction.user.id)
        table = await self._adopt_board(interaction, change.table)
        on_board = self._on_board(interaction, table)
        if not on_board and table.status.is_active:
            # The channel sees the game at once, without waiting for the starter's hand to go out.
            self.display.refresh_board(table)
        try:
            await self._answer_start(interaction, table, on_board)
        finally:
            # The game is saved as started: the channel sees it, and AI seats play, even when the answer failed.
            self.display.public.note_interaction(interaction)
            if table.status.is_active:
                self.display.announce_turn(table)
                self.bot.ai_turns.schedule(table)
            else:  # over from the deal (a dead Klondike deal)
                self.after_change(change)

    async def _answer_start(
        self, interaction: discord.Interaction[Any], table: Table, on_board: bool
    ) -> None:
        """The board itself when Start was clicked on it (otherwise a private answer), then the starter's hand."""
        if on_board:
            await self._show_board_in_answer(interaction, table)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        ui = ui_for(table)
        if not table.status.is_active:
            if not on_board:
                await interaction.followup.send(ui.end_line(table), ephemeral=True)
        elif ui.has_hand:
            await self._send_hand(interaction, table, notice=ui.started_notice_at(table, interaction.locale))
        elif not on_board:
            await interaction.followup.send(ui.started_notice_at(table, interaction.locale), ephemeral=True)

    # -- the private hand ----------------------------------------------------------------------------------
    def _seat(self, table: Table, interaction: discord.Interaction[Any]) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise GameError("error.not_seated")
        if table.session is None:
            raise GameError("error.not_started")
        self.games.note_seat_locale(table, seat, str(interaction.locale))
        return seat

    async def _send_hand(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        *,
        edit: bool = False,
        notice: str | None = None,
        **options: Any,
    ) -> None:
        """Show the player's hand privately: edit the hand message they clicked, or send a new one."""
        seat = self._seat(table, interaction)
        hints = (await self.bot.guild_settings.get(table.guild_id)).hints_enabled
        table = self.games.as_saved(table)  # not another player's move while it is being saved
        content = ui_for(table).hand(
            table, seat, str(interaction.locale), notice=notice, hints=hints, **options
        )
        user_id, token = interaction.user.id, interaction.token
        if edit and not interaction.response.is_done():
            try:
                await update_clicked_message(interaction, **content)
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                # The hand clicked is gone while the click was on its way (a newer hand had just replaced it, or
                # the player dismissed it): the answer, with what happened, comes as a new private hand.
                log.info("A hand message of table %s was gone before its answer; sending a new one", table.id)
            else:
                shown = interaction.message.id if interaction.message is not None else None
                self.display.private.remember_hand_message(
                    table.id, user_id, token, shown_id=shown, options=options
                )
                return
        if interaction.response.is_done():
            message = await interaction.followup.send(ephemeral=True, wait=True, **content)
            self.display.private.remember_hand_message(
                table.id, user_id, token, message.id, shown_id=message.id, options=options
            )
        else:
            sent = await interaction.response.send_message(ephemeral=True, **content)
            self.display.private.remember_hand_message(
                table.id, user_id, token, shown_id=sent.message_id, options=options
            )

    @table_action
    async def show_hand(
        self,
        interaction: discord.Interaction[Any],
        table_id: int | None = None,
        *,
        from_hand_message: bool = False,
        owner: int | None = None,
    ) -> None:
        table = self._table(interaction, table_id)
        edit = from_hand_message and self.owns_message(interaction, owner)
        forged = owner is not None and owner != interaction.user.id
        notice = t(interaction.locale, "hand.yours_instead") if forged else None
        await self._send_hand(interaction, table, edit=edit, notice=notice)

    # -- playing -------------------------------------------------------------------------------------------
    @table_action
    async def act(
        self,
        interaction: discord.Interaction[Any],
        table_id: int | None,
        action: Any,
        *,
        answer: str = "hand",
        owner: int | None = None,
    ) -> None:
        """Apply a player's action. `answer="hand"`: the player then sees their hand (the message they clicked is
        edited when it is theirs; a click on the board edits the board and the hand comes privately);
        `answer="board"`: the board is updated in place (or refreshed, with a private confirmation). `owner`: the
        user whose hand message the button is on, when its custom id names one (another user is refused)."""
        table = self._table(interaction, table_id)
        if owner is not None and owner != interaction.user.id:
            raise GameError("error.not_your_hand")
        await self._apply_and_answer(interaction, table, action, answer)

    async def _apply_and_answer(
        self, interaction: discord.Interaction[Any], table: Table, action: Any, answer: str
    ) -> None:
        change = await self.games.act(table.id, interaction.user.id, action)
        table = change.table
        on_board = self._on_board(interaction, table)
        self.display.private.remember_action(table.id, interaction)
        try:
            await self._answer_change(interaction, change, answer, on_board)
            if change.notices_for:  # after the actor's answer: a call's verdict for the player it was made on
                self.display.private.tell_privately(table, change.notices_for)
        except (GameError, AnswerFailedAfterSave):
            raise
        except Exception as error:
            if not change.changed:
                raise
            raise AnswerFailedAfterSave() from error
        finally:
            # The move is saved: the others see it even when the answer to the player failed (Discord refused
            # it, the interaction expired), and an error here still reaches the player as an apology. The public
            # updates go through this interaction when its answer went out.
            self.display.public.note_interaction(interaction)
            if change.changed:
                self.after_change(change, actor=interaction.user.id, board_shown=on_board)

    async def _answer_change(
        self, interaction: discord.Interaction[Any], change: Change, answer: str, on_board: bool
    ) -> None:
        table = change.table
        locale = interaction.locale
        notice = render_notice(locale, change.notice, emojis=True) if change.notice is not None else None
        if answer == "board":
            if on_board:
                await self._show_board_in_answer(interaction, table)
                self.display.board_shown(table)
                if notice and change.notice_with_board:
                    await send_private(interaction, notice)
            elif self._from_own_private_message(interaction):
                # A question asked privately (Klondike's Give up): the answer replaces it, and its button goes.
                await interaction.response.edit_message(content=notice or t(locale, "action.done"), view=None)
            elif notice:  # the board is refreshed by `after_change`, like every change
                await send_private(interaction, notice)
            else:  # nothing to say: the board shows the change (Crapette's moves by `/move` or an older board)
                await acknowledge_quietly(interaction, t(locale, "action.done"))
            if table.status.is_active and self.display.private.hand_needs_reopening(
                table, interaction.user.id
            ):
                await send_private(interaction, t(locale, "hand.reopen_after_restart", buttons=table.locale))
        else:
            if on_board:
                await self._show_board_in_answer(interaction, table)
                self.display.board_shown(table)
            from_hand = not on_board and self._from_own_private_message(interaction)
            await self._send_hand(interaction, table, edit=from_hand, notice=notice, **change.hand_options)

    @table_action
    async def game_action(
        self, interaction: discord.Interaction[Any], table_id: int, payload: str, values: list[str]
    ) -> None:
        """A game's own button or menu: its UI turns the payload (and the chosen values) into an action, once the
        player confirmed it when it cannot be taken back (Klondike's **Give up**)."""
        table = self.games.require(table_id)
        ui = ui_for(table)
        locale = str(interaction.locale)
        asked = payload.removesuffix(DECLINED)
        if asked != payload and ui.confirmation(table, asked, locale, interaction.user.id) is not None:
            self._seat(table, interaction)  # "Keep playing" under a question: nothing happens, and it says so
            await interaction.response.edit_message(content=t(locale, "game.forfeit_declined"), view=None)
            return
        question = ui.confirmation(table, payload, locale, interaction.user.id)
        if question is not None:
            self._seat(table, interaction)  # only a player is asked
            text, view = question
            await interaction.response.send_message(text, view=view, ephemeral=True)
            return
        action, answer = ui.action(table, payload, values)
        await self._apply_and_answer(interaction, table, action, answer)

    @table_action
    async def play_command(self, interaction: discord.Interaction[Any], card: str, pile: str | None) -> None:
        """`/play card:<card> [pile:<pile>]`, read the game's way."""
        table = self._table(interaction)
        seat = self._seat(table, interaction)
        action = ui_for(table).parse_play(table, seat, card, pile)
        await self._apply_and_answer(interaction, table, action, "hand")

    @table_action
    async def move_command(self, interaction: discord.Interaction[Any], move: str) -> None:
        """`/move <move>`, for the games played on the table itself; the board is updated in place."""
        table = self._table(interaction)
        self._seat(table, interaction)
        action = ui_for(table).parse_move(table, move, str(interaction.locale))
        await self._apply_and_answer(interaction, table, action, "board")

    @table_action
    async def end_turn_command(self, interaction: discord.Interaction[Any]) -> None:
        table = self._table(interaction)
        self._seat(table, interaction)
        await self._apply_and_answer(interaction, table, ui_for(table).end_turn_action(table), "hand")

    def after_change(self, change: Change, *, actor: int | None = None, board_shown: bool = False) -> None:
        """Public updates once the player has their answer: the game's own messages (a finished hand's result), board
        (unless the answer showed it), turn ping, other players' hands, AI turns."""
        table = change.table
        announcements = ui_for(table).announcements(table, change.events) if change.events else []
        if not table.status.is_active:
            self.display.announce_end(table, preceding=announcements)
            self.display.private.update_hands(table, except_user=actor)
            self.display.forget_table(table.id)
            return
        if announcements:
            self.display.post_announcements(table, announcements)
        if not board_shown:
            self.display.refresh_board(table)
        if change.turn_passed:
            self.display.announce_turn(table)
            self.display.private.update_hands(table, except_user=actor)
        elif (
            change.hands_changed
        ):  # a change made on the board (a marker): every hand shows it, the actor's too
            self.display.private.update_hands(table)
        self.bot.ai_turns.schedule(table)

    # -- ending early, votes, markers, hints ---------------------------------------------------------------
    @table_action
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """`/game stop`: at once, or, when it would give a rated game up, once the player confirmed it."""
        table = self._table(interaction)
        locale = interaction.locale
        if self.games.stop_forfeits(table, interaction.user.id):
            view = discord.ui.View(timeout=None)
            view.add_item(ForfeitButton(table.id, True, label=t(locale, "button.forfeit")))
            view.add_item(ForfeitButton(table.id, False, label=t(locale, "button.keep_playing")))
            view.stop()
            await interaction.response.send_message(
                t(locale, "game.forfeit_question"), view=view, ephemeral=True
            )
            return
        change = await self.games.stop(
            table.id, interaction.user.id, can_manage=interaction.permissions.manage_messages
        )
        await confirm_then(interaction, t(locale, "game.stopped"), lambda: self.after_change(change))

    @table_action
    async def answer_forfeit(
        self, interaction: discord.Interaction[Any], table_id: int, confirm: bool
    ) -> None:
        """The player's answer to the question of `stop`, in place of the question."""
        locale = interaction.locale
        if not confirm:
            self.games.require(table_id)  # a question left from a game over since: the stale button's answer
            await interaction.response.edit_message(content=t(locale, "game.forfeit_declined"), view=None)
            return
        change = await self.games.stop(
            table_id, interaction.user.id, can_manage=interaction.permissions.manage_messages, forfeit=True
        )
        try:
            await interaction.response.edit_message(content=t(locale, "game.forfeited"), view=None)
        finally:
            self.after_change(change)

    @table_action
    async def vote_end(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        change, votes, needed = await self.games.vote_end(table_id, interaction.user.id)
        if change.table.status.is_active:
            await send_private(interaction, t(interaction.locale, "vote.counted", votes=votes, needed=needed))
        else:
            table = change.table
            text = (
                t(interaction.locale, "vote.passed_forfeit", name=forfeiters_names(table))
                if table.forfeits
                else t(interaction.locale, "vote.passed")
            )
            await confirm_then(interaction, text, lambda: self.after_change(change))

    @table_action
    async def hint(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        """What the strong AI would do now, privately (counted for the game)."""
        table = self._table(interaction, table_id)
        seat = self._seat(table, interaction)
        if table.status is not TableStatus.PLAYING:
            raise GameError("error.table_gone")
        if not (await self.bot.guild_settings.get(table.guild_id)).hints_enabled:
            raise GameError("error.hints_disabled")
        session = self.games.as_saved(table).require_session()  # advice on what the player sees
        job = session.hint_task(seat)
        if session.slow_hint:
            await self._solver_hint(interaction, table, job)
            return
        advice = job()
        await self.games.record_hint(table.id, interaction.user.id)
        text = render_notice(interaction.locale, advice, emojis=True)
        if ui_for(table).hints_in_place:  # one hint message, edited in place (as the solver's hints)
            await self.hint_messages.acknowledge(interaction)
            await self.hint_messages.show(interaction, table, text)
            return
        await send_private(interaction, text)

    async def _solver_hint(
        self, interaction: discord.Interaction[Any], table: Table, job: Callable[[], Notice]
    ) -> None:
        """A hint the solver works out (Klondike): in the solver pool, one job at a time per table (the same
        position asked again shares the answer), shown in the player's one hint message."""
        await self.hint_messages.acknowledge(interaction)
        try:
            advice = await solver_pool().run(table.id, job)
        except SolverBusy as busy:
            await self.hint_messages.show(interaction, table, self.explain(interaction, busy))
            return
        await self.games.record_hint(table.id, interaction.user.id)
        await self.hint_messages.show(
            interaction, table, render_notice(interaction.locale, advice, emojis=True)
        )

    @table_action
    async def repost_board(self, interaction: discord.Interaction[Any]) -> None:
        """`/board`: the board again at the bottom of the channel, at most once in a while (`board_wait`)."""
        table = self._table(interaction)
        again = self.display.board_wait(table, seated=table.is_seated(interaction.user.id))
        if again is not None:
            link = (
                f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.board_message_id}"
            )
            raise GameError("board.not_yet", link=link, when=f"<t:{math.ceil(again)}:R>")
        await interaction.response.send_message(t(interaction.locale, "board.reposted"), ephemeral=True)
        self.display.public.note_interaction(interaction)  # the board comes as this command's follow-up
        await self.display.post_board(table, replace=True)

    # -- how to play, and after the game -------------------------------------------------------------------
    @table_action
    async def how_to_play(self, interaction: discord.Interaction[Any], game_key: str) -> None:
        """The game's rules, privately, in the reader's language (the board's **How to play**); the buttons they
        name as the board shows them."""
        buttons = await self.public_buttons(interaction)
        title, body = ui_for_key(game_key).rules(interaction.locale, buttons)
        embed = discord.Embed(title=title, description=body, colour=discord.Colour.blurple())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _finished_table(self, interaction: discord.Interaction[Any], table_id: int) -> Table:
        """A finished game's table, from the database (a summary's buttons); only its players may use them."""
        return finished_game(await self.bot.tables.load(table_id), interaction.user.id)

    @table_action
    async def play_again(
        self, interaction: discord.Interaction[Any], table_id: int, *, same_deal: bool
    ) -> None:
        """A new table in the channel with the finished game's seats (`bot.ui.play_again`), answered with its
        lobby, which becomes its board."""
        old = await self._finished_table(interaction, table_id)
        await play_again(
            self.games,
            self.display,
            old,
            interaction.user.id,
            same_deal=same_deal,
            locale=await public_language(self.bot.guild_settings, interaction),  # the server's, now
            answer=functools.partial(self._answer_with_lobby, interaction),
        )

    @table_action
    async def full_log(self, interaction: discord.Interaction[Any], table_id: int, page: int) -> None:
        """Every play of a finished game, privately, a page at a time (the summary's **Full log**)."""
        table = await self._finished_table(interaction, table_id)
        locale = str(interaction.locale)
        pages = ui_for(table).log_pages(table, locale) or [t(locale, "log.empty")]
        page = min(max(page, 0), len(pages) - 1)
        embed = discord.Embed(
            title=t(locale, "log.title", page=page + 1, pages=len(pages)),
            description=pages[page],
            colour=discord.Colour.blurple(),
        )
        view = discord.ui.View(timeout=None)
        if len(pages) > 1:
            last = len(pages) - 1
            previous, following = max(page - 1, 0), min(page + 1, last)
            view.add_item(
                FullLogButton(table.id, previous, label=t(locale, "log.previous"), disabled=page == 0)
            )
            view.add_item(
                FullLogButton(table.id, following, label=t(locale, "log.next"), disabled=page == last)
            )
        view.stop()
        message = interaction.message
        if message is not None and message.flags.ephemeral and self.owns_message(interaction):
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
