"""The sequence search behind the end-of-game checks, against a brute-force oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.thegame.engine import can_play_sequence
from tests.games.thegame.engine.helpers import brute_force_sequence


def test_fast_path_cards_that_fit_now() -> None:
    assert can_play_sequence([10, 20], [1, 1, 100, 100], 2)
    assert can_play_sequence([60, 55], [50, 98, 3, 4], 2)  # 55 then 60 on A
    assert not can_play_sequence([60, 55], [50, 98, 3, 4], 3)
    assert can_play_sequence([], [1, 1, 100, 100], 0)
    assert not can_play_sequence([], [1, 1, 100, 100], 1)


def test_backwards_moves_open_the_way() -> None:
    tops = [50, 98, 3, 4]
    assert can_play_sequence([40, 45, 20], tops, 2)  # 40 back on A, then 45
    assert can_play_sequence([40, 30, 20], tops, 3)  # 40, 30, 20: three backwards moves in a row
    assert not can_play_sequence([40, 25, 21], tops, 2)
    assert can_play_sequence([13, 9, 21], tops, 2)  # 13 back on C, then 9 below it
    assert can_play_sequence([13, 23, 5], tops, 3)  # 13, 23 back on C twice, then 5 below 23


def test_only_single_plays_count_for_length_one() -> None:
    assert can_play_sequence([40], [50, 98, 3, 4], 1)
    assert not can_play_sequence([45], [50, 98, 3, 4], 1)


cards = st.integers(min_value=2, max_value=99)


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(cards, min_size=0, max_size=8, unique=True),
    tops=st.tuples(st.integers(1, 99), st.integers(1, 99), st.integers(2, 100), st.integers(2, 100)),
    length=st.integers(1, 3),
)
def test_matches_brute_force(hand: list[int], tops: tuple[int, int, int, int], length: int) -> None:
    hand = sorted(card for card in hand if card not in tops)
    assert can_play_sequence(hand, list(tops), length) == brute_force_sequence(hand, tops, length)


@settings(max_examples=200, deadline=None)
@given(
    hand=st.lists(st.integers(40, 70), min_size=2, max_size=8, unique=True),
    tops=st.tuples(st.integers(40, 70), st.integers(40, 70), st.integers(40, 70), st.integers(40, 70)),
    length=st.integers(2, 3),
)
def test_matches_brute_force_when_piles_are_crowded(
    hand: list[int], tops: tuple[int, int, int, int], length: int
) -> None:
    # Cards and tops in a narrow band: many backwards moves and blocked cards, the search's hard cases.
    hand = sorted(card for card in hand if card not in tops)
    assert can_play_sequence(hand, list(tops), length) == brute_force_sequence(hand, tops, length)


def test_start_of_turn_fast_path_counts_each_card_once() -> None:
    from bot.games.thegame.engine.game import _can_play

    # 50 fits both an ascending and a descending pile, but it is one card: no sequence of two.
    assert not _can_play([50], [10, 10, 90, 90], 2)
    assert _can_play([50, 60], [10, 10, 90, 90], 2)
    assert _can_play([40, 45], [50, 98, 3, 4], 2)
    assert not _can_play([40, 25], [50, 98, 3, 4], 2)
