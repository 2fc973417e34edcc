"""The Game's page on a phone held upright (390 px), in French, measured in a real Chromium: choosing a card moves
nothing (neither the piles nor the hand, scrolled or not), the whole pile is where a chosen card goes (the ⚑ menu
aside, in its corner), and a marker stays on one line (its whole sentence on a tap)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.thegame.ui.board import session_of
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.browser import assert_fits_the_phone
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_tricks import LOCALES
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

# Where the piles and the hand are on the screen (what the eye sees move), and the hand's cards in it (a chosen card
# is lifted a little: drawn higher, in its place).
BOXES = """() => {
    const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {
        scroll: window.scrollY,
        piles: [...document.querySelectorAll('.pile')].map(box),
        numbers: [...document.querySelectorAll('.pile .top')].map(box),
        hand: box(document.querySelector('.hand')),
        cards: [...document.querySelectorAll('.hand .card')].map(card => [card.offsetLeft, card.offsetTop]),
    };
}"""


async def open_solo_game(
    playground: RunningPlayground, open_page: Any, locale: str = "fr"
) -> tuple[Any, Any, Any]:
    """Alice (in French, or `locale`) opens The Game alone on Discord, then the Activity on her phone, and starts it
    there."""
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice = world.channel("table"), world.person("alice")
    alice.locale = LOCALES[locale]
    page = await open_page("alice", phone=True)
    await (await emulator.slash(alice, channel, "game new")).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    await frame.get_by_role("button", name=t(locale, "button.start")).click()
    table = await until(lambda: bot.games.active_tables() and bot.games.active_tables()[0], what="the table")
    choose = frame.get_by_role("button", name=t(locale, "button.i_start"))
    await frame.locator(".hand .card, .hand button").first.wait_for()
    if await choose.count():
        await choose.click()
    await until(lambda: session_of(table).game.current_player == 0, what="Alice on turn")
    await frame.locator(".hand.my-turn").wait_for()
    return page, frame, table


async def play_two_small_steps(frame: Any, table: Any) -> None:
    """Alice plays two cards from the page, each the smallest step there is, and waits until each is saved."""
    for _ in range(2):
        game = session_of(table).game
        play = min(game.legal_plays(), key=lambda p: abs(p.card - game.tops["ABCD".index(p.pile)]))
        await frame.locator(f'.hand .card[data-card="{play.card}"]').click()
        await frame.locator(f'.pile[data-target="{play.pile}"]').click()
        await until(
            lambda play=play: play.card in session_of(table).game.pile_cards(play.pile), what="played"
        )


async def test_choosing_a_card_moves_nothing_and_the_whole_pile_takes_it(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame, table = await open_solo_game(playground, open_page)
    body = frame.locator("body")
    game = session_of(table).game
    card = frame.locator(f'.hand .card[data-card="{game.hand(0)[0]}"]')
    for scroll in (0, 80):  # at the top, and scrolled a little (as a phone often is)
        await body.evaluate("(body, y) => window.scrollTo(0, y)", scroll)
        before = await body.evaluate(BOXES)
        await card.click()
        await frame.locator(".pile.legal").first.wait_for()
        after = await body.evaluate(BOXES)
        assert after == before, (scroll, before, after)
        assert all(number[1] >= 0 for number in after["numbers"]), "the piles' numbers all show"
        await card.click()  # put back
        await frame.locator(".pile.legal").first.wait_for(state="detached")
    await body.evaluate("() => window.scrollTo(0, 0)")
    await card.click()
    await frame.locator(".pile.legal").first.wait_for()
    await page.screenshot(path=str(ARTIFACTS / "activity-thegame-chosen-fr.png"))
    # Down the middle of a pile, and across it, a tap is the pile's: nothing in it takes the tap for itself.
    swallowed = await body.evaluate(
        """() => [...document.querySelectorAll('.pile')].flatMap(pile => {
            const box = pile.getBoundingClientRect();
            const points = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap(f => [
                [box.left + box.width / 2, box.top + box.height * f],
                [box.left + box.width * f, box.top + box.height / 2],
            ]);
            return points.map(([x, y]) => document.elementFromPoint(x, y))
                .filter(node => node.closest('[data-target]') !== pile || node.closest('select, button'))
                .map(node => pile.dataset.target + ': ' + node.tagName + '.' + node.className);
        })"""
    )
    assert swallowed == [], swallowed
    # A tap at the middle of a pile plays the chosen card there.
    legal = frame.locator(".pile.legal").first
    pile = await legal.get_attribute("data-target")
    chosen = int(await card.get_attribute("data-card") or 0)
    await legal.click()
    await until(lambda: chosen in session_of(table).game.pile_cards(pile), what="the card played on the pile")
    await assert_fits_the_phone(frame)
    assert page.errors == []


async def test_a_marker_stays_on_one_line_and_moves_nothing(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame, _ = await open_solo_game(playground, open_page)
    body = frame.locator("body")
    piles = await body.evaluate(BOXES)
    # A marker from the ⚑ menu, in its pile's corner.
    await frame.locator('.pile[data-target="B"] select.mark').select_option("keep_off")
    marker = frame.locator('.pile[data-target="B"] .marker')
    await marker.filter(has_text="🚫").wait_for()
    lines = await marker.evaluate("node => node.getClientRects().length")
    height, line = await marker.evaluate(
        "node => [node.getBoundingClientRect().height, parseFloat(getComputedStyle(node).lineHeight)]"
    )
    assert lines == 1 and height <= line * 1.1, (lines, height, line)
    text = t("fr", "activity.thegame.marker", marker=t("fr", "marker.keep_off"), name="Alice")
    assert await marker.get_attribute("title") == text
    assert await body.evaluate(BOXES) == piles, "the marker moved nothing"
    # Tapped (nothing chosen): the whole sentence, in the message.
    await marker.click()
    await frame.locator("#toast").filter(has_text=text).wait_for()
    assert page.errors == []
