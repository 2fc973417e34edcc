"""The deck and the deal: the right cards for each table size, each dealt once, the deal passing left."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.barbu import Barbu, BarbuOptions, Contract, cards_per_player, deck_count, removed_cards
from bot.games.barbu.contracts import playing_deck
from bot.games.cards import Card, full_deck


@pytest.mark.parametrize(
    ("players", "per_player", "decks", "aside"),
    [(3, 17, 1, 0), (4, 13, 1, 0), (5, 10, 1, 0), (6, 17, 2, 2), (7, 14, 2, 6), (8, 13, 2, 0)],
)
def test_each_table_size_gets_its_deck_and_hand_size(
    players: int, per_player: int, decks: int, aside: int
) -> None:
    game = Barbu.new(BarbuOptions(players=players), seed=7)
    assert deck_count(players) == decks
    assert cards_per_player(players) == per_player
    assert [game.cards_in_hand(seat) for seat in range(players)] == [per_player] * players
    assert len(game.set_aside) == aside


@pytest.mark.parametrize("players", range(3, 9))
def test_every_card_of_the_deck_is_dealt_or_set_aside_exactly_once(players: int) -> None:
    for seed in range(5):
        game = Barbu.new(BarbuOptions(players=players), seed=seed)
        dealt = Counter(card for seat in range(players) for card in game.hand(seat))
        dealt.update(game.set_aside)
        assert dealt == Counter(playing_deck(players))


def test_the_removed_twos_are_never_dealt() -> None:
    assert removed_cards(3) == (Card("C", 2),)
    assert set(removed_cards(5)) == {Card("C", 2), Card("S", 2)}
    for players in (3, 5):
        deck = playing_deck(players)
        assert not set(removed_cards(players)) & set(deck)
        assert len(deck) == 52 - len(removed_cards(players))
    assert Counter(playing_deck(7)) == Counter(full_deck() * 2)


def test_hands_are_sorted_and_differ_between_hands_and_seeds() -> None:
    game = Barbu.new(BarbuOptions(), seed=1)
    other = Barbu.new(BarbuOptions(), seed=2)
    assert all(game.hand(seat) == tuple(sorted(game.hand(seat))) for seat in range(4))
    assert game.hand(0) != other.hand(0)
    assert Barbu.new(BarbuOptions(), seed=1).hand(0) == game.hand(0)


def test_the_seat_left_of_the_dealer_leads_and_receives_the_first_card() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=3)
    assert game.dealer == 0
    assert game.to_act() == (1,)
    assert game.trick_leader == 1
    assert game.contract is Contract.FEWEST_TRICKS


def test_two_identical_cards_the_first_played_wins() -> None:
    from bot.games.tricks import TrickPlay, trick_winner

    plays = [TrickPlay(2, Card("S", 9)), TrickPlay(3, Card("S", 12)), TrickPlay(4, Card("S", 12))]
    assert trick_winner(plays) == 3
