"""Which REST calls Discord's global rate limit counts, and the bot's count of them."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.emulator import Emulator
from bot.rest_calls import RestCallCounter, counted_by_global_limit
from tests.emulator.sample_bot import SampleBot

ROUTES = [
    # The interaction endpoints: not counted.
    ("POST /interactions/{interaction_id}/{token}/callback", False),
    ("POST /webhooks/{application_id}/{token}", False),
    ("GET /webhooks/{application_id}/{token}/messages/@original", False),
    ("PATCH /webhooks/{application_id}/{token}/messages/@original", False),
    ("DELETE /webhooks/{application_id}/{token}/messages/@original", False),
    ("PATCH /webhooks/{application_id}/{token}/messages/{message_id}", False),
    ("DELETE /webhooks/{application_id}/{token}/messages/{message_id}", False),
    ("/api/v10/interactions/123/aW50ZXJhY3Rpb24/callback?with_response=true", False),
    ("/api/v10/webhooks/42/aW50ZXJhY3Rpb24/messages/99", False),
    # Everything else: counted.
    ("POST /channels/{channel_id}/messages", True),
    ("PATCH /channels/{channel_id}/messages/{message_id}", True),
    ("DELETE /channels/{channel_id}/messages/{message_id}", True),
    ("GET /guilds/{guild_id}/members/{user_id}", True),
    ("PUT /applications/{application_id}/commands", True),
    ("GET /gateway/bot", True),
    ("GET /webhooks/{webhook_id}", True),  # a webhook without its token: authenticated as the bot
    ("/api/v10/channels/1/messages", True),
    ("/channels/1/messages/2/reactions/%F0%9F%91%8D/@me", True),
]


@pytest.mark.parametrize(("route", "counted"), ROUTES)
def test_the_global_limit_counts_every_route_but_the_interaction_endpoints(route: str, counted: bool) -> None:
    assert counted_by_global_limit(route) is counted


async def test_the_bot_counts_its_calls_by_whether_the_global_limit_applies(
    emulator: Emulator, start_client: Any
) -> None:
    guild = emulator.world.add_guild("Cards", locale="en-US")
    general = guild.add_text_channel("general")
    alice = emulator.world.add_user("alice")
    guild.add_member(alice)
    counter = RestCallCounter()
    running = await start_client(lambda: SampleBot(connector=counter.connector()))
    start = counter.counted, counter.exempt
    channel = running.client.get_channel(general.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("counted")  # a channel message: counted
    result = await emulator.slash(alice, general, "ping")  # an answer: exempt
    await result.response()
    assert (counter.counted - start[0], counter.exempt - start[1]) == (1, 1)


def test_the_counter_logs_its_figures_now_and_then(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    counter = RestCallCounter(report_every=60.0, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="bot.rest_calls"):
        for _ in range(45):
            counter.note("/channels/1/messages")
        counter.note("/interactions/1/token/callback")
        assert not [r for r in caplog.records if r.levelno == logging.INFO]
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1 and warnings[0].startswith("40 Discord REST calls counted")
        now[0] += 61
        counter.note("/webhooks/1/token")
    report = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert len(report) == 1
    assert "45 counted by the global rate limit" in report[0] and "at most 45 in one second" in report[0]
    assert "2 exempt" in report[0]
