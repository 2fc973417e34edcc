"""Discord's global rate limit, as the emulator enforces it when asked (the soak does), and the interaction token
rule that lets a bot stay under it: a token reaches only the messages it sent."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from bot.emulator import RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot


async def test_requests_past_the_limit_in_a_second_get_a_global_429(scene: Scene) -> None:
    emu = scene.emu
    emu.global_limit.enable(per_second=5)
    headers = {"Authorization": f"Bot {emu.token}"}
    url = f"{emu.api_base}/channels/{scene.general.id}/messages"
    async with aiohttp.ClientSession() as session:
        statuses = []
        for number in range(6):
            async with session.post(url, json={"content": f"m{number}"}, headers=headers) as response:
                statuses.append(response.status)
                body, refused = await response.json(), response.headers
        assert statuses == [200] * 5 + [429]
        assert body["global"] is True and 0 < body["retry_after"] <= 1
        assert refused["X-RateLimit-Global"] == "true" and refused["X-RateLimit-Scope"] == "global"
        assert refused["Retry-After"] == "1" and refused["Via"]
        # The interaction endpoints are not bound to it: an unknown interaction is answered 404, not 429.
        callback = f"{emu.api_base}/interactions/1/nothing/callback"
        async with session.post(callback, json={"type": 1}) as response:
            assert response.status == 404
    emu.take_violations("unknown_interaction")
    assert (emu.global_limit.refused, emu.global_limit.exempt) == (1, 1)
    assert [m.content for m in scene.general.messages] == [f"m{number}" for number in range(5)]


async def test_discord_py_waits_out_a_global_429_and_every_message_goes_out(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    emu.global_limit.enable(per_second=5)
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    await asyncio.gather(*(channel.send(f"m{number}") for number in range(8)))
    assert sorted(m.content for m in scene.general.messages) == [f"m{number}" for number in range(8)]
    attempts = emu.requests_to("POST /channels/{channel_id}/messages")
    refused = [r for r in attempts if r.status == 429]
    assert refused and all(r.response["global"] is True for r in refused)
    accepted = sorted(r.at for r in attempts if r.status == 200)
    assert all(later - earlier >= 0.99 for earlier, later in zip(accepted, accepted[5:], strict=False))


async def test_a_token_edits_only_the_messages_it_sent(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    for _ in range(2):
        await (await emu.slash(scene.alice, scene.general, "park")).response()
    first, second = bot.client.pending
    sent = await first.followup.send("first's", wait=True)
    await first.followup.edit_message(sent.id, content="edited by its own token")
    with pytest.raises(discord.NotFound) as refused:
        await second.followup.edit_message(sent.id, content="edited by another token")
    assert refused.value.code == 10008
    with pytest.raises(discord.NotFound):
        await second.followup.delete_message(sent.id)
    assert emu.world.get_message(sent.id).content == "edited by its own token"  # type: ignore[union-attr]


async def test_a_click_answered_by_an_update_reaches_the_message_clicked_as_its_original_only(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    counter = await emu.slash(scene.alice, scene.general, "counter")
    message = await counter.original_message()
    click = await emu.click(scene.bob, message, "counter:0")
    assert (await click.response()).type == 7
    base = f"{emu.api_base}/webhooks/{emu.world.application_id}/{click.interaction.token}/messages"
    async with aiohttp.ClientSession() as session:
        async with session.patch(f"{base}/{message.id}", json={"content": "by id"}) as response:
            assert response.status == 404 and (await response.json())["code"] == 10008
        async with session.patch(f"{base}/@original", json={"content": "as its original"}) as response:
            assert response.status == 200
    assert message.content == "as its original"
