"""What the browser tests share: waiting for a condition, typing a line, finding a bot's button."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any


async def until(condition: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"waited {timeout}s for {what}")


async def send(page: Any, text: str) -> None:
    await page.locator("#box").fill(text)
    await page.locator("#box").press("Escape")  # close the suggestions
    await page.locator("#send").click()


def button(page: Any, custom_id: str) -> Any:
    return page.locator(f'button[data-custom-id="{custom_id}"]')


def offer_a_server_language(running: Any) -> None:
    """What `/settings` registers once it has the server's language (being added beside this): a `language` option
    with a choice per language."""
    settings = running.emulator.world.find_command("settings", running.playground.guild)
    assert settings is not None
    settings.payload.setdefault("options", []).append(
        {
            "type": 3,
            "name": "language",
            "description": "The language of the bot's public messages here",
            "choices": [
                {"name": "English", "value": "en"},
                {"name": "Français", "value": "fr"},
                {"name": "Deutsch", "value": "de"},
            ],
        }
    )
