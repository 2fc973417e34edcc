"""The Klondike picture's description (alt text) speaks the table's language, names every pile, and stays within
Discord's limit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.klondike.description import klondike_description
from bot.ui.render import ColumnLayout
from bot.ui.render.examples import cards, klondike_example
from bot.ui.render.pieces import ALT_TEXT_LIMIT

RUN = cards("KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D AS")


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (
            "en-US",
            [
                "Stock: 14 cards. Waste: 7♥.",
                "Foundations: ♠ up to 3, ♥ empty, ♦ up to A, ♣ empty.",
                "Column 1: K♠ Q♥ J♣ 10♦.",
                "Column 3: 2 hidden, 10♥ 9♠ 8♥ 7♣.",
                "Column 4: empty.",
            ],
        ),
        (
            "fr",
            [
                "Talon\xa0: 14 cartes. Défausse\xa0: 7♥.",
                "Fondations\xa0: ♠ jusqu'à 3, ♥ vide, ♦ jusqu'à A, ♣ vide.",
                "Colonne 3\xa0: 2 cachées, 10♥ 9♠ 8♥ 7♣.",
            ],
        ),
        (
            "de",
            [
                "Talon: 14 Karten. Abwurf: 7♥.",
                "Ablagestapel: ♠ bis 3, ♥ leer, ♦ bis A, ♣ leer.",
                "Spalte 3: 2 verdeckt, 10♥ 9♠ 8♥ 7♣.",
                "Spalte 4: leer.",
            ],
        ),
    ],
)
def test_the_description_speaks_the_table_s_language(locale: str, expected: list[str]) -> None:
    text = klondike_description(klondike_example(), locale)
    for part in expected:
        assert part in text, (part, text)
    assert text.count(":") >= 10  # stock, waste, foundations and the seven columns


def test_an_empty_waste_and_a_crowded_table() -> None:
    columns = tuple(ColumnLayout(6, RUN) for _ in range(7))
    crowded = replace(klondike_example(), columns=columns, waste=())
    text = klondike_description(crowded, "de")
    assert "Abwurf: leer." in text and len(text) <= ALT_TEXT_LIMIT
