"""The first trick under the current rules: the 2 of clubs (or the lowest card in play) leads, and nobody plays a
heart or the queen of spades on it while holding another card they may play, following suit included. The engine,
the AI's policy and its fast playouts share the one rule."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.hearts import (
    CURRENT_RULES,
    ORIGINAL_RULES,
    BaselineStrategy,
    Hearts,
    HeartsOptions,
    IllegalMove,
    StrongStrategy,
)
from bot.games.hearts.card_ints import CARD_TO_INT, QUEEN_OF_SPADES, to_ints
from bot.games.hearts.policy import choose_play
from bot.games.hearts.world import HeartsWorld
from bot.games.trick_ai import SearchSettings
from tests.games.hearts.helpers import RULES_DEAL, arranged, cards, code_of

# Three players, 13 cards set aside with the 2 of clubs: the lowest card in play is the 2 of diamonds (seat 2).
NO_TWO_OF_CLUBS = (
    cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D"),
    cards("4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S"),
    cards("2D 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
)
# Three players, neither the 2 of clubs nor the 2 of diamonds in play: the lowest card is the 2 of hearts (seat 1).
HEART_IS_LOWEST = (
    cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D"),
    cards("2H 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 3H"),
    cards("2S 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3S"),
)
# Three players, no 2 of a minor suit nor of hearts in play: seat 0 leads the 2 of spades, seat 1 must follow with
# its king, and seat 2 holds the queen of spades and the 5 of spades.
SPADE_LEAD = (
    cards("2S 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"),
    cards("KS 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
    cards("QS 5S 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
)


def test_new_games_play_the_current_rules() -> None:
    assert HeartsOptions().rules_version == CURRENT_RULES
    assert Hearts.new(HeartsOptions(players=5), 3).options.rules_version == CURRENT_RULES


def test_the_holder_of_the_two_of_clubs_must_lead_it() -> None:
    game = arranged(RULES_DEAL)
    assert game.to_act() == (0,)
    assert game.legal_cards(0) == (Card("C", 2),)
    refusal = game.refusal(0, Card("C", 3))
    assert refusal is not None and refusal.code == "must_lead_lowest_card"
    assert refusal.params == {"card": "2♣"} and "2♣" in refusal.message
    before = game.to_dict()
    with pytest.raises(IllegalMove):
        game.play(0, Card("D", 8))
    assert game.to_dict() == before
    game.play(0, Card("C", 2))
    assert game.legal_cards(1) == tuple(cards("2S 3S 4S 5S 6S"))  # the rest of the trick is unchanged


def test_without_the_two_of_clubs_the_lowest_card_in_play_leads() -> None:
    game = arranged(NO_TWO_OF_CLUBS)
    assert game.to_act() == (2,)
    assert game.legal_cards(2) == (Card("D", 2),)
    refusal = game.refusal(2, Card("H", 2))
    assert refusal is not None and refusal.params == {"card": "2♦"}


def test_the_lowest_card_leads_even_when_it_is_a_heart_and_tells_nothing_about_the_hand() -> None:
    game = arranged(HEART_IS_LOWEST)
    assert game.to_act() == (1,)
    assert game.legal_cards(1) == (Card("H", 2),)
    assert code_of(game.refusal(1, Card("D", 4))) == "must_lead_lowest_card"
    game.play(1, Card("H", 2))
    assert game.hearts_broken
    # Seat 1 still holds diamonds: a forced lead must not mark it void in every other suit.
    assert game.known_voids(1) == frozenset()
    assert set(game.legal_cards(2)) == set(cards("4H 5H 6H 7H 8H 9H 10H JH QH KH AH"))


def test_with_two_decks_the_first_holder_in_seat_order_leads_and_the_other_copy_follows() -> None:
    deck = [Card(suit, rank) for suit in "CDHS" for rank in range(2, 15)] * 2
    twos = [card for card in deck if card == Card("C", 2)]
    rest = [card for card in deck if card != Card("C", 2)]
    hands = [rest[seat * 13 : seat * 13 + 13] for seat in range(5)]
    for seat in (2, 4):
        hands[seat][0] = twos.pop()
    game = Hearts.arranged(HeartsOptions(players=5), hands, 0, 3)
    assert game.to_act() == (2,)
    assert game.legal_cards(2) == (Card("C", 2),)
    game.play(2, Card("C", 2))
    game.play(3, game.legal_cards(3)[0])
    assert Card("C", 2) in game.legal_cards(4)


def test_no_queen_of_spades_on_the_first_trick_while_another_spade_follows_suit() -> None:
    game = arranged(SPADE_LEAD)
    game.play(0, Card("S", 2))
    game.play(1, Card("S", 13))
    assert game.legal_cards(2) == (Card("S", 5),)
    assert code_of(game.refusal(2, Card("S", 12))) == "no_points_on_first_trick"
    view = game.view(2)
    assert BaselineStrategy().choose_card(view) == Card("S", 5)
    assert StrongStrategy(SearchSettings(rollouts=16, min_samples=2, max_samples=4)).choose_card(
        view
    ) == Card("S", 5)


def test_the_original_rules_still_let_the_queen_follow_suit_on_the_first_trick() -> None:
    game = arranged(SPADE_LEAD, rules_version=ORIGINAL_RULES)
    assert len(game.legal_cards(0)) > 1  # any first lead but a penalty card
    game.play(0, Card("S", 2))
    game.play(1, Card("S", 13))
    assert game.legal_cards(2) == (Card("S", 5), Card("S", 12))
    assert game.refusal(2, Card("S", 12)) is None


def test_the_policy_ducks_with_another_spade_not_the_queen_on_the_first_trick() -> None:
    hand = to_ints(cards("5S QS 3H 4H"))
    trick = to_ints(cards("2S KS"))
    assert choose_play(hand, trick, True, False, 0, 1, CURRENT_RULES) == CARD_TO_INT[Card("S", 5)]
    # The original rules allowed the queen under the king, and the policy took it.
    assert choose_play(hand, trick, True, False, 0, 1, ORIGINAL_RULES) == QUEEN_OF_SPADES


def tiny_world(rules_version: int) -> HeartsWorld:
    """Three seats on the first trick: seat 0 led 2♠, seat 1 plays K♠ (its last card), then seat 2 holds Q♠ and
    5♠; seat 0 has no card left, so the playout stops after this trick."""
    world = object.__new__(HeartsWorld)
    world.players = 3
    world.hands = [[], to_ints(cards("KS")), to_ints(cards("5S QS"))]
    world.trick = to_ints(cards("2S"))
    world.trick_seats = [0]
    world.seat_to_play = 1
    world.first_trick = True
    world.hearts_broken = False
    world.points = [0, 0, 0]
    world.penalty_taken = [0, 0, 0]
    world.penalty_total = 1
    world.penalty_in_hands = 1
    world.queens_unplayed = 1
    world.moon_award = 26
    world.rules_version = rules_version
    return world


def test_the_fast_playouts_keep_the_queen_on_the_first_trick() -> None:
    import random

    world = tiny_world(CURRENT_RULES)
    world.play(Card("S", 13))
    world.rollout(random.Random(0))
    assert world.points == [0, 0, 0]
    assert world.hands[2] == [QUEEN_OF_SPADES]
    old = tiny_world(ORIGINAL_RULES)
    old.play(Card("S", 13))
    old.rollout(random.Random(0))
    assert old.points == [0, 13, 0]
