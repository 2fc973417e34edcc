"""**Open the table** on a board: it answers with Discord's launch-activity response, which opens the Activity (the
table as a web page) for the person who pressed it, in that channel. Shown while a table is open, when the bot
has an Activity (`DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`)."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.service.table import Table
from bot.ui.components import PREFIX, TABLE_ID, TableButton
from bot.ui.i18n import t

log = logging.getLogger(__name__)

EMOJI = "🃏"


async def launch_activity(interaction: discord.Interaction[Any]) -> None:
    """Open the Activity for the person who acted; when Discord cannot (no Activity for this app, or not in this
    kind of channel), one private sentence says so."""
    settings = getattr(interaction.client, "settings", None)
    if settings is not None and getattr(settings, "activity_enabled", False):
        try:
            await interaction.response.launch_activity()
            return
        except discord.HTTPException as error:
            log.info("Discord could not launch the Activity: HTTP %s (code %s)", error.status, error.code)
    text = t(interaction.locale, "activity.launch_failed")
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class OpenTableButton(TableButton, template=rf"{PREFIX}:activity:(?P<table>{TABLE_ID})"):
    action = "activity"
    style = discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await launch_activity(interaction)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenTableButton:
        return cls(int(match["table"]))


def add_open_table_button(content: dict[str, Any], table: Table) -> None:
    """Put **Open the table** on a board's buttons (a lobby's or a game's), where a row has room."""
    view = content.get("view")
    if not table.status.is_active or not isinstance(view, discord.ui.View):
        return
    button = OpenTableButton(table.id, label=t(table.locale, "button.open_table"), emoji=EMOJI)
    try:
        view.add_item(button)
    except ValueError:  # every row is full: the board keeps its own buttons
        return
