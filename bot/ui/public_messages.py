"""A channel's public messages sent, edited and deleted through the interactions that caused them.

Discord allows a bot 50 requests a second in all (every process and shard together), but its interaction endpoints
are not counted: an interaction's token may post follow-ups in its channel, public ones included (a follow-up is a
normal message, and may mention a player), and edit or delete its original response and its follow-ups, for 15
minutes. So the board, the turn line, a hand's result and the end of a game go through the newest token of the
channel that may touch them, and through the channel's routes (counted) only when none is valid: a timer, a game
resumed after a restart, an AI-only stretch longer than a token lives, a token Discord refused.

Which token may touch which message, on the strict reading of Discord's docs ("edit a message sent with that
token"; a component's update makes the message clicked the token's original response):
- any token answered in the channel may post there (`send`); the message sent is then the token's, by its id;
- the answer that created a public message (the lobby of `/game new`) makes it the token's `@original`;
- a click on a public message answered by updating it (the board's buttons) makes it the token's `@original`;
- nothing else: a token never touches another interaction's message.

Kept in memory only: tokens never reach the disk or the logs. After a restart, the first changes go through the
channel's routes until players act again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.ui.message_edits import edit_webhook_message

log = logging.getLogger(__name__)

# Discord lets an interaction token post and edit for 15 minutes; keep a margin (a call may wait its turn).
TOKEN_LIFETIME = 14 * 60.0
# A message whose newest token is older than this is better posted again through a newer interaction (when one
# younger than `FRESH` is at hand) than edited through the channel once its token expires (`worth_posting_again`).
RENEW_AFTER = 10 * 60.0
FRESH = 5 * 60.0
# How often expired tokens and handles are dropped (seconds).
PRUNE_EVERY = 60.0
ORIGINAL = "@original"
# Discord's codes for a token it no longer accepts: unknown webhook, invalid webhook token.
TOKEN_REFUSED = frozenset({10015, 50027})

PublicChannel = discord.TextChannel | discord.Thread | discord.PartialMessageable


@dataclass(eq=False, slots=True)
class LiveToken:
    """An answered interaction's token, and the webhook that uses it (made when first used)."""

    token: str
    created_at: float  # when the interaction was created (Unix time): its 15 minutes count from then
    webhook: discord.Webhook | None = None


@dataclass(frozen=True, slots=True)
class Handle:
    """How a token reaches one message: `@original`, or the message's id among its follow-ups."""

    live: LiveToken
    reference: int | str


@dataclass(slots=True)
class ChannelTokens:
    newest: LiveToken | None = None
    handles: dict[int, Handle] | None = None  # message id -> its newest handle


def token_refused(error: discord.HTTPException) -> bool:
    """Discord refused the token itself (expired early, unknown): the call can go another way."""
    return error.code in TOKEN_REFUSED or error.status == 401


class PublicMessages:
    def __init__(
        self,
        client: discord.Client,
        *,
        lifetime: float = TOKEN_LIFETIME,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._client = client
        self.lifetime = lifetime
        self._clock = clock
        # Per channel, only its newest token and the tokens that reach its messages: the others are let go.
        self._channels: dict[int, ChannelTokens] = {}
        self._pruned_at = clock()

    # -- what the interactions make possible ---------------------------------------------------------------
    def note_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """An interaction was answered: its token may post in its channel; when its answer updated the public
        message clicked (a board's button), that message is the token's original response."""
        live = self._live(interaction)
        if live is None:
            return
        message = interaction.message
        if (
            message is not None
            and not message.flags.ephemeral
            and interaction.response.type
            in (
                discord.InteractionResponseType.message_update,
                discord.InteractionResponseType.deferred_message_update,
            )
        ):
            self._add_handle(interaction.channel_id or 0, message.id, Handle(live, ORIGINAL))

    def note_response_message(self, interaction: discord.Interaction[Any], message_id: int) -> None:
        """The interaction's answer created public message `message_id` (a lobby): its original response."""
        live = self._live(interaction)
        if live is not None:
            self._add_handle(interaction.channel_id or 0, message_id, Handle(live, ORIGINAL))

    def _live(self, interaction: discord.Interaction[Any]) -> LiveToken | None:
        channel_id = interaction.channel_id
        application_id = self._client.application_id
        if channel_id is None or application_id is None or not interaction.response.is_done():
            return None  # an unanswered interaction's token cannot post (and expires in 3 seconds)
        channel = self._channels.setdefault(channel_id, ChannelTokens())
        newest = channel.newest
        if newest is not None and newest.token == interaction.token:
            return newest  # noted already
        # Its 15 minutes count from the interaction's creation (never later than now: a clock ahead of ours).
        live = LiveToken(interaction.token, min(interaction.created_at.timestamp(), self._clock()))
        if newest is None or newest.created_at <= live.created_at:
            channel.newest = live
        self._maybe_prune()
        return live

    def _webhook(self, live: LiveToken) -> discord.Webhook:
        if live.webhook is None:
            application_id = self._client.application_id or 0
            live.webhook = discord.Webhook.partial(application_id, live.token, client=self._client)
        return live.webhook

    def _add_handle(self, channel_id: int, message_id: int, handle: Handle) -> None:
        channel = self._channels.setdefault(channel_id, ChannelTokens())
        if channel.handles is None:
            channel.handles = {}
        known = channel.handles.get(message_id)
        if known is None or known.live.created_at <= handle.live.created_at:
            channel.handles[message_id] = handle

    # -- what is valid now ---------------------------------------------------------------------------------
    def _valid(self, live: LiveToken | None) -> bool:
        return live is not None and self._clock() - live.created_at < self.lifetime

    def _poster(self, channel_id: int) -> LiveToken | None:
        channel = self._channels.get(channel_id)
        live = channel.newest if channel is not None else None
        return live if self._valid(live) else None

    def _handle(self, channel_id: int, message_id: int) -> Handle | None:
        channel = self._channels.get(channel_id)
        if channel is None or channel.handles is None:
            return None
        handle = channel.handles.get(message_id)
        if handle is None or self._valid(handle.live):
            return handle
        del channel.handles[message_id]
        return None

    def can_post(self, channel_id: int) -> bool:
        """Whether a new message in the channel can go through an interaction (not counted by the global limit)."""
        return self._poster(channel_id) is not None

    def can_edit(self, channel_id: int, message_id: int) -> bool:
        return self._handle(channel_id, message_id) is not None

    def worth_posting_again(self, channel_id: int, message_id: int) -> bool:
        """Whether a message edited from time to time (the board) is better posted again through a newer
        interaction than edited: no token reaches it any more, or its newest one expires within a few minutes, and
        a token with most of its life ahead is at hand (the old message is deleted through its own token while it
        is valid: nothing counted)."""
        poster = self._poster(channel_id)
        if poster is None or self._clock() - poster.created_at > FRESH:
            return False
        handle = self._handle(channel_id, message_id)
        return handle is None or self._clock() - handle.live.created_at > RENEW_AFTER

    # -- sending, editing, deleting ------------------------------------------------------------------------
    async def send(self, channel: PublicChannel, **kwargs: Any) -> discord.Message:
        """Post a public message: a follow-up of the channel's newest interaction, else a channel message."""
        live = self._poster(channel.id)
        if live is not None:
            try:
                message = await self._webhook(live).send(wait=True, **kwargs)
            except discord.HTTPException as error:
                if not token_refused(error):
                    raise
                self._forget(channel.id, live)
            else:
                self._add_handle(channel.id, message.id, Handle(live, message.id))
                return message
        return await channel.send(**kwargs)

    async def edit(self, channel: PublicChannel, message_id: int, **kwargs: Any) -> None:
        """Edit a public message through a token that reaches it, else through the channel."""
        handle = self._handle(channel.id, message_id)
        if handle is not None:
            try:
                await edit_webhook_message(self._webhook(handle.live), handle.reference, **kwargs)
                return
            except discord.HTTPException as error:
                if not token_refused(error):
                    raise
                self._forget(channel.id, handle.live)
        await channel.get_partial_message(message_id).edit(**kwargs)

    async def delete(self, channel: PublicChannel, message_id: int) -> None:
        """Delete a public message through a token that reaches it, else through the channel."""
        handle = self._handle(channel.id, message_id)
        if handle is not None:
            try:
                await self._webhook(handle.live).delete_message(handle.reference)  # type: ignore[arg-type]
            except discord.HTTPException as error:
                if not token_refused(error):
                    raise
                self._forget(channel.id, handle.live)
            else:
                self.forget_message(channel.id, message_id)
                return
        await channel.get_partial_message(message_id).delete()
        self.forget_message(channel.id, message_id)

    def forget_message(self, channel_id: int, message_id: int) -> None:
        channel = self._channels.get(channel_id)
        if channel is not None and channel.handles:
            channel.handles.pop(message_id, None)

    def _forget(self, channel_id: int, live: LiveToken) -> None:
        """Discord refused a token: it is no longer used, for posting or for any message."""
        log.info("An interaction token was refused; its messages are changed through the channel")
        live.created_at = float("-inf")
        channel = self._channels.get(channel_id)
        if channel is not None and channel.newest is live:
            channel.newest = None

    def _maybe_prune(self) -> None:
        """Drop what has expired, at most once in `PRUNE_EVERY` seconds (the messages that stay, such as a hand's
        result, would otherwise keep their handles for good)."""
        now = self._clock()
        if now - self._pruned_at < PRUNE_EVERY:
            return
        self._pruned_at = now
        for channel_id, channel in list(self._channels.items()):
            if channel.handles:
                channel.handles = {
                    message_id: handle
                    for message_id, handle in channel.handles.items()
                    if self._valid(handle.live)
                }
            if not self._valid(channel.newest) and not channel.handles:
                del self._channels[channel_id]
