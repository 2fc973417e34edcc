"""How a card shows: the bot's own emojis once Discord has them, legible text before (and when the upload failed)."""

from __future__ import annotations

import discord
import pytest

from bot.games.base import Notice
from bot.games.cards import Card, full_deck, parse_card
from bot.ui.card_emojis import (
    CARD_EMOJIS,
    NAME_PATTERN,
    card_display,
    card_emoji_name,
    card_option,
    card_text,
    cards_in_text,
    cards_in_words,
    emoji_names,
    fit,
    plain_text,
    suit_text,
)
from bot.ui.game_ui import render_notice

QUEEN_OF_SPADES = Card("S", 12)
TEN_OF_HEARTS = Card("H", 10)


def install_all() -> dict[str, int]:
    ids = {name: 1_000_000_000_000_000_000 + number for number, name in enumerate(emoji_names())}
    assert CARD_EMOJIS.install(ids)
    return ids


def test_one_emoji_per_card_and_suit_each_named_as_discord_allows() -> None:
    names = emoji_names()
    assert len(names) == 56 and len(set(names)) == 56
    assert all(NAME_PATTERN.match(name) for name in names)
    assert card_emoji_name(QUEEN_OF_SPADES) == "card_QS_v1"


def test_before_the_upload_a_black_suit_is_text_a_red_one_the_red_emoji() -> None:
    """`♠︎` (text presentation) takes the reader's text colour, light on the dark theme: never the black `♠️`."""
    assert card_text(QUEEN_OF_SPADES) == "Q♠\ufe0e"
    assert card_text(TEN_OF_HEARTS) == "10♥\ufe0f"
    assert suit_text("C") == "♣\ufe0e"
    assert "♠️" not in card_text(QUEEN_OF_SPADES) and "♣️" not in suit_text("C")
    assert parse_card(card_text(QUEEN_OF_SPADES)) == QUEEN_OF_SPADES, "what the bot writes, /play reads"


def test_once_uploaded_a_card_is_its_emoji_in_text_on_buttons_and_in_menus() -> None:
    ids = install_all()
    queen = ids["card_QS_v1"]
    assert card_text(QUEEN_OF_SPADES) == f"<:card_QS_v1:{queen}>"
    assert suit_text("S") == f"<:suit_S_v1:{ids['suit_S_v1']}>"
    label, emoji = card_display(QUEEN_OF_SPADES)
    assert label is None and isinstance(emoji, discord.PartialEmoji) and emoji.id == queen
    assert card_display(QUEEN_OF_SPADES, count=2)[0] == "×2"
    option_label, option_emoji = card_option(QUEEN_OF_SPADES)
    assert option_label == "Q♠\ufe0e" and option_emoji is not None and option_emoji.id == queen


def test_buttons_and_options_before_the_upload_carry_the_card_as_text() -> None:
    assert card_display(QUEEN_OF_SPADES) == ("Q♠\ufe0e", None)
    assert card_display(TEN_OF_HEARTS, count=2) == ("10♥\ufe0f ×2", None)
    assert card_option(QUEEN_OF_SPADES) == ("Q♠\ufe0e", None)


def test_emojis_are_used_only_when_every_card_and_suit_is_there() -> None:
    """Never a hand half in pictures and half in text."""
    ids = install_all()
    del ids["card_2C_v1"]
    assert not CARD_EMOJIS.install(ids)
    assert card_text(QUEEN_OF_SPADES) == "Q♠\ufe0e"


def test_markup_turns_back_into_text_where_discord_shows_no_custom_emoji() -> None:
    install_all()
    text = f"Alice {card_text(QUEEN_OF_SPADES)} · Bob {card_text(TEN_OF_HEARTS)} {suit_text('C')}"
    assert plain_text(text) == "Alice Q♠\ufe0e · Bob 10♥\ufe0f ♣\ufe0e"
    assert fit(text, len(text)) == text
    assert fit(text, len(text) - 1) == plain_text(text)
    assert fit(text, 10) == plain_text(text)[:9] + "…"


@pytest.mark.parametrize("installed", [False, True], ids=["text", "emojis"])
def test_every_card_a_text_shows_is_read_back(installed: bool) -> None:
    """What the privacy checks use: a card shown as an emoji is still a card shown."""
    if installed:
        install_all()
    deck = full_deck()
    text = " · ".join(card_text(card) for card in deck) + " and A♣ 7♥️"
    assert sorted(cards_in_text(text)) == sorted([*deck, Card("C", 14), Card("H", 7)])


def test_a_notice_names_its_cards_with_the_emojis_in_a_message_and_in_text_in_a_label() -> None:
    notice = Notice("tricks.played", {"card": str(QUEEN_OF_SPADES)})
    assert render_notice("en", notice, emojis=True) == render_notice("en", notice), "text until uploaded"
    install_all()
    assert card_text(QUEEN_OF_SPADES) in render_notice("en", notice, emojis=True)
    assert "Q♠" in render_notice("en", notice) and "<:" not in render_notice("en", notice)
    run = Notice("klondike.move.card", {"cards": "K♠…Q♥", "source": "column 2", "target": "column 5"})
    assert render_notice("en", run, emojis=True).startswith(
        f"{card_text(Card('S', 13))}…{card_text(Card('H', 12))}"
    )
    assert cards_in_words("Q♠ 3♥ 4♦") == " ".join(
        card_text(card) for card in (QUEEN_OF_SPADES, Card("H", 3), Card("D", 4))
    )
    named = Notice("tricks.turn_ai", {"name": "A♠"})  # a name is never taken for a card
    assert "A♠" in render_notice("en", named, emojis=True)
