"""Playing: only legal cards, refusals that change nothing, scoring, the order of contracts and dealers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.barbu import (
    CONTRACT_ORDER,
    Barbu,
    BarbuOptions,
    CardPlayed,
    Contract,
    ErrorCode,
    Event,
    GameEnded,
    HandDealt,
    HandScored,
    IllegalMove,
    Phase,
    TrickWon,
)
from bot.games.barbu.contracts import playing_deck
from bot.games.cards import Card

from .helpers import play_random, random_game

FAST = settings(max_examples=30, deadline=None)


@FAST
@given(players=st.integers(3, 8), seed=st.integers(0, 10**9), early_end=st.booleans())
def test_random_games_accept_exactly_the_legal_cards(players: int, seed: int, early_end: bool) -> None:
    game = Barbu.new(BarbuOptions(players=players, early_end=early_end), seed)
    rng = random.Random(seed)
    deck = sorted(set(playing_deck(players)))
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_cards(seat)
        hand = game.hand(seat)
        assert legal and len(set(legal)) == len(legal)
        other = rng.choice([other for other in range(players) if other != seat])
        assert game.legal_cards(other) == ()
        assert game.refusal(other, legal[0]).code == ErrorCode.NOT_YOUR_TURN  # type: ignore[union-attr]
        for card in rng.sample(deck, 3) + list(hand):
            refusal = game.refusal(seat, card)
            assert (refusal is None) == (card in legal), (card, refusal)
            if card not in hand:
                assert refusal is not None and refusal.code == ErrorCode.CARD_NOT_IN_HAND
            elif refusal is not None:
                assert refusal.code == ErrorCode.MUST_FOLLOW_SUIT
        game.play(seat, rng.choice(legal))
    assert game.phase is Phase.OVER


@FAST
@given(players=st.integers(3, 8), seed=st.integers(0, 10**9), early_end=st.booleans())
def test_each_hand_distributes_exactly_its_contract_total(players: int, seed: int, early_end: bool) -> None:
    game = Barbu.new(BarbuOptions(players=players, early_end=early_end), seed)
    totals = [game.contract_total()]
    scored: list[HandScored] = []

    def record(game: Barbu, seat: int, card: Card, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandScored):
                scored.append(event)
            if isinstance(event, HandDealt):
                totals.append(game.contract_total())

    play_random(game, random.Random(seed), after_play=record)
    assert len(scored) == 5 == len(totals)
    for event, total, result in zip(scored, totals, game.hand_history, strict=True):
        assert sum(event.points) == total == sum(result.points)
    assert sum(game.scores) == sum(totals)


def test_contract_totals_for_four_players() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=5)
    expected = {
        Contract.FEWEST_TRICKS: 65,
        Contract.NO_HEARTS: 65,
        Contract.NO_QUEENS: 80,
        Contract.BARBU: 80,
        Contract.SALAD: 65 + 65 + 80 + 80,
    }
    seen = {}
    rng = random.Random(5)
    while not game.is_over:
        seen[game.contract] = game.contract_total()
        play_random(game, rng, plays=1)
    assert seen == expected


def test_two_decks_count_each_copy() -> None:
    game = Barbu.new(BarbuOptions(players=8), seed=5)  # 104 cards, none set aside
    assert game.contract_total() == 5 * 13
    rng = random.Random(5)
    while game.contract is not Contract.SALAD:
        play_random(game, rng, plays=1)
    assert game.contract_total() == 5 * 13 + 5 * 26 + 20 * 8 + 80 * 2


def test_trick_points_per_contract() -> None:
    king, queen, heart, plain = Card("H", 13), Card("S", 12), Card("H", 4), Card("C", 9)
    assert Contract.FEWEST_TRICKS.trick_points([king, queen, heart, plain]) == 5
    assert Contract.NO_HEARTS.trick_points([king, queen, heart, plain]) == 10
    assert Contract.NO_QUEENS.trick_points([king, queen, heart, plain, Card("H", 12)]) == 40
    assert Contract.BARBU.trick_points([king, queen, heart, plain]) == 80
    assert Contract.SALAD.trick_points([king, queen, heart, plain]) == 5 + 10 + 20 + 80
    assert [(penalty.unit, penalty.points) for penalty in Contract.SALAD.penalties] == [
        ("trick", 5),
        ("heart", 5),
        ("queen", 20),
        ("king_of_hearts", 80),
    ]


def test_a_trick_goes_to_the_highest_card_of_the_suit_led_and_the_winner_leads() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=11)
    rng = random.Random(11)
    for _ in range(6):
        leader = game.to_act()[0]
        plays = []
        for _ in range(4):
            seat = game.to_act()[0]
            card = rng.choice(game.legal_cards(seat))
            plays.append((seat, card))
            events = game.play(seat, card)
        led = plays[0][1].suit
        winner = max((card.rank, seat) for seat, card in plays if card.suit == led)[1]
        assert plays[0][0] == leader
        assert events[-1] == TrickWon(winner, tuple(card for _, card in plays), events[-1].points)  # type: ignore[union-attr]
        assert game.to_act() == (winner,) == (game.last_trick_winner,)
        assert game.trick_leader == winner
        assert game.last_trick == tuple(game.tricks[-1].plays)


def test_the_default_cycle_plays_the_five_contracts_in_order_and_passes_the_deal_left() -> None:
    game = Barbu.new(BarbuOptions(players=3), seed=2)
    dealt: list[HandDealt] = [HandDealt(0, game.contract, game.dealer)]
    play_random(
        game,
        random.Random(2),
        after_play=lambda g, s, c, events: dealt.extend(
            event for event in events if isinstance(event, HandDealt)
        ),
    )
    assert [event.contract for event in dealt] == list(CONTRACT_ORDER)
    assert [event.dealer for event in dealt] == [0, 1, 2, 0, 1]
    assert [event.hand_number for event in dealt] == [0, 1, 2, 3, 4]
    assert [result.contract for result in game.hand_history] == list(CONTRACT_ORDER)
    assert game.hands_total == 5


def test_the_full_cycle_gives_each_seat_the_five_contracts_as_dealer() -> None:
    game = random_game(players=3, seed=4, full_cycle=True)
    history = game.hand_history
    assert game.hands_total == len(history) == 15
    assert [result.dealer for result in history] == [0] * 5 + [1] * 5 + [2] * 5
    assert [result.contract for result in history] == list(CONTRACT_ORDER) * 3


def test_the_first_trick_of_each_hand_is_led_by_the_dealers_left() -> None:
    game = Barbu.new(BarbuOptions(players=5), seed=9)
    rng = random.Random(9)
    while not game.is_over:
        if not game.tricks and not game.current_trick:
            assert game.to_act() == ((game.dealer + 1) % 5,)
        play_random(game, rng, plays=1)


def test_the_lowest_total_wins_and_ties_share() -> None:
    for seed in range(15):
        game = random_game(players=3, seed=seed)
        lowest = min(game.scores)
        assert game.winners == tuple(seat for seat in range(3) if game.scores[seat] == lowest)
    # Shared wins happen (every penalty is a multiple of 5): the first few random games give one.
    game = next(
        game for game in (random_game(players=4, seed=seed) for seed in range(100)) if len(game.winners) > 1
    )
    assert all(game.scores[seat] == min(game.scores) for seat in game.winners)
    assert game.scores.count(min(game.scores)) == len(game.winners)


def test_the_last_play_scores_the_hand_and_ends_the_game() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=3)
    rng = random.Random(3)
    events: list[Event] = []
    while not game.is_over:
        seat = game.to_act()[0]
        events = game.play(seat, rng.choice(game.legal_cards(seat)))
    assert [type(event) for event in events] == [CardPlayed, TrickWon, HandScored, GameEnded]
    assert events[-1] == GameEnded(game.winners, game.scores)
    assert game.to_act() == () and game.trick_leader is None
    assert game.hand_number == 4 and game.contract is Contract.SALAD
    assert sum(game.hand_points(seat) for seat in range(4)) == 290  # the last hand stays on the board


def test_refused_plays_change_nothing() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=8)
    play_random(game, random.Random(8), plays=5)  # mid-trick: seat to play must follow the suit led
    before = game.to_dict()
    seat = game.to_act()[0]
    led = game.current_trick[0].card.suit
    attempts = [
        ((seat + 1) % 4, game.hand((seat + 1) % 4)[0], ErrorCode.NOT_YOUR_TURN),
        (seat, next(c for c in playing_deck(4) if c not in game.hand(seat)), ErrorCode.CARD_NOT_IN_HAND),
        (9, Card("S", 14), ErrorCode.NOT_YOUR_TURN),
    ]
    off_suit = [card for card in game.hand(seat) if card.suit != led]
    if any(card.suit == led for card in game.hand(seat)) and off_suit:
        attempts.append((seat, off_suit[0], ErrorCode.MUST_FOLLOW_SUIT))
    for attempt_seat, card, code in attempts:
        with pytest.raises(IllegalMove) as raised:
            game.play(attempt_seat, card)
        assert raised.value.code == code
        assert game.refusal(attempt_seat, card) == raised.value
        assert game.to_dict() == before
        assert game.view(seat) == Barbu.from_dict(before).view(seat)
    assert len(attempts) == 4, "the seed should give a seat that must follow suit"


def test_no_play_after_the_game_is_over() -> None:
    game = random_game(players=4, seed=1)
    with pytest.raises(IllegalMove) as raised:
        game.play(0, Card("S", 14))
    assert raised.value.code == ErrorCode.WRONG_PHASE
    assert all(game.legal_cards(seat) == () for seat in range(4))


@pytest.mark.parametrize("contract_index", [1, 2, 3])
def test_early_end_stops_a_hand_once_its_penalty_cards_are_taken(contract_index: int) -> None:
    ended_early = 0
    for seed in range(10):
        game = Barbu.new(BarbuOptions(players=4, early_end=True), seed)
        rng = random.Random(seed)
        while game.hand_number < contract_index:
            play_random(game, rng, plays=1)
        contract = game.contract
        penalty_cards = sum(contract.is_penalty_card(card) for card in playing_deck(4))
        plays = 0
        while game.hand_number == contract_index:
            taken_before = sum(len(game.penalty_cards(seat)) for seat in range(4))
            assert taken_before < penalty_cards, "the hand should have ended already"
            seat = game.to_act()[0]
            events = game.play(seat, rng.choice(game.legal_cards(seat)))
            plays += 1
            scored = [event for event in events if isinstance(event, HandScored)]
            if scored:
                trick = next(event for event in events if isinstance(event, TrickWon))
                assert taken_before + sum(map(contract.is_penalty_card, trick.cards)) == penalty_cards
                assert scored[0].ended_early == (plays < 52)
                ended_early += scored[0].ended_early
        assert game.hand_history[-1].contract is contract
    assert ended_early >= 3  # random play often takes the last penalty card before the last trick


def test_without_early_end_or_in_trick_contracts_every_card_is_played() -> None:
    game = random_game(players=4, seed=6, early_end=True)
    lengths = {result.contract: result for result in game.hand_history}
    assert set(lengths) == set(Contract)
    plays_per_hand: dict[int, int] = {}
    replayed = Barbu.new(game.options, game.seed)
    for play in game.log:
        plays_per_hand[replayed.hand_number] = plays_per_hand.get(replayed.hand_number, 0) + 1
        replayed.play(play.seat, play.card)
    assert plays_per_hand[0] == plays_per_hand[4] == 52
    plain = random_game(players=4, seed=6)
    assert len(plain.log) == 5 * 52


def test_penalty_cards_and_tricks_taken_are_tracked_per_seat() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=12)
    rng = random.Random(12)
    while game.contract is not Contract.SALAD:
        play_random(game, rng, plays=1)
    play_random(game, rng, plays=40)
    for seat in range(4):
        won = [trick for trick in game.tricks if trick.winner == seat]
        assert game.tricks_taken(seat) == len(won)
        cards = sorted(card for trick in won for card in trick.cards if Contract.SALAD.is_penalty_card(card))
        assert list(game.penalty_cards(seat)) == cards
        assert game.hand_points(seat) == sum(trick.points for trick in won)
