"""Discord's rules for an application's entry point command (command type 4, `PRIMARY_ENTRY_POINT`): the command
that launches its Activity from the App Launcher.

- It has no options, a description of 1 to 100 characters, and a `handler`: 1 `APP_HANDLER` (the app answers,
  e.g. with `LAUNCH_ACTIVITY`) or 2 `DISCORD_LAUNCH_ACTIVITY` (Discord launches the Activity itself); `handler` is
  only for entry point commands.
- It is global: an app cannot have an entry point guild command, and has at most one.
- A global bulk overwrite that leaves out the app's entry point command is refused (50240), as Discord does since
  it makes one for every app that enables Activities.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from bot.emulator import limits
from bot.emulator.records import ApiError

if TYPE_CHECKING:
    from bot.emulator.world import ApplicationCommand

ENTRY_POINT = 4
HANDLERS = (1, 2)  # APP_HANDLER, DISCORD_LAUNCH_ACTIVITY
ENTRY_POINT_REMOVED = 50240
ENTRY_POINT_REMOVED_MESSAGE = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point "
    "command in your update request or delete it separately."
)


def entry_point_errors(payload: dict[str, Any], prefix: tuple[str | int, ...]) -> list[limits.FormError]:
    """What is wrong with one command's `handler`, and with an entry point command's own fields."""
    errors: list[limits.FormError] = []
    command_type = int(payload.get("type") or 1)
    handler = payload.get("handler")
    if command_type != ENTRY_POINT:
        if handler is not None:
            errors.append(
                limits.FormError(
                    (*prefix, "handler"),
                    "APPLICATION_COMMAND_HANDLER_INVALID",
                    "Only PRIMARY_ENTRY_POINT commands have a handler.",
                )
            )
        return errors
    if handler not in HANDLERS:
        errors.append(
            limits.FormError((*prefix, "handler"), "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
        )
    if payload.get("options"):
        errors.append(
            limits.FormError(
                (*prefix, "options"),
                "APPLICATION_COMMAND_OPTIONS_INVALID",
                "PRIMARY_ENTRY_POINT commands cannot have options.",
            )
        )
    limits._bad_len(errors, (*prefix, "description"), payload.get("description"), 1, 100)
    return errors


def entry_point_scope_errors(
    payloads: Iterable[Any],
    guild_id: int | None,
    *,
    existing: Sequence[ApplicationCommand] = (),
) -> list[limits.FormError]:
    """No entry point guild command; at most one entry point command (with those already registered, for a
    single create)."""
    entry_points = [
        (index, payload)
        for index, payload in enumerate(payloads)
        if isinstance(payload, dict) and int(payload.get("type") or 1) == ENTRY_POINT
    ]
    if not entry_points:
        return []
    if guild_id is not None:
        return [
            limits.FormError(
                (entry_points[0][0], "type"),
                "APPLICATION_COMMAND_TYPE_INVALID",
                "An app cannot have a PRIMARY_ENTRY_POINT guild command.",
            )
        ]
    names = {str(payload.get("name")) for _, payload in entry_points}
    names |= {command.name for command in existing if command.type == ENTRY_POINT}
    if len(names) > 1:
        return [
            limits.FormError(
                (entry_points[-1][0], "type"),
                "APPLICATION_COMMAND_TYPE_INVALID",
                "An app can only have one PRIMARY_ENTRY_POINT command.",
            )
        ]
    return []


def require_entry_point_kept(registered: Sequence[ApplicationCommand], payloads: Sequence[Any]) -> None:
    """A global bulk overwrite must name the app's entry point command (by name, with type 4)."""
    current = next((command for command in registered if command.type == ENTRY_POINT), None)
    if current is None:
        return
    kept = any(
        isinstance(payload, dict)
        and int(payload.get("type") or 1) == ENTRY_POINT
        and payload.get("name") == current.name
        for payload in payloads
    )
    if not kept:
        raise ApiError(400, ENTRY_POINT_REMOVED, ENTRY_POINT_REMOVED_MESSAGE)
