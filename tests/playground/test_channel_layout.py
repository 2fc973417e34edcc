"""The channel as Discord lays it out, seen in the screenshots at phone width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.playground.run import RunningPlayground
from tests.playground.test_page import chat

pytestmark = pytest.mark.browser

# How far the newest message's bottom is from the bottom of the channel's area (above the message box).
GAP_UNDER_THE_NEWEST = """() => {
  const list = document.getElementById('messages');
  const newest = list.lastElementChild.getBoundingClientRect();
  return list.getBoundingClientRect().bottom - newest.bottom;
}"""


@pytest.mark.parametrize("phone", [True, False])
async def test_a_short_channel_sits_at_the_bottom_above_the_message_box(
    playground: RunningPlayground, open_page: Callable[..., Any], phone: bool
) -> None:
    """Seen at 390 px: a lobby alone at the top of the screen, half a screen of nothing between it and the message
    box where the thumb is. Discord keeps a short channel at the bottom."""
    page = await open_page("bob", phone=phone)
    await chat(playground, 2)
    await page.locator('.message[data-author="bob"]').nth(1).wait_for()
    gap = await page.evaluate(GAP_UNDER_THE_NEWEST)
    assert gap < 40, f"{gap:.0f} px of nothing under the newest message"
    assert page.errors == []
