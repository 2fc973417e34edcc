"""The soak's privacy check sees a card shown as the bot's card emoji (in a text, a hand's suit line, a button or a
menu option), as it does when the card is written in text."""

from __future__ import annotations

from benchmarks.soak_checks.privacy import cards_shown, message_texts
from bot.emulator.world import Message, World
from bot.games.cards import Card
from bot.ui.card_emojis import CARD_EMOJIS, card_emoji, card_text, emoji_names, suit_text

QUEEN_OF_SPADES = Card("S", 12)


def installed() -> None:
    assert CARD_EMOJIS.install({name: 1_300_000_000_000_000_000 + n for n, name in enumerate(emoji_names())})


def test_a_card_emoji_in_a_text_is_a_card_shown() -> None:
    installed()
    assert card_text(QUEEN_OF_SPADES).startswith("<:card_")
    assert "QS" in cards_shown([f"Trick 1: Alice {card_text(QUEEN_OF_SPADES)}"], [])
    hand_line = f"{suit_text('S')} **4** 10 **K**"
    assert hand_line.startswith("<:suit_")
    assert {"4S", "10S", "KS"} <= cards_shown([hand_line], [])


def test_a_card_emoji_on_a_button_or_an_option_is_a_card_shown() -> None:
    installed()
    emoji = card_emoji(QUEEN_OF_SPADES)
    assert emoji is not None
    world = World()
    channel = world.add_guild("Cards").add_text_channel("hearts")
    as_dict = {"name": emoji.name, "id": str(emoji.id)}
    components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": "x", "emoji": as_dict}]},
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "y",
                    "options": [{"label": "a card", "value": "v", "emoji": as_dict}],
                }
            ],
        },
    ]
    for component in components:
        message = Message(world, world.snowflakes.next(), channel, world.bot_user, components=[component])
        assert "QS" in cards_shown(*message_texts(message))
