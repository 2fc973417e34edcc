"""A local Discord (REST API v10 + gateway) for end-to-end tests of discord.py bots. See README.md."""

from bot.emulator.emulator import Emulator, EmulatorTimeout, InteractionResult, Rules
from bot.emulator.faults import Faults
from bot.emulator.gateway import Gateway, Intent
from bot.emulator.records import RequestRecord, UploadedFile, Violation
from bot.emulator.runner import EmulatorCheckFailed, RunningClient, run_client, start_client
from bot.emulator.world import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    Attachment,
    Callback,
    Channel,
    ChannelType,
    Clock,
    Guild,
    Interaction,
    Member,
    Message,
    MessageFlag,
    Perm,
    Role,
    User,
    World,
)

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "Attachment",
    "Callback",
    "Channel",
    "ChannelType",
    "Clock",
    "Emulator",
    "EmulatorCheckFailed",
    "EmulatorTimeout",
    "Faults",
    "Gateway",
    "Guild",
    "Intent",
    "Interaction",
    "InteractionResult",
    "Member",
    "Message",
    "MessageFlag",
    "Perm",
    "RequestRecord",
    "Role",
    "Rules",
    "RunningClient",
    "UploadedFile",
    "User",
    "Violation",
    "World",
    "run_client",
    "start_client",
]
