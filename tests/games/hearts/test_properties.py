"""Invariants over random games (hypothesis): only legal moves are accepted, refusals change nothing, the
saved game replays to the same state, the fast rules of the AI agree with the engine's."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.hearts import RULES_VERSIONS, Hearts, HeartsOptions, IllegalMove, Phase
from bot.games.hearts.card_ints import CARD_TO_INT, INT_TO_CARD, to_ints
from bot.games.hearts.policy import choose_play
from bot.games.hearts.rules import legal_ints
from tests.games.hearts.helpers import random_step

players_counts = st.integers(min_value=3, max_value=8)
seeds = st.integers(min_value=0, max_value=2**32)
rules_versions = st.sampled_from(RULES_VERSIONS)


@settings(max_examples=30, deadline=None)
@given(players=players_counts, seed=seeds, rules_version=rules_versions)
def test_only_legal_cards_are_accepted_and_every_refusal_changes_nothing(
    players: int, seed: int, rules_version: int
) -> None:
    game = Hearts.new(HeartsOptions(players=players, target=30, rules_version=rules_version), seed)
    rng = random.Random(seed)
    compared = False
    for _ in range(120):
        if game.is_over:
            break
        if game.phase is Phase.PASSING and not compared:
            before = game.replay()
            seat = game.to_act()[0]
            with pytest.raises(IllegalMove):
                game.pass_cards(seat, game.hand(seat)[:2])
            assert game == before
        if game.phase is Phase.PLAYING:
            seat = game.to_act()[0]
            legal = set(game.legal_cards(seat))
            assert legal, "the seat to play always has a legal card"
            for card in set(game.hand(seat)):
                refusal = game.refusal(seat, card)
                assert (refusal is None) == (card in legal)
            refused = next((card for card in game.hand(seat) if card not in legal), None)
            if refused is not None and not compared:
                compared = True
                before = game.replay()
                with pytest.raises(IllegalMove) as illegal:
                    game.play(seat, refused)
                assert illegal.value.code in (
                    "must_follow_suit",
                    "must_lead_lowest_card",
                    "no_points_on_first_trick",
                    "hearts_not_broken",
                )
                other = (seat + 1) % players
                with pytest.raises(IllegalMove) as wrong_turn:
                    game.play(other, game.hand(other)[0])
                assert wrong_turn.value.code == "not_your_turn"
                assert game == before
                assert game.to_dict() == before.to_dict()
            for other in range(players):
                if other != seat:
                    assert game.legal_cards(other) == ()
        random_step(game, rng)


@settings(max_examples=30, deadline=None)
@given(
    players=players_counts,
    seed=seeds,
    steps=st.integers(min_value=0, max_value=400),
    rules_version=rules_versions,
)
def test_a_saved_game_replays_to_an_equal_game(
    players: int, seed: int, steps: int, rules_version: int
) -> None:
    game = Hearts.new(HeartsOptions(players=players, target=40, rules_version=rules_version), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        random_step(game, rng)
    data = json.loads(json.dumps(game.to_dict()))
    restored = Hearts.from_dict(data)
    assert restored == game
    assert restored.to_dict() == game.to_dict()
    assert [restored.view(seat) for seat in range(players)] == [game.view(seat) for seat in range(players)]
    if not game.is_over:  # the restored game goes on exactly like the original
        step_seed = rng.random()
        random_step(game, random.Random(step_seed))
        random_step(restored, random.Random(step_seed))
        assert restored == game


def test_bad_saved_data_is_refused_with_value_error() -> None:
    game = Hearts.new(HeartsOptions(), 1)
    for seat in range(4):
        game.pass_cards(seat, game.hand(seat)[:3])
    data = game.to_dict()
    broken_log = dict(data, log=[*data["log"], {"type": "play", "seat": 0, "card": "ZZ"}])
    illegal_log = dict(data, log=[data["log"][0], data["log"][0]])
    bad: object
    for bad in (
        None,
        [],
        dict(data, format_version=2),
        dict(data, seed="1"),
        {key: value for key, value in data.items() if key != "log"},
        dict(data, options={"players": 9}),
        broken_log,
        illegal_log,
        dict(data, log=[{"type": "dance", "seat": 0}]),
    ):
        with pytest.raises(ValueError):
            Hearts.from_dict(bad)


@settings(max_examples=30, deadline=None)
@given(players=players_counts, seed=seeds, rules_version=rules_versions)
def test_the_ai_fast_rules_agree_with_the_engine(players: int, seed: int, rules_version: int) -> None:
    game = Hearts.new(HeartsOptions(players=players, target=30, rules_version=rules_version), seed)
    rng = random.Random(seed)
    queens = game.options.decks
    for _ in range(200):
        if game.is_over:
            break
        if game.phase is Phase.PLAYING:
            seat = game.to_act()[0]
            hand = to_ints(game.hand(seat))
            trick = [CARD_TO_INT[play.card] for play in game.current_trick]
            first, broken = game.trick_number == 0, game.hearts_broken
            assert {
                INT_TO_CARD[card] for card in legal_ints(hand, trick, first, broken, rules_version)
            } == set(game.legal_cards(seat))
            chosen = choose_play(hand, trick, first, broken, players - 1 - len(trick), queens, rules_version)
            assert INT_TO_CARD[chosen] in game.legal_cards(seat)
        random_step(game, rng)
