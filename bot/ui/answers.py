"""Answering an interaction: privately whether or not it was acknowledged, quietly, or with an apology that has a
reference in the log; and how the record and settings screens (leaderboards, /stats, /history, /settings) answer:
a refusal in one private sentence, anything else an apology, a button of another server refused."""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import aiohttp
import discord

from bot.games.errors import GameError
from bot.storage.fencing import ShardsLost
from bot.ui.i18n import t

log = logging.getLogger(__name__)


async def send_private(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer privately, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def acknowledge_quietly(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer Discord without leaving a message: a click changes nothing where it was made; a command (which must be
    answered with a message) has its private answer `text` deleted at once (a private message per move piled up
    under the board on a phone). Not a deferred "thinking…" deleted: Discord then refuses the token's follow-ups
    (10008, discord-api-docs#3087), and a later private word for the player (a call on their move) and the
    channel's public updates go through that token."""
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
        return
    await interaction.response.send_message(text, ephemeral=True)
    try:
        await interaction.delete_original_response()
    except discord.HTTPException as error:  # the move is saved and shown on the board: the answer may stay
        log.info("Could not delete a command's answer: %s", error.status)


async def confirm_then(
    interaction: discord.Interaction[Any], text: str, public_update: Callable[[], None]
) -> None:
    """Answer privately, then run the public update of a saved change, even when the answer fails: the channel
    must see the change (found by the soak: a player who joined by command, whose answer Discord refused, never
    appeared on the lobby)."""
    try:
        await send_private(interaction, text)
    finally:
        public_update()


class AnswerFailedAfterSave(Exception):
    """The action was saved, then its answer to the player failed: the apology must not say nothing changed."""


async def apologise(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The private apology for an unexpected error, with a reference that is also in the log; it says whether the
    action was saved (`AnswerFailedAfterSave`, whose cause is the error). None when this process lost its shards:
    another process answers for them now (bot/storage/fencing.py)."""
    saved = isinstance(error, AnswerFailedAfterSave)
    if saved and error.__cause__ is not None:
        error = error.__cause__
    if isinstance(error, ShardsLost):
        return
    reference = secrets.token_hex(3).upper()
    if discord_failed(error):
        # Discord's side (an outage, a rate limit, an interaction that expired): nothing to fix in the bot.
        status = getattr(error, "status", "?")
        log.warning("Discord refused a call (reference %s): HTTP %s %s", reference, status, error)
    else:
        log.error("Unexpected error (reference %s)", reference, exc_info=error)
    try:
        key = "error.unexpected_after_save" if saved else "error.unexpected"
        await send_private(interaction, t(interaction.locale, key, reference=reference))
    except (discord.HTTPException, aiohttp.ClientConnectionError):
        log.warning("Could not send the apology for reference %s", reference)


# Discord's codes for an interaction or webhook that no longer exists: the 3 s or 15 min limits passed.
EXPIRED_CODES = frozenset({10015, 10062, 50027})
UNKNOWN_MESSAGE = 10008  # a message deleted (or dismissed) before the bot's answer to a click on it


def discord_failed(error: BaseException) -> bool:
    """Whether Discord itself failed the call (5xx, 429, an expired interaction or token), rather than the bot
    sending something wrong (other 4xx) or a bug."""
    if not isinstance(error, discord.HTTPException):
        return False
    return error.status >= 500 or error.status == 429 or error.code in EXPIRED_CODES


P = ParamSpec("P")
Owner = TypeVar("Owner")


def answering(
    handler: Callable[Concatenate[Owner, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[Owner, discord.Interaction[Any], P], Awaitable[None]]:
    """For a cog's handler or a button's callback: a GameError becomes one private sentence in the user's
    language, anything else an apology with a reference (as the table controller does)."""

    @functools.wraps(handler)
    async def wrapper(
        owner: Owner, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(owner, interaction, *args, **kwargs)
        except GameError as error:
            await send_private(interaction, t(interaction.locale, error.key, **error.params))
        except Exception as error:  # every failure becomes an answer
            await apologise(interaction, error)

    return wrapper  # type: ignore[return-value]  # functools.wraps' type is narrower than the callable's


def require_guild(interaction: discord.Interaction[Any], guild_id: int | None = None) -> discord.Guild:
    """The server the interaction comes from; a button carrying another server's id is refused."""
    guild = interaction.guild
    if guild is None:
        raise GameError("error.guild_only")
    if guild_id is not None and guild_id != guild.id:
        raise GameError("lb.wrong_server")
    return guild
