"""Crapette in the playground on a 390 px wide phone, as a newcomer plays it: against the AI (the menu puts what the
priority rule asks first, the AI's moves are told on the board), then against a second person who calls
"Crapette!" (the player called on is told privately what they missed)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games.crapette.moves import Move, parse_move
from bot.games.crapette.session import CrapetteSession
from bot.playground.run import RunningPlayground
from bot.service.table import Table
from bot.ui.i18n import t
from tests.playground.helpers import crapette_against_the_ai
from tests.playground.test_browser import board_text, button, screenshot, send, until

pytestmark = pytest.mark.browser
PHONE = 390
BOARD_CHANGED = t("en-US", "error.board_changed")


def session(table: Table) -> CrapetteSession:
    found = table.session
    assert isinstance(found, CrapetteSession)
    return found


async def test_a_newcomer_plays_the_ai_on_a_phone(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path
) -> None:
    bot = playground.bot
    world = playground.playground
    channel = world.channel("table")
    assert channel is not None
    page = await open_page("alice", width=PHONE, height=844)
    table = await crapette_against_the_ai(page, bot.games, channel.id, "/game new game:crapette")
    board_id = table.board_message_id

    last = [session(table)]

    def live() -> CrapetteSession:
        """The game as the bot holds it (a failed save puts a new table object in place); a finished game leaves
        the bot's tables, and its last state stays here."""
        current = bot.games.get(table.id)
        if current is not None:
            last[0] = session(current)
        return last[0]

    human = table.seat_of(world.person("alice").id)  # type: ignore[union-attr]
    assert human is not None
    told_ai_moves = False
    for _ in range(40):  # a few turns, each action through the board's own menu and buttons
        game = live().engine
        if game.is_over:
            break
        if game.current_player != human:
            await until(
                lambda: live().engine.current_player == human or live().engine.is_over,
                timeout=20,
                what="Alice's turn",
            )
            text = await board_text(page, board_id)
            told_ai_moves = told_ai_moves or "↪ " in text
            continue
        menu = page.locator(f'.select[data-custom-id="tg:gs:{table.id}:mv"]')
        asked = game.rule_asks()
        if asked is not None and await menu.count():
            toggle = menu.last.locator(".select-toggle")
            first = menu.last.locator(".select-option").first
            label = ""
            for _ in range(100):  # the page may still show the board before the latest edit for a moment
                label = await first.inner_text()
                if "❗" in label:
                    break
                await asyncio.sleep(0.1)
            await toggle.click()
            assert "❗" in label and "priority rule" in label, f"the rule's move is first and marked: {label}"
            await screenshot(page.locator(f"#m-{board_id}"), artifacts / "crapette-phone-menu.png")
            moves_before = len(game.log)
            if not await first.is_visible():  # a live edit of the board drew it again, menu closed
                await toggle.click()
            chosen = await first.inner_text()
            await first.click()
            try:
                await until(
                    lambda n=moves_before: len(live().engine.log) > n, timeout=30, what="the chosen move"
                )
            except AssertionError:
                answers = await page.locator(".message.ephemeral").all_inner_texts()
                if answers and BOARD_CHANGED in answers[-1]:
                    # The page still showed the board before the latest edit, and the choice was refused with
                    # nothing moved: a person would choose again on the board now shown.
                    continue
                raise AssertionError(
                    f"{chosen!r} did not happen; last private answers: {answers[-2:]}"
                ) from None
            assert live().engine.log[moves_before][1] in asked[1], "the marked move keeps the rule"
            continue
        legal = [action for action in game.legal_actions(human) if game.priority_violation(action) is None]
        action = legal[0]
        before = len(game.log)
        if isinstance(action, Move):
            await send(page, f"/move move:{action}")
        else:
            await button(page, f"tg:g:{table.id}:{action}").click()
        try:
            await until(lambda n=before: len(live().engine.log) > n, timeout=30, what="Alice's action")
        except AssertionError:
            answers = await page.locator(".message.ephemeral").all_inner_texts()
            raise AssertionError(f"{action} did not happen; last private answers: {answers[-2:]}") from None
    assert told_ai_moves, "the board tells what the AI did"
    await screenshot(page.locator(f"#m-{board_id}"), artifacts / "crapette-phone-board.png")
    width = await page.locator(f"#m-{board_id} img").first.evaluate(
        "image => image.getBoundingClientRect().width"
    )
    assert width <= PHONE, "the picture fits the phone's width"
    assert page.errors == []


async def test_two_people_and_a_crapette_call_on_phones(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path
) -> None:
    bot = playground.bot
    world = playground.playground
    alice, bob = world.person("alice"), world.person("bob")
    channel = world.channel("table")
    assert alice and bob and channel
    pages = {alice.id: await open_page("alice", width=PHONE), bob.id: await open_page("bob", width=PHONE)}
    await send(pages[alice.id], "/game new game:crapette")
    table = await until(lambda: bot.games.in_channel(channel.id), what="the table")
    await button(pages[bob.id], f"tg:join:{table.id}").click()
    await until(lambda: len(table.seats) == 2, what="Bob's seat")
    await button(pages[alice.id], f"tg:start:{table.id}").click()
    await until(lambda: table.session is not None and table.board_message_id, what="the deal")
    for _ in range(200):  # keep the rule until the player on turn can break it
        game = session(table).engine
        seat = game.current_player
        wrong = [
            action
            for action in game.legal_actions(seat)
            if isinstance(action, Move) and game.priority_violation(action) is not None
        ]
        if wrong:
            break
        action = next(
            action for action in game.legal_actions(seat) if game.priority_violation(action) is None
        )
        before = len(game.log)
        await send(pages[table.seats[seat].user_id], f"/move move:{action}")  # type: ignore[index]
        await until(lambda n=before: len(session(table).engine.log) > n, timeout=30, what="the move")
    else:
        raise AssertionError("no chance to break the rule")
    offender, caller = table.seats[seat].user_id, table.seats[1 - seat].user_id
    assert offender is not None and caller is not None
    before = len(game.log)
    await send(pages[offender], f"/move move:{wrong[0]}")
    await until(
        lambda: len(session(table).engine.log) > before, timeout=30, what="the move that breaks the rule"
    )
    await button(pages[caller], f"tg:g:{table.id}:call").click()
    private = pages[offender].locator(".message.ephemeral", has_text="📣")
    await private.last.wait_for()
    text = await private.last.inner_text()
    assert "caught you" in text or "t'a pris" in text, text
    await screenshot(private.last, artifacts / "crapette-phone-told.png")
    assert parse_move(str(wrong[0])) is not None
    assert "📣" in await board_text(pages[caller], table.board_message_id or 0)
    for page in pages.values():
        assert page.errors == []
