"""A move made in the Activity: the same action, through the same service, lock and save, as a click on a button,
followed by the same public updates (the board, the turn line, the other players' hands, the AI seats). What the
person is told comes back as text in their language: the notice a button would answer with, or the refusal's
one sentence."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.activity.identity import Viewer
from bot.activity.views import view_for
from bot.activity.views.base import chosen_options, require_text
from bot.games.deal_codes import random_seed
from bot.games.errors import GameError
from bot.games.registry import GAMES
from bot.service.games import Change
from bot.service.solver_pool import solver_pool
from bot.service.table import Seat, Table, TableStatus
from bot.ui.game_ui import refusal_text, render_notice
from bot.ui.i18n import t
from bot.ui.play_again import finished_game, play_again
from bot.ui.server_language import cached_language

if TYPE_CHECKING:
    from bot.app import TheGameBot

log = logging.getLogger(__name__)

LOBBY_ACTIONS = ("join", "leave", "start", "add_ai", "remove_ai")
AGAIN_ACTIONS = ("again", "same_deal")  # the end's **Play again (same seats)** and **Same deal**


@dataclass(frozen=True, slots=True)
class Answer:
    """What the person who acted is told: a sentence (None: nothing to say), whether it is a refusal, and an
    action to offer for confirmation (The Game's warning before a play that ends the game, Klondike's **Give up**),
    with the labels of the two buttons that answer it (None: the page's own)."""

    text: str | None
    refused: bool = False
    confirm: dict[str, Any] | None = None
    labels: tuple[str, str] | None = None


class ActivityActions:
    def __init__(
        self, bot: TheGameBot, ended: Callable[[int], Table | None] = lambda channel_id: None
    ) -> None:
        self.bot = bot
        self._ended = ended  # the game that just ended in a channel, as its page shows it

    async def perform(self, viewer: Viewer, message: dict[str, Any]) -> Answer:
        """Act for `viewer` at the table of their channel; a refusal changes nothing and says why."""
        games = self.bot.games
        table = games.in_channel(viewer.channel_id)
        try:
            kind = message.get("kind")
            if not isinstance(kind, str):  # a list or a number: no page sends it (found by fuzzing)
                raise GameError("error.stale_button")
            if kind in AGAIN_ACTIONS:
                return await self._again(viewer, table, same_deal=kind == "same_deal")
            if kind == "new":
                return await self._new(viewer, table, message.get("game"), message.get("options"))
            if table is None:
                raise GameError("error.no_table_here")
            if kind in LOBBY_ACTIONS:
                return await self._lobby(viewer, table, kind)
            return await self._play(viewer, table, message)
        except GameError as error:
            return Answer(self.explain(viewer, table, error), refused=True)
        except Exception:
            # A fault of ours: the page is told, with a reference that is in the log, and stays connected (a move
            # that failed is undone by the table's lock, as for a click).
            reference = secrets.token_hex(3).upper()
            log.exception("Unexpected error in the Activity (reference %s)", reference)
            return Answer(t(viewer.locale, "error.unexpected", reference=reference), refused=True)

    def explain(self, viewer: Viewer, table: Table | None, error: GameError) -> str:
        """The refusal's sentence, as the bot says it to a click (`TableController.explain`)."""
        if table is not None and table.session is not None:
            table = self.bot.games.as_saved(table)
        return refusal_text(table, error, viewer.locale)

    async def _lobby(self, viewer: Viewer, table: Table, kind: str) -> Answer:
        games, display = self.bot.games, self.bot.display
        if kind == "join":
            change = await games.join(table.id, Seat(viewer.user_id, viewer.name, locale=viewer.locale))
        elif kind == "leave":
            change = await games.leave(table.id, viewer.user_id)
            if change.table.status is TableStatus.EXPIRED:
                display.forget_table(table.id)
        elif kind == "add_ai":
            change = await games.add_ai(table.id, viewer.user_id)
        elif kind == "remove_ai":
            change = await games.remove_ai(table.id, viewer.user_id)
        else:
            change = await games.start(table.id, viewer.user_id)
            started = change.table
            if started.status.is_active:  # as `TableController.start` does once the game is saved as started
                display.refresh_board(started)
                display.announce_turn(started)
                self.bot.ai_turns.schedule(started)
            else:
                self.bot.controller.after_change(change)
            return Answer(None)
        display.refresh_board(change.table)
        return Answer(None)

    async def _new(self, viewer: Viewer, live: Table | None, game: Any, options: Any) -> Answer:
        """A table of `game` in the viewer's channel, opened from the page of a channel with none, as `/game new`
        opens it with the `options` chosen: its lobby is posted in the channel, the viewer seated as its host.
        Its public texts speak the server's language as `/game new` would choose it (`_public_language`)."""
        if viewer.guild_id is None:
            raise GameError("error.guild_only")
        if live is not None:
            raise GameError("error.already_running")
        key = require_text(game, tuple(GAMES))
        chosen = chosen_options(key, options)
        table = await self.bot.games.create(
            guild_id=viewer.guild_id,
            channel_id=viewer.channel_id,
            host=Seat(viewer.user_id, viewer.name, locale=viewer.locale),
            game_key=key,
            options=chosen,
            seed=random_seed(),
            locale=await self._public_language(viewer.guild_id, viewer.locale),
        )
        self.bot.display.refresh_board(table)
        return Answer(None)

    async def _again(self, viewer: Viewer, live: Table | None, *, same_deal: bool) -> Answer:
        """A new table with the seats of the game that just ended in the channel, as its summary's buttons open it
        on Discord (`bot.ui.play_again`): its lobby is posted in the channel and every page shows it."""
        if live is not None:
            raise GameError("error.already_running")
        old = finished_game(self._ended(viewer.channel_id), viewer.user_id)
        locale = await self._public_language(old.guild_id, old.locale)
        await play_again(
            self.bot.games, self.bot.display, old, viewer.user_id, same_deal=same_deal, locale=locale
        )
        return Answer(None)

    async def _public_language(self, guild_id: int, otherwise: str) -> str:
        """The language of a table opened from a page, as `/game new` would choose it: the server's as `/settings`
        chose it, else Discord's preferred locale of a Community server, else English (`otherwise` for a server
        the bot has not cached)."""
        settings = await self.bot.guild_settings.get(guild_id)
        return cached_language(settings, self.bot.get_guild(guild_id), otherwise)

    async def _play(self, viewer: Viewer, table: Table, message: dict[str, Any]) -> Answer:
        seat = table.seat_of(viewer.user_id)
        if seat is None:
            raise GameError("error.not_seated")
        if table.session is None:
            raise GameError("error.not_started")
        view = view_for(table.game_key)
        saved = self.bot.games.as_saved(table)
        if message.get("kind") == "hint":
            return await self._hint(viewer, saved, seat)
        question = view.confirmation(saved, seat, message, viewer.locale)
        if question is not None:
            return Answer(
                question.question,
                confirm={**message, "confirmed": True},
                labels=(question.confirm, question.cancel),
            )
        action = view.action(saved, seat, message, viewer.locale)
        change = await self.bot.games.act(table.id, viewer.user_id, action)
        if change.changed:
            # No actor: a hand message the player has open on Discord is brought up to date with the others.
            self.bot.controller.after_change(change)
        return self._answer(viewer, change, message)

    async def _hint(self, viewer: Viewer, table: Table, seat: int) -> Answer:
        """What the strong AI (Klondike: the solver, from the cards seen) would do now, as **Hint** on Discord
        answers it (`TableController.hint`), counted for the game."""
        if table.status is not TableStatus.PLAYING:
            raise GameError("error.table_gone")
        if not (await self.bot.guild_settings.get(table.guild_id)).hints_enabled:
            raise GameError("error.hints_disabled")
        session = table.require_session()
        job = session.hint_task(seat)
        advice = await solver_pool().run(table.id, job) if session.slow_hint else job()
        await self.bot.games.record_hint(table.id, viewer.user_id)
        return Answer(render_notice(viewer.locale, advice))

    @staticmethod
    def _answer(viewer: Viewer, change: Change, message: dict[str, Any]) -> Answer:
        text = render_notice(viewer.locale, change.notice) if change.notice is not None else None
        if change.needs_confirmation:
            return Answer(text, confirm={**message, "confirmed": True})
        return Answer(text)
