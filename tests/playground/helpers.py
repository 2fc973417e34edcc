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


async def crapette_against_the_ai(page: Any, games: Any, channel_id: int, new_command: str) -> Any:
    """Open a Crapette table with `new_command` (the person's language), seat the AI, deal; returns the table."""
    await send(page, new_command)
    table = await until(lambda: games.in_channel(channel_id), what="the table")
    await button(page, f"tg:addai:{table.id}").click()
    await until(lambda: len(table.seats) == 2, what="the AI's seat")
    await button(page, f"tg:start:{table.id}").click()
    await until(lambda: table.session is not None and table.board_message_id, what="the deal")
    return table
