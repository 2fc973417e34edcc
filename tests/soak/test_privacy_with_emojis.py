"""The soak's privacy check sees a card shown as the bot's card emoji: a board naming a held card that way is
reported, as it is when the card is written in text."""

from __future__ import annotations

from benchmarks.soak import privacy_problems
from bot.emulator.world import Message, World
from bot.games.cards import Card
from bot.ui.card_emojis import CARD_EMOJIS, card_text, emoji_names
from tests.soak.test_invariants import hearts_table


def test_a_held_card_shown_as_an_emoji_on_the_board_is_reported() -> None:
    assert CARD_EMOJIS.install({name: 1_300_000_000_000_000_000 + n for n, name in enumerate(emoji_names())})
    world = World()
    channel = world.add_guild("Cards").add_text_channel("hearts")
    alice = world.add_user("alice")
    table = hearts_table(plays=0)
    table.channel_id = channel.id
    session = table.session
    assert session is not None
    held: Card = session.engine.hand(0)[0]  # type: ignore[attr-defined]
    board = Message(
        world, world.snowflakes.next(), channel, world.bot_user, embeds=[{"description": "Trick 1"}]
    )
    channel.all_messages.append(board)
    table.board_message_id = board.id
    stored = {table.id: table.to_dict()}
    emulator = type("FakeEmulator", (), {"world": world, "clock": world.clock})()
    seen: dict[tuple[int, int], float] = {}
    players = {channel.id: {alice.id}}
    assert privacy_problems(emulator, stored, [channel], seen, players) == []  # the hand is seen from now
    world.clock.advance(seconds=5)
    board.embeds = [{"description": f"Trick 1: Alice {card_text(held)}"}]
    assert card_text(held).startswith("<:card_")
    board.edited_timestamp = world.clock.now()
    problems = privacy_problems(emulator, stored, [channel], seen, players, stored)
    assert any("names cards held in a hand" in problem for problem in problems), problems
