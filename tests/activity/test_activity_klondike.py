"""Klondike in the Activity with the real bot on the local Discord: a move from the page is the game's own (the
channel's board shows it), a move made on Discord reaches the page, a refusal is the sentence the bot says on
Discord, a team in turns moves one at a time, Give up asks first, and no message a page gets ever holds a card the
board does not show."""

from __future__ import annotations

import json
from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.games.deal_codes import seed_to_deal_code
from bot.games.klondike.moves import DRAW, Move
from bot.games.klondike.session import KlondikeSession
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import Page, activity_url, open_page
from tests.e2e.driver import TableDriver

DEAL = seed_to_deal_code(24)


def session_of(driver: TableDriver) -> KlondikeSession:
    session = driver.table().require_session()
    assert isinstance(session, KlondikeSession)
    return session


def hidden_now(session: KlondikeSession) -> set[str]:
    """The cards the board does not show: face down, in the stock, under the waste's fan."""
    engine = session.engine
    shown = {card.code for card in engine.waste_shown}
    shown |= {card.code for column in engine.columns for card in column.face_up}
    shown |= {card.code for card in engine.foundations.values() if card is not None}
    return {card.code for card in engine.deck} - shown


def as_sent(move: Move) -> dict[str, Any]:
    return {"kind": "move", "source": move.source, "target": move.target, "count": move.count}


async def klondike(
    emulator: Emulator, world: World, running: RunningClient[TheGameBot], *players: Any, mode: str = "turns"
) -> tuple[TableDriver, list[Page]]:
    driver = TableDriver(emulator, world.channel, running)
    await driver.command(world.alice, "game new", game="klondike", deal=DEAL, team_play=mode)
    for user in players[1:]:
        await driver.click(user, driver.board(), f"tg:join:{driver.table().id}")
    pages = [await open_page(emulator, activity_url(running), user, world.channel) for user in players]
    assert (await pages[0].act({"kind": "start"}))["refused"] is False
    for page in pages:
        await page.wait_state(lambda s: s["table"]["status"] == "playing")
    return driver, pages


async def test_klondike_from_the_activity_and_from_discord(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver, (alice,) = await klondike(emulator, world, activity_bot, world.alice)
    session = session_of(driver)
    engine = session.engine
    sent = 0
    # Moves from the page: the board in the channel shows each one.
    for _ in range(6):
        move = next((m for m in engine.legal_moves() if m != DRAW and not m.source.startswith("f")), DRAW)
        action = {"kind": "draw"} if move == DRAW else as_sent(move)
        hidden = hidden_now(session)
        assert (await alice.act(action))["refused"] is False
        await driver.settle()
        assert f"moves {engine.moves_made}" in driver.board().text
        state = await alice.wait_state(
            lambda s: f"moves {engine.moves_made}" in s["table"]["play"]["progress"]
        )
        await alice.drain()
        for message in alice.states[sent:]:
            text = json.dumps(message)
            assert not [code for code in hidden & hidden_now(session) if f'"{code}"' in text]
        sent = len(alice.states)
        columns = [[card.code for card in column.face_up] for column in engine.columns]
        assert [column["up"] for column in state["table"]["play"]["columns"]] == columns
    # A move on Discord reaches the page.
    move = engine.legal_moves()[0]
    await driver.command(world.alice, "move", move=move.code)
    made = engine.moves_made
    await alice.wait_state(lambda s: f"moves {made}" in s["table"]["play"]["progress"])
    # A card dropped where it cannot go: the sentence the bot gives on Discord for the same move.
    wrong = next(
        Move(f"column:{source}", f"column:{target}")
        for source in range(1, 8)
        for target in range(1, 8)
        if source != target and engine.refusal(Move(f"column:{source}", f"column:{target}")) is not None
    )
    answer = await alice.act(as_sent(wrong))
    on_discord = await driver.command(world.alice, "move", move=wrong.code)
    assert answer["refused"] and answer["text"] == on_discord.content
    assert engine.moves_made == made
    # Undo, then a hint (from the cards seen).
    assert (await alice.act({"kind": "undo"}))["refused"] is False
    assert engine.undos_used == 1
    hint = await alice.act({"kind": "hint"}, timeout=30)
    assert hint["refused"] is False and hint["text"].startswith("💡")
    # Give up asks first, with the board's own words; confirmed, the game ends and the channel is told.
    question = await alice.act({"kind": "give_up"})
    assert question["confirm"] == {"kind": "give_up", "confirmed": True}
    assert question["text"] == t("en", "klondike.give_up_question", count=1)
    assert question["labels"] == [
        t("en", "klondike.button.give_up_confirm"),
        t("en", "activity.keep_playing"),
    ]
    assert not engine.is_over
    assert (await alice.act(question["confirm"]))["refused"] is False
    await alice.wait_state(lambda s: s["table"]["status"] == "finished" and bool(s["table"].get("end")))
    assert engine.end_reason == "gave_up"
    # The page's end reads as the channel's: the result, then the verdict on the deal, once it is known.
    await driver.settle()
    told = driver.public_messages()[-1].content
    assert told.startswith(t("en", "klondike.end_given_up", name="Alice", count=engine.score)), told
    verdict = told.split("\n")[1]
    assert verdict in {
        t("en", f"klondike.verdict.{known}") for known in ("winnable", "unwinnable", "unknown")
    }
    shown = await alice.wait_state(lambda s: "\n" in s["table"]["end"], timeout=30)
    assert shown["table"]["end"] == told
    await alice.close()


async def test_a_team_in_turns_moves_one_at_a_time(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver, (alice, bob) = await klondike(emulator, world, activity_bot, world.alice, world.bob)
    engine = session_of(driver).engine
    assert alice.state["table"]["play"]["can_act"] and not bob.state["table"]["play"]["can_act"]
    answer = await bob.act({"kind": "draw"})
    on_discord = await driver.command(world.bob, "move", move="s")
    assert answer["refused"] and answer["text"] == on_discord.content  # in French, as Bob reads
    assert engine.moves_made == 0
    assert (await alice.act({"kind": "pass"}))["refused"] is False
    await bob.wait_state(lambda s: s["table"]["play"]["can_act"])
    assert (await bob.act({"kind": "draw"}))["refused"] is False
    assert engine.moves_made == 1
    await alice.wait_state(lambda s: s["table"]["play"]["stock"] == engine.stock_count)
    await alice.close()
    await bob.close()


async def test_a_tap_on_a_page_the_table_has_left_behind_changes_nothing(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    """Draw and Undo carry the step of the state the page showed: a second tap before the page caught up, or
    after a teammate's move, is refused with the board's sentence instead of drawing (or taking back) again."""
    driver, (alice, bob) = await klondike(
        emulator, world, activity_bot, world.alice, world.bob, mode="together"
    )
    engine = session_of(driver).engine
    shown = alice.state["table"]["play"]["step"]
    assert shown == 0 and bob.state["table"]["play"]["step"] == 0
    assert (await alice.act({"kind": "draw", "step": shown}))["refused"] is False
    again = await alice.act({"kind": "draw", "step": shown})  # the same tap again, from the same state
    assert again["refused"] and again["text"] == t("en", "error.board_changed_button")
    late = await bob.act({"kind": "undo", "step": shown})  # Bob's page had not caught up with Alice's draw
    assert late["refused"] and late["text"] == t("fr", "error.board_changed_button")  # Bob reads French
    assert (engine.moves_made, engine.undos_used) == (1, 0)
    await bob.wait_state(lambda s: s["table"]["play"]["step"] == 1)
    assert (await bob.act({"kind": "undo", "step": 1}))["refused"] is False
    assert (engine.moves_made, engine.undos_used) == (1, 1)
    forged = await bob.act({"kind": "draw", "step": "2"})
    assert forged["refused"] and forged["text"] == t("fr", "error.stale_button")
    await alice.close()
    await bob.close()
