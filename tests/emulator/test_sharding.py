"""Sharding: GET /gateway/bot recommends a shard count, IDENTIFY carries [shard_id, shard_count], and each guild's
events reach only the connection of its shard, with several bot processes (here: clients) connected at once."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.emulator import Clock, Emulator, RunningClient, World
from bot.emulator.gateway import shard_of

StartClient = Callable[..., Awaitable[RunningClient[Any]]]


class ShardedBot(discord.AutoShardedClient):
    """Answers /where with the shards this client runs, and remembers the messages it saw."""

    def __init__(self, **options: Any) -> None:
        intents = discord.Intents(guilds=True, guild_messages=True, dm_messages=True, message_content=True)
        super().__init__(intents=intents, **options)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[str] = []

        @self.tree.command(name="where", description="Which shards answer")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"shard {interaction.guild and interaction.guild.shard_id}"
            )

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.seen.append(message.content)


@pytest.fixture
def emulator_options() -> dict[str, Any]:
    return {"shard_count": 4}


def add_guilds(emulator: Emulator, count: int) -> list[Any]:
    guilds = []
    for index in range(count):
        guild = emulator.world.add_guild(f"Server {index}")
        guild.add_text_channel("general")
        guilds.append(guild)
    return guilds


async def test_the_recommended_shard_count_is_used_and_identified(
    emulator: Emulator, start_client: StartClient
) -> None:
    guilds = add_guilds(emulator, 8)
    running = await start_client(ShardedBot)
    client = running.client
    assert client.shard_count == 4
    assert sorted(tuple(identify["shard"]) for identify in emulator.gateway.identifies) == [
        (0, 4),
        (1, 4),
        (2, 4),
        (3, 4),
    ]
    # One process with every shard sees every guild, each on the shard Discord's formula gives.
    assert {guild.id for guild in client.guilds} == {guild.id for guild in guilds}
    for guild in guilds:
        found = client.get_guild(guild.id)
        assert found is not None and found.shard_id == shard_of(guild.id, 4)


async def test_two_processes_split_the_guilds_and_each_guild_reaches_its_owner(
    emulator: Emulator, start_client: StartClient
) -> None:
    guilds = add_guilds(emulator, 12)
    assert {shard_of(guild.id, 4) for guild in guilds} == {0, 1, 2, 3}
    low = (await start_client(lambda: ShardedBot(shard_count=4, shard_ids=[0, 1]))).client
    high = (await start_client(lambda: ShardedBot(shard_count=4, shard_ids=[2, 3]))).client
    assert len(emulator.gateway.live_sessions) == 4
    owners = {guild.id: (low if shard_of(guild.id, 4) < 2 else high) for guild in guilds}
    for client in (low, high):
        assert {guild.id for guild in client.guilds} == {g for g, owner in owners.items() if owner is client}

    user = emulator.world.add_user("alice")
    for guild in guilds:
        guild.add_member(user)
        channel = guild.text_channels[0]
        result = await emulator.slash(user, channel, "where")
        response = await result.response()
        assert result.delivered == 1  # one session, the owner's
        assert response.content == f"shard {shard_of(guild.id, 4)}"
        await emulator.send_message(user, channel, f"hello {guild.name}")
    await emulator.wait_for(lambda: len(low.seen) + len(high.seen) == len(guilds))
    for client in (low, high):
        expected = {f"hello {guild.name}" for guild in guilds if owners[guild.id] is client}
        assert set(client.seen) == expected


async def test_a_guild_added_later_is_announced_to_its_shard_only(
    emulator: Emulator, start_client: StartClient
) -> None:
    low = (await start_client(lambda: ShardedBot(shard_count=4, shard_ids=[0, 1]))).client
    high = (await start_client(lambda: ShardedBot(shard_count=4, shard_ids=[2, 3]))).client
    guild = emulator.world.add_guild("Late", shard=(3, 4))
    await emulator.wait_for(lambda: high.get_guild(guild.id))
    assert low.get_guild(guild.id) is None
    assert [s.shard for s in emulator.gateway.sessions_for(guild.id)] == [(3, 4)]


async def test_direct_messages_go_to_shard_zero(emulator: Emulator, start_client: StartClient) -> None:
    low = (await start_client(lambda: ShardedBot(shard_count=2, shard_ids=[0]))).client
    high = (await start_client(lambda: ShardedBot(shard_count=2, shard_ids=[1]))).client
    user = emulator.world.add_user("dora")
    await emulator.send_message(user, emulator.world.dm_channel(user), "psst")
    await emulator.wait_for(lambda: low.seen)
    assert low.seen == ["psst"] and high.seen == []


async def test_an_identify_with_an_impossible_shard_is_closed_with_4010(emulator: Emulator) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(emulator.gateway_url) as ws:
        hello = json.loads((await ws.receive()).data)
        assert hello["op"] == 10
        identify = {"token": emulator.token, "intents": 1, "properties": {}, "shard": [4, 4]}
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010
    assert not emulator.gateway.live_sessions


def test_guild_ids_spread_over_the_shards_even_when_the_clock_stands_still() -> None:
    world = World(Clock(start=datetime(2026, 1, 1, tzinfo=UTC)))
    guilds = [world.add_guild(f"Server {index}") for index in range(8)]
    assert [shard_of(guild.id, 4) for guild in guilds].count(0) == 2
    assert {shard_of(guild.id, 4) for guild in guilds} == {0, 1, 2, 3}
    ids = [guild.id for guild in guilds]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    placed = world.add_guild("Placed", shard=(1, 16))
    assert shard_of(placed.id, 16) == 1 and placed.id > ids[-1]
    with pytest.raises(ValueError, match="no shard 4"):
        world.add_guild("Nowhere", shard=(4, 4))
