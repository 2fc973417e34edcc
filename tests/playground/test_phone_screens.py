"""Rough edges of the page seen in the docs' screenshots (`make screenshots`), at phone width."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.emulator import Clock
from bot.playground.run import RunningPlayground, open_playground
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


async def test_the_message_box_is_one_line_again_once_a_long_line_is_sent(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen at 390 px: after `/game new game:klondike deal:VTQPDMBZ` (two lines in the box), the empty box stayed
    two lines high for the rest of the game."""
    page = await open_page("alice", phone=True)
    box = page.locator("#box")
    one_line = (await box.bounding_box())["height"]
    await box.fill("")
    await box.press_sequentially("a chat line long enough to wrap onto a second line on a phone")
    assert (await box.bounding_box())["height"] > one_line + 10, "the box grows with what is typed"
    await box.press("Enter")
    await page.locator('.message[data-author="alice"]').wait_for()
    assert await box.input_value() == ""
    assert (await box.bounding_box())["height"] <= one_line + 1
    assert page.errors == []


async def test_a_menu_of_several_choices_shows_its_send_button_without_scrolling(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen in Hearts' pass at 390 px: with three cards ticked among thirteen, the menu's **Choose 3** was below
    the menu's own fold, to be found by scrolling inside the menu."""
    world, emulator = playground.playground, playground.emulator
    alice, channel = world.person("alice"), world.channel("table")
    assert alice is not None and channel is not None
    await (await emulator.slash(alice, channel, "game new", {"game": "hearts"})).response()
    for _ in range(3):
        await (await emulator.slash(alice, channel, "game addbot")).response()
    await (await emulator.slash(alice, channel, "game start")).response()
    await (await emulator.slash(alice, channel, "hand")).response()
    page = await open_page("alice", phone=True)
    menu = page.locator(".select").last
    await menu.locator(".select-toggle").tap()
    done = menu.locator(".select-done")
    await done.wait_for()
    visible = await done.evaluate(
        """button => {
          const list = button.closest('.select-menu').getBoundingClientRect();
          const box = button.getBoundingClientRect();
          return box.top >= list.top && box.bottom <= list.bottom;
        }"""
    )
    assert visible, "the menu's send button is hidden below its fold"
    # Found by a reviewer: the list opened below the screen, behind the message box; and the button still said
    # "Choose 3" with three cards ticked.
    in_sight = await menu.locator(".select-menu").evaluate(
        """list => {
          const box = list.getBoundingClientRect();
          const composer = document.querySelector('#composer, .composer, form');
          const floor = composer ? composer.getBoundingClientRect().top : window.innerHeight;
          return box.top >= 0 && box.top < floor - 40;
        }"""
    )
    assert in_sight, "the opened list starts in sight, above the message box"
    assert await done.inner_text() == "Choose 3"
    await menu.locator(".select-option input").nth(0).check()
    await done.tap()  # too early: one card ticked
    message = page.locator(".message", has=menu)
    assert await message.locator(".failed").inner_text() == "Choose 3."
    for index in range(1, 3):
        await menu.locator(".select-option input").nth(index).check()
    assert await done.inner_text() == "Send"
    assert await message.locator(".failed").count() == 0, "the red 'Choose 3.' goes once three are ticked"
    assert page.errors == []


async def test_a_message_time_reads_as_discord_writes_it(browser: Any, tmp_path: Path) -> None:
    """Seen in every English picture: "07:30 PM", where Discord writes "7:30 PM" (French and German: "19:30")."""
    settings = Settings(
        database_path=tmp_path / "unused.sqlite3", playground_database_path=tmp_path / "playground.sqlite3"
    )
    morning = datetime(2026, 3, 14, 7, 30, tzinfo=UTC)
    async with open_playground(settings, port=0, clock=Clock(morning)) as running:
        bob, channel = running.playground.person("bob"), running.playground.channel("table")
        assert bob is not None and channel is not None
        await running.emulator.send_message(bob, channel, "hello")
        for locale, expected in (("en-US", "7:30 AM"), ("fr-FR", "07:30"), ("de-DE", "07:30")):
            context = await browser.new_context(locale=locale, timezone_id="UTC")
            page = await context.new_page()
            await page.goto(f"{running.url}?as=alice")
            shown = page.locator('.message[data-author="bob"] time')
            await shown.wait_for()
            assert (await shown.inner_text()).replace("\u202f", " ") == expected, locale
            await context.close()
