"""The trick on the Activity's table, on a phone held upright (390 px), in a real Chromium: Hearts at three seats in
English and Barbu at six in German. Every card on the table sits right by the plate of the player who played it (at
three seats the led 2♣ once floated in the middle, owned by no one); the marks of the card that led ("1") and of the
card winning the trick (★) sit beside their card, covering no card (so no card's index) and closer to their own seat
than to any other, never on another seat's plate or card; the legend of the marks is under the table. A tap on a
greyed card of Alice's hand says why she may not play it, in her language, in the bot's own sentence, and plays
nothing.

Alice's moves go through the page's own connection (`window.activity.send`, what a tap sends), to reach her turns
quickly; the page is measured at each of them."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_tricks import open_table, session_of
from tests.activity.test_browser_tricks_layout import page_shows
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")

NEAR = 8  # pixels, at most, between a trick card and its player's plate (by one of the plate's sides)

Box = tuple[float, float, float, float]

TABLE = """felt => {
    const box = node => { const b = node.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
    return {
        plates: [...felt.querySelectorAll('.plate')].map(box),
        cards: [...felt.querySelectorAll('.trick-card')].map(card => ({
            card: card.dataset.card,
            seat: Number(card.dataset.seat),
            box: box(card.querySelector('.card-img')),
            marks: [...card.querySelectorAll('.mark')].map(mark => ({text: mark.textContent, box: box(mark)})),
        })),
    };
}"""


def gap(one: Box, other: Box) -> float:
    """How far apart two boxes are (0 when they touch or overlap)."""
    return max(0.0, other[0] - one[2], one[0] - other[2], other[1] - one[3], one[1] - other[3])


def overlaps(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


async def check_table(frame: Any, seats: int) -> int:
    """Every trick card by its own plate, every mark beside its card and in its own seat; returns the marks seen."""
    shown = await frame.locator(".felt").evaluate(TABLE)
    plates = [tuple(box) for box in shown["plates"]]
    assert len(plates) == seats
    cards = [tuple(card["box"]) for card in shown["cards"]]
    marks = 0
    for card in shown["cards"]:
        seat, box = card["seat"], tuple(card["box"])
        near = [gap(box, plate) for plate in plates]
        assert near[seat] <= NEAR, f"{card['card']} is {near[seat]:.0f} px from its player's plate"
        assert near[seat] < min(d for index, d in enumerate(near) if index != seat), (card["card"], near)
        plate = plates[seat]
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        facing = plate[0] <= middle[0] <= plate[2] or plate[1] <= middle[1] <= plate[3]
        assert facing, f"{card['card']} lies off a corner of its player's plate, not by one of its sides"
        for mark in card["marks"]:
            marks += 1
            mark_box = tuple(mark["box"])
            assert not any(overlaps(mark_box, other) for other in cards), f"{mark['text']} covers a card"
            assert not any(overlaps(mark_box, plate) for plate in plates), f"{mark['text']} covers a plate"
            own = gap(mark_box, box)
            assert own <= 6, f"{mark['text']} is {own:.0f} px from its card"
            distances = [
                min(gap(mark_box, plate), gap(mark_box, cards_of)) for plate, cards_of in seats_of(shown)
            ]
            assert distances[seat] == min(distances), f"{mark['text']} lies nearer another seat: {distances}"
    return marks


def seats_of(shown: dict[str, Any]) -> list[tuple[Box, Box]]:
    """Each seat's plate, and its card (or its plate again when it has played none)."""
    played = {card["seat"]: tuple(card["box"]) for card in shown["cards"]}
    return [(tuple(plate), played.get(seat, tuple(plate))) for seat, plate in enumerate(shown["plates"])]


@pytest.mark.parametrize(("game", "ai_seats", "language"), [("hearts", 2, "en"), ("barbu", 5, "de")])
async def test_each_trick_card_sits_by_its_player_its_marks_beside_it_and_a_greyed_card_says_why(
    playground: RunningPlayground, open_page: Any, game: str, ai_seats: int, language: str
) -> None:
    page, frame = await open_table(playground, open_page, game, ai_seats, language)
    bot = playground.bot
    table = bot.games.active_tables()[0]
    turns, marks, explained = 0, 0, False
    while turns < 6 or not explained:
        assert turns < 20, "Alice never had a card she may not play"
        await until(
            lambda: 0 in session_of(table).to_act() and not bot.games.any_table_held(),
            timeout=20,
            what="Alice's turn",
        )
        session = session_of(table)
        engine = session.engine
        if not session.plays_cards_now():  # Hearts' pass
            action = {"kind": "pass", "cards": [card.code for card in engine.hand(0)[:3]], "hand": 0}
            before = (engine.hand_number, engine.hand(0), engine.phase)
            assert await frame.locator("body").evaluate(
                "(body, action) => window.activity.send(action)", action
            )
            await until(
                lambda before=before: (
                    before != (lambda e: (e.hand_number, e.hand(0), e.phase))(session_of(table).engine)
                )
            )
            continue
        await page_shows(frame, len(engine.hand(0)), len(engine.current_trick))
        marks += await check_table(frame, ai_seats + 1)
        if len(engine.current_trick) == ai_seats:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await frame.locator(".felt").scroll_into_view_if_needed()
            await page.screenshot(
                path=str(ARTIFACTS / f"activity-{game}-{ai_seats + 1}-marks-{language}.png")
            )
        legal = set(engine.legal_cards(0))
        greyed = [card for card in engine.hand(0) if card not in legal]
        refusal = engine.refusal(0, greyed[0]) if greyed else None
        if refusal is not None and refusal.code == "must_follow_suit" and not explained:
            hand = engine.hand(0)
            await frame.locator(f'.hand-card.dim[data-card="{greyed[0].code}"]').first.click(
                position={"x": 10, "y": 16}
            )
            toast = frame.locator("#toast.refused")
            await toast.wait_for()
            assert await toast.inner_text() == t(language, "tricks.must_follow_suit")
            await asyncio.sleep(0.3)
            assert session_of(table).engine.hand(0) == hand, "the greyed card was played"
            explained = True
        if engine.current_trick:
            legend = await frame.locator(".legend").inner_text()
            leader = table.seats[engine.current_trick[0].seat].name
            assert t(language, "tricks.picture.led", name=leader) in legend
        action = {"kind": "play", "card": engine.legal_cards(0)[0].code, "hand": engine.hand_number}
        before = (engine.hand_number, engine.hand(0))
        assert await frame.locator("body").evaluate("(body, action) => window.activity.send(action)", action)
        await until(
            lambda before=before: (
                before != (session_of(table).engine.hand_number, session_of(table).engine.hand(0))
            ),
            what="Alice's card saved",
        )
        turns += 1
    assert marks >= 4, marks
    assert page.errors == []
