"""Fixtures that run the real bot (`bot.app.create_bot`) against the local Discord emulator.

- `world`: a server "Table Top" (English) with a channel #games and three members: alice (en-US), bob (fr),
  carol (en-GB); plus mallory, a member who never joins games, and a moderator with Manage Messages.
- `database_url`: which store the bot runs on, parametrised: None (SQLite, a file in tmp_path) and a new database
  on the worker's throwaway PostgreSQL (tests/storage/fixtures.py); so every test that uses `settings` runs on
  both stores (ids `[sqlite]`, `[postgresql]`).
- `game_bot`: the bot, started on a fresh temporary database; `await game_bot.restart()` stops it and starts a new
  bot process-equivalent on the same database and world.
- `driver`: a `TableDriver` that acts like the players (see tests/e2e/driver.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.app import TheGameBot, create_bot
from bot.config import Settings
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Channel, Guild, Perm, User
from tests.e2e.driver import TableDriver
from tests.storage.fixtures import STORES, new_store_url


@dataclass
class World:
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    carol: User
    mallory: User
    moderator: User


@pytest.fixture
def world(emulator: Emulator) -> World:
    guild = emulator.world.add_guild("Table Top", locale="en-US")
    channel = guild.add_text_channel("games")
    users = {}
    for name, locale in (("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB"), ("mallory", "en-US")):
        users[name] = emulator.world.add_user(name, locale=locale)
        guild.add_member(users[name])
    moderator = emulator.world.add_user("moderator", locale="en-US")
    guild.add_member(moderator, permissions=Perm.MANAGE_MESSAGES)
    return World(guild, channel, users["alice"], users["bob"], users["carol"], users["mallory"], moderator)


def bot_settings(tmp_path: Path, **overrides: Any) -> Settings:
    """The bot's settings for a test: SQLite in tmp_path unless `database_url` (PostgreSQL) is given."""
    values: dict[str, Any] = {
        "token": "emulated",
        "database_path": tmp_path / "thegame.sqlite3",
        "lobby_timeout": 3600.0,
        "turn_reminder": 3600.0,
        "timer_interval": 0.2,
        "ai_turn_delay": 0.01,
        # Cards in text: the emojis are uploaded in the background, so what a message shows would depend on timing
        # (tests/e2e/test_card_emojis.py turns them on and waits for them).
        "card_emojis": False,
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture(params=STORES)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    """None: SQLite; otherwise the URL of a new, empty PostgreSQL database."""
    if request.param == "sqlite":
        return None
    return await new_store_url(request, "postgresql", tmp_path)


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None) -> Settings:
    return bot_settings(tmp_path, database_url=database_url)


@pytest_asyncio.fixture
async def game_bot(emulator: Emulator, start_client: Callable[..., Any], settings: Settings, world: World):
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(settings))
    return running


@pytest_asyncio.fixture
async def driver(emulator: Emulator, world: World, game_bot: RunningClient[TheGameBot]):
    table_driver = TableDriver(emulator, world.channel, game_bot)
    yield table_driver
    # A restarted bot is a new client the start_client fixture does not know: stop and check it here.
    if table_driver.running is not game_bot and not table_driver.running.stopped:
        await table_driver.running.stop()
