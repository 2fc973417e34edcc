"""The deal, who starts, owned cards and the options."""

from __future__ import annotations

import pytest

from bot.games.cards import Card, full_deck
from bot.games.crapette import Crapette, CrapetteOptions, OwnedCard
from bot.games.crapette.layout import OWNED_CARDS, RULES_VERSION, card_id
from tests.games.crapette.helpers import all_cards, deck_with


def test_the_deal_follows_the_rules() -> None:
    game = Crapette.new(CrapetteOptions(), seed=5)
    for seat in (0, 1):
        assert game.crapette_count(seat) == 13
        assert game.stock_count(seat) == 35
        assert game.discard(seat) == ()
        assert game.stock_turned(seat) is None
        assert game.crapette_top(seat) == game.crapette_cards(seat)[-1]
        assert game.cards_left(seat) == 48
    assert [len(pile) for pile in game.side_piles] == [1] * 8
    assert all(card.owner == 0 for pile in game.side_piles[:4] for card in pile)
    assert all(card.owner == 1 for pile in game.side_piles[4:] for card in pile)
    assert game.foundations == ((),) * 8
    assert game.turn_number == 1 and game.penalties == (0, 0) and not game.is_over


def test_every_card_is_on_the_table_once_per_owner() -> None:
    game = Crapette.new(CrapetteOptions(), seed=11)
    cards = all_cards(game)
    assert len(cards) == 104 and set(cards.values()) == {1}
    assert {card.owner for card in cards} == {0, 1}


def test_decks_are_read_from_the_top() -> None:
    deck = deck_with(
        "KS",
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "9H",
        "10H",
        "JH",
        "QH",
        "KH",
        "AC",
        "2C",
        "3C",
        "4C",
        "5C",
    )
    game = Crapette.from_decks(CrapetteOptions(), deck, full_deck())
    assert game.crapette_top(0) == OwnedCard(Card("S", 13), 0)
    assert [pile[0].card.code for pile in game.side_piles[:4]] == ["AC", "2C", "3C", "4C"]
    assert game.stock_cards(0)[-1].card.code == "5C"  # the next card turned up


def test_same_seed_same_deal_and_other_seed_other_deal() -> None:
    assert Crapette.new(seed=3) == Crapette.new(seed=3)
    assert Crapette.new(seed=3).decks != Crapette.new(seed=4).decks
    assert Crapette.new(seed=3).decks[0] != Crapette.new(seed=3).decks[1]


def test_the_higher_crapette_top_starts() -> None:
    game = Crapette.from_decks(CrapetteOptions(), deck_with("QH"), deck_with("KS"))
    assert game.first_player == game.current_player == 1
    assert len(game.opening_cards) == 1
    game = Crapette.from_decks(CrapetteOptions(), deck_with("2H"), deck_with("AS"))
    assert game.first_player == 0  # the ace is low in Crapette


def test_equal_tops_compare_the_next_cards() -> None:
    game = Crapette.from_decks(CrapetteOptions(), deck_with("7H", "9C"), deck_with("7S", "3D"))
    assert game.first_player == 0
    assert [(a.card.code, b.card.code) for a, b in game.opening_cards] == [("7H", "7S"), ("9C", "3D")]
    identical = Crapette.from_decks(CrapetteOptions(), full_deck(), full_deck())
    assert identical.first_player == 0 and len(identical.opening_cards) == 13


def test_bad_decks_are_refused() -> None:
    with pytest.raises(ValueError):
        Crapette.from_decks(CrapetteOptions(), full_deck()[:-1], full_deck())
    with pytest.raises(ValueError):
        Crapette.from_decks(CrapetteOptions(), [*full_deck()[:-1], full_deck()[0]], full_deck())
    with pytest.raises(TypeError):
        Crapette.new(seed="1")  # type: ignore[arg-type]


def test_owned_card_ids_round_trip() -> None:
    assert len(OWNED_CARDS) == 104
    for index, card in enumerate(OWNED_CARDS):
        assert card_id(card) == index
    assert str(OwnedCard(Card("S", 12), 1)) == "Q♠" and OwnedCard(Card("S", 12), 1).code == "QS/1"


def test_options_round_trip_and_validate() -> None:
    for options in (CrapetteOptions(), CrapetteOptions("alternate", True), CrapetteOptions(rules_version=1)):
        assert CrapetteOptions.from_dict(options.to_dict()) == options
    assert CrapetteOptions().rules_version == RULES_VERSION == 3, "new games play by the sources' rules"
    assert CrapetteOptions().sources_rules and CrapetteOptions().loop_ends_turn
    assert (
        CrapetteOptions(rules_version=2).sources_rules and not CrapetteOptions(rules_version=2).loop_ends_turn
    )
    # Options saved before there were rules versions: the game keeps the first rules it started with.
    assert CrapetteOptions.from_dict({}) == CrapetteOptions(rules_version=1)
    for version in (0, 4, "2", True):
        with pytest.raises(ValueError):
            CrapetteOptions(rules_version=version)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        CrapetteOptions(opponent_build="colour")
    with pytest.raises(ValueError):
        CrapetteOptions.from_dict({"strict": True, "speed": 3})
    with pytest.raises(ValueError):
        CrapetteOptions.from_dict([])
