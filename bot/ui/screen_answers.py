"""How the record and settings screens (leaderboards, /stats, /history, /settings) answer: a refusal in one private
sentence, anything else an apology; a button of another server refused."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord

from bot.games.errors import GameError
from bot.ui.controller import apologise, send_private
from bot.ui.i18n import t

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
