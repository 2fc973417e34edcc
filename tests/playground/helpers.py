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
