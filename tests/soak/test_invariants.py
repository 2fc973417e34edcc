"""The soak's own checks catch what they are for: a game that does not replay, a hand in public, a lost action."""

from __future__ import annotations

import json

from benchmarks.soak import action_log, contains_in_order, digest, privacy_problems, replay_problems
from bot.emulator.world import Message, World
from bot.games.cards import Card
from bot.service.table import Seat, Table, TableStatus


def hearts_table(plays: int) -> Table:
    table = Table(
        id=7,
        guild_id=1,
        channel_id=2,
        created_by=10,
        created_at=0.0,
        seed=1234,
        game_key="hearts",
        status=TableStatus.PLAYING,
        seats=[Seat(10, "alice"), Seat(-1, "Ada", is_ai=True), Seat(-2, "Blaise", is_ai=True)],
    )
    table.session = table.rules.new_session(3, table.seed, table.options, [1, 2])
    session = table.session
    for _ in range(plays):
        for seat in session.to_act():
            session.play_ai(seat)
    return table


def test_a_stored_game_that_replays_is_accepted_and_a_tampered_one_is_not() -> None:
    data = hearts_table(plays=3).to_dict()
    assert len(action_log(data)) >= 3
    assert replay_problems(json.loads(json.dumps(data))) == []
    tampered = json.loads(json.dumps(data))
    tampered["session"]["engine"]["seed"] += 1  # the same log on another deal
    assert replay_problems(tampered)


def test_an_acknowledged_action_must_be_in_the_log_in_order() -> None:
    log = [{"a": 1}, {"b": 2}, {"c": 3}]
    assert contains_in_order([{"b": 2}, {"c": 3}], log)
    assert not contains_in_order([{"c": 3}, {"b": 2}], log)
    assert digest(log[:2]) == digest([{"a": 1}, {"b": 2}]) != digest(log[1:])


def test_a_hand_on_a_public_message_or_a_held_card_on_the_board_is_reported() -> None:
    world = World()
    guild = world.add_guild("Cards")
    channel = guild.add_text_channel("hearts")
    alice = world.add_user("alice")
    table = hearts_table(plays=0)
    table.channel_id = channel.id
    session = table.session
    assert session is not None
    held: Card = session.engine.hand(0)[0]  # type: ignore[attr-defined]
    board = Message(
        world, world.snowflakes.next(), channel, world.bot_user, embeds=[{"description": "Trick 1"}]
    )
    hand = Message(
        world,
        world.snowflakes.next(),
        channel,
        world.bot_user,
        components=[{"type": 1, "components": [{"type": 2, "custom_id": f"tg:g:7:p.1.{held.code}"}]}],
    )
    channel.all_messages += [board, hand]
    table.board_message_id = board.id
    stored = {table.id: table.to_dict()}
    players = {channel.id: {alice.id}}
    seen: dict[tuple[int, int], float] = {}
    emulator = type("FakeEmulator", (), {"world": world, "clock": world.clock})()

    problems = privacy_problems(emulator, stored, [channel], seen, players)
    assert any("public message" in problem for problem in problems), problems
    hand.ephemeral_for = alice.id
    assert privacy_problems(emulator, stored, [channel], seen, players) == []

    # The board, edited after the hand began, names a card still in a hand (in both reads).
    world.clock.advance(seconds=5)
    board.embeds = [{"description": f"Trick 1: {held}"}]
    board.edited_timestamp = world.clock.now()
    problems = privacy_problems(emulator, stored, [channel], seen, players, stored)
    assert any("names cards held in a hand" in problem for problem in problems), problems
