"""Scoring: 26 penalty points per deck dealt, the moon and its two choices, the end of the game and ties."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card
from bot.games.hearts import (
    GameEnded,
    HandDealt,
    HandScored,
    Hearts,
    HeartsOptions,
    MoonChosen,
    Phase,
    card_points,
)
from bot.games.hearts.scoring import game_winners, moon_points, moon_shooter
from tests.games.hearts.helpers import code_of, play_moon_hand, random_step


def finish_hand(game: Hearts, rng: random.Random) -> list[object]:
    """Random legal actions until the hand's last trick is taken; the events of the last step."""
    hand_number = game.hand_number
    while True:
        events = random_step(game, rng)
        if game.hand_number != hand_number or game.phase in (Phase.MOON_CHOICE, Phase.OVER):
            return list(events)


@pytest.mark.parametrize("players", range(3, 9))
def test_a_hands_points_add_up_to_the_penalty_cards_dealt(players: int) -> None:
    rng = random.Random(players)
    for seed in range(4):
        game = Hearts.new(HeartsOptions(players=players), seed)
        dealt = sum(card_points(card) for seat in range(players) for card in game.hand(seat))
        if players in (4, 8):
            assert dealt == 26 * game.options.decks  # nothing set aside
        events = finish_hand(game, rng)
        if game.phase is Phase.MOON_CHOICE:
            continue
        scored = next(event for event in events if isinstance(event, HandScored))
        assert sum(scored.points) == dealt
        assert game.hand_history[0] == scored.points
        assert game.scores == scored.totals


def test_taking_every_penalty_card_asks_the_shooter_to_choose() -> None:
    game = play_moon_hand()
    assert game.phase is Phase.MOON_CHOICE
    assert game.to_act() == (0,)
    assert game.moon_shooter == 0
    assert game.hand_points(0) == 26
    assert game.tricks_taken(0) == 13
    assert game.scores == (0, 0, 0, 0)  # not scored yet
    assert code_of(game.moon_refusal(1, "minus_self")) == "not_your_turn"
    assert code_of(game.moon_refusal(0, "both")) == "unknown_moon_choice"
    assert code_of(game.refusal(0, Card("S", 14))) == "wrong_phase"


def test_moon_minus_self_takes_26_from_the_shooter() -> None:
    game = play_moon_hand()
    events = game.choose_moon(0, "minus_self")
    assert events[0] == MoonChosen(0, "minus_self")
    assert events[1] == HandScored(3, (-26, 0, 0, 0), (-26, 0, 0, 0))
    assert isinstance(events[2], HandDealt)
    assert game.scores == (-26, 0, 0, 0)
    assert game.moon_shooter == 0  # still shown for the last hand


def test_moon_plus_others_gives_26_to_everyone_else_and_can_end_the_game() -> None:
    game = play_moon_hand(target=26)
    events = game.choose_moon(0, "plus_others")
    assert events[1] == HandScored(3, (0, 26, 26, 26), (0, 26, 26, 26))
    assert events[2] == GameEnded((0,), (0, 26, 26, 26))
    assert game.is_over
    assert game.winners == (0,)
    assert game.to_act() == ()
    assert code_of(game.refusal(0, Card("S", 14))) == "wrong_phase"


def test_the_moon_scoring_rules_with_two_decks() -> None:
    assert moon_points(6, 2, "minus_self", 52) == (0, 0, -52, 0, 0, 0)
    assert moon_points(6, 2, "plus_others", 52) == (52, 52, 0, 52, 52, 52)
    assert HeartsOptions(players=6).moon_award == 52
    assert moon_shooter([0, 14, 0], 14) == 1
    assert moon_shooter([0, 13, 1], 14) is None


def test_the_game_ends_after_the_hand_that_reaches_the_target_and_ties_share_the_win() -> None:
    assert game_winners((40, 12, 12, 100)) == (1, 2)
    ties = 0
    for seed in range(40):
        game = Hearts.new(HeartsOptions(players=4, target=10), seed)
        rng = random.Random(seed)
        last: list[object] = []
        while not game.is_over:
            last = list(random_step(game, rng))
        ended = last[-1]
        assert isinstance(ended, GameEnded)
        assert max(game.scores) >= 10
        totals = [sum(hand[seat] for hand in game.hand_history) for seat in range(4)]
        assert tuple(totals) == game.scores
        # The game did not end earlier: before the last hand nobody had reached the target.
        before = [total - game.hand_history[-1][seat] for seat, total in enumerate(totals)]
        assert max(before) < 10
        lowest = min(game.scores)
        assert game.winners == tuple(seat for seat in range(4) if game.scores[seat] == lowest)
        assert ended.winners == game.winners
        ties += len(game.winners) > 1
    assert ties > 0  # some games ended in a shared win
