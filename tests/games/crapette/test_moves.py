"""Moves and actions as short strings (custom ids, autocomplete, saved logs)."""

from __future__ import annotations

import pytest

from bot.games.crapette import (
    CALL_CRAPETTE,
    DISCARD_TURNED,
    END_TURN,
    TURN_STOCK,
    Move,
    format_action,
    format_move,
    parse_action,
    parse_move,
)
from bot.games.crapette.moves import SPOT_NAMES


def test_every_move_round_trips() -> None:
    for source in SPOT_NAMES:
        for target in SPOT_NAMES:
            if source != target:
                move = Move(source, target)
                assert parse_move(format_move(move)) == move
                assert parse_action(format_action(move)) == move


def test_examples() -> None:
    assert format_move(Move("cr", "f3")) == "cr>f3"
    assert parse_move("s4>s7") == Move("s4", "s7")
    assert parse_move(" ST > OD ") == Move("st", "od")
    assert parse_move("s1-f2") == Move("s1", "f2")
    assert (
        Move("cr", "f3").to_foundation and Move("s2", "s3").from_side_pile and Move("s2", "s3").to_side_pile
    )
    assert not Move("st", "s3").from_side_pile, "the turned card is not a side pile"


@pytest.mark.parametrize("text", ["", "cr", "cr>", ">f1", "cr>f9", "s0>s1", "s1>s1", "xx>f1", "cr>f1>f2"])
def test_nonsense_is_not_a_move(text: str) -> None:
    assert parse_move(text) is None


def test_other_actions() -> None:
    for action, text in (
        (TURN_STOCK, "turn"),
        (DISCARD_TURNED, "discard"),
        (END_TURN, "end"),
        (CALL_CRAPETTE, "call"),
    ):
        assert format_action(action) == text and parse_action(text) == action
    assert parse_action("pass") is None


def test_unknown_spots_are_refused_at_construction() -> None:
    with pytest.raises(ValueError):
        Move("cr", "f9")
