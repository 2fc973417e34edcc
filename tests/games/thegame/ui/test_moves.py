"""The moves a hand shows are worked out once per position, and are always those of the position shown."""

from __future__ import annotations

import gc
import random

import pytest

from bot.games.thegame.engine import Game, IllegalAction
from bot.games.thegame.ui import moves
from bot.games.thegame.ui.hand import moves_lines
from bot.games.thegame.ui.moves import moves_by_card, moves_now


def test_a_position_is_worked_out_once_and_again_after_each_action() -> None:
    game = Game.new(2, seed=5)
    game.choose_first_player(0)
    first = moves_now(game)
    assert moves_now(game) is first  # the hand drawn again on the same position (a card chosen)
    assert first == moves_by_card(game)
    play = game.legal_plays()[0]
    game.play(0, play.card, play.pile)
    after = moves_now(game)
    assert after is not first and after == moves_by_card(game)
    assert play.card not in after


def test_a_copy_of_a_game_has_its_own_moves() -> None:
    game = Game.new(3, seed=9)
    game.choose_first_player(1)
    kept = moves_now(game)
    other = game.copy()
    play = other.legal_plays()[0]
    other.play(1, play.card, play.pile)
    assert moves_now(other) == moves_by_card(other) != kept
    assert moves_now(game) is kept


@pytest.mark.parametrize("seed", range(6))
def test_the_moves_shown_are_the_positions_own_through_a_whole_game(seed: int) -> None:
    game = Game.new(2, seed=seed)
    game.choose_first_player(seed % 2)
    while not game.is_over:
        player = game.current_player
        assert player is not None
        assert moves_now(game) == moves_by_card(game)
        with pytest.raises(IllegalAction):  # a refused play changes nothing, the kept moves still hold
            game.play(player, 1000, "A")
        assert moves_now(game) == moves_by_card(game)
        plays = game.legal_plays()
        if game.played_this_turn >= game.turn_minimum or not plays:
            game.end_turn(player)
        else:
            game.play(player, plays[-1].card, plays[-1].pile)


def test_the_moves_kept_go_with_their_game() -> None:
    before = len(moves._KEPT)
    games = [Game.new(2, seed=seed) for seed in range(20)]
    for game in games:
        game.choose_first_player(0)
        moves_now(game)
    assert len(moves._KEPT) == before + 20
    del games, game
    gc.collect()
    assert len(moves._KEPT) == before


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 8), (5, 2)])
def test_the_plays_marked_ending_are_exactly_those_after_which_the_minimum_cannot_be_reached(
    players: int, seed: int
) -> None:
    """Each position of a whole game (random plays): a play is red exactly when the engine says the minimum could
    not be reached after it (`ending_plays` skips the search when one play reaches the minimum)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    game.choose_first_player(0)
    while not game.is_over:
        legal = game.legal_plays()
        expected = {(p.card, p.pile) for p in legal if not game.can_complete_minimum_after(p.card, p.pile)}
        assert moves.ending_plays(game) == expected
        current = game.current_player
        assert current is not None
        if game.can_end_turn() and (not legal or rng.random() < 0.3):
            game.end_turn(current)
        else:
            play = rng.choice(legal)
            game.play(current, play.card, play.pile)


def test_the_moves_lines_are_written_once_per_position_and_language_and_follow_each_action() -> None:
    """The hand's list of moves is kept per position and language: the same position reads the same lines, an action
    gives the new position's lines (as a fresh copy of the game writes them), another language its own words."""
    rng = random.Random(11)
    game = Game.new(2, seed=11)
    game.choose_first_player(0)
    seen_ending = False
    while not game.is_over:
        current = game.current_player
        assert current is not None
        lines = moves_lines(game, "en-US")
        assert moves_lines(game, "en-US") is lines
        assert lines == moves_lines(game.copy(), "en-US"), "the lines of this position, not an earlier one's"
        if any(move.ends_game for options in moves_now(game).values() for move in options):
            seen_ending = True
            assert moves_lines(game, "fr") != lines and moves_lines(game, "fr") == moves_lines(
                game.copy(), "fr"
            )
        legal = game.legal_plays()
        if game.can_end_turn() and (not legal or rng.random() < 0.3):
            game.end_turn(current)
        else:
            play = rng.choice(legal)
            game.play(current, play.card, play.pile)
    assert seen_ending, "a position with a move that ends the game was read in both languages"
