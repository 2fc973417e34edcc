"""**Open the table** on a board: it answers with Discord's launch-activity response, which opens the Activity (the
table as a web page) for the person who pressed it, in that channel. Shown while a table is open, when the bot
has an Activity (`DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`)."""

from __future__ import annotations

import logging
import re
import weakref
from typing import Any

import discord

from bot.service.table import Table
from bot.ui.component_rows import ComponentRows
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


# A finished view may be kept and shown by every board drawn while nothing on it changes (The Game keeps its own:
# `bot.games.thegame.ui.board`): it is never changed; its copy with the button is kept beside it, as long as it is.
_WITH_BUTTON: weakref.WeakKeyDictionary[discord.ui.View, tuple[tuple[int, str], discord.ui.View]] = (
    weakref.WeakKeyDictionary()
)


def add_open_table_button(content: dict[str, Any], table: Table) -> None:
    """Put **Open the table** on a board's buttons (a lobby's or a game's): on a row of its own when one is free
    (The Game's kept rows: where a row has room)."""
    view = content.get("view")
    if not table.status.is_active or not isinstance(view, discord.ui.View):
        return
    if not view.is_finished():
        _add_button(view, table)
        return
    key = (table.id, table.locale)
    kept = _WITH_BUTTON.get(view)
    if kept is None or kept[0] != key:
        kept = _WITH_BUTTON[view] = (key, _copy_with_button(view, table))
    content["view"] = kept[1]


def _copy_with_button(view: discord.ui.View, table: Table) -> discord.ui.View:
    if isinstance(view, ComponentRows):  # components already written
        button = OpenTableButton(table.id, label=t(table.locale, "button.open_table"), emoji=EMOJI)
        try:
            return view.with_item(button.to_component_dict())
        except ValueError:  # every row is full: the board keeps its own buttons
            return view
    copy = discord.ui.View(timeout=None)
    for item in view.children:
        copy.add_item(item)
    _add_button(copy, table)
    copy.stop()
    return copy


def _add_button(view: discord.ui.View, table: Table) -> None:
    """On a row of its own under the board's controls while one is free (a fourth button on a row of three wraps
    on a phone, and the game's own controls keep their places), or beside **How to play** when that is the last
    row's one button (the lobby's, Klondike's, Crapette's: one row less to scroll); else where a row has room."""
    button = OpenTableButton(table.id, label=t(table.locale, "button.open_table"), emoji=EMOJI)
    rows = view.to_components()
    last = rows[-1]["components"] if rows else []
    if len(last) == 1 and str(last[0].get("custom_id", "")).startswith(f"{PREFIX}:howto:"):
        button.row = len(rows) - 1
    elif len(rows) < 5:
        button.row = len(rows)
    try:
        view.add_item(button)
    except ValueError:  # every row is full: the board keeps its own buttons
        return
