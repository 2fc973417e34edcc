"""The real bot, in process, against the emulator, in one server with one player (the soak's findings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from tests.e2e.conftest import bot_settings
from tests.soak.board_checks import World


@pytest.fixture
def world(emulator: Emulator) -> World:
    guild = emulator.world.add_guild("Soak findings", locale="en-US")
    alice = emulator.world.add_user("alice", locale="en-US")
    guild.add_member(alice)
    return World(guild.add_text_channel("games"), alice)


@pytest_asyncio.fixture
async def bot(
    emulator: Emulator, start_client: Any, world: World, tmp_path: Path
) -> RunningClient[TheGameBot]:
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    return running
