"""Invariants over random legal play (hypothesis): cards are conserved, legality is exact, refusals and undo
change nothing, saved games replay, and the engine never ends a game the solver can win."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.klondike import (
    DRAW,
    IllegalMove,
    Klondike,
    KlondikeOptions,
    Move,
    solve,
)
from bot.games.klondike.moves import COLUMNS, FOUNDATIONS
from tests.games.klondike.helpers import card_census

ALL_CARDS = list(range(52))
FIXED_CANDIDATES = (
    [DRAW, Move("stock", "column:1"), Move("waste", "waste"), Move("waste", "foundation")]
    + [Move("waste", target) for target in COLUMNS]
    + [Move(source, "foundation", count) for source in COLUMNS for count in (1, 2)]
    + [Move(source, target) for source in FOUNDATIONS for target in (*COLUMNS, "foundation")]
)


def candidates(game: Klondike) -> list[Move]:
    """Every move worth asking about here: all of the above, and each run length (plus one) between columns."""
    runs = [
        Move(source, target, count)
        for source, held in zip(COLUMNS, game.columns, strict=True)
        for target in COLUMNS
        for count in range(len(held.face_up) + 2)
    ]
    return FIXED_CANDIDATES + runs


games = st.builds(
    lambda seed, draw, any_colour: Klondike.new(KlondikeOptions(draw=draw, any_colour=any_colour), seed),
    st.integers(0, 10**9),
    st.sampled_from([1, 3]),
    st.booleans(),
)
SETTINGS = settings(max_examples=30, deadline=None)


def snapshot(game: Klondike) -> tuple[object, ...]:
    """Everything a player or the renderer sees, and the hidden cards."""
    return (
        game.full_position(),
        game.columns,
        game.waste,
        game.waste_shown,
        game.foundations,
        game.stock_count,
        game.redeals,
        game.score,
        game.end_reason,
    )


def random_play(game: Klondike, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        if game.can_undo and rng.random() < 0.1:
            game.undo()
        else:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])


@SETTINGS
@given(games, st.randoms(use_true_random=False))
def test_cards_are_conserved_and_legal_moves_are_exactly_the_accepted_ones(
    game: Klondike, rng: random.Random
) -> None:
    for _ in range(5):
        random_play(game, rng, 30)
        assert card_census(game) == ALL_CARDS
        legal = game.legal_moves()
        asked = candidates(game)
        accepted = [move for move in asked if game.refusal(move) is None]
        assert sorted(legal, key=str) == sorted(accepted, key=str)
        assert len(set(legal)) == len(legal)
        before = snapshot(game)
        saved = game.to_dict()
        for move in rng.sample(asked, 30):
            if move in legal:
                continue
            expected = game.refusal(move)
            assert expected is not None, f"{move} is refused by nobody but not listed"
            with pytest.raises(IllegalMove) as refused:
                game.play(move)
            assert refused.value.code == expected.code
            assert snapshot(game) == before and game.to_dict() == saved


@SETTINGS
@given(games, st.randoms(use_true_random=False))
def test_undo_restores_the_position_exactly(game: Klondike, rng: random.Random) -> None:
    random_play(game, rng, 40)
    for _ in range(20):
        if game.is_over:
            return
        before = snapshot(game)
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
        if game.end_reason is not None:
            return
        game.undo()
        assert snapshot(game) == before


@SETTINGS
@given(games, st.randoms(use_true_random=False))
def test_saved_games_replay_to_the_same_game(game: Klondike, rng: random.Random) -> None:
    random_play(game, rng, 60)
    if not game.is_over and rng.random() < 0.3:
        game.give_up()
    saved = json.loads(json.dumps(game.to_dict()))
    again = Klondike.from_dict(saved)
    assert again == game and snapshot(again) == snapshot(game)
    assert again.moves_made == game.moves_made and again.undos_used == game.undos_used
    assert game.replay() == game


@settings(max_examples=12, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_a_game_ended_for_lack_of_progress_is_really_lost(game: Klondike, rng: random.Random) -> None:
    while not game.is_over and game.moves_made < 300:
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    if game.end_reason == "no_progress":
        assert solve(game, time_limit=5, node_limit=20_000).status != "winnable"
