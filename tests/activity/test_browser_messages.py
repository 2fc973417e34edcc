"""The page's messages (what a move did, a refusal) on a phone held upright, in French, in a real Chromium: a message
never lies over a button, a card or a pile. The Game after **Finir mon tour** (its message at the bottom of the
screen, where the button was in the reviewer's screenshot), then on shorter screens (Discord's own bars take room),
where the bottom of the screen holds the button or the cards: the message goes where nothing is to be tapped."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.thegame.ui.board import session_of
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_thegame_layout import open_solo_game, play_two_small_steps
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

# Every control the message lies over: buttons, menus, cards, piles.
UNDER_THE_MESSAGE = """() => {
    const message = document.getElementById('toast').getBoundingClientRect();
    return [...document.querySelectorAll('button, select, [data-target], [data-drag]')].filter(node => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && box.left < message.right && message.left < box.right
            && box.top < message.bottom && message.top < box.bottom;
    }).map(node => node.className + ': ' + node.innerText.slice(0, 30));
}"""


async def test_a_message_lies_over_no_button_card_or_pile(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame, table = await open_solo_game(playground, open_page)
    body = frame.locator("body")
    # Two cards played, then Finir mon tour: the message says what was drawn, over nothing to tap.
    await play_two_small_steps(frame, table)
    await frame.get_by_role("button", name=t("fr", "button.end_turn")).click()
    await until(lambda: session_of(table).game.turn_number > 1, what="the next turn")
    message = frame.locator("#toast")
    await message.wait_for()
    await page.screenshot(path=str(ARTIFACTS / "activity-thegame-message-fr.png"))
    assert await body.evaluate(UNDER_THE_MESSAGE) == []
    # On shorter screens (Discord's own bars take room), where its usual place at the bottom is over Finir mon tour
    # or the cards: a refusal (ending a turn with no card played) says so over nothing to tap either.
    for height in (780, 740, 700, 640):
        await page.set_viewport_size({"width": 390, "height": height})
        await body.evaluate("() => document.getElementById('toast').hidden = true")
        assert await body.evaluate("(body) => window.activity.send({kind: 'end_turn'})")
        await frame.locator("#toast.refused").wait_for()
        assert await body.evaluate(UNDER_THE_MESSAGE) == [], height
    await page.screenshot(path=str(ARTIFACTS / "activity-thegame-refusal-fr.png"))
    assert page.errors == []
