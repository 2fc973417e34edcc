"""Hearts and Barbu show their cards with the bot's emojis once uploaded: the hand's buttons and lines, the pass menu,
the trick lines, a finished hand's message; and every text stays within Discord's limits with them."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.games.hearts.options import Phase
from bot.service.table import Seat, TableStatus
from bot.ui.card_emojis import card_emoji_name, card_text
from bot.ui.trick_views import LOG_PAGE_LIMIT, session_of, trick_ui
from tests.e2e.trick_driver import cards_shown
from tests.games.test_hand_recap import play_to_the_end_of_hand
from tests.games.test_trick_tables import table_at

MARKUP = re.compile(r"<:(card|suit)_\w+_v\d+:\d+>")


def components(view: discord.ui.View) -> list[dict[str, Any]]:
    return [item for row in view.to_components() for item in row["components"]]


def test_a_hand_shows_each_card_as_its_emoji_on_its_button(emojis: dict[str, int]) -> None:
    table = table_at("barbu", 4, seed=8, steps=1)
    engine = session_of(table).engine
    seat = engine.to_act()[0]
    content = trick_ui(table).hand(table, seat, "en-US", notice=None, hints=True)
    buttons = [item for item in components(content["view"]) if ":p." in item.get("custom_id", "")]
    assert len(buttons) == len(set(engine.hand(seat)))
    for button in buttons:
        code = button["custom_id"].split(":p.")[1].split(".")[1].split(":")[0]
        assert (
            button["emoji"]["name"] == f"card_{code}_v1"
            and button["emoji"]["id"] == emojis[f"card_{code}_v1"]
        )
        assert "label" not in button
    description = content["embed"].description
    assert "<:suit_" in description and "♠️" not in description and "♣️" not in description
    assert len(description) <= 4096


def test_the_pass_menu_shows_each_card_as_its_emoji(emojis: dict[str, int]) -> None:
    table = table_at("hearts", 4, seed=8, steps=0)
    hearts = session_of(table)
    assert hearts.engine.phase is Phase.PASSING
    seat = hearts.to_act()[0]
    content = trick_ui(table).hand(table, seat, "fr", notice=None, hints=False)
    (menu,) = [item for item in components(content["view"]) if item["type"] == 3]
    assert [option["emoji"]["name"] for option in menu["options"]] == [
        card_emoji_name(card)
        for card in sorted(hearts.engine.hand(seat), key=lambda card: (card.suit, card.rank))
    ]
    assert all(not MARKUP.search(option["label"]) for option in menu["options"]), "a label shows no emoji"


def test_a_finished_hand_names_the_last_trick_with_emojis(emojis: dict[str, int]) -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    hearts = session_of(table)
    (recap,) = play_to_the_end_of_hand(hearts)
    (message,) = trick_ui(table).announcements(table, [recap])
    text = message["embed"].description
    assert text.startswith("Last trick: ") and card_text(recap.last_trick[0].card) in text.splitlines()[0]
    assert cards_shown(text) == {play.card for play in recap.last_trick}


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_full_log_pages_fit_an_embed_with_emojis_or_else_in_text(game: str, emojis: dict[str, int]) -> None:
    """Eight players with names of 32 characters, two decks: a hand's page is too long with the emojis (about 33
    characters a card); it is then written in text. Four players keep them."""
    for players, name_length, expect_emojis in ((8, 32, False), (4, 8, True)):
        table = table_at(game, players, seed=4, steps=0)
        table.seats = [
            Seat(seat.user_id, f"{index}" * name_length, seat.is_ai) for index, seat in enumerate(table.seats)
        ]
        play_to_the_end_of_hand(session_of(table))
        table.status = TableStatus.FINISHED
        pages = trick_ui(table).log_pages(table, "en-US")
        assert pages and all(len(page) <= LOG_PAGE_LIMIT for page in pages)
        assert bool(MARKUP.search(pages[0])) is expect_emojis
        assert len(cards_shown(pages[0])) > players, "the tricks' cards, in one form or the other"


def test_a_hand_too_long_for_one_page_even_in_text_goes_on_over_pages(emojis: dict[str, int]) -> None:
    """Found with eight players named with 32 characters each: the hand's page was cut with "…" and its last
    tricks were lost from the Full log. It now goes on, under the hand's heading, on the pages it needs."""
    table = table_at("hearts", 8, seed=4, steps=0)
    table.seats = [Seat(seat.user_id, f"{index}" * 32, seat.is_ai) for index, seat in enumerate(table.seats)]
    play_to_the_end_of_hand(session_of(table))
    table.status = TableStatus.FINISHED
    pages = trick_ui(table).log_pages(table, "en-US")
    assert all(len(page) <= LOG_PAGE_LIMIT for page in pages)
    heading = pages[0].splitlines()[0]
    first_hand = [page for page in pages if page.splitlines()[0] == heading]
    assert len(first_hand) >= 2, "the first hand goes on over a second page, under its heading"
    numbers = [
        line.split(".")[0] for page in first_hand for line in page.splitlines()[1:] if line[:1].isdigit()
    ]
    assert numbers == [str(number) for number in range(1, len(numbers) + 1)] and len(numbers) == 13
    assert not any(page.endswith("…") for page in pages)
