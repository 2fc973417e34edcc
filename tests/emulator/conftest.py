"""Shared setup for the emulator's own tests: a guild with a channel and two members, and the sample bot."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from bot.emulator import Channel, Emulator, Guild, RunningClient, User
from tests.emulator.sample_bot import SampleBot


@dataclass
class Scene:
    emu: Emulator
    guild: Guild
    general: Channel
    alice: User
    bob: User


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    world = emulator.world
    guild = world.add_guild("Cards", locale="en-US")
    general = guild.add_text_channel("general")
    alice = world.add_user("alice", locale="fr")
    bob = world.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    return Scene(emulator, guild, general, alice, bob)


@pytest_asyncio.fixture
async def bot(
    scene: Scene, start_client: Callable[..., Awaitable[RunningClient[Any]]]
) -> RunningClient[SampleBot]:
    return await start_client(SampleBot)
