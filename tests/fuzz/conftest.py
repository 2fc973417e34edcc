"""The fuzzer runs the real bot against the emulator, with the end-to-end tests' world and bot, on SQLite (its
checks read the database file directly)."""

from pathlib import Path

import pytest

from bot.config import Settings
from tests.e2e.conftest import bot_settings, driver, game_bot, world

__all__ = ["driver", "game_bot", "settings", "world"]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return bot_settings(tmp_path)
