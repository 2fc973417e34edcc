"""An injected clock (overriding the ``emulator_options`` fixture) and the bound ``run_client`` fixture."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.emulator import Clock, Emulator, RunningClient
from tests.emulator.sample_bot import SampleBot

START = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def emulator_options() -> dict[str, Any]:
    return {"clock": Clock(start=START)}


async def test_injected_clock_drives_timestamps_and_snowflakes(
    emulator: Emulator, run_client: Callable[..., AbstractAsyncContextManager[RunningClient[SampleBot]]]
) -> None:
    guild = emulator.world.add_guild("Clocked")
    general = guild.add_text_channel("general")
    alice = emulator.world.add_user("alice")
    guild.add_member(alice)
    async with run_client(SampleBot) as running:
        emulator.clock.advance(hours=1)
        result = await emulator.slash(alice, general, "ping")
        message = await result.original_message()
        assert message.timestamp == datetime(2030, 1, 1, 13, 0, tzinfo=UTC)
        channel = running.client.get_channel(general.id)
        assert isinstance(channel, discord.TextChannel)
        fetched = await channel.fetch_message(message.id)
        assert fetched.created_at == message.timestamp.replace(microsecond=fetched.created_at.microsecond)
        assert discord.utils.snowflake_time(message.id).year == 2030
