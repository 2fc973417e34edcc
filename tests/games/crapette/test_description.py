"""The Crapette picture's description (alt text) speaks the table's language, says who is to play, and stays
within Discord's limit by summing up long side piles."""

from __future__ import annotations

from dataclasses import replace

from bot.games.crapette.description import _description, crapette_description
from bot.ui.render.examples import cards, crapette_example
from bot.ui.render.pieces import ALT_TEXT_LIMIT

RUN = cards("KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D AS")
LONG_NAME = "Maximilienne-Alexandrine de Tour"


def test_the_description_in_english() -> None:
    text = crapette_description(crapette_example(), "en-US")
    assert text.startswith("Alice: crapette 9, top 7♥; stock 22; discard 6, top 9♠.")
    assert "Bob (to play): crapette 12, top Q♣; stock 18; turned 5♦; discard 3, top 4♦." in text
    assert "Foundations: F1 A♠, F2 3♥, F3 empty," in text
    assert "Side piles: 1 K♠ Q♥ J♣ 10♦ 9♠ 8♥ 7♣ 6♦ 5♠ 4♥ 3♣ 2♦ A♠; 2 9♦; 3 empty;" in text


def test_the_description_in_german_and_french() -> None:
    german = crapette_description(crapette_example(), "de")
    assert german.startswith("Alice: Crapette 9, oben 7♥; Talon 22; Abwurf 6, oben 9♠.")
    assert "Bob (am Zug): Crapette 12, oben Q♣; Talon 18; offen 5♦;" in german
    assert "Ablagestapel: F1 A♠, F2 3♥, F3 leer," in german and "Seitenstapel: 1 K♠" in german
    french = crapette_description(crapette_example(), "fr")
    assert (
        "Bob (à son tour)\xa0: crapette 12, dessus Q♣ ; talon 18" not in french
    )  # no space before ";" in French text
    assert "Bob (à son tour)\xa0: crapette 12, dessus Q♣; talon 18; retournée 5♦;" in french


def test_a_crowded_table_sums_up_its_long_side_piles() -> None:
    players = tuple(replace(player, name=LONG_NAME) for player in crapette_example().players)
    crowded = replace(crapette_example(), side_piles=(RUN,) * 8, players=(players[0], players[1]))
    assert len(crapette_description(crowded, "de")) <= ALT_TEXT_LIMIT
    summed_up = _description(
        crowded, "de", full_piles=False
    )  # what a description too long for Discord becomes
    assert "Seitenstapel: 1 13 Karten bis A♠; 2 13 Karten bis A♠;" in summed_up
