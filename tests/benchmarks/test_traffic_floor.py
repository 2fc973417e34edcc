"""The traffic floor of benchmarks/bot_load.py makes a turn's Discord calls with the game bot's own hand and board:
the same calls, route by route, as a turn of the game bot (each bot checked against the same list)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.traffic_floor import FloorBot, sample_table
from bot.app import create_bot
from bot.emulator import Emulator
from bot.emulator.world import Channel, Message, User
from bot.games.thegame.ui.table_ui import TheGameUI
from tests.e2e.conftest import bot_settings
from tests.e2e.driver import TableDriver, last_private

CLICKS = ("tg:card", "tg:play", "tg:card", "tg:play", "tg:end")  # two cards played, then End turn
# A turn after the first, each change shown before the next click (the board's pauses between edits waited out):
# all through interactions' tokens, none counted by Discord's global rate limit.
TURN_CALLS = {
    "POST /interactions/{interaction_id}/{token}/callback": 5,  # each click's answer: the hand, edited
    # The board after each play and after End turn (3, with its picture), the turn line after each play (2: it
    # shows the pile tops), the other player's hand (1). Whether an edit goes to a token's original response or to
    # one of its follow-ups depends on how the message came (the board the first click on it updated, a hand sent
    # as a follow-up): both routes are counted together.
    "edits": 6,
    "POST /webhooks/{application_id}/{token}": 1,  # the new turn line, a follow-up of End turn
    "DELETE /webhooks/{application_id}/{token}/messages/{message_id}": 1,  # the turn line before it
}
EDITS = (
    "PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
    "PATCH /webhooks/{application_id}/{token}/messages/@original",
)


def enabled(hand: Message, prefix: str) -> dict[str, Any]:
    return next(b for b in hand.buttons if b["custom_id"].startswith(prefix) and not b.get("disabled"))


def turn_calls(emulator: Emulator, first: int) -> dict[str, int]:
    """The calls since request `first`, in `TURN_CALLS`'s terms."""
    calls = Counter(str(request.route) for request in emulator.requests[first:])
    calls["edits"] = sum(calls.pop(route, 0) for route in EDITS)
    return dict(calls)


async def play_turn(emulator: Emulator, user: User, hand: Message, settle: Any) -> None:
    for prefix in CLICKS:
        result = await emulator.click(user, hand, enabled(hand, prefix)["custom_id"])
        await result.response()
        await settle()


async def test_the_floor_answers_with_the_game_bots_hand(emulator: Emulator, start_client: Any) -> None:
    guild = emulator.world.add_guild("Floor", locale="en-US")
    channel = guild.add_text_channel("table")
    bob = emulator.world.add_user("bob")
    guild.add_member(bob)
    await start_client(FloorBot)
    opened = await emulator.slash(bob, channel, "floor")
    hand = opened.original or await opened.original_message()
    table = sample_table()
    expected = TheGameUI().hand(
        table, 0, "en-US", notice=None, hints=True, selected=table.session.game.hand(0)[0]
    )
    assert hand.embeds == [expected["embed"].to_dict()]
    assert hand.components == expected["view"].to_components()


async def floor_hands(emulator: Emulator, channel: Channel, users: list[User]) -> dict[int, Message]:
    hands = {}
    for user in users:
        opened = await emulator.slash(user, channel, "floor")
        hands[user.id] = opened.original or await opened.original_message()
    return hands


async def test_a_turn_on_the_floor_makes_the_calls_of_a_turn_of_the_game(
    emulator: Emulator, start_client: Any
) -> None:
    guild = emulator.world.add_guild("Floor", locale="en-US")
    channel = guild.add_text_channel("table")
    alice, bob = emulator.world.add_user("alice"), emulator.world.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    running = await start_client(lambda: FloorBot(board_edit_interval=0.0))
    floor: FloorBot = running.client

    async def settle() -> None:
        while floor.tasks:
            await asyncio.gather(*floor.tasks)

    hands = await floor_hands(emulator, channel, [alice, bob])
    await play_turn(emulator, alice, hands[alice.id], settle)  # the first turn posts the first turn line
    first = len(emulator.requests)
    await play_turn(emulator, bob, hands[bob.id], settle)
    assert turn_calls(emulator, first) == TURN_CALLS
    board = next(m for m in channel.messages if m.attachments)
    assert board.edits and len([m for m in channel.messages if "<@" in m.content]) == 1, "one turn line"


async def test_a_turn_of_the_game_makes_the_calls_the_floor_is_checked_against(
    emulator: Emulator, start_client: Any, tmp_path: Path
) -> None:
    guild = emulator.world.add_guild("Game", locale="en-US")
    channel = guild.add_text_channel("table")
    alice, bob = emulator.world.add_user("alice"), emulator.world.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    running = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    driver = TableDriver(emulator, channel, running)
    await driver.command(alice, "game new")
    table_id = driver.table().id
    await driver.click(bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(alice, driver.board(), f"tg:start:{table_id}")
    bobs_hand = await driver.open_hand(bob)
    first_click = await driver.click_result(alice, driver.board(), f"tg:first:{table_id}")
    alices_hand = last_private(first_click)
    assert alices_hand is not None
    await play_turn(emulator, alice, alices_hand, driver.settle)
    first = len(emulator.requests)
    await play_turn(emulator, bob, bobs_hand, driver.settle)
    assert turn_calls(emulator, first) == TURN_CALLS
    assert alices_hand.edits, "the other player's hand was one of the edits"
