"""The single place where slash-command errors become a private, one-sentence answer; and the answer to a button or
menu that nothing handles (a custom id from an older release or a forged one, or a table's item its message no
longer carries), so no click is left unanswered."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.answers import apologise, send_private
from bot.ui.component_router import ComponentRouter
from bot.ui.i18n import t


class Errors(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or handled(self.bot, interaction):
            return
        key = "error.message_changed" if table_item_gone(self.bot, interaction) else "error.unknown_button"
        try:
            await send_private(interaction, t(interaction.locale, key))
        except discord.HTTPException:
            return  # answered meanwhile, or the interaction expired: nothing more to say

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            key = "error.guild_only"
        elif isinstance(error, app_commands.TransformerError):
            key = "error.bad_option"
        elif isinstance(error, app_commands.MissingPermissions):
            key = "error.guild_manage"
        elif isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            key = "error.stale_command"
        else:
            original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
            await apologise(interaction, original)
            return
        await send_private(interaction, t(interaction.locale, key))


def handled(bot: commands.Bot, interaction: discord.Interaction[Any]) -> bool:
    """Whether one of the bot's items will answer this click: a table's button or menu (the bot's
    `ComponentRouter`), a view attached to the message, or a cog's persistent `DynamicItem` registered with
    discord.py, under the same rules (its template matches the custom id, its component is on the message)."""
    router = getattr(bot, "router", None)
    if isinstance(router, ComponentRouter) and router.handles(interaction):
        return True
    data: dict[str, Any] = dict(interaction.data or {})
    store = getattr(getattr(bot, "_connection", None), "_view_store", None)
    if store is None:  # discord.py's internals changed: assume handled rather than answer twice
        return True
    message_id = interaction.message.id if interaction.message is not None else None
    key = (data.get("component_type"), str(data.get("custom_id", "")))
    if any(key in store._views.get(owner, {}) for owner in (message_id, None)):
        return True
    return ComponentRouter(store._dynamic_items.values()).handles(interaction)


def table_item_gone(bot: commands.Bot, interaction: discord.Interaction[Any]) -> bool:
    """Whether the click names one of the tables' items, as this release writes them, that is no longer on its
    message: the message changed (the board after a move) between what the player saw and the click."""
    router = getattr(bot, "router", None)
    custom_id = dict(interaction.data or {}).get("custom_id")
    return (
        isinstance(router, ComponentRouter)
        and isinstance(custom_id, str)
        and (router.template_match(custom_id) is not None)
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
