"""An AI turn that finds its game gone (stopped while the AI seat waited for the table) ends quietly: found while
driving games to their end next to the AI seats; before, it was logged as an error ("An AI turn failed")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.config import Settings
from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

DELAY = 0.3


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return bot_settings(tmp_path, ai_turn_delay=DELAY)


async def test_an_ai_turn_for_a_game_stopped_meanwhile_is_no_error(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", game="hearts", deal=seed_to_deal_code(12))
    for _ in range(3):
        await driver.command(world.alice, "game addbot")
    await driver.command(world.alice, "game start")
    games, ai_turns = driver.bot.games, driver.bot.ai_turns
    table_id = driver.table().id
    assert ai_turns._running, "the AI seats' pass is scheduled"
    async with games.locked(table_id) as table:
        await asyncio.sleep(DELAY * 2)  # the AI turn woke up and waits for the table
        games._abandon(table, "stopped")  # what /game stop does
    await driver.emulator.wait_for(lambda: not ai_turns._running, timeout=5)
    assert games.get(table_id) is None
    assert not driver.running.errors
