"""Dealing (every card once per deck, 13 each) and the passing cycle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.cards import Card, full_deck
from bot.games.hearts import (
    CardPlayed,
    Hearts,
    HeartsOptions,
    PassChosen,
    PassesExchanged,
    Phase,
    pass_offset_for,
)
from tests.games.hearts.helpers import code_of, random_step


@pytest.mark.parametrize("players", range(3, 9))
def test_every_card_is_dealt_at_most_once_per_deck_and_every_dealt_card_is_played(players: int) -> None:
    options = HeartsOptions(players=players)
    game = Hearts.new(options, 11)
    rng = random.Random(players)
    for _ in range(3):  # three hands
        hand_number = game.hand_number
        dealt = Counter(card for seat in range(players) for card in game.hand(seat))
        assert all(game.cards_in_hand(seat) == 13 for seat in range(players))
        assert sum(dealt.values()) == 13 * players
        assert set(dealt) <= set(full_deck())
        assert max(dealt.values()) <= options.decks
        if players == 4:
            assert dealt == Counter(full_deck())
        if players == 8:
            assert dealt == Counter(full_deck() * 2)
        played: Counter[Card] = Counter()
        while game.hand_number == hand_number and not game.is_over:
            for event in random_step(game, rng):
                if isinstance(event, CardPlayed):
                    played[event.card] += 1
        assert played == dealt  # passing moves cards between hands; every dealt card is played once
        if game.is_over:
            break


def test_a_new_game_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    options = HeartsOptions()
    first, again, other = Hearts.new(options, 42), Hearts.new(options, 42), Hearts.new(options, 43)
    assert first == again
    assert [first.hand(seat) for seat in range(4)] == [again.hand(seat) for seat in range(4)]
    assert [first.hand(seat) for seat in range(4)] != [other.hand(seat) for seat in range(4)]


@pytest.mark.parametrize(
    ("players", "cycle"),
    [
        (3, [1, -1, 2, None]),
        (4, [1, -1, 2, None]),
        (5, [1, -1, 2, None]),
        (6, [1, -1, 3, None]),
        (7, [1, -1, 2, None]),
        (8, [1, -1, 4, None]),
    ],
)
def test_the_pass_cycle_is_left_right_across_then_hold(players: int, cycle: list[int | None]) -> None:
    assert [pass_offset_for(players, hand) for hand in range(8)] == cycle + cycle


def test_passes_are_private_until_the_last_seat_chooses_then_exchanged_at_once() -> None:
    game = Hearts.new(HeartsOptions(), 3)
    assert game.phase is Phase.PASSING
    assert game.pass_offset == 1
    hands = [game.hand(seat) for seat in range(4)]
    chosen = {seat: hands[seat][-3:] for seat in range(4)}
    for seat in (2, 0, 3):
        assert game.pass_cards(seat, chosen[seat]) == [PassChosen(seat)]
        assert game.hand(seat) == hands[seat]  # nothing moves before the last choice
        assert game.chosen_pass(seat) == chosen[seat]
        assert game.received_cards(seat) == ()
    assert game.to_act() == (1,)
    assert game.view(0).chosen_pass == chosen[0]
    assert game.view(1).chosen_pass is None
    events = game.pass_cards(1, chosen[1])
    assert events[:2] == [PassChosen(1), PassesExchanged(1)]
    assert game.view(0).phase is Phase.PLAYING
    for giver in range(4):
        receiver = (giver + 1) % 4
        assert game.received_cards(receiver) == chosen[giver]
        assert set(chosen[giver]) <= set(game.hand(receiver))
        assert not set(chosen[giver]) & set(game.hand(giver))
        assert game.cards_in_hand(giver) == 13


def test_a_pass_choice_is_final_and_must_be_three_cards_of_the_hand() -> None:
    game = Hearts.new(HeartsOptions(), 3)
    hand = game.hand(0)
    other = next(card for card in game.hand(1))
    assert code_of(game.pass_refusal(0, hand[:2])) == "wrong_card_count"
    assert code_of(game.pass_refusal(0, [hand[0], hand[0], hand[1]])) == "card_not_in_hand"
    assert code_of(game.pass_refusal(0, [hand[0], hand[1], other])) == "card_not_in_hand"
    assert code_of(game.refusal(0, hand[0])) == "wrong_phase"
    game.pass_cards(0, hand[:3])
    assert code_of(game.pass_refusal(0, hand[3:6])) == "already_chosen"


def test_two_decks_allow_passing_two_identical_cards() -> None:
    for seed in range(200):
        game = Hearts.new(HeartsOptions(players=6), seed)
        hand = game.hand(0)
        twins = [card for card, count in Counter(hand).items() if count == 2]
        if twins:
            break
    else:
        pytest.fail("no seed gave a seat two identical cards")
    third = next(card for card in hand if card != twins[0])
    assert game.pass_refusal(0, [twins[0], twins[0], third]) is None
    game.pass_cards(0, [twins[0], twins[0], third])
    assert game.chosen_pass(0) is not None


def test_the_hold_hand_starts_in_play_and_the_cycle_repeats() -> None:
    rng = random.Random(5)
    game = Hearts.new(HeartsOptions(players=4, target=1000), 9)
    offsets: list[tuple[int, int | None, Phase]] = []
    while game.hand_number < 5:
        if not offsets or offsets[-1][0] != game.hand_number:
            offsets.append((game.hand_number, game.pass_offset, game.phase))
        random_step(game, rng)
    assert offsets == [
        (0, 1, Phase.PASSING),
        (1, -1, Phase.PASSING),
        (2, 2, Phase.PASSING),
        (3, None, Phase.PLAYING),
        (4, 1, Phase.PASSING),
    ]
