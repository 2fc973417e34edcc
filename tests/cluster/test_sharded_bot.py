"""The bot on some shards only: it answers its own servers, and after a restart it restores only their tables
(the other process restores the rest), so timers and locks never run for a table in two processes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.app import TheGameBot, create_bot, shard_of
from bot.emulator import Emulator, RunningClient
from bot.storage.shard_lock import ShardsTaken
from tests.e2e.conftest import bot_settings
from tests.emulator.fixtures import StartClient


@pytest.fixture
def emulator_options() -> dict[str, Any]:
    return {"shard_count": 2}


async def test_each_process_restores_only_the_tables_of_its_shards(
    emulator: Emulator, start_client: StartClient, tmp_path: Path
) -> None:
    world = emulator.world
    alice = world.add_user("alice")
    channels = {}
    for shard in (0, 1, 0, 1):
        guild = world.add_guild(f"Shard {shard} server", shard=(shard, 2))
        guild.add_member(alice)
        channels[guild.id] = guild.add_text_channel("games")

    def process(shard: int) -> TheGameBot:
        return create_bot(bot_settings(tmp_path, shard_count=2, shard_ids=(shard,)))

    running: dict[int, RunningClient[TheGameBot]] = {
        shard: await start_client(lambda shard=shard: process(shard)) for shard in (0, 1)
    }
    for guild_id, channel in channels.items():
        result = await emulator.slash(alice, channel, "game new")
        assert (await result.response()).ok
        owner = running[shard_of(guild_id, 2)].client
        assert owner.games.in_channel(channel.id) is not None
    for shard in (0, 1):
        running[shard] = await running[shard].restart()
    for shard in (0, 1):
        restored = {table.guild_id for table in running[shard].client.games.active_tables()}
        assert restored == {guild_id for guild_id in channels if shard_of(guild_id, 2) == shard}

    # A second process for shard 1 is refused before it connects; the first one goes on.
    with pytest.raises(ShardsTaken, match="Shard 1 already run"):
        await start_client(lambda: process(1))
    guild_id, channel = next((g, c) for g, c in channels.items() if shard_of(g, 2) == 1)
    result = await emulator.slash(alice, channel, "game join")
    assert (await result.response()).ok


@pytest.mark.postgresql
async def test_a_bot_that_loses_the_session_holding_its_shards_stops(
    emulator: Emulator, start_client: StartClient, tmp_path: Path, postgres_server: Any
) -> None:
    url = await postgres_server.new_database()

    def process() -> TheGameBot:
        return create_bot(bot_settings(tmp_path, database_url=url, shard_count=2, shard_ids=(0,)))

    running = await start_client(process)
    with running.expect_errors() as errors:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name LIKE 'thegame %' AND datname = current_database()"
            )
        finally:
            await connection.close()
        await emulator.wait_for(running.client.is_closed, timeout=10)
    assert [record.getMessage() for record in errors] == [
        "Lost this process's shards (its lock's database session ended, or another process took them): stopping"
    ]
    # Its shard is free: a replacement takes it.
    replacement = await start_client(process)
    assert replacement.client.is_ready() and replacement.client.shard_lock is not None
