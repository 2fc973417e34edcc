"""The playground shows the bot's card emojis as Discord does: pictures in text, on buttons and in menus, larger
when a message is only emojis; read at phone width (390 px) in English and in French."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games.cards import Card
from bot.games.hearts.options import Phase
from bot.games.trick_session import TrickSession
from bot.playground.run import RunningPlayground
from bot.ui.card_emojis import card_text
from tests.playground.test_browser import button, screenshot, send, until

pytestmark = pytest.mark.browser

PHONE = 390


async def emojis_ready(playground: RunningPlayground) -> None:
    task = playground.bot.card_emojis_upload
    assert task is not None, "the playground's bot uploads the card emojis"
    assert await asyncio.wait_for(task, 30)


async def size_of(locator: Any) -> tuple[float, float, int]:
    """How large a picture shows (CSS pixels) and how wide its file is, once loaded (0: it could not load). A live
    edit may replace the message while it is measured: then it is measured again."""
    for _ in range(20):
        width, height, natural = await locator.evaluate(
            """async img => {
                await img.decode().catch(() => null);
                const box = img.getBoundingClientRect();
                return [box.width, box.height, img.isConnected ? img.naturalWidth : -1];
            }"""
        )
        if natural != -1:
            return width, height, natural
        await asyncio.sleep(0.1)
    raise AssertionError("the picture kept being replaced")


async def boxes_of(locator: Any, count: int) -> list[dict[str, float]]:
    """Where the first `count` elements stand, read at one instant: the AI's plays live-edit a hand while it is
    measured (one element read after another could straddle an edit, a replaced button measuring as nothing)."""
    for _ in range(20):
        boxes: list[dict[str, float]] = await locator.evaluate_all(
            """(elements, count) => elements.slice(0, count).filter(e => e.isConnected).map(e => {
                const box = e.getBoundingClientRect();
                return {x: box.x, y: box.y, width: box.width, height: box.height};
            })""",
            count,
        )
        if len(boxes) == count and all(box["width"] > 0 for box in boxes):
            return boxes
        await asyncio.sleep(0.1)
    raise AssertionError(f"{count} elements could not be measured together")


async def open_hearts_hand(playground: RunningPlayground, page: Any, person: str) -> Any:
    """A Hearts table with three AI seats, started; the person's private hand, shown."""
    await send(page, "/game new game:hearts" if person != "carol" else "/partie nouvelle partie:hearts")
    channel = playground.playground.channels[0]
    table = await until(lambda: playground.bot.games.in_channel(channel.id), what="the table")
    for seats in range(2, 5):
        await button(page, f"tg:addai:{table.id}").click()
        await until(lambda seats=seats: len(table.seats) == seats, what="an AI seat")
    await button(page, f"tg:start:{table.id}").click()
    await until(lambda: table.session is not None, what="the deal")
    await button(page, f"tg:hand:{table.id}").click()
    hand = page.locator(".message.ephemeral", has=page.locator(".select")).last
    await hand.wait_for()
    return table, hand


@pytest.mark.parametrize("person", ["alice", "carol"], ids=["english", "french"])
async def test_a_hearts_hand_shows_the_card_emojis_at_phone_width(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path, person: str
) -> None:
    await emojis_ready(playground)
    page = await open_page(person, width=PHONE, height=844)
    table, hand = await open_hearts_hand(playground, page, person)

    # The hand's lines: each suit as its picture, text-sized (22 px).
    suits = hand.locator(".embed-description img.emoji")
    assert await suits.count() >= 3
    width, height, natural = await size_of(suits.first)
    assert natural == 128 and 20 <= height <= 24 and width == height
    assert ":suit_" in (await suits.first.get_attribute("alt") or "")

    # The pass menu: each card's picture beside its name.
    await hand.locator(".select-toggle").click()
    options = hand.locator(".select-option img.emoji")
    session = table.session
    assert isinstance(session, TrickSession)
    assert await options.count() == len(
        session.engine.hand(table.seat_of(playground.playground.person(person).id))
    )
    width, height, natural = await size_of(options.first)
    assert natural == 128 and height == 20
    await screenshot(hand, artifacts / f"hearts-pass-menu-{person}.png")

    # Pass three cards; then every card of the hand is a button showing the card's picture.
    await hand.locator(".select-option").nth(0).locator("input").check()
    await hand.locator(".select-option").nth(1).locator("input").check()
    await hand.locator(".select-option").nth(2).locator("input").check()
    await hand.locator(".select-done").click()
    await until(lambda: session.engine.phase is not Phase.PASSING, timeout=20, what="the passes")
    await button(page, f"tg:hand:{table.id}").click()
    cards = page.locator(".message.ephemeral").last.locator('button[data-custom-id*=":p."]')
    await cards.first.wait_for()
    assert await cards.count() == 13
    for index in range(await cards.count()):
        picture = cards.nth(index).locator("img.emoji")
        width, height, natural = await size_of(picture)
        assert natural == 128 and height == 20, "the card's picture, loaded, on its button"
        assert (await cards.nth(index).inner_text()).strip() == "", "the picture alone says the card"
    # Five buttons a row still fit a phone's width.
    boxes = await boxes_of(cards, 5)
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE for box in boxes), boxes
    assert len({box["y"] for box in boxes}) == 1, "one row of five"
    await screenshot(page.locator(".message.ephemeral").last, artifacts / f"hearts-hand-{person}.png")
    assert page.errors == []


async def test_a_message_of_emojis_alone_shows_them_large(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path
) -> None:
    await emojis_ready(playground)
    page = await open_page("alice", width=PHONE)
    queen = card_text(Card("S", 12))
    await send(page, f"{queen}{card_text(Card('H', 10))}")
    jumbo = page.locator('.message[data-author="alice"] .content img.emoji').first
    await jumbo.wait_for()
    assert (await size_of(jumbo))[1] == 48
    await send(page, f"my queen {queen}, no more")
    said = page.locator('.message[data-author="alice"]', has_text="my queen")
    inline = said.locator(".content img.emoji")
    await inline.wait_for()
    width, height, natural = await size_of(inline)
    assert natural == 128 and 20 <= height <= 24 and width == height
    assert "<:card" not in await said.inner_text()
    await screenshot(page.locator("#messages"), artifacts / "card-emojis-in-text.png")
    assert page.errors == []
