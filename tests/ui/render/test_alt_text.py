"""Screen-reader descriptions: every column or pile named, short enough for Discord (1,024 characters)."""

from __future__ import annotations

from dataclasses import replace

from bot.games.cards import Card
from bot.ui.render import (
    ColumnLayout,
    CrapettePlayerLayout,
    crapette_alt_text,
    klondike_alt_text,
    thegame_alt_text,
)
from bot.ui.render.examples import cards, crapette_example, klondike_example, thegame_example
from bot.ui.render.pieces import ALT_TEXT_LIMIT

RUN = cards("KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D AS")
LONG_NAME = "Maximilienne-Alexandrine de Tour"  # 32 characters, Discord's longest display name


def test_klondike_alt_text_names_the_stock_waste_foundations_and_every_column() -> None:
    text = klondike_alt_text(klondike_example())
    assert text.startswith("Stock 14 cards, waste 7♥.")
    assert "Foundations: ♠ up to 3, ♥ empty, ♦ up to A, ♣ empty." in text
    for number in range(1, 8):
        assert f"Column {number}:" in text
    assert "Column 1: K♠ Q♥ J♣ 10♦." in text
    assert "Column 3: 2 hidden, 10♥ 9♠ 8♥ 7♣." in text
    assert "Column 4: empty." in text


def test_klondike_alt_text_of_a_crowded_table_stays_under_the_limit() -> None:
    columns = tuple(ColumnLayout(6, RUN) for _ in range(7))
    layout = replace(klondike_example(), columns=columns, waste=RUN * 2)
    text = klondike_alt_text(layout)
    assert len(text) <= ALT_TEXT_LIMIT
    assert "Column 7:" in text


def test_crapette_alt_text_names_both_players_every_foundation_and_side_pile() -> None:
    text = crapette_alt_text(crapette_example())
    assert "Alice: crapette 9, top 7♥; stock 22; discard 6, top 9♠." in text
    assert "Bob (to play): crapette 12, top Q♣; stock 18; turned 5♦; discard 3, top 4♦." in text
    for number in range(1, 9):
        assert f"F{number} " in text
    side = text.split("Side piles: ")[1]
    assert [entry.split(" ")[0] for entry in side.rstrip(".").split("; ")] == [str(n) for n in range(1, 9)]
    assert "3 empty" in side


def test_crapette_alt_text_of_the_fullest_table_stays_under_the_limit() -> None:
    players = tuple(
        CrapettePlayerLayout(LONG_NAME, 13, Card("H", 10), 30, Card("S", 12), Card("D", 10), 5)
        for _ in range(2)
    )
    layout = replace(
        crapette_example(),
        players=(players[0], players[1]),
        side_piles=(RUN,) * 8,
        foundations=(Card("S", 10),) * 8,
    )
    text = crapette_alt_text(layout)
    assert len(text) <= ALT_TEXT_LIMIT
    assert text.endswith("; 8 K♠ Q♥ J♣ 10♦ 9♠ 8♥ 7♣ 6♦ 5♠ 4♥ 3♣ 2♦ A♠.")


def test_crapette_alt_text_sums_up_piles_when_listing_every_card_would_be_too_long() -> None:
    layout = replace(crapette_example(), side_piles=(RUN * 3,) * 8)
    text = crapette_alt_text(layout)
    assert len(text) <= ALT_TEXT_LIMIT
    assert text.endswith("; 8 39 cards to A♠.")


def test_thegame_alt_text_names_every_pile_its_target_marker_and_the_draw_pile() -> None:
    text = thegame_alt_text(thegame_example())
    assert text.startswith("Bob's turn · one of two played.")
    for name in "ABCD":
        assert f"Pile {name} " in text
    assert "Pile A (up): 23, backwards 13, please keep off (asked by Bob)." in text
    assert "Pile D (down): 100 (nothing played yet)." in text
    assert "small steps only (asked by Alexandrine)" in text
    assert text.endswith("Draw pile: 42 cards.")
    assert len(text) <= ALT_TEXT_LIMIT
