"""Crapette's page has the board's **💡 Hint** (a reviewer found it on the board, not in the Activity): for the player
on turn, in its place among the board's buttons, answered as the board's button is (the strong AI's choice in the
menu's words, to the asker only, counted for the game), refused when the server turned hints off; never offered to
the player waiting for their turn."""

from __future__ import annotations

from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.games.crapette.session import CrapetteSession
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import activity_url, open_page
from tests.e2e.driver import TableDriver
from tests.e2e.test_permissions import manager


def controls(state: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = state["table"]["play"]["hand"]["controls"]
    return found


async def test_the_player_on_turn_asks_for_a_hint_from_the_page(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    table_id = await driver.crapette(world.alice, world.bob)
    session = driver.table().require_session()
    assert isinstance(session, CrapetteSession)
    users = {driver.table().seat_of(user.id): user for user in (world.alice, world.bob)}
    seat = session.engine.current_player
    on_turn, waiting = users[seat], users[1 - seat]
    pages = {
        user.id: await open_page(emulator, activity_url(activity_bot), user, world.channel)
        for user in users.values()
    }
    page, other = pages[on_turn.id], pages[waiting.id]
    state = await page.wait_state(lambda s: s["table"]["status"] == "playing")
    shown = controls(state)
    (hint,) = [control for control in shown if control.get("hint")]
    assert hint["label"] == t(on_turn.locale, "button.hint") and not hint["disabled"]
    payloads = [control["id"].split(":")[-1] if not control.get("hint") else "hint" for control in shown]
    assert payloads == ["mv", "turn", "discard", "hint", "call"], "the board's order"
    # Asked from the page: the board's own hint, to the asker; counted as a hint of the game.
    advice = render_notice(on_turn.locale, session.hint(seat))
    answer = await page.act({"kind": "hint"})
    assert answer["refused"] is False and answer["text"] == advice
    assert driver.table().hints == {on_turn.id: 1}
    waiting_state = await other.wait_state(lambda s: s["table"]["status"] == "playing")
    assert not [control for control in controls(waiting_state) if control.get("hint")]
    refused = await other.act({"kind": "hint"})
    assert refused["refused"] and refused["text"] == t(waiting.locale, "crapette.not_your_turn")
    # A hint sent as a control (a forged message) is not a move.
    forged = await page.act({"kind": "control", "id": hint["id"], "values": []})
    assert forged["refused"] and forged["text"] == t(on_turn.locale, "error.stale_button")
    # The server's setting: hints off, the page's Hint says so, as the board's does.
    await driver.command(manager(emulator, world), "settings", hints=False)
    on_discord = await driver.click(on_turn, driver.board(), f"tg:hint:{table_id}")
    refused = await page.act({"kind": "hint"})
    assert refused["refused"] and refused["text"] == on_discord.content
    assert on_discord.content == t(on_turn.locale, "error.hints_disabled")
    for opened in pages.values():
        await opened.close()
