"""The Activity's tables in French and German on a phone held upright (390 px): longer words must not push anything
off the screen nor be cut. Alice's Discord speaks the language; Hearts (the pass, then tricks with a card held),
Barbu at six and Klondike (with a hint shown) are played from the page and photographed at each step."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.deal_codes import seed_to_deal_code
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.browser import assert_fits_the_phone, assert_nothing_cut, assert_score_parts_whole
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_tricks import (
    CORNER,
    LOCALES,
    alices_turn,
    open_table,
    play_cards,
    session_of,
)
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")
LANGUAGES = ("fr", "de")


async def photograph(page: Any, frame: Any, name: str) -> None:
    """The whole page at 390 px into the test artifacts, after checking nothing is cut."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"activity-{name}.png"))
    await assert_fits_the_phone(frame)
    await assert_nothing_cut(frame)
    if await frame.locator(".plate").count() > 0:
        await assert_score_parts_whole(frame)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_hearts_in_french_and_german_fits_a_phone(
    playground: RunningPlayground, open_page: Any, language: str
) -> None:
    page, frame = await open_table(playground, open_page, "hearts", 3, language)
    table = playground.bot.games.active_tables()[0]
    engine = session_of(table).engine
    await frame.locator("button.pass").wait_for()
    for index in (0, 1, 2):
        await frame.locator(f'.hand-card[data-index="{index}"]').click(position=CORNER)
    await photograph(page, frame, f"hearts-pass-{language}")
    await frame.locator("button.pass").click()
    await until(lambda: engine.chosen_pass(0) is not None or engine.plays_this_hand)
    await play_cards(playground, page, frame, table, 3)
    await alices_turn(playground, table)
    await frame.locator(".tricks-hand.my-turn").wait_for()
    # A card chosen by a tap: the table says where it goes, in the reader's language.
    card = engine.legal_cards(0)[0]
    await frame.locator(f'.hand-card[data-card="{card.code}"]').first.click(position=CORNER)
    felt = frame.locator(".felt.legal")
    await felt.wait_for()
    assert await felt.get_attribute("data-prompt") == t(language, "activity.tricks.play_here")
    # Where her card will land, in front of her seat at the bottom: not over the trick in the middle.
    prompt_y, height = await felt.evaluate(
        "node => [parseFloat(getComputedStyle(node).getPropertyValue('--prompt-y')), node.clientHeight]"
    )
    assert height / 2 < prompt_y < height, (prompt_y, height)
    await photograph(page, frame, f"hearts-{language}")
    assert page.errors == []


@pytest.mark.parametrize("language", LANGUAGES)
async def test_barbu_at_six_in_french_and_german_fits_a_phone(
    playground: RunningPlayground, open_page: Any, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The result shows until the next hand's first card, which the AI plays after its pause (0.2 s with the tests'
    # short delay): too short to catch on a loaded machine (seen in CI). Here it waits 5 s.
    monkeypatch.setattr("bot.games.trick_session.HAND_END_PAUSE", 100.0)
    page, frame = await open_table(playground, open_page, "barbu", 5, language)
    table = playground.bot.games.active_tables()[0]
    await play_cards(playground, page, frame, table, 3)
    await frame.locator(".plate").nth(5).wait_for()
    await photograph(page, frame, f"barbu-{language}")
    # The rest of the hand, then its result between two hands.
    engine = session_of(table).engine
    while engine.hand_number == 0:
        await play_cards(playground, page, frame, table, 1)
    await frame.locator(".result").wait_for()
    await photograph(page, frame, f"barbu-result-{language}")
    assert page.errors == []


@pytest.mark.parametrize("language", LANGUAGES)
async def test_klondike_in_french_and_german_fits_a_phone(
    playground: RunningPlayground, open_page: Any, language: str
) -> None:
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice = world.channel("table"), world.person("alice")
    alice.locale = LOCALES[language]
    page = await open_page("alice", phone=True)
    deal = seed_to_deal_code(24)
    await (await emulator.slash(alice, channel, "game new", {"game": "klondike", "deal": deal})).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    await frame.get_by_role("button", name=t(language, "button.start")).click()
    await until(lambda: bot.games.active_tables() and bot.games.active_tables()[0].session)
    await frame.locator(".klondike .column").first.wait_for()
    await frame.locator(".stock").click()
    await frame.get_by_role("button", name=t(language, "button.hint")).click()
    await frame.locator("#toast").wait_for()
    await photograph(page, frame, f"klondike-{language}")
    assert page.errors == []


async def test_hearts_at_eight_in_german_fits_a_phone(playground: RunningPlayground, open_page: Any) -> None:
    """The tightest table: eight plates round a phone's table, in German's longer words."""
    page, frame = await open_table(playground, open_page, "hearts", 7, "de")
    table = playground.bot.games.active_tables()[0]
    engine = session_of(table).engine
    await frame.locator("button.pass").wait_for()
    for index in (0, 1, 2):
        await frame.locator(f'.hand-card[data-index="{index}"]').click(position=CORNER)
    await frame.locator("button.pass").click()
    await until(lambda: engine.chosen_pass(0) is not None or engine.plays_this_hand)
    await play_cards(playground, page, frame, table, 3)
    await frame.locator(".plate").nth(7).wait_for()
    await photograph(page, frame, "hearts-eight-de")
    # The last trick's eight cards and their names on one line.
    tops = await frame.locator(".last-trick figure").evaluate_all(
        "nodes => nodes.map(node => node.offsetTop)"
    )
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    assert page.errors == []
