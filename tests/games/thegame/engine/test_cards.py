"""Material: piles, variants, ratings."""

from __future__ import annotations

import pytest

from bot.games.thegame.engine import (
    ALL_CARDS,
    CARD_COUNT,
    PILE_NAMES,
    Direction,
    Pile,
    Rating,
    Variant,
    rating_for,
)


def test_the_deck_is_the_98_cards_from_2_to_99() -> None:
    assert CARD_COUNT == 98
    assert tuple(range(2, 100)) == ALL_CARDS


def test_pile_names_have_no_digits() -> None:
    assert PILE_NAMES == ("A", "B", "C", "D")
    assert not any(character.isdigit() for name in PILE_NAMES for character in name)


def test_ascending_pile_accepts_higher_cards_and_exactly_ten_lower() -> None:
    pile = Pile("A", Direction.UP, 47)
    assert pile.accepts(48)
    assert pile.accepts(99)
    assert pile.accepts(37)  # the rulebook's backwards move
    assert pile.is_backwards(37)
    assert not pile.is_backwards(48)
    assert not pile.accepts(47)
    assert not pile.accepts(36)
    assert not pile.accepts(38)
    assert not pile.accepts(46)
    assert pile.backwards_target == 37


def test_descending_pile_accepts_lower_cards_and_exactly_ten_higher() -> None:
    pile = Pile("C", Direction.DOWN, 65)
    assert pile.accepts(64)
    assert pile.accepts(2)
    assert pile.accepts(75)  # the rulebook's backwards move
    assert pile.is_backwards(75)
    assert not pile.accepts(65)
    assert not pile.accepts(74)
    assert not pile.accepts(76)
    assert pile.backwards_target == 75


def test_backwards_target_is_none_when_it_would_not_be_a_card() -> None:
    assert Pile("A", Direction.UP, 1).backwards_target is None
    assert Pile("A", Direction.UP, 11).backwards_target is None  # 1 is the base, not a card
    assert Pile("A", Direction.UP, 12).backwards_target == 2
    assert Pile("C", Direction.DOWN, 100).backwards_target is None
    assert Pile("C", Direction.DOWN, 90).backwards_target is None  # 100 is the base
    assert Pile("C", Direction.DOWN, 89).backwards_target == 99
    assert not Pile("A", Direction.UP, 11).accepts(1)
    assert not Pile("C", Direction.DOWN, 90).accepts(100)


def test_piles_accept_only_cards() -> None:
    assert not Pile("A", Direction.UP, 50).accepts(100)
    assert not Pile("C", Direction.DOWN, 50).accepts(1)


@pytest.mark.parametrize(
    ("players", "standard", "smaller"), [(1, 8, 7), (2, 7, 6), (3, 6, 5), (4, 6, 5), (5, 6, 5)]
)
def test_hand_sizes(players: int, standard: int, smaller: int) -> None:
    assert Variant().hand_size(players) == standard
    assert Variant(smaller_hand=True).hand_size(players) == smaller
    assert Variant(higher_minimum=True).hand_size(players) == standard


@pytest.mark.parametrize("players", [0, 6, -1])
def test_hand_size_rejects_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="1 to 5 players"):
        Variant().hand_size(players)


def test_minimums() -> None:
    assert Variant().minimum(draw_pile_empty=False) == 2
    assert Variant().minimum(draw_pile_empty=True) == 1
    assert Variant(higher_minimum=True).minimum(draw_pile_empty=False) == 3
    assert Variant(higher_minimum=True).minimum(draw_pile_empty=True) == 1
    assert Variant(smaller_hand=True).minimum(draw_pile_empty=False) == 2


def test_variant_dict_round_trip_and_expert_flag() -> None:
    for variant in (Variant(), Variant(True, False), Variant(False, True), Variant(True, True)):
        assert Variant.from_dict(variant.to_dict()) == variant
        assert variant.is_expert == (variant.higher_minimum or variant.smaller_hand)
    assert Variant.from_dict({}) == Variant()
    assert not Variant().is_expert


@pytest.mark.parametrize("data", [{"higher_minimum": 1}, {"smaller_hand": "yes"}, {"other": True}, []])
def test_variant_from_bad_dict(data: object) -> None:
    with pytest.raises(ValueError):
        Variant.from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards_left", "rating"),
    [
        (0, Rating.WIN),
        (1, Rating.EXCELLENT),
        (9, Rating.EXCELLENT),
        (10, Rating.GOOD),
        (19, Rating.GOOD),
        (20, Rating.FAIR),
        (29, Rating.FAIR),
        (30, Rating.KEEP_TRYING),
        (98, Rating.KEEP_TRYING),
    ],
)
def test_rating_thresholds(cards_left: int, rating: Rating) -> None:
    assert rating_for(cards_left) is rating


def test_enum_values_are_the_contract_strings() -> None:
    assert [rating.value for rating in Rating] == ["win", "excellent", "good", "fair", "keep_trying"]
    assert Direction.UP == "up"
    assert Direction.DOWN == "down"
