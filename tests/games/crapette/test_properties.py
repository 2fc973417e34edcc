"""Invariants through random play (hypothesis): cards kept, legal is accepted, refused changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.crapette import (
    CALL_CRAPETTE,
    DISCARD_TURNED,
    END_TURN,
    OPPONENT_BUILDS,
    TURN_STOCK,
    Crapette,
    CrapetteOptions,
    IllegalMove,
    Move,
)
from bot.games.crapette.moves import SPOT_NAMES, LoggedAction
from tests.games.crapette.helpers import all_cards, snapshot

EVERY_ACTION: list[LoggedAction] = [
    *(Move(source, target) for source in SPOT_NAMES for target in SPOT_NAMES),
    TURN_STOCK,
    DISCARD_TURNED,
    END_TURN,
    CALL_CRAPETTE,
]


def assert_cards_conserved(game: Crapette) -> None:
    """Through the public accessors: every owned card exactly once."""
    cards = all_cards(game)
    assert len(cards) == 104 and set(cards.values()) == {1}, "a card was lost or duplicated"


def assert_ids_conserved(game: Crapette) -> None:
    """The same, faster, on the engine's board (card ids 0..103)."""
    board = game._board
    piles = (*board.crapettes, *board.stocks, *board.discards, *board.sides, *board.foundations)
    cards = sorted([card for pile in piles for card in pile] + [card for card in board.turned if card >= 0])
    assert cards == list(range(104)), "a card was lost or duplicated"


def random_game(options: CrapetteOptions, seed: int, play_seed: int, steps: int, check: bool) -> Crapette:
    """Random legal play (with random calls), checking the invariants at every step when `check`."""
    game = Crapette.new(options, seed)
    rng = random.Random(play_seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        legal = game.legal_actions(seat)
        assert legal, "the player on turn always has something to do"
        if check:
            for action in legal:
                assert game.refusal(seat, action) is None
            probe_seat = rng.randrange(2)
            probe = rng.choice(EVERY_ACTION)
            error = game.refusal(probe_seat, probe)
            if error is None:
                assert probe == CALL_CRAPETTE or (probe_seat == seat and probe in legal)
            else:
                before = snapshot(game)
                with pytest.raises(IllegalMove) as raised:
                    game.apply(probe_seat, probe)
                assert raised.value.code == error.code
                assert snapshot(game) == before
        if rng.random() < 0.05:
            game.call_crapette(1 - seat)
        else:
            if options.strict:
                assert all(game.priority_violation(action) is None for action in legal)
            game.apply(seat, rng.choice(legal))
        if check:
            assert_ids_conserved(game)
            assert all(game.cards_left(s) == game.player(s).cards_left for s in (0, 1))
    return game


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    play_seed=st.integers(0, 2**40),
    build=st.sampled_from(OPPONENT_BUILDS),
    strict=st.booleans(),
)
def test_random_play_keeps_the_invariants(seed: int, play_seed: int, build: str, strict: bool) -> None:
    game = random_game(CrapetteOptions(build, strict), seed, play_seed, steps=120, check=True)
    assert_cards_conserved(game)
    saved = json.loads(json.dumps(game.to_dict()))
    assert Crapette.from_dict(saved) == game
    assert game.replay() == game


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**40), play_seed=st.integers(0, 2**40))
def test_random_games_end(seed: int, play_seed: int) -> None:
    game = random_game(CrapetteOptions(), seed, play_seed, steps=100_000, check=False)
    assert game.is_over
    assert (game.winner is None) == (game.end_reason != "won")
    assert_cards_conserved(game)
