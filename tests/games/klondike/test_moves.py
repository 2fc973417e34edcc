"""Moves as players and buttons write them: `s`, `w>f`, `c3>c5x2`, `f♥>c2`."""

from __future__ import annotations

import pytest

from bot.games.klondike import DRAW, Move, format_move, parse_move
from bot.games.klondike.moves import COLUMNS, FOUNDATIONS


def every_move() -> list[Move]:
    moves = [DRAW]
    for column in COLUMNS:
        moves += [Move("waste", column), Move(column, "foundation")]
        moves += [Move(source, column) for source in FOUNDATIONS]
        moves += [Move(source, column, count) for source in COLUMNS for count in (1, 2, 13)]
    return [*moves, Move("waste", "foundation")]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("s", DRAW),
        ("w>f", Move("waste", "foundation")),
        ("w>c3", Move("waste", "column:3")),
        ("c3>f", Move("column:3", "foundation")),
        ("c3>c5", Move("column:3", "column:5")),
        ("c3>c5x2", Move("column:3", "column:5", 2)),
        ("f♥>c2", Move("foundation:H", "column:2")),
        ("fH>c2", Move("foundation:H", "column:2")),
        (" FH > C2 ", Move("foundation:H", "column:2")),
        ("f♥️>c2", Move("foundation:H", "column:2")),
        ("fc>c7", Move("foundation:C", "column:7")),
    ],
)
def test_a_player_can_type_each_kind_of_move(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text", ["", "x", "c8>f", "c0>c1", "w>w", "f>c1", "c1>c2x0", "s>f", "w>fx2y", "fz>c1"]
)
def test_nonsense_is_not_a_move(text: str) -> None:
    assert parse_move(text) is None


def test_every_move_reads_back_from_both_texts() -> None:
    for move in every_move():
        assert parse_move(format_move(move)) == move
        assert parse_move(move.code) == move
        assert move.code.isascii()


def test_texts_are_short_enough_for_custom_ids() -> None:
    assert max(len(format_move(move)) for move in every_move()) <= 8
    assert format_move(Move("column:3", "column:5", 2)) == "c3>c5x2"
    assert format_move(Move("foundation:H", "column:2")) == "f♥>c2"
    assert str(DRAW) == "s"


def test_unknown_places_are_refused_when_building_a_move() -> None:
    with pytest.raises(ValueError):
        Move("column:8", "foundation")
    with pytest.raises(ValueError):
        Move("waste", "stock")
