"""Hearts and Barbu in the Activity, in a real Chromium on a phone held upright (390 px), inside the playground's
frame with Discord's own SDK: the table drawn as cards, cards played by dragging them onto the table and by tapping
them then the table, Hearts' pass chosen by tapping three cards, an illegal card refused with the bot's own
sentence; each move is the game's own, saved, and shown on the channel's board."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.deal_codes import seed_to_deal_code
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from bot.ui.trick_views import session_of
from tests.activity.browser import assert_fits_the_phone, drag_slowly
from tests.activity.conftest import PAGE_BUILT
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

# The Discord locale a person of each language has.
LOCALES = {"en": "en-US", "fr": "fr", "de": "de"}
# Where a finger touches a card of a fanned hand: its corner, which the next card leaves showing.
CORNER = {"x": 10, "y": 16}
pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")


async def open_table(
    playground: RunningPlayground, open_page: Any, game: str, ai_seats: int, language: str = "en"
) -> tuple[Any, Any]:
    """Alice opens a table of `game` on Discord, then the Activity on her phone; she adds the AI seats and starts
    from the Activity (which speaks her `language`: her Discord locale)."""
    emulator, world = playground.emulator, playground.playground
    channel, alice = world.channel("table"), world.person("alice")
    alice.locale = LOCALES[language]
    page = await open_page("alice", phone=True)
    deal = seed_to_deal_code(2026)  # the same deal each run
    await (await emulator.slash(alice, channel, "game new", {"game": game, "deal": deal})).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    for _ in range(ai_seats):
        await frame.get_by_role("button", name=t(language, "button.add_ai")).click()
    await frame.get_by_role("button", name=t(language, "button.start")).click()
    await until(
        lambda: playground.bot.games.active_tables() and playground.bot.games.active_tables()[0].session
    )
    return page, frame


async def alices_turn(playground: RunningPlayground, table: Any) -> None:
    bot = playground.bot
    await until(
        lambda: (
            table.status.value != "playing"
            or (
                0 in session_of(table).to_act()
                and session_of(table).plays_cards_now()
                and not bot.games.any_table_held()
            )
        ),
        timeout=20,
        what="Alice's turn to play a card",
    )


async def play_cards(
    playground: RunningPlayground, page: Any, frame: Any, table: Any, plays: int
) -> dict[str, int]:
    """Alice plays `plays` cards from the Activity, by drag and by tap in turn; each is saved."""
    moves = {"drag": 0, "tap": 0}
    for number in range(plays):
        await alices_turn(playground, table)
        if table.status.value != "playing":
            break
        engine = session_of(table).engine
        card = engine.legal_cards(0)[0]
        before = (engine.hand_number, len(engine.hand(0)))
        await frame.locator(".tricks-hand.my-turn").wait_for()
        node = frame.locator(f'.hand-card[data-card="{card.code}"]').first
        felt = frame.locator(".felt")
        if len(set(engine.legal_cards(0))) < len(set(engine.hand(0))):  # the others are greyed
            await frame.locator(f'.hand-card.legal[data-card="{card.code}"]').first.wait_for()
            assert await frame.locator(".hand-card.dim").count() > 0
        if number == 0:
            await drag_slowly(page, node, felt, CORNER)  # the table lights up while the card is held
            moves["drag"] += 1
        elif number % 2 == 0:
            await node.drag_to(felt, source_position=CORNER)
            moves["drag"] += 1
        else:
            await node.click(position=CORNER)
            await frame.locator(".felt.legal").wait_for()
            await felt.click()
            moves["tap"] += 1
        await until(
            lambda engine=engine, before=before: (engine.hand_number, len(engine.hand(0))) != before,
            what=f"Alice's {card} saved",
        )
    return moves


async def test_hearts_on_a_phone_pass_by_tap_then_play_by_drag_and_tap(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame = await open_table(playground, open_page, "hearts", 3)
    table = playground.bot.games.active_tables()[0]
    engine = session_of(table).engine
    # The pass: three cards tapped, then the button that passes them.
    await frame.locator(".hand-card").first.wait_for()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "activity-hearts-pass.png"))
    for index in (0, 1, 2):
        await frame.locator(f'.hand-card[data-index="{index}"]').click(position=CORNER)
    await frame.locator("button.pass").click()
    await until(
        lambda: engine.chosen_pass(0) is not None or engine.trick_number > 0 or engine.plays_this_hand
    )
    moves = await play_cards(playground, page, frame, table, 6)
    await page.screenshot(path=str(ARTIFACTS / "activity-hearts.png"))
    await assert_fits_the_phone(frame)
    assert moves["drag"] >= 3 and moves["tap"] >= 3, moves
    assert page.errors == []


async def test_barbu_on_a_phone_six_seats_play_by_drag_and_tap(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame = await open_table(playground, open_page, "barbu", 5)
    table = playground.bot.games.active_tables()[0]
    moves = await play_cards(playground, page, frame, table, 6)
    await frame.locator(".plate").nth(5).wait_for()
    await page.screenshot(path=str(ARTIFACTS / "activity-barbu.png"))
    await assert_fits_the_phone(frame)
    assert moves["drag"] >= 3 and moves["tap"] >= 3, moves
    assert page.errors == []
