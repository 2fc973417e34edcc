from __future__ import annotations

from typing import Any

from bot.playground.run import RunningPlayground
from tests.playground.conftest import browser, open_page, playground  # noqa: F401


async def test_open(playground: RunningPlayground, open_page: Any) -> None:
    emulator = playground.emulator
    world = playground.playground
    channel = world.channel("table")
    alice = world.person("alice")
    page = await open_page("alice", phone=True)
    result = await emulator.slash(alice, channel, "game new")
    await result.response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    print([b.get("label") for b in board.buttons])
    click = await emulator.click(alice, board, label="Open the table")
    print((await click.response()).type)
    frame = page.frame_locator("iframe.activity-frame")
    await frame.locator("section.lobby").wait_for(timeout=15000)
    print(await frame.locator("main").inner_text())
    await page.screenshot(path="/tmp/activity.png")
    print(page.errors)
