"""The fuzzer runs the real bot against the emulator, with the end-to-end tests' world and bot, on SQLite (its
checks read the database file directly)."""

from pathlib import Path

import pytest

from bot.config import Settings
from tests.e2e.conftest import bot_settings, driver, game_bot, world

__all__ = ["driver", "game_bot", "settings", "world"]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # With the card emojis: every button, menu and text the fuzzer gets may show them (the emulator refuses a
    # component emoji Discord would not know, and the privacy check reads cards shown as emojis).
    return bot_settings(tmp_path, card_emojis=True)
