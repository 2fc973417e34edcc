"""The application's entry point command (command type 4, `PRIMARY_ENTRY_POINT`): what the App Launcher shows to
open the Activity. Its handler is `APP_HANDLER` (1): the bot answers it with the launch-activity response, like
**Open the table** (`cogs/activity.py`).

Entry point commands are global only, and Discord refuses a global bulk overwrite that leaves out the app's entry
point command (50240; every app that enables Activities gets one): the global sync sends it with the slash
commands (`global_commands`), ours when the bot has an Activity, else the one Discord already has.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.ui.i18n import t
from bot.ui.translator import LOCALES

if TYPE_CHECKING:
    from bot.app import TheGameBot

log = logging.getLogger(__name__)

ENTRY_POINT = 4
APP_HANDLER = 1
NAME = "launch"
# What an entry point command may carry (a command fetched from Discord also has its ids and version).
FIELDS = (
    *("name", "name_localizations", "description", "description_localizations", "type", "handler"),
    *("integration_types", "contexts", "default_member_permissions", "nsfw"),
)


def entry_point_command() -> dict[str, Any]:
    """Ours: "launch", described in every language the bot speaks, for servers' channels."""
    english = t("en", "activity.entry_point")
    localizations = {
        str(locale.value): t(locale, "activity.entry_point")
        for locale in LOCALES
        if t(locale, "activity.entry_point") != english
    }
    return {
        "name": NAME,
        "description": english,
        "description_localizations": localizations,
        "type": ENTRY_POINT,
        "handler": APP_HANDLER,
        "integration_types": [0],
        "contexts": [0],
    }


def is_entry_point(interaction: discord.Interaction[Any]) -> bool:
    data: dict[str, Any] = dict(interaction.data or {})
    return interaction.type is discord.InteractionType.application_command and data.get("type") == ENTRY_POINT


def as_sent(command: dict[str, Any]) -> dict[str, Any]:
    """A command as Discord gave it, reduced to what a bulk overwrite sends back."""
    return {key: value for key, value in command.items() if key in FIELDS and value is not None}


async def global_commands(bot: TheGameBot, slash_commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every global command to send: the slash commands, and the entry point command (ours with an Activity, else
    the one Discord has, if any, so that the overwrite is not refused)."""
    if bot.settings.activity_enabled:
        return [*slash_commands, entry_point_command()]
    assert bot.application_id is not None
    registered = await bot.http.get_global_commands(bot.application_id)
    kept = [as_sent(dict(command)) for command in registered if command.get("type") == ENTRY_POINT]
    return [*slash_commands, *kept]


async def ensure_entry_point(bot: TheGameBot) -> None:
    """Register our entry point command on its own (commands synced to a development server: entry point
    commands are global), creating it or bringing Discord's one up to date."""
    assert bot.application_id is not None
    wanted = entry_point_command()
    registered = await bot.http.get_global_commands(bot.application_id)
    current = next((dict(command) for command in registered if command.get("type") == ENTRY_POINT), None)
    if current is None:
        await bot.http.upsert_global_command(bot.application_id, wanted)  # type: ignore[arg-type]
        log.info("Entry point command created")
    elif {key: current.get(key) for key in wanted} != wanted:
        await bot.http.edit_global_command(bot.application_id, int(str(current["id"])), wanted)
        log.info("Entry point command updated")
