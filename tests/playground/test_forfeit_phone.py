"""Giving a rated game up on a 390 px phone, in French: `/partie arrêter` asks first, privately, with two buttons
that fit the screen; the answer replaces the question, and the board names the winner."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.playground.helpers import crapette_against_the_ai
from tests.playground.test_browser import board_text, button, screenshot, send, until

pytestmark = pytest.mark.browser
PHONE = 390


async def test_a_player_gives_a_crapette_game_up_on_a_phone(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path
) -> None:
    bot = playground.bot
    channel = playground.playground.channel("table")
    assert channel is not None
    page = await open_page("carol", phone=True)
    table = await crapette_against_the_ai(page, bot.games, channel.id, "/partie nouvelle partie:crapette")
    board_id = table.board_message_id

    await send(page, "/partie arrêter")
    give_up = button(page, f"tg:forfeit:{table.id}:yes")
    keep = button(page, f"tg:forfeit:{table.id}:no")
    await give_up.wait_for()
    question = page.locator(".message.ephemeral").last
    assert t("fr", "game.forfeit_question") in await question.inner_text()
    for found, label in ((give_up, "button.forfeit"), (keep, "button.keep_playing")):
        assert (await found.inner_text()).strip() == t("fr", label)
        box = await found.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE, f"{label} fits: {box}"
    await screenshot(question, artifacts / "forfeit-question-phone-fr.png")
    assert bot.games.get(table.id) is not None, "asking changes nothing"

    await give_up.click()
    await until(lambda: bot.games.get(table.id) is None, what="the game given up")
    await page.locator(".message.ephemeral", has_text=t("fr", "game.forfeited")).last.wait_for()
    assert await give_up.count() == 0, "the answer replaced the question and its buttons"
    ai_name = table.seats[1].name
    text = ""
    for _ in range(100):
        text = await board_text(page, board_id)
        if ai_name in text and "🏆" in text:
            break
        await page.wait_for_timeout(100)
    assert "🏆" in text and ai_name in text, text
    await screenshot(page.locator(f"#m-{board_id}"), artifacts / "forfeit-board-phone.png")
    assert page.errors == []
