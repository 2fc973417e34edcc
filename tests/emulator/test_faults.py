"""Fault injection (5xx, 429) and gateway disruptions (RECONNECT, INVALID_SESSION, dropped socket)."""

from __future__ import annotations

import time

import discord

from bot.emulator import RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot


async def test_server_error_is_retried_by_discord_py(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    emu.faults.fail("POST /channels/{channel_id}/messages", status=500, times=1)
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("after a hiccup")  # discord.py sleeps 1 s and retries
    attempts = emu.requests_to("POST /channels/{channel_id}/messages")
    assert [(r.status, r.injected) for r in attempts] == [(500, True), (200, False)]
    assert [m.id for m in scene.general.messages] == [message.id]


async def test_rate_limit_retry_after_is_respected(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    emu.faults.rate_limit("/channels/{}/messages", retry_after=0.3, times=1)
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("patience")  # discord.py logs a warning and sleeps retry_after
    first, second = emu.requests_to("POST /channels/{channel_id}/messages")
    assert first.status == 429 and first.response["retry_after"] == 0.3 and first.response["global"] is False
    assert second.status == 200
    assert second.at - first.at >= 0.29
    assert scene.general.messages[0].content == "patience"


async def test_failures_on_interaction_callbacks(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    emu.faults.rate_limit(lambda r: r.path.endswith("/callback"), retry_after=0.1)
    result = await emu.slash(scene.alice, scene.general, "ping")
    assert (await result.response()).content == "pong"
    assert [r.status for r in emu.requests if r.path.endswith("/callback")] == [429, 200]


async def test_gateway_reconnect_resumes(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    started = time.monotonic()
    await emu.gateway.reconnect()
    assert time.monotonic() - started < 2
    assert emu.gateway.identify_count == 1 and emu.gateway.resume_count == 1
    assert emu.gateway.connections[-1].path == "/gateway/resume"
    await emu.wait_for(lambda: bot.client.resumed_count == 1)
    assert (await (await emu.slash(scene.alice, scene.general, "ping")).response()).content == "pong"
    assert bot.client.ready_count == 1


async def test_events_missed_while_disconnected_are_replayed(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    await emu.gateway.disconnect(4000, wait_resume=False)  # like a network drop
    await emu.send_message(scene.bob, scene.general, "while you were away")
    await emu.wait_for(lambda: emu.gateway.resume_count == 1)
    await emu.wait_for(lambda: bot.client.received)
    assert bot.client.received[0].content == "while you were away"


async def test_invalid_session_reidentifies(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    await emu.gateway.invalidate_session(resumable=False)
    assert emu.gateway.identify_count == 2
    await emu.wait_for(lambda: bot.client.ready_count == 2)
    assert bot.client.get_guild(scene.guild.id) is not None
    assert (await (await emu.slash(scene.alice, scene.general, "ping")).response()).content == "pong"


async def test_resumable_invalid_session_resumes(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    await emu.gateway.invalidate_session(resumable=True)
    assert emu.gateway.identify_count == 1 and emu.gateway.resume_count == 1
    assert (await (await emu.slash(scene.alice, scene.general, "ping")).response()).content == "pong"
