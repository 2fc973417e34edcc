"""Hearts' page on a phone held upright (390 px), in French, measured in a real Chromium: the trick's cards never
overlap one another (nor where Alice's card will land), every card of her hand shows its index (rank and suit) where
a finger may tap it, a card she may play shows whole from top to bottom (never under the next row), and once a hand
is over the table shows the new hand while the finished one shows apart, its last trick's cards side by side, its
"what next" line once.

Alice's own moves go through the page's own connection (`window.activity.send`, what a tap sends), to reach the end
of a hand quickly; the page is measured at each of her turns."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games.hearts.table_ui import direction_key
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.browser import assert_fits_the_phone
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_tricks import open_table, session_of
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

# The boxes of the trick's cards, and of where Alice's card will land (the table's "play here" spot, a card's size).
TRICK_BOXES = """felt => {
    const boxes = [...felt.querySelectorAll('.trick-card')].map(card => {
        const box = card.getBoundingClientRect();
        return [card.dataset.card, box.left, box.top, box.right, box.bottom];
    });
    const style = getComputedStyle(felt);
    const width = parseFloat(style.getPropertyValue('--trick-w'));
    const x = parseFloat(style.getPropertyValue('--prompt-x')), y = parseFloat(style.getPropertyValue('--prompt-y'));
    const origin = felt.getBoundingClientRect(), border = felt.clientLeft;
    const left = origin.left + border + x - width / 2, top = origin.top + border + y - width * 0.7;
    if (!felt.querySelector('.trick-card[data-seat="0"]')) boxes.push(['spot', left, top, left + width, top + width * 1.4]);
    return boxes;
}"""

# Each card of the hand that something else covers where it must show: its index (rank and suit, at its top left),
# and for a card that may be played, its whole left part from top to bottom (what the next card leaves showing).
COVERED_CARDS = """(body, index) => {
    const covered = [];
    for (const card of document.querySelectorAll('.hand-card')) {
        const box = card.getBoundingClientRect();
        const points = [[0.12, 0.08], [0.12, 0.25], [index * 0.8, 0.08]];
        if (card.classList.contains('legal')) points.push([index * 0.5, 0.5], [index * 0.5, 0.92]);
        for (const [x, y] of points) {
            const under = document.elementFromPoint(box.left + box.width * x, box.top + box.height * y);
            if (under?.closest('.hand-card') !== card) {
                covered.push(`${card.dataset.card} at ${x},${y}: ${under?.closest('[data-card]')?.dataset.card}`);
            }
        }
    }
    return covered;
}"""
INDEX_WIDTH = 0.56  # tricks.js: the part of a card a fanned hand leaves showing, in widths


def overlapping(boxes: list[list[Any]]) -> list[tuple[str, str]]:
    pairs = []
    for index, (name, left, top, right, bottom) in enumerate(boxes):
        for other, left2, top2, right2, bottom2 in boxes[index + 1 :]:
            if left < right2 and left2 < right and top < bottom2 and top2 < bottom:
                pairs.append((name, other))
    return pairs


async def measure(frame: Any) -> None:
    """Alice's turn: nothing overlaps on the table, nothing covers a card of her hand where it must show."""
    felt = frame.locator(".felt")
    boxes = await felt.evaluate(TRICK_BOXES)
    assert overlapping(boxes) == [], boxes
    await frame.locator(".hand-card").first.evaluate("node => node.scrollIntoView({block: 'center'})")
    covered = await frame.locator("body").evaluate(COVERED_CARDS, INDEX_WIDTH)
    assert covered == [], covered


async def page_shows(frame: Any, cards_in_hand: int, cards_on_table: int) -> None:
    """Wait until the page shows Alice's turn with her hand and the trick as saved."""
    shown = """(body, [hand, trick]) => document.querySelectorAll('.tricks-hand.my-turn .hand-card').length === hand
        && document.querySelectorAll('.felt .trick-card').length === trick"""
    for _ in range(200):
        if await frame.locator("body").evaluate(shown, [cards_in_hand, cards_on_table]):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(
        f"the page never showed {cards_in_hand} cards in hand, {cards_on_table} on the table"
    )


async def test_hearts_hand_and_trick_on_a_phone_and_the_next_hand_after_the_result(
    playground: RunningPlayground, open_page: Any
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, frame = await open_table(playground, open_page, "hearts", 3, "fr")
    bot = playground.bot
    table = bot.games.active_tables()[0]
    measured = 0
    # Hand 1, to its end: Alice passes, then plays, from the page's connection; the page is measured at her turns.
    while session_of(table).engine.hand_number == 0:
        await until(
            lambda: 0 in session_of(table).to_act() and not bot.games.any_table_held(),
            timeout=20,
            what="Alice's turn",
        )
        session = session_of(table)  # the table's session as saved (a new one after each move)
        engine = session.engine
        if engine.hand_number != 0:
            break
        if session.plays_cards_now():
            await page_shows(frame, len(engine.hand(0)), len(engine.current_trick))
            if len(engine.current_trick) >= 2 or measured == 0:
                await measure(frame)
                if len(engine.current_trick) == 3:
                    await frame.locator(".felt").scroll_into_view_if_needed()
                    await page.screenshot(path=str(ARTIFACTS / "activity-hearts-trick-fr.png"))
                measured += 1
            action = {"kind": "play", "card": engine.legal_cards(0)[0].code, "hand": engine.hand_number}
        else:
            action = {"kind": "pass", "cards": [card.code for card in engine.hand(0)[:3]], "hand": 0}
        before = (engine.hand_number, engine.hand(0), engine.phase)
        assert await frame.locator("body").evaluate("(body, action) => window.activity.send(action)", action)
        await until(
            lambda before=before: (
                before != (lambda e: (e.hand_number, e.hand(0), e.phase))(session_of(table).engine)
            ),
            what="Alice's move saved",
        )
    assert measured >= 3, measured
    # Hand 2 is dealt, its pass waits for Alice: the table shows hand 2, the result hand 1.
    session = session_of(table)
    engine = session.engine
    (recap,) = session.finished_hands
    result = frame.locator(".result")
    await result.wait_for()
    await frame.locator(".tricks-hand button.pass").wait_for()
    await page.screenshot(path=str(ARTIFACTS / "activity-hearts-next-hand-fr.png"))
    scores = await frame.locator(".plate .score").all_inner_texts()
    assert scores == [t("fr", "tricks.picture.score", count=0, total=total) for total in engine.scores]
    assert await frame.locator(".felt .trick-card").count() == 0
    # The finished hand's last trick, side by side in the result.
    last = await result.locator(".last-trick figure").evaluate_all(
        """nodes => nodes.map(node => {
            const box = node.getBoundingClientRect();
            return [node.innerText, box.left, box.top, box.right, box.bottom];
        })"""
    )
    assert len(last) == len(recap.last_trick) and overlapping(last) == [], last
    # Each line once: what comes next, in the result only.
    text = await frame.locator("#app").inner_text()
    direction = t("fr", direction_key(engine.players, engine.pass_offset))
    next_hand = t("fr", "hearts.next_hand", number=2, direction=direction)
    assert text.count(next_hand) == 1, text
    await measure(frame)
    await assert_fits_the_phone(frame)
    assert page.errors == []
