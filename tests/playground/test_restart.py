"""`make run` again: the playground's database outlives its world, whose tables are closed quietly at the next start."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.config import Settings
from bot.playground.run import open_playground
from bot.service.table import TableStatus
from bot.storage.tables import TableStore


def settings_in(folder: Path) -> Settings:
    return Settings(
        database_path=folder / "never-used.sqlite3",
        ai_turn_delay=0.05,
        playground_database_path=folder / "playground.sqlite3",
    )


async def test_tables_of_an_earlier_world_end_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Seen in the terminal after `make run` again: "Could not post the board of table 3: 404 Not Found (error
    code: 10003): Unknown Channel", for the tables left open in the previous playground's channels."""
    settings = settings_in(tmp_path)
    async with open_playground(settings, port=0) as first:
        world, emulator = first.playground, first.emulator
        alice, bob = world.person("alice"), world.person("bob")
        lobby_channel, game_channel = world.channel("table"), world.channel("table-2")
        assert alice and bob and lobby_channel and game_channel
        await (await emulator.slash(alice, lobby_channel, "game new")).response()
        await (await emulator.slash(alice, game_channel, "game new")).response()
        await (await emulator.slash(bob, game_channel, "game join")).response()
        await (await emulator.slash(alice, game_channel, "game start")).response()
        await emulator.wait_for(lambda: first.bot.games.in_channel(game_channel.id) is not None)
        lobby = first.bot.games.in_channel(lobby_channel.id)
        playing = first.bot.games.in_channel(game_channel.id)
        assert lobby is not None and playing is not None
        await emulator.wait_for(lambda: playing.session is not None)

    caplog.set_level(logging.INFO)
    async with open_playground(settings, port=0) as second:
        assert second.bot.games.active_tables() == [], "the earlier world's tables are over"
        await second.bot.controller.settle(limit=5.0)
        for channel in second.playground.channels:
            assert channel.messages == [], f"something was posted in #{channel.name}"
        store = TableStore(second.bot.db)
        lobby_after, game_after = await store.load(lobby.id), await store.load(playing.id)
    assert lobby_after is not None and lobby_after.status is TableStatus.EXPIRED
    assert game_after is not None and game_after.status is TableStatus.ABANDONED
    warnings = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    assert not [text for text in warnings if "Could not post" in text or "Unknown Channel" in text], warnings
