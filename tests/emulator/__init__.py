"""A local Discord (REST API v10 + gateway) for end-to-end tests of discord.py bots. See README.md."""

from tests.emulator.emulator import Emulator, EmulatorTimeout, InteractionResult, Rules
from tests.emulator.faults import Faults
from tests.emulator.gateway import Gateway, Intent
from tests.emulator.records import RequestRecord, UploadedFile, Violation
from tests.emulator.runner import EmulatorCheckFailed, RunningClient, run_client, start_client
from tests.emulator.world import (
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
