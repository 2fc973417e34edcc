"""Crapette's table page on a phone (390 px) in French, as a reviewer found it: the menu showed bare card faces and
the board's text Discord's emoji markup. Each move now reads as its card beside what it does with it, the rule's
first move marked, everything in the reader's language; the board's 💡 Hint is there too (it was missing)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.games.crapette.moves import TURN_STOCK, Move
from bot.games.crapette.words import top_card
from bot.playground.run import RunningPlayground
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t
from tests.activity.conftest import PAGE_BUILT
from tests.activity.test_browser_languages import photograph
from tests.activity.test_browser_tricks import open_table
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")


def may_move(playground: RunningPlayground, engine: Any) -> bool:
    """Alice (seat 0) is on turn with a card to move, and no action is being taken."""
    return (
        engine.current_player == 0
        and any(isinstance(action, Move) for action in engine.legal_actions(0))
        and not playground.bot.games.any_table_held()
    )


async def test_crapette_moves_read_as_words_beside_their_card_in_french(
    playground: RunningPlayground, open_page: Any
) -> None:
    page, frame = await open_table(playground, open_page, "crapette", 1, "fr")
    table = playground.bot.games.active_tables()[0]
    engine = table.require_session().engine  # type: ignore[attr-defined]
    alice_may_move = partial(may_move, playground, engine)
    await until(alice_may_move, timeout=30, what="Alice's turn with a card to move")
    options = frame.locator(".menu .options.listed .option")
    await options.first.wait_for()
    await frame.locator("legend", has_text=t("fr", "crapette.move_placeholder")).wait_for()
    texts = await options.locator(".option-text").all_inner_texts()
    assert texts and all("→" in text for text in texts), texts
    await frame.locator("h2", has_text=t("fr", "activity.your_moves")).wait_for()
    assert await options.first.locator("img.card").count() == 1, "the card drawn beside its words"
    body = await frame.locator("body").inner_text()
    assert "<:" not in body, "no Discord emoji markup in the page"
    # The board's Hint, in its place after Turn and Discard: the hint comes as the page's toast.
    names = await frame.locator(".hand .controls > button").all_inner_texts()
    hint = "💡 " + t("fr", "button.hint")
    assert names.index(hint) == names.index("🂠 " + t("fr", "crapette.button.turn")) + 2, names
    advice = render_notice("fr", table.require_session().hint(0))
    await frame.get_by_role("button", name=t("fr", "button.hint")).click()
    await frame.locator("#toast", has_text=advice).wait_for()
    await photograph(page, frame, "crapette-fr")
    assert page.errors == []


@pytest.mark.parametrize("language", ["fr", "de"])
async def test_a_card_moves_on_the_table_drawn_as_cards_by_a_tap_then_its_place_and_by_a_drag(
    playground: RunningPlayground, open_page: Any, language: str
) -> None:
    """The table is drawn as cards (no picture), the rule's first move marked ❗; a card tapped lights up its places
    (gold for the rule's), a place tapped plays it there; a card dragged onto its place plays it too; the stock
    tapped turns a card."""
    page, frame = await open_table(playground, open_page, "crapette", 1, language)
    table = playground.bot.games.active_tables()[0]
    engine = table.require_session().engine  # type: ignore[attr-defined]
    alice_may_move = partial(may_move, playground, engine)
    for moved in range(2):
        await until(alice_may_move, timeout=30, what="Alice's turn with a card to move")
        legal = [action for action in engine.legal_actions(0) if isinstance(action, Move)]
        asked = engine.rule_asks()
        move = asked[1][0] if asked is not None else legal[0]
        card = top_card(engine, 0, move.source)
        assert card is not None
        held = frame.locator(f'[data-drag="{move.source}:{card.code}"]')
        await held.wait_for()
        assert await frame.locator("img.board-picture").count() == 0, "the table is drawn as cards"
        assert (await held.locator(".first-mark").count() == 1) == (asked is not None)
        place = frame.locator(f'[data-target="{move.target}"]')
        log = len(engine.log)
        if moved == 0:
            await held.click()
            lit = await place.get_attribute("class") or ""
            assert "legal" in lit and ("first" in lit) == (asked is not None), lit
            others = {(m.target) for m in legal if m.source == move.source}
            assert await frame.locator(".cpile.legal").count() == len(others)
            await place.click()
        else:
            await held.drag_to(place)
        await until(lambda: len(engine.log) > log, what="the move played")  # noqa: B023
        assert engine.log[log] == (0, move)
        if moved == 0:
            await photograph(page, frame, f"crapette-table-{language}")
    # Alice's stock, tapped, turns a card, as the board's **Turn a card** does.
    await until(
        lambda: engine.current_player == 0 and TURN_STOCK in engine.legal_actions(0), what="a card to turn"
    )
    log = len(engine.log)
    await frame.locator(".cplayer.mine .can-turn").click()
    await until(lambda: len(engine.log) > log, what="the card turned")
    assert engine.log[log] == (0, TURN_STOCK)
    assert page.errors == []
