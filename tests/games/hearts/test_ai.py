"""The AI players: legal decisions, no hidden information, reproducible decisions, the moon rule."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.cards import Card
from bot.games.hearts import (
    BaselineStrategy,
    Hearts,
    HeartsOptions,
    HeartsView,
    Phase,
    StrongStrategy,
    act,
    moon_choice_for,
)
from bot.games.hearts.card_ints import INT_TO_CARD
from bot.games.hearts.world import HeartsInformationSet
from bot.games.trick_ai import SearchSettings
from tests.games.hearts.helpers import cards_in, play_moon_hand, play_until, random_step

QUICK = SearchSettings(rollouts=16, min_samples=2, max_samples=8)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_ai_seats_play_whole_games_with_legal_actions_only(players: int) -> None:
    game = Hearts.new(HeartsOptions(players=players, target=25), players)
    strategies = [StrongStrategy(QUICK) if seat == 0 else BaselineStrategy() for seat in range(players)]
    for _ in range(2000):
        if game.is_over:
            break
        seat = game.to_act()[0]
        view = game.view(seat)
        if view.phase is Phase.PLAYING:
            assert strategies[seat].choose_card(view) in view.legal_cards
        act(game, seat, strategies[seat])  # the engine raises on anything illegal
    assert game.is_over


def test_ai_moon_choice_is_legal_and_act_refuses_a_seat_with_nothing_to_do() -> None:
    game = play_moon_hand()
    with pytest.raises(ValueError):
        act(game, 1, BaselineStrategy())
    act(game, 0, BaselineStrategy())
    assert game.hand_history[-1] in ((-26, 0, 0, 0), (0, 26, 26, 26))
    assert game.phase is Phase.PASSING


def position(seed: int, seat: int, minimum_trick: int) -> Hearts | None:
    """A four-player game in its first hand (passing left), at `seat`'s turn on trick `minimum_trick` or later."""
    game = Hearts.new(HeartsOptions(), seed)
    found = play_until(game, seat, random.Random(seed), minimum_trick)
    return game if found and game.hand_number == 0 else None


def hidden_swap(game: Hearts, seat: int, rng: random.Random) -> Hearts | None:
    """The same game with two unplayed, never passed cards of one suit swapped between two other seats' deals:
    every past action stays legal and `seat` sees exactly the same, but two hidden hands differ."""
    options = game.options
    deal = [list(Hearts.new(options, game.seed).hand(other)) for other in range(options.players)]
    # Never the 2 of clubs (it chooses the leader) or the queen of spades (a penalty card among spades).
    fixed = {card for other in range(options.players) for card in game.chosen_pass(other) or ()}
    fixed |= {Card("S", 12), Card("C", 2)}
    others = [other for other in range(options.players) if other != seat]
    rng.shuffle(others)
    for first in others:
        for second in others:
            if first == second:
                continue
            for card in game.hand(first):
                if card in fixed or card not in deal[first]:
                    continue
                for other_card in game.hand(second):
                    if other_card.suit != card.suit or other_card in fixed or other_card not in deal[second]:
                        continue
                    deal[first][deal[first].index(card)] = other_card
                    deal[second][deal[second].index(other_card)] = card
                    swapped = Hearts.arranged(options, deal, game.seed, 0)
                    for action in game.log:
                        swapped.apply(action)
                    return swapped
    return None


def test_ai_decisions_use_no_hidden_information() -> None:
    strong, baseline = (
        StrongStrategy(SearchSettings(rollouts=40, min_samples=4, max_samples=10)),
        BaselineStrategy(),
    )
    compared = 0
    for seed in range(40):
        seat = seed % 4
        game = position(seed, seat, minimum_trick=1 + seed % 6)
        if game is None:
            continue
        twin = hidden_swap(game, seat, random.Random(seed))
        if twin is None:
            continue
        assert [twin.hand(other) for other in range(4)] != [game.hand(other) for other in range(4)]
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        random.seed(seed)  # a strategy that used the global random state would now differ
        strong_card, baseline_card = strong.choose_card(view), baseline.choose_card(view)
        random.seed(seed + 1)
        assert strong.choose_card(twin_view) == strong_card
        assert baseline.choose_card(twin_view) == baseline_card
        compared += 1
    assert compared >= 10


def test_pass_decisions_use_no_hidden_information() -> None:
    options = HeartsOptions()
    for seed in range(10):
        game = Hearts.new(options, seed)
        deal = [list(game.hand(seat)) for seat in range(4)]
        rest = deal[1] + deal[2] + deal[3]
        random.Random(seed).shuffle(rest)
        twin = Hearts.arranged(options, [deal[0], rest[:13], rest[13:26], rest[26:]], seed, 0)
        assert game.view(0) == twin.view(0)
        for strategy in (StrongStrategy(QUICK), BaselineStrategy()):
            assert strategy.choose_pass(game.view(0)) == strategy.choose_pass(twin.view(0))


def test_a_view_shows_no_card_of_another_hand() -> None:
    rng = random.Random(3)
    for seed in range(6):
        game = Hearts.new(HeartsOptions(), seed)
        for _ in range(rng.randrange(0, 60)):
            random_step(game, rng)
        for seat in range(4):
            view = game.view(seat)
            mine_passed = set(view.chosen_pass or ()) if view.passes_exchanged else set()
            hidden = {card for other in range(4) if other != seat for card in game.hand(other)} - mine_passed
            assert not hidden & set(cards_in(view)), f"seat {seat} sees a hidden card"
            assert view.card_counts == tuple(game.cards_in_hand(other) for other in range(4))


def test_the_strong_decision_is_reproducible_and_legal() -> None:
    game = position(7, 2, minimum_trick=3)
    assert game is not None
    view = game.view(2)
    strong = StrongStrategy()
    first = strong.choose_card(view)
    assert first in view.legal_cards
    assert all(StrongStrategy().choose_card(view) == first for _ in range(3))


def test_sampled_deals_agree_with_everything_the_seat_knows() -> None:
    rng = random.Random(11)
    for players in (3, 4, 6):
        for seed in range(8):
            seat = seed % players
            game = Hearts.new(HeartsOptions(players=players), seed)
            if not play_until(game, seat, random.Random(seed), minimum_trick=seed % 9):
                continue
            view = game.view(seat)
            information = HeartsInformationSet(view)
            decks = game.options.decks
            for _ in range(5):
                world = information.sample_world(rng)
                hands = [[INT_TO_CARD[card] for card in hand] for hand in world.hands]
                assert sorted(hands[seat]) == list(view.hand)
                for other in range(players):
                    assert len(hands[other]) == view.card_counts[other]
                    assert not {card.suit for card in hands[other]} & view.known_voids[other]
                everything = Counter(card for hand in hands for card in hand)
                everything.update(play.card for play in view.plays)
                assert all(count <= decks for count in everything.values())
                if players == 4:
                    assert sum(everything.values()) == 52
                receiver = view.pass_receiver
                if view.passes_exchanged and receiver is not None and players == 4:
                    played = {play.card for play in view.plays}
                    assert {card for card in view.chosen_pass or () if card not in played} <= set(
                        hands[receiver]
                    )


def moon_view(scores: tuple[int, ...], target: int = 100) -> HeartsView:
    players = len(scores)
    return HeartsView(
        seat=0,
        players=players,
        decks=1,
        target=target,
        phase=Phase.MOON_CHOICE,
        hand_number=1,
        pass_offset=-1,
        to_act=(0,),
        hand=(),
        legal_cards=(),
        chosen_pass=None,
        received_cards=(),
        plays=(),
        current_trick=(),
        trick_leader=None,
        trick_number=13,
        hearts_broken=True,
        tricks_taken=(13,) + (0,) * (players - 1),
        penalty_cards=((),) * players,
        hand_points=(26,) + (0,) * (players - 1),
        scores=scores,
        hand_history=(),
        card_counts=(0,) * players,
        known_voids=(frozenset(),) * players,
        moon_shooter=0,
        winners=(),
    )


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ((0, 0, 0, 0), "plus_others"),  # ahead either way: bring the end closer
        ((50, 10, 10, 10), "minus_self"),  # behind either way: keep the game going
        ((60, 80, 90, 70), "plus_others"),  # ends the game with the shooter alone in the lead
        ((40, 78, 10, 20), "minus_self"),  # plus_others would end the game with the shooter behind
    ],
)
def test_the_moon_choice_favours_the_shooters_standing(scores: tuple[int, ...], expected: str) -> None:
    assert moon_choice_for(moon_view(scores)) == expected
    assert BaselineStrategy().choose_moon(moon_view(scores)) == expected
