"""The real bot with an Activity, on the local Discord (see tests/activity/helpers.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from tests.activity.helpers import activity_settings
from tests.e2e.conftest import World, world
from tests.playground.conftest import browser, open_page, playground

__all__ = ["World", "activity_bot", "browser", "open_page", "playground", "world"]


@pytest_asyncio.fixture
async def activity_bot(
    emulator: Emulator, start_client: Callable[..., Any], world: World, tmp_path: Path
) -> RunningClient[TheGameBot]:
    settings = activity_settings(tmp_path, emulator)
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(settings))
    return running


PAGE_BUILT = (Path(__file__).resolve().parents[2] / "web" / "activity" / "dist" / "index.html").is_file()
