"""The lobby in the Activity, in a real Chromium on a phone: its buttons in the channel lobby's order (Join, Leave,
Start, Add AI, Remove AI; it listed Add AI before Start), each shown to whom it is for, and Remove AI (the host's)
takes the AI seat away."""

from __future__ import annotations

from typing import Any

import pytest

from bot.playground.run import RunningPlayground
from tests.activity.conftest import PAGE_BUILT
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

ORDER = ["Join", "Leave", "Start", "Add AI", "Remove AI"]  # the channel's lobby


async def test_the_lobby_buttons_follow_the_channels_order_and_the_host_removes_an_ai(
    playground: RunningPlayground, open_page: Any
) -> None:
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice = world.channel("table"), world.person("alice")
    page = await open_page("alice", phone=True)
    await (await emulator.slash(alice, channel, "game new")).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    assert [button["label"] for button in board.buttons if button["label"] in ORDER] == ORDER
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    buttons = frame.locator(".lobby .buttons button")
    await frame.get_by_role("button", name="Add AI").wait_for()
    assert await buttons.all_inner_texts() == ["Leave", "Start", "Add AI"]  # seated, no AI yet
    await frame.get_by_role("button", name="Add AI").click()
    await frame.get_by_role("button", name="Remove AI").wait_for()
    assert await buttons.all_inner_texts() == ["Leave", "Start", "Add AI", "Remove AI"]
    table = bot.games.active_tables()[0]
    assert table.has_ai
    await frame.get_by_role("button", name="Remove AI").click()
    await until(lambda: not bot.games.active_tables()[0].has_ai, what="the AI seat removed")
    await frame.get_by_role("button", name="Remove AI").wait_for(state="detached")
    assert page.errors == []
