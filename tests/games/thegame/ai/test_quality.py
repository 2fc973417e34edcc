"""Decision quality on small hand-built positions."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.games.thegame.ai import MarkerBoard, baseline_strategy, strong_strategy
from bot.games.thegame.ai.search import fits
from bot.games.thegame.ai.strong import desired_markers_for

from .helpers import make_view

PILES = "ABCD"


def _replay(tops: tuple[int, int, int, int], plays: tuple[tuple[int, str], ...]) -> list[int]:
    current = list(tops)
    for card, pile in plays:
        index = PILES.index(pile)
        assert fits(index, current[index], card), (card, pile, current)
        current[index] = card
    return current


def test_takes_a_backwards_move() -> None:
    view = make_view([25, 61, 72, 83, 88, 95], (35, 50, 100, 100))
    for strategy in (strong_strategy(), baseline_strategy()):
        plan = strategy.plan_view(view)
        assert (25, "A") in plan.plays
        assert plan.reason == "backwards_move"
        assert plan.reason_pile == "A"


def test_sets_up_a_backwards_move_within_the_turn() -> None:
    # 45 then 35 on A (top 30) costs only the cards 31..34; nothing else is cheap.
    view = make_view([35, 45, 75, 80, 88, 90], (30, 95, 20, 15))
    plan = strong_strategy().plan_view(view)
    assert plan.plays[:2] == ((45, "A"), (35, "A"))
    assert plan.reason == "backwards_move"


def test_does_not_waste_a_big_gap_once_the_minimum_is_met() -> None:
    view = make_view([80, 90], (30, 40, 60, 75), minimum=2, played_this_turn=2)
    assert strong_strategy().plan_view(view).plays == ()
    assert baseline_strategy().plan_view(view).plays == ()


def test_plays_a_free_extra_card() -> None:
    # 31 skips nothing once the minimum is met: it is played; 90 is not.
    view = make_view([31, 90], (30, 40, 60, 70), minimum=2, played_this_turn=2)
    assert strong_strategy().plan_view(view).plays == ((31, "A"),)


def test_counts_cards_already_played() -> None:
    # 41..49 are all played: 50 on A skips nothing that can still come, whereas 62 on C (top 64) skips 63.
    played = set(range(41, 50))
    view = make_view([50, 62, 90, 95, 97, 99], (40, 5, 64, 70), played=played)
    plan = strong_strategy().plan_view(view)
    assert (50, "A") in plan.plays
    # The baseline only looks at the values: 62 on C is its smallest gap.
    assert (62, "C") in baseline_strategy().plan_view(view).plays


def test_respects_a_keep_off_marker_as_a_preference() -> None:
    hand = [42, 62, 95, 97]
    tops = (40, 60, 100, 100)
    free = strong_strategy().plan_view(make_view(hand, tops))
    assert (42, "A") in free.plays
    marked = strong_strategy().plan_view(make_view(hand, tops, markers={"A": "keep_off"}))
    assert all(pile != "A" for _, pile in marked.plays)
    assert marked.reason == "respect_marker"
    assert marked.reason_pile == "A"
    # Not a ban: when every other play is terrible, the marked pile is used.
    forced = strong_strategy().plan_view(
        make_view([42, 44, 5, 8], (40, 90, 100, 100), markers={"A": "keep_off"})
    )
    assert {card for card, _ in forced.plays} == {42, 44}


def _can_clear(hand: list[int], tops: list[int]) -> bool:
    if not hand:
        return True
    for index, card in enumerate(hand):
        for pile in range(4):
            if fits(pile, tops[pile], card):
                saved = tops[pile]
                tops[pile] = card
                found = _can_clear(hand[:index] + hand[index + 1 :], tops)
                tops[pile] = saved
                if found:
                    return True
    return False


def test_endgame_search_finds_a_full_clear_when_one_exists() -> None:
    rng = random.Random(5)
    found = 0
    for _ in range(400):
        size = rng.randint(3, 7)
        cards = rng.sample(range(2, 100), size + 4)
        hand = sorted(cards[:size])
        tops = (
            min(cards[size], cards[size + 1]),
            max(cards[size], cards[size + 1]),
            cards[size + 2],
            cards[size + 3],
        )
        if not any(fits(pile, tops[pile], card) for card in hand for pile in range(4)):
            continue
        view = make_view(hand, tops, unseen=(), players=1, draw_pile_count=0, minimum=1)
        plan = strong_strategy().plan_view(view)
        _replay(tops, plan.plays)
        if _can_clear(list(hand), list(tops)):
            found += 1
            assert sorted(card for card, _ in plan.plays) == hand, (hand, tops, plan)
            assert plan.reason == "endgame_search"
    assert found > 20


def test_endgame_clear_that_needs_a_backwards_move_first() -> None:
    # Only order that works on A: 45, 35 (back), 36, 40, 41; C takes nothing.
    view = make_view([35, 36, 40, 41, 45], (30, 99, 3, 2), unseen=(), players=1, draw_pile_count=0, minimum=1)
    plan = strong_strategy().plan_view(view)
    assert len(plan.plays) == 5
    _replay((30, 99, 3, 2), plan.plays)


@pytest.mark.parametrize("minimum", [1, 2, 3])
def test_plan_reaches_the_minimum_in_tight_spots(minimum: int) -> None:
    rng = random.Random(minimum)
    for _ in range(200):
        cards = rng.sample(range(2, 100), 10)
        hand = cards[:6]
        tops = (min(cards[6:8]), max(cards[6:8]), max(cards[8:10]), min(cards[8:10]))
        view = make_view(hand, tops, minimum=minimum)
        exists = any(_sequence_ok(order, tops) for order in itertools.permutations(hand, minimum))
        for strategy in (strong_strategy(), baseline_strategy()):
            plan = strategy.plan_view(view)
            _replay(tops, plan.plays)
            if exists:
                assert len(plan.plays) >= minimum


def _sequence_ok(order: tuple[int, ...], tops: tuple[int, int, int, int]) -> bool:
    def go(index: int, current: list[int]) -> bool:
        if index == len(order):
            return True
        for pile in range(4):
            if fits(pile, current[pile], order[index]):
                saved = current[pile]
                current[pile] = order[index]
                if go(index + 1, current):
                    return True
                current[pile] = saved
        return False

    return go(0, list(tops))


def test_desired_markers() -> None:
    hand = (20, 33, 62, 88)
    tops = (30, 60, 70, 90)
    unseen = frozenset(range(2, 100)) - set(hand) - set(tops) - {61}  # 61 is already played
    markers = desired_markers_for(hand, tops, unseen, close=3)
    assert markers["A"] == "keep_off"  # 20 is a backwards move on A
    assert markers["B"] == "keep_off"  # 62 is the next card that can still come on B
    assert markers["C"] is None  # nothing close: 62 is eight cards down from 70
    assert markers["D"] == "small_steps"  # 88: only 89 comes before it


def test_marker_board_merges_teammates_markers() -> None:
    board = MarkerBoard()
    board.apply(0, {"A": "small_steps", "B": "keep_off"})
    board.apply(1, {"A": "keep_off", "C": "small_steps"})
    assert board.for_seat(0) == {"A": "keep_off", "C": "small_steps"}
    assert board.for_seat(1) == {"A": "small_steps", "B": "keep_off"}
    assert board.table() == {"A": "keep_off", "B": "keep_off", "C": "small_steps"}
    board.apply(1, {"A": None, "D": None})
    assert board.for_seat(0) == {"C": "small_steps"}
    with pytest.raises(ValueError):
        board.apply(0, {"E": "keep_off"})
