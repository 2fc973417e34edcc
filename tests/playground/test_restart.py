"""`make run` again: the playground's database outlives its world, whose tables are closed quietly at the next start."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import Settings
from bot.playground import run
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


@pytest.fixture
def default_port(monkeypatch: pytest.MonkeyPatch) -> int:
    """The playground's default port, moved to one free now: tests running at the same time, and a playground the
    person runs meanwhile, keep 8765 and the ports after it for themselves."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    monkeypatch.setattr(run, "DEFAULT_PORT", port)
    return port


def test_the_default_port_is_the_documented_one() -> None:
    assert run.DEFAULT_PORT == 8765


async def test_the_address_stays_the_same_across_restarts(tmp_path: Path, default_port: int) -> None:
    """An open tab can only come back to the same address: it was a free port, new on every start."""
    settings = settings_in(tmp_path)
    async with open_playground(settings) as first:
        address = first.url
    async with open_playground(settings) as second:
        assert second.url == address == f"http://127.0.0.1:{default_port}/"


async def test_a_taken_port_moves_the_playground_to_the_next_free_one(
    tmp_path: Path, default_port: int
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", default_port))
        taken.listen()
        async with open_playground(settings_in(tmp_path)) as running:
            assert default_port < running.emulator.port < default_port + run.PORTS_TRIED
            # The page works there: its live stream sends the channel.
            events = f"{running.url}playground/events?user=bob&channel=table&token={running.site.token}"
            async with aiohttp.ClientSession() as session, session.get(events) as response:
                line = await asyncio.wait_for(response.content.readline(), 5)
                assert line.startswith(b"event: channel")
                assert (await asyncio.wait_for(response.content.readline(), 5)).startswith(b"data: ")


@pytest.mark.browser
async def test_an_open_tab_comes_back_by_itself_after_a_restart(
    tmp_path: Path, browser: Any, default_port: int
) -> None:
    settings = settings_in(tmp_path)
    page = await (await browser.new_context(viewport={"width": 1000, "height": 800})).new_page()
    page.set_default_timeout(20_000)
    async with open_playground(settings) as first:
        await page.goto(f"{first.url}?as=bob")
        await page.locator("#channels button").first.wait_for(state="attached")
    await page.locator("#status", has_text="Reconnecting").wait_for()
    async with open_playground(settings) as second:
        world = second.playground
        alice, table = world.person("alice"), world.channel("table")
        assert alice is not None and table is not None
        await second.emulator.send_message(alice, table, "welcome back, Bob")
        await page.locator(".message", has_text="welcome back, Bob").wait_for()
        # The page acts again too: it has this start's token.
        await page.locator("#box").fill("hi Alice")
        await page.locator("#send").click()
        await second.emulator.wait_for(lambda: any(m.content == "hi Alice" for m in table.messages))
        assert await page.locator("#status").inner_text() == ""
