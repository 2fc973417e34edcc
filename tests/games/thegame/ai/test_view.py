"""The player view hides other hands and the draw pile order: plans do not change when they are permuted."""

from __future__ import annotations

import pytest

from bot.games.thegame.ai import STRATEGIES, player_view, strong_strategy
from bot.games.thegame.ai.simulate import deal_seed

from .helpers import EXPERT, STANDARD, apply_plan, random_position, with_hidden_cards_permuted


def _advance(players: int, seed: int, turns: int, expert: bool = False):  # type: ignore[no-untyped-def]
    game = random_position(players, EXPERT if expert else STANDARD, seed, 0)
    strategy = strong_strategy()
    for _ in range(turns):
        if game.is_over:
            break
        seat = game.current_player
        game = apply_plan(game, seat, strategy.plan_turn(game, seat, {}))
        if not game.is_over:
            game.end_turn(seat)
    return game


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("turns", [0, 7, 18, 30])
def test_plan_ignores_hidden_cards(players: int, turns: int) -> None:
    game = _advance(players, deal_seed(3, players, turns), turns, expert=turns == 7)
    if game.is_over:
        pytest.skip("game ended early")
    seat = game.current_player
    assert seat is not None
    markers = {"B": "keep_off", "C": "small_steps"}
    for permutation in range(3):
        other = with_hidden_cards_permuted(game, seat, permutation)
        assert other.hand(seat) == game.hand(seat)
        assert [pile.top for pile in other.piles] == [pile.top for pile in game.piles]
        if players > 1 and other.draw_pile_count > 5:
            assert other.draw_pile != game.draw_pile or any(
                other.hand(p) != game.hand(p) for p in range(players) if p != seat
            )
        assert player_view(other, seat, markers) == player_view(game, seat, markers)
        for factory in STRATEGIES.values():
            assert factory().plan_turn(other, seat, markers) == factory().plan_turn(game, seat, markers)


def test_view_holds_only_own_hand() -> None:
    game = _advance(3, 11, 5)
    seat = game.current_player
    assert seat is not None
    view = player_view(game, seat)
    assert view.hand == game.hand(seat)
    others = {card for p in range(3) if p != seat for card in game.hand(p)} | set(game.draw_pile)
    assert view.unseen == frozenset(others)  # known as a set: every card not yet played or held
    assert view.hand_sizes == tuple(len(game.hand(p)) for p in range(3))
