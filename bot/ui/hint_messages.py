"""One hint message per player and table, edited in place (the solver's hints: Klondike).

Six hints used to be six private messages, and on a phone they pushed the board off the screen. Now a click on
**Hint** changes nothing where it was made and edits the player's hint message, which stays under the board; a new
one is sent only when there is none yet, when the board was posted again below it, when Discord no longer lets the
bot edit it (an interaction token edits its messages for 15 minutes), or for `/hint` (a command must answer with a
message of its own: it becomes the hint message, and the one before it is deleted).

Kept in memory only, like the private hands: interaction tokens never reach the disk or the logs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.table import Table

log = logging.getLogger(__name__)

# Discord lets an interaction token edit its messages for 15 minutes; keep a margin.
HINT_MESSAGE_LIFETIME = 14 * 60
# The same hint asked again this soon (a burst of clicks) is left as it is shown; later, the message is edited
# anyway: the player may have dismissed it, and an edit that fails sends a new one.
REPEAT_SECONDS = 3.0


@dataclass(slots=True)
class HintMessage:
    token: str  # the interaction that sent it: its webhook edits the message
    message_id: int
    sent_at: float
    text: str
    shown_at: float  # when `text` was last sent or edited in


class HintMessages:
    """Where each player's latest hint is shown, by (table, user)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._messages: dict[tuple[int, int], HintMessage] = {}
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    @staticmethod
    async def acknowledge(interaction: discord.Interaction[Any]) -> None:
        """Answer Discord at once, before the solver works: a click changes nothing where it was made (the hint
        goes to the hint message); a command gets a "thinking…" reply that the hint fills in."""
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def show(self, interaction: discord.Interaction[Any], table: Table, text: str) -> None:
        """Show `text` in the player's hint message (see the module docstring); after `acknowledge`."""
        key = (table.id, interaction.user.id)
        async with self._locks.setdefault(key, asyncio.Lock()):
            stored = self._messages.get(key)
            editable = stored is not None and time.time() - stored.sent_at < HINT_MESSAGE_LIFETIME
            clicked = interaction.type is discord.InteractionType.component
            if (
                stored is not None
                and editable
                and clicked
                and self._under_board(stored, table)
                and (self._just_shown(stored, text) or await self._edit(stored, text))
            ):
                stored.text, stored.shown_at = text, time.time()
                return
            message = await interaction.followup.send(text, ephemeral=True, wait=True)
            self._forget_old()
            now = time.time()
            self._messages[key] = HintMessage(interaction.token, message.id, now, text, now)
            if stored is not None and editable and stored.message_id != message.id:
                await self._delete(stored)

    @staticmethod
    def _just_shown(stored: HintMessage, text: str) -> bool:
        return stored.text == text and time.time() - stored.shown_at < REPEAT_SECONDS

    @staticmethod
    def _under_board(stored: HintMessage, table: Table) -> bool:
        """Whether the hint message is under the board (a board posted again since is below it)."""
        return table.board_message_id is None or stored.message_id > table.board_message_id

    def _webhook(self, stored: HintMessage) -> discord.Webhook | None:
        application_id = self._client.application_id
        if application_id is None:
            return None
        return discord.Webhook.partial(application_id, stored.token, client=self._client)

    async def _edit(self, stored: HintMessage, text: str) -> bool:
        webhook = self._webhook(stored)
        if webhook is None:
            return False
        try:
            await webhook.edit_message(stored.message_id, content=text)
        except discord.HTTPException as error:  # deleted, or Discord refused: a new message instead
            log.info("Could not edit a hint message: %s", error.status)
            return False
        return True

    async def _delete(self, stored: HintMessage) -> None:
        webhook = self._webhook(stored)
        if webhook is None:
            return
        try:
            await webhook.delete_message(stored.message_id)
        except discord.HTTPException as error:  # dismissed already, or its token expired
            log.info("Could not delete an older hint message: %s", error.status)

    def _forget_old(self) -> None:
        """Drop the hint messages no token can edit any more (and their locks, when free)."""
        now = time.time()
        for key in [
            key for key, stored in self._messages.items() if now - stored.sent_at > HINT_MESSAGE_LIFETIME
        ]:
            del self._messages[key]
            lock = self._locks.get(key)
            if lock is not None and not lock.locked():
                del self._locks[key]
