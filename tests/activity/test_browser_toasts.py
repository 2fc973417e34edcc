"""The page's short messages (toasts) in a real Chromium on a phone: the cards The Game's end of turn names read as
a list ("… gezogen: 29, 89.", not "gezogen:  29   89 ." as the cards' boxes, the toast's own colour, showed), and a
refusal goes once the player does something that succeeds (Klondike's draw after a card dropped where it cannot
go), rather than staying over the game."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.games.base import InWords, Notice
from bot.games.thegame.engine import TurnEnded
from bot.games.thegame.ui.board import session_of
from bot.playground.run import RunningPlayground
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_klondike import drop_where_it_cannot_go, open_klondike
from tests.activity.test_browser_thegame_layout import open_solo_game, play_two_small_steps
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

# The toast's text as the eye reads it, and whether any card in it is drawn in a box of its own (padding or a
# background of its own, which on the toast's colour shows as blank space).
TOAST = """() => {
    const box = document.getElementById('toast');
    const boxed = [...box.querySelectorAll('code')].some(code => {
        const style = getComputedStyle(code);
        return style.paddingLeft !== '0px' || style.paddingRight !== '0px'
            || style.backgroundColor !== 'rgba(0, 0, 0, 0)';
    });
    return { text: box.innerText, boxed, hidden: box.hidden };
}"""


@pytest.mark.parametrize("locale", ["de", "en", "fr"])
async def test_the_cards_drawn_at_the_end_of_a_turn_read_as_a_list(
    playground: RunningPlayground, open_page: Any, locale: str
) -> None:
    page, frame, table = await open_solo_game(playground, open_page, locale)
    await play_two_small_steps(frame, table)
    # What she will draw, in order: the same end of turn on a copy of the game.
    (ended,) = [e for e in session_of(table).game.copy().end_turn(0) if isinstance(e, TurnEnded)]
    first, second = ended.drawn
    await frame.get_by_role("button", name=t(locale, "button.end_turn")).click()
    await until(lambda: session_of(table).game.turn_number > 1, what="the next turn")
    expected = render_notice(
        locale, Notice("hand.turn_ended", {"count": 2, "drawn": InWords(2), "cards": f"{first}, {second}"})
    )
    toast = frame.locator("#toast")
    await toast.filter(has_text=expected).wait_for()
    shown = await frame.locator("body").evaluate(TOAST)
    assert shown["text"] == expected
    assert not shown["boxed"]
    assert page.errors == []


async def test_a_refusal_goes_once_the_player_does_something_that_succeeds(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame, session = await open_klondike(playground, open_page)
    engine = session.engine
    await drop_where_it_cannot_go(frame, session)
    refused_at = time.monotonic()
    made = engine.moves_made
    await frame.locator(".stock").click()  # a draw: answered quietly, the table shows it
    await until(lambda: engine.moves_made > made, what="the draw saved")
    await frame.locator("#toast").wait_for(state="hidden", timeout=2_500)
    assert time.monotonic() - refused_at < 5.5, "gone with the draw, not at the refusal's own end (6 s)"
    assert page.errors == []
