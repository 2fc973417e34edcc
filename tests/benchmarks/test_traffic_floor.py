"""The traffic floor of benchmarks/bot_load.py makes a turn's Discord calls with the game bot's own hand and board."""

from __future__ import annotations

from collections import Counter
from typing import Any

from benchmarks.traffic_floor import FloorBot, sample_table
from bot.emulator import Emulator
from bot.games.thegame.ui.table_ui import TheGameUI


async def test_a_turn_on_the_floor_makes_the_calls_a_turn_of_the_game_makes(
    emulator: Emulator, start_client: Any
) -> None:
    guild = emulator.world.add_guild("Floor", locale="en-US")
    channel = guild.add_text_channel("table")
    alice, bob = emulator.world.add_user("alice"), emulator.world.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    await start_client(FloorBot)
    hands = {}
    for user in (alice, bob):
        opened = await emulator.slash(user, channel, "floor")
        hands[user.id] = opened.original or await opened.original_message()
    board = await emulator.wait_for(lambda: next((m for m in channel.messages if m.attachments), None))
    table = sample_table()
    expected = TheGameUI().hand(
        table, 0, "en-US", notice=None, hints=True, selected=table.session.game.hand(0)[0]
    )
    assert hands[bob.id].embeds == [expected["embed"].to_dict()]
    assert hands[bob.id].components == expected["view"].to_components()

    first = len(emulator.requests)
    hand = hands[alice.id]
    for prefix in ("tg:card", "tg:play", "tg:card", "tg:play", "tg:end"):
        button = next(b for b in hand.buttons if b["custom_id"].startswith(prefix) and not b.get("disabled"))
        result = await emulator.click(alice, hand, button["custom_id"])
        await result.response()
    turn_line = await emulator.wait_for(
        lambda: next((m for m in channel.messages if "<@" in m.content), None)
    )
    await emulator.wait_for(lambda: len(hands[bob.id].edits) == 1 or None)

    calls = Counter(request.route for request in emulator.requests[first:])
    assert calls == {  # all through interactions' tokens, as the game bot's: none counted by the global limit
        "POST /interactions/{interaction_id}/{token}/callback": 5,
        "PATCH /webhooks/{application_id}/{token}/messages/{message_id}": 1,  # the board, with its picture
        "POST /webhooks/{application_id}/{token}": 1,  # the turn line, a follow-up of End turn
        "PATCH /webhooks/{application_id}/{token}/messages/@original": 1,  # bob's hand
    }
    assert board.edits and board.attachments and turn_line.content
