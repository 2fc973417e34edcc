"""The play rules on arranged hands: following suit, the first trick, breaking hearts, refusals."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.hearts import (
    ORIGINAL_RULES,
    CardPlayed,
    HeartsBroken,
    IllegalMove,
    Phase,
    PlayStarted,
    TrickWon,
)
from bot.games.hearts.rules import first_leader
from tests.games.hearts.helpers import ONLY_HEARTS_DEAL, RULES_DEAL, arranged, cards, code_of


def test_the_holder_of_the_two_of_clubs_leads_a_hand_without_passing() -> None:
    game = arranged(RULES_DEAL)
    assert game.phase is Phase.PLAYING
    assert game.pass_offset is None
    assert game.to_act() == (0,)
    assert game.trick_leader == 0


def test_under_the_original_rules_the_leader_may_lead_any_card_but_a_penalty_card_on_the_first_trick() -> (
    None
):
    game = arranged(RULES_DEAL, rules_version=ORIGINAL_RULES)
    assert game.legal_cards(0) == tuple(sorted(RULES_DEAL[0]))
    assert game.legal_cards(1) == ()


def test_first_trick_a_void_seat_may_not_discard_points_while_it_holds_another_card() -> None:
    game = arranged(RULES_DEAL)
    game.play(0, Card("C", 2))
    assert set(game.legal_cards(1)) == set(cards("2S 3S 4S 5S 6S"))
    assert code_of(game.refusal(1, Card("S", 12))) == "no_points_on_first_trick"
    assert code_of(game.refusal(1, Card("H", 2))) == "no_points_on_first_trick"
    assert code_of(game.refusal(1, Card("C", 3))) == "card_not_in_hand"
    assert code_of(game.refusal(2, Card("C", 8))) == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        game.play(1, Card("S", 12))
    assert refused.value.code == "no_points_on_first_trick"


def test_a_seat_that_can_follow_suit_must() -> None:
    game = arranged(RULES_DEAL)
    game.play(0, Card("C", 2))
    game.play(1, Card("S", 2))
    assert code_of(game.refusal(2, Card("D", 10))) == "must_follow_suit"
    assert set(game.legal_cards(2)) == set(cards("8C 9C 10C JC QC KC"))


def test_the_highest_card_of_the_suit_led_wins_and_its_seat_leads_next() -> None:
    game = arranged(RULES_DEAL)
    game.play(0, Card("C", 2))
    game.play(1, Card("S", 6))  # a higher card of another suit does not win
    game.play(2, Card("C", 8))
    events = game.play(3, Card("C", 14))
    assert events[-1] == TrickWon(3, tuple(cards("2C 6S 8C AC")), 0)
    assert game.to_act() == (3,)
    assert game.trick_leader == 3
    assert game.last_trick_winner == 3
    assert [play.card for play in game.last_trick] == cards("2C 6S 8C AC")
    assert game.tricks_taken(3) == 1
    assert game.current_trick == ()


def test_hearts_cannot_be_led_before_they_are_broken_but_can_be_discarded_after_the_first_trick() -> None:
    game = arranged(RULES_DEAL)
    for seat, card in ((0, "2C"), (1, "2S"), (2, "8C"), (3, "AC")):
        game.play(seat, Card.from_code(card))
    assert code_of(game.refusal(3, Card("H", 9))) == "hearts_not_broken"
    assert Card("H", 9) not in game.legal_cards(3)
    game.play(3, Card("D", 9))
    assert code_of(game.refusal(0, Card("C", 3))) == "must_follow_suit"
    game.play(0, Card("D", 2))
    assert Card("H", 8) in game.legal_cards(1)  # void in diamonds, after the first trick
    events = game.play(1, Card("H", 8))
    assert events == [CardPlayed(1, Card("H", 8)), HeartsBroken(1)]
    assert game.hearts_broken
    game.play(2, Card("D", 10))
    assert game.last_trick_winner == 2
    assert game.hand_points(2) == 1
    assert game.penalty_cards(2) == (Card("H", 8),)
    game.play(2, Card("S", 7))
    game.play(3, Card("S", 9))
    game.play(0, Card("D", 3))
    game.play(1, Card("S", 3))
    assert game.trick_leader == 3
    assert Card("H", 9) in game.legal_cards(3)  # broken: hearts may be led
    assert game.refusal(3, Card("H", 9)) is None


def test_a_leader_holding_only_hearts_may_lead_one_before_they_are_broken() -> None:
    game = arranged(ONLY_HEARTS_DEAL)
    assert game.to_act() == (1,)
    # The first leader leads its 2 of clubs, nothing else.
    assert code_of(game.refusal(1, Card("H", 14))) == "must_lead_lowest_card"
    assert game.legal_cards(1) == (Card("C", 2),)
    for seat, card in ((1, "2C"), (2, "2D"), (3, "2S"), (0, "AC")):
        assert game.refusal(seat, Card.from_code(card)) is None
        game.play(seat, Card.from_code(card))
    assert code_of(game.refusal(3, Card("S", 12))) == "not_your_turn"
    assert not game.hearts_broken
    assert game.legal_cards(0) == tuple(cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"))
    events = game.play(0, Card("H", 2))
    assert HeartsBroken(0) in events
    # Leading a heart unbroken tells everyone that seat 0 holds only hearts.
    assert game.known_voids(0) == frozenset("CDS")


def test_first_leader_is_the_lowest_card_by_rank_then_suit_when_nobody_holds_the_two_of_clubs() -> None:
    hands = [cards("3C 5H"), cards("2D 9S"), cards("2H 4C")]
    assert first_leader(hands) == 1
    # Two identical lowest cards (two decks): the first seat clockwise from seat 0 leads.
    assert first_leader([cards("5S"), cards("2C"), cards("2C")]) == 1


def test_play_started_names_the_leader_after_the_passes() -> None:
    from bot.games.hearts import Hearts, HeartsOptions

    game = Hearts.new(HeartsOptions(), 5)
    events = []
    for seat in range(4):
        events = game.pass_cards(seat, game.hand(seat)[:3])
    assert isinstance(events[-1], PlayStarted)
    leader = events[-1].leader
    assert Card("C", 2) in game.hand(leader)
    assert game.to_act() == (leader,)


def test_an_unknown_seat_is_refused_everywhere() -> None:
    game = arranged(RULES_DEAL)
    assert code_of(game.refusal(4, Card("C", 2))) == "unknown_seat"
    assert code_of(game.pass_refusal(-1, cards("2C 3C 4C"))) == "unknown_seat"
    assert code_of(game.moon_refusal(7, "minus_self")) == "unknown_seat"
    assert game.legal_cards(4) == ()
    with pytest.raises(IllegalMove) as refused:
        game.hand(4)
    assert refused.value.code == "unknown_seat"
    with pytest.raises(IllegalMove):
        game.view(True)  # a bool is not a seat
