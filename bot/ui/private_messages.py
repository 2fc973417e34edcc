"""Each player's private messages at a table: their hand message, kept in step with the table, and the private
words that follow up their latest action (a call made on them, the hand brought down under a board posted again).

Both go through interaction tokens (a hand message is an interaction's ephemeral answer or follow-up), which
Discord honours for 15 minutes. Kept in memory only: tokens never reach the disk or the logs. After a restart,
players get fresh hand messages from **My hand** or `/hand`, and are told so once (`hand_needs_reopening`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base import Notice
from bot.service.table import Table
from bot.ui.game_ui import render_notice, ui_for
from bot.ui.message_edits import edit_webhook_message
from bot.ui.public_messages import TOKEN_LIFETIME

if TYPE_CHECKING:
    from bot.service.games import GameService
    from bot.storage.settings import SettingsStore

log = logging.getLogger(__name__)

# Discord lets an interaction token edit its messages for 15 minutes; keep a margin.
HAND_MESSAGE_LIFETIME = TOKEN_LIFETIME


@dataclass(slots=True)
class HandMessage:
    """A player's latest private hand message, editable through its interaction token for 15 minutes."""

    token: str
    created_at: float
    message_id: int | None = None  # None: the interaction's original response
    shown_id: int | None = None  # the message's own id, when known: tells two hand messages apart
    selected: Any = None  # a card chosen before its pile (The Game): the hand shown again keeps it chosen

    def options(self) -> dict[str, Any]:
        """What the hand shown again in this message keeps of the player's choices."""
        return {} if self.selected is None else {"selected": self.selected}

    @staticmethod
    def kept(options: Mapping[str, Any]) -> Any:
        """What of a hand's options (`GameUI.hand`'s keywords) its message keeps: the card chosen, not a stale
        question ("confirm")."""
        return options.get("selected")


class PrivateMessages:
    """The hand messages and latest actions of every table's players, by (table, user)."""

    def __init__(
        self,
        client: discord.Client,
        games: GameService,
        settings: SettingsStore,
        *,
        clock: Callable[[], float],
        spawn: Callable[[Coroutine[Any, Any, Any]], asyncio.Task[Any]],
    ) -> None:
        self._client = client
        self._games = games
        self._settings = settings
        # Unix time, for the 15 minutes of interaction tokens: the display's clock, which tests move on.
        self._clock = clock
        self._spawn = spawn  # the display's tasks: flushed and logged together
        self._hand_messages: dict[tuple[int, int], HandMessage] = {}
        # (table, user) -> when they last acted there, and that interaction: a private word for them later (a
        # Crapette call made on them) goes out as a follow-up of it while its token lives.
        self._latest_actions: dict[tuple[int, int], tuple[float, discord.Interaction[Any]]] = {}
        # Tables that were running before this start: their players' hand messages no longer update.
        self._started_at = time.time()
        self._told_to_reopen: set[tuple[int, int]] = set()

    def remember_hand_message(
        self,
        table_id: int,
        user_id: int,
        token: str,
        message_id: int | None = None,
        *,
        shown_id: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """The player's hand is now this message (`options`: what it was drawn with, such as the card it shows
        chosen). An older hand message of theirs, still shown above it, would stay as it was (a pass menu still
        open after the game ended, found in the playground): it is deleted."""
        key = (table_id, user_id)
        previous = self._hand_messages.get(key)
        selected = HandMessage.kept(options or {})
        self._hand_messages[key] = HandMessage(token, self._clock(), message_id, shown_id, selected)
        if (
            previous is not None
            and previous.shown_id is not None
            and shown_id is not None
            and previous.shown_id != shown_id
            and self._clock() - previous.created_at < HAND_MESSAGE_LIFETIME
        ):
            self._spawn(self._delete_hand(previous))

    def remember_action(self, table_id: int, interaction: discord.Interaction[Any]) -> None:
        """A player acted at the table: a private word for them later can follow up this interaction."""
        self._latest_actions[(table_id, interaction.user.id)] = (self._clock(), interaction)

    def tell_privately(self, table: Table, notices: Mapping[int, Notice]) -> None:
        """Tell seats privately what concerns them (`notices`, by seat), each in their language, as a follow-up of
        their latest action at the table when Discord still allows it (otherwise the board says it publicly)."""
        for seat, notice in notices.items():
            interaction = self._latest_answered(table.id, table.seats[seat].user_id)
            if interaction is None:
                continue
            self._spawn(
                self._follow_up(interaction, render_notice(interaction.locale, notice, emojis=True), table.id)
            )

    def _latest_answered(self, table_id: int, user_id: int | None) -> discord.Interaction[Any] | None:
        """The player's latest action at the table, to follow up privately: once it is answered (a follow-up sent
        before the answer breaks Discord's rule, as the soak found when another click ended a hand meanwhile) and
        while its token lives; None otherwise."""
        stored = self._latest_actions.get((table_id, user_id)) if user_id is not None else None
        if stored is None or self._clock() - stored[0] > HAND_MESSAGE_LIFETIME:
            return None
        return stored[1] if stored[1].response.is_done() else None

    @staticmethod
    async def _follow_up(interaction: discord.Interaction[Any], text: str, table_id: int) -> None:
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as error:
            # The token expired, or Discord failed: the board says it anyway.
            log.info("Could not tell a player privately in table %s: %s", table_id, error.status)

    def forget_table(self, table_id: int) -> None:
        for key in [key for key in self._hand_messages if key[0] == table_id]:
            del self._hand_messages[key]
        for key in [key for key in self._latest_actions if key[0] == table_id]:
            del self._latest_actions[key]

    def hand_needs_reopening(self, table: Table, user_id: int) -> bool:
        """True once per player of a game that was running before the bot restarted, while the bot cannot
        update their private hand message (interaction tokens are kept in memory only)."""
        key = (table.id, user_id)
        started = table.started_at
        if started is None or started >= self._started_at or key in self._hand_messages:
            return False
        if key in self._told_to_reopen:
            return False
        self._told_to_reopen.add(key)
        return True

    def update_hands(self, table: Table, *, except_user: int | None = None) -> None:
        """Edit each player's latest private hand message that Discord still lets us edit."""
        now = self._clock()
        for index, seat in enumerate(table.seats):
            stored = self._hand_messages.get((table.id, seat.user_id))
            if seat.is_ai or seat.user_id == except_user or stored is None:
                continue
            if now - stored.created_at > HAND_MESSAGE_LIFETIME:
                continue
            self._spawn(self._edit_hand(table, index, seat.locale, stored))

    async def bring_hands_down(self, table: Table) -> None:
        """Each player's private hand, sent again under the board just posted (as a follow-up of their latest
        action at the table, private like the first), the one above deleted; a player whose token is too old, whose
        latest click is still being answered (that answer shows their hand), or who never opened their hand, keeps
        theirs where it is."""
        now = self._clock()
        hints = (await self._settings.get(table.guild_id)).hints_enabled
        table = self._games.as_saved(table)
        for index, seat in enumerate(table.seats):
            if seat.is_ai or seat.user_id is None:
                continue
            key = (table.id, seat.user_id)
            stored, interaction = self._hand_messages.get(key), self._latest_answered(table.id, seat.user_id)
            if stored is None or interaction is None:
                continue
            content = self._hand(table, index, seat.locale, stored, hints)
            try:
                message = await interaction.followup.send(ephemeral=True, wait=True, **content)
            except discord.HTTPException as error:
                log.info("Could not bring a private hand down in table %s: %s", table.id, error.status)
                continue
            self._hand_messages[key] = HandMessage(
                interaction.token, self._clock(), message.id, message.id, stored.selected
            )
            if now - stored.created_at < HAND_MESSAGE_LIFETIME:
                self._spawn(self._delete_hand(stored))

    @staticmethod
    def _hand(table: Table, seat: int, locale: str, stored: HandMessage, hints: bool) -> dict[str, Any]:
        """A hand shown again (edited or brought down): the table as saved, with the choices its message kept."""
        return ui_for(table).hand(table, seat, locale, notice=None, hints=hints, **stored.options())

    def _hand_webhook(self, stored: HandMessage) -> tuple[discord.Webhook, Any] | None:
        """The interaction webhook that can change a hand message, and the message's id there."""
        application_id = self._client.application_id
        if application_id is None:
            return None
        webhook = discord.Webhook.partial(application_id, stored.token, client=self._client)
        return webhook, stored.message_id if stored.message_id is not None else "@original"

    async def _edit_hand(self, table: Table, seat: int, locale: str, stored: HandMessage) -> None:
        found = self._hand_webhook(stored)
        if found is None:
            return
        webhook, message_id = found
        hints = (await self._settings.get(table.guild_id)).hints_enabled
        # As saved now: another move may be on the live table, being saved.
        table = self._games.as_saved(table)
        try:
            await edit_webhook_message(webhook, message_id, **self._hand(table, seat, locale, stored, hints))
        except discord.HTTPException as error:
            log.info("Could not update a private hand message in table %s: %s", table.id, error.status)

    async def _delete_hand(self, stored: HandMessage) -> None:
        found = self._hand_webhook(stored)
        if found is None:
            return
        webhook, message_id = found
        try:
            await webhook.delete_message(message_id)
        except discord.HTTPException as error:  # dismissed by the player already, or its token expired
            log.info("Could not delete an older private hand message: %s", error.status)
