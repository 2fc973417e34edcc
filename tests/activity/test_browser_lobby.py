"""The lobby in the Activity, in a real Chromium on a phone: its buttons in the channel lobby's order (Join, Leave,
Start, Add AI, Remove AI; it listed Add AI before Start), each shown to whom it is for, and Remove AI (the host's)
takes the AI seat away."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.registry import GAMES
from bot.playground.run import RunningPlayground
from bot.ui.game_ui import ui_for_key
from bot.ui.help import game_seats
from bot.ui.i18n import t
from tests.activity.browser import assert_fits_the_phone, assert_nothing_cut
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_tricks import LOCALES
from tests.playground.conftest import ARTIFACTS
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


@pytest.mark.parametrize("language", ["en", "fr", "de"])
async def test_the_page_of_an_empty_channel_opens_a_table_there(
    playground: RunningPlayground, open_page: Any, language: str
) -> None:
    """Launched from Discord's app launcher in a channel with no table, the page offers each game (as /help lists
    them, in the reader's language, whole at phone width); one tap opens its lobby in the channel, hosted by the
    person who tapped, and the page shows it."""
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice = world.channel("table"), world.person("alice")
    alice.locale = LOCALES[language]
    page = await open_page("alice", phone=True)
    emulator.activities.run_entry_point(alice, channel)
    frame = page.frame_locator("iframe.activity-frame")
    games = frame.locator(".new-table button")
    await games.first.wait_for()
    names = [await games.nth(index).get_attribute("aria-label") for index in range(await games.count())]
    assert names == [ui_for_key(key).name(language) for key in GAMES]
    assert game_seats("hearts", language) in (await games.nth(1).inner_text()), (
        "how many play it, as /help says"
    )
    # Klondike's options, as /game new words them: draw one card instead of three, everyone at once.
    klondike = frame.locator(".game-block").nth(list(GAMES).index("klondike"))
    await klondike.locator("summary").click()
    await klondike.locator('input[name="draw_one"]').check()
    await klondike.locator('select[name="team_play"]').select_option("together")
    await assert_fits_the_phone(frame)
    await assert_nothing_cut(frame)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"activity-new-table-{language}.png"))
    await frame.get_by_role("button", name=ui_for_key("klondike").name(language)).click()
    await frame.get_by_role("button", name=t(language, "button.start")).wait_for()
    table = bot.games.in_channel(channel.id)
    assert table is not None and table.game_key == "klondike" and table.host_id == alice.id
    assert (table.options["draw"], table.options["mode"]) == (1, "together")
    await emulator.wait_for_message(channel, lambda m: m.id == bot.games.require(table.id).board_message_id)
    assert page.errors == []
