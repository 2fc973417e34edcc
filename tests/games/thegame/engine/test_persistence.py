"""Saving and restoring: to_dict / from_dict, the log, replay, equality, copy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.thegame.engine import (
    FORMAT_VERSION,
    EndTurn,
    Game,
    PlayCard,
    Status,
    Variant,
    action_from_dict,
    action_to_dict,
)


def some_game(turns: int = 3, variant: Variant | None = None) -> Game:
    game = Game.new(3, 31337, variant or Variant())
    game.choose_first_player(1)
    for _ in range(turns):
        player = game.current_player
        assert player is not None
        while not game.can_end_turn():
            play = game.legal_plays()[0]
            game.play(player, play.card, play.pile)
        game.end_turn(player)
    play = game.legal_plays()[-1]
    game.play(game.current_player or 0, play.card, play.pile)  # mid-turn
    return game


def test_to_dict_is_json_and_has_a_format_version() -> None:
    game = some_game()
    data = game.to_dict()
    assert data["format_version"] == FORMAT_VERSION == 1
    text = json.dumps(data)
    assert json.loads(text) == data
    assert data["players"] == 3
    assert data["seed"] == 31337
    assert data["variant"] == {"higher_minimum": False, "smaller_hand": False}
    assert sorted(data["deck"]) == list(range(2, 100))
    assert data["state"]["status"] == "playing"
    assert data["state"]["piles"]["A"] == list(game.pile_cards("A"))


def test_round_trip_through_json() -> None:
    for game in (
        Game.new(1, 5),
        some_game(0),
        some_game(4),
        some_game(2, Variant(higher_minimum=True, smaller_hand=True)),
        Game.from_deck(2, list(range(99, 1, -1))),
    ):
        restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert restored == game
        assert restored.to_dict() == game.to_dict()
        assert restored.log == game.log
        assert restored.status is game.status
        assert restored.seed == game.seed
        assert restored.variant == game.variant
        assert [restored.hand(seat) for seat in range(game.players)] == [
            game.hand(seat) for seat in range(game.players)
        ]


def test_round_trip_of_a_finished_game() -> None:
    game = some_game(0)
    while not game.is_over:
        player = game.current_player
        assert player is not None
        plays = game.legal_plays()
        if game.can_end_turn():
            game.end_turn(player)
        else:
            game.play(player, plays[-1].card, plays[-1].pile)
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored == game
    assert restored.is_over
    assert restored.end_reason == game.end_reason
    assert restored.status in (Status.WON, Status.LOST)


def test_replay_reproduces_the_state() -> None:
    game = some_game(5)
    again = game.replay()
    assert again == game
    assert again is not game
    player = again.current_player
    assert player is not None
    play = again.legal_plays()[0]
    again.play(player, play.card, play.pile)
    assert again != game  # the replay is a separate game
    assert game.replay() == game


def test_equality_is_by_state_and_copy_is_independent() -> None:
    game = some_game(1)
    twin = game.copy()
    assert twin == game
    player = twin.current_player
    assert player is not None
    play = twin.legal_plays()[0]
    twin.play(player, play.card, play.pile)
    assert twin != game
    assert len(twin.log) == len(game.log) + 1
    assert game != "a game"


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_from_dict_rejects_unknown_format_versions(version: Any) -> None:
    data = some_game().to_dict()
    data["format_version"] = version
    with pytest.raises(ValueError, match="format_version"):
        Game.from_dict(data)


def test_from_dict_rejects_a_tampered_state() -> None:
    data = some_game().to_dict()
    data["state"]["hands"][0][0] = 1
    with pytest.raises(ValueError, match="does not match"):
        Game.from_dict(data)


def test_from_dict_rejects_an_illegal_log() -> None:
    data = some_game().to_dict()
    data["log"].append({"type": "end_turn", "player": 9})
    with pytest.raises(ValueError, match="not legal"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.pop("deck"),
        lambda data: data.pop("log"),
        lambda data: data.pop("variant"),
        lambda data: data.__setitem__("players", 6),
        lambda data: data.__setitem__("players", "3"),
        lambda data: data.__setitem__("deck", [*data["deck"][:-1], 2]),
        lambda data: data.__setitem__("seed", "seed"),
        lambda data: data.__setitem__("log", "nope"),
        lambda data: data["log"].append({"type": "dance", "player": 0}),
        lambda data: data["log"].append({"type": "play_card", "player": 0, "card": "x", "pile": "A"}),
        lambda data: data["log"].append({"type": "play_card", "player": 0, "card": 5, "pile": "Q"}),
        lambda data: data["variant"].__setitem__("smaller_hand", "yes"),
    ],
)
def test_from_dict_rejects_bad_data(change: Any) -> None:
    data = some_game().to_dict()
    change(data)
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_from_dict_rejects_non_dicts() -> None:
    with pytest.raises(ValueError):
        Game.from_dict([])  # type: ignore[arg-type]


def test_from_dict_without_state_replays_the_log() -> None:
    game = some_game(2)
    data = game.to_dict()
    del data["state"]
    assert Game.from_dict(data) == game


def test_actions_to_and_from_dicts() -> None:
    for action in (PlayCard(2, 37, "B"), EndTurn(1)):
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


def test_from_deck_rejects_bad_decks_and_player_counts() -> None:
    good = list(range(2, 100))
    for deck in (good[:-1], [*good[:-1], 2], [*good[:-1], 100], [1, *good[1:]], [*good[:-1], 99.0]):
        with pytest.raises(ValueError):
            Game.from_deck(3, deck)  # type: ignore[arg-type]
    for players in (0, 6, -2):
        with pytest.raises(ValueError):
            Game.from_deck(players, good)
    with pytest.raises(ValueError):
        Game.new(7, 1)
    with pytest.raises(TypeError):
        Game.new(3, "seed")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Game()
