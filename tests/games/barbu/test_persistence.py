"""Saving and loading: a saved game comes back identical, by replay, from plain JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.barbu import FORMAT_VERSION, Barbu, BarbuOptions

from .helpers import play_random


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(3, 8),
    seed=st.integers(-(10**12), 10**12),
    plays=st.integers(0, 300),
    early_end=st.booleans(),
)
def test_a_saved_game_loads_back_equal_through_json(
    players: int, seed: int, plays: int, early_end: bool
) -> None:
    game = Barbu.new(BarbuOptions(players=players, early_end=early_end), seed)
    play_random(game, random.Random(seed), plays=plays)
    saved = json.loads(json.dumps(game.to_dict()))
    loaded = Barbu.from_dict(saved)
    assert loaded == game
    assert loaded.to_dict() == game.to_dict()
    assert loaded.scores == game.scores and loaded.to_act() == game.to_act()
    assert all(loaded.hand(seat) == game.hand(seat) for seat in range(players))
    assert all(loaded.view(seat) == game.view(seat) for seat in range(players))
    assert game.replay() == game


def test_the_saved_form_is_small_and_versioned() -> None:
    game = Barbu.new(BarbuOptions(players=4, full_cycle=True), seed=42)
    play_random(game, random.Random(1), plays=3)
    saved = game.to_dict()
    assert saved["format_version"] == FORMAT_VERSION == 1
    assert saved["options"] == {"players": 4, "full_cycle": True, "early_end": False}
    assert saved["seed"] == 42
    assert [entry["seat"] for entry in saved["log"]] == [1, 2, 3]
    assert all(isinstance(entry["card"], str) for entry in saved["log"])


def test_games_differing_in_one_play_are_not_equal() -> None:
    first = Barbu.new(BarbuOptions(), seed=3)
    second = Barbu.new(BarbuOptions(), seed=3)
    assert first == second
    legal = first.legal_cards(1)
    first.play(1, legal[0])
    second.play(1, legal[-1])
    assert first != second
    assert Barbu.new(BarbuOptions(), seed=3) != Barbu.new(BarbuOptions(), seed=4)


def _saved() -> dict[str, Any]:
    game = Barbu.new(BarbuOptions(players=4), seed=5)
    play_random(game, random.Random(5), plays=6)
    return game.to_dict()


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda data: data.update(format_version=2),
        lambda data: data.pop("format_version"),
        lambda data: data.pop("seed"),
        lambda data: data.update(seed="5"),
        lambda data: data.update(options={"players": 9}),
        lambda data: data.update(options={"players": 4, "colour": "red"}),
        lambda data: data.update(options=[4]),
        lambda data: data.update(log="QS"),
        lambda data: data["log"].append({"seat": 0, "card": "ZZ"}),
        lambda data: data["log"].append({"seat": 0}),
        lambda data: data["log"].append([0, "QS"]),
        lambda data: data["log"].insert(0, data["log"][1]),  # a play out of turn
        lambda data: data["log"].append(data["log"][0]),  # a card already played
    ],
)
def test_bad_saved_data_is_refused_with_value_error(corrupt: Any) -> None:
    data = _saved()
    corrupt(data)
    with pytest.raises(ValueError):
        Barbu.from_dict(data)


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(ValueError):
        Barbu.from_dict([1, 2])


def test_options_round_trip_and_validation() -> None:
    options = BarbuOptions(players=7, full_cycle=True, early_end=True)
    assert BarbuOptions.from_dict(options.to_dict()) == options
    assert BarbuOptions.from_dict({}) == BarbuOptions()
    assert options.hands_total == 35
    for bad in (2, 9, "4", 4.0, True):
        with pytest.raises(ValueError):
            BarbuOptions(players=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        BarbuOptions(full_cycle=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Barbu.new(BarbuOptions(), seed="1")  # type: ignore[arg-type]
