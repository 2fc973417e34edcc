"""Discord's rules: single and timely acknowledgement, token lifetime, size limits; and the runner failing a test
when they are broken (or the bot calls an unknown route, or logs errors)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.emulator import Emulator, EmulatorCheckFailed, RunningClient, run_client
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot

StartClient = Callable[..., Awaitable[RunningClient[Any]]]


async def test_double_ack_is_rejected(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    with bot.expect_errors() as errors:
        result = await emu.slash(scene.alice, scene.general, "double")
        assert (await result.response()).content == "one"
        await emu.wait_for(lambda: len(result.callbacks) == 2)
        await emu.wait_for(lambda: errors or bot.errors)
    second = result.callbacks[1]
    assert second.status == 400 and second.error == {
        "code": 40060,
        "message": "Interaction has already been acknowledged.",
    }
    assert [m.content for m in scene.general.messages] == ["one"]
    [violation] = emu.take_violations()
    assert violation.kind == "double_ack"
    assert "Ignoring exception in command 'double'" in errors[0].getMessage()


async def test_late_ack_is_detected(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    emu.rules.ack_deadline = 0.2  # real time; Discord's is 3 s
    bot.client.late_delay = 0.3
    with bot.expect_errors():
        result = await emu.slash(scene.alice, scene.general, "late")
        await emu.wait_for(lambda: result.callbacks)
        await emu.wait_for(lambda: bot.errors)
    [callback] = result.callbacks
    assert callback.status == 404 and callback.error == {"message": "Unknown interaction", "code": 10062}
    assert callback.elapsed >= 0.29
    assert not result.acknowledged and scene.general.messages == []
    assert [v.kind for v in emu.take_violations()] == ["late_ack"]


async def test_unacknowledged_interaction_fails_the_runner(scene: Scene, emulator: Emulator) -> None:
    emulator.rules.ack_deadline = 0.1

    async def scenario() -> None:
        async with run_client(emulator, SampleBot) as running:
            running.client.late_delay = 10
            await emulator.slash(scene.alice, scene.general, "late")
            await emulator.wait_for(lambda: emulator.check_acknowledgements() or emulator.violations)

    with pytest.raises(EmulatorCheckFailed, match="not_acknowledged"):
        await scenario()


async def test_token_expires_after_15_minutes(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "park")
    await result.response()
    await emu.wait_for(lambda: bot.client.pending)
    interaction = bot.client.pending[0]
    emu.clock.advance(minutes=14)
    await interaction.followup.send("still in time")
    emu.clock.advance(minutes=2)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("too late")
    assert caught.value.status == 401 and caught.value.code == 50027
    with pytest.raises(discord.HTTPException):
        await interaction.edit_original_response(content="too late")
    assert [v.kind for v in emu.take_violations()] == ["expired_token", "expired_token"]
    assert result.original is not None and result.original.content == "still in time"


async def test_limits_are_enforced(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    with bot.expect_errors() as errors:
        result = await emu.slash(scene.alice, scene.general, "long")
        await emu.wait_for(lambda: result.callbacks)
        await emu.wait_for(lambda: bot.errors)
    [callback] = result.callbacks
    assert callback.status == 400
    assert callback.error == {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {
            "data": {
                "content": {
                    "_errors": [
                        {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                    ]
                }
            }
        },
    }
    assert errors
    [violation] = emu.take_violations()
    assert violation.kind == "invalid_form_body" and "data.content" in violation.message

    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    too_big = discord.Embed(title="t", description="d" * 4000)
    for i in range(3):
        too_big.add_field(name=f"f{i}", value="v" * 1000)
    with pytest.raises(discord.HTTPException, match="MAX_EMBED_SIZE_EXCEEDED|Embed size"):
        await channel.send(embed=too_big)
    view = discord.ui.View()
    for i in range(6):
        view.add_item(discord.ui.Button(label=f"b{i}", custom_id=f"same{i % 5}"))
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("buttons", view=view)
    assert caught.value.code == 50035
    assert "Component custom id cannot be duplicated" in caught.value.text
    with pytest.raises(discord.HTTPException) as empty:
        await channel.send(embeds=[])
    assert empty.value.code == 50006
    assert {v.kind for v in emu.take_violations()} == {"invalid_form_body", "empty_message"}
    assert scene.general.messages == []


async def test_unknown_route_fails_the_runner(scene: Scene, emulator: Emulator) -> None:
    async def scenario() -> None:
        async with run_client(emulator, SampleBot) as running:
            with pytest.raises(discord.NotFound):
                await running.client.http.request(Route("GET", "/guilds/{guild_id}/audit-logs", guild_id=1))

    with pytest.raises(EmulatorCheckFailed, match="unknown_route") as caught:
        await scenario()
    assert caught.value.violations[0].request is not None
    assert caught.value.violations[0].request.path == "/guilds/1/audit-logs"
    assert emulator.pending_violations() == []  # reported once, does not fail the fixture too


async def test_logged_errors_fail_the_runner(scene: Scene, emulator: Emulator) -> None:
    with pytest.raises(EmulatorCheckFailed, match="logged ERROR cogs.something: boom"):
        async with run_client(emulator, SampleBot):
            logging.getLogger("cogs.something").error("boom")
    # the escape hatch
    async with run_client(emulator, SampleBot) as running:
        with running.expect_errors() as errors:
            logging.getLogger("bot.app").error("expected")
        assert [r.getMessage() for r in errors] == ["expected"]


async def test_allow_violations(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    scene.emu.allow_violations("invalid_form_body")
    bot.errors_expected = True
    result = await scene.emu.slash(scene.alice, scene.general, "long")
    await scene.emu.wait_for(lambda: result.callbacks)
    assert scene.emu.pending_violations() == []
