"""Saved games: a plain dict with the deal and the action log, rebuilt by replay; bad data is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.klondike import FORMAT_VERSION, Klondike, KlondikeOptions, parse_move
from bot.games.klondike.session import GiveUp, KlondikeSession
from tests.games.klondike.helpers import rules_game


def played_game() -> Klondike:
    game = Klondike.new(KlondikeOptions(draw=1, any_colour=True), seed=42)
    for text in ("s", "s"):
        move = parse_move(text)
        assert move is not None
        game.play(move)
    game.undo()
    game.auto_play()
    return game


def test_a_game_saves_as_json_and_comes_back_equal() -> None:
    game = played_game()
    saved = game.to_dict()
    assert saved["format_version"] == FORMAT_VERSION == 1
    assert saved["options"] == {"draw": 1, "any_colour": True}
    assert saved["seed"] == 42 and len(saved["deck"]) == 52
    assert saved["log"][:3] == ["s", "s", "undo"]
    again = Klondike.from_dict(json.loads(json.dumps(saved)))
    assert again == game
    assert (again.moves_made, again.undos_used, again.waste_shown) == (
        game.moves_made,
        game.undos_used,
        game.waste_shown,
    )


def test_a_seed_alone_is_enough() -> None:
    game = played_game()
    saved = game.to_dict()
    del saved["deck"]
    assert Klondike.from_dict(saved) == game


def test_a_deck_without_a_seed_replays_too() -> None:
    game = rules_game()
    game.auto_play()
    game.give_up()
    again = Klondike.from_dict(game.to_dict())
    assert again == game and again.seed is None and again.end_reason == "gave_up"


def corrupt(change: str) -> dict[str, Any]:
    saved = played_game().to_dict()
    if change == "version":
        saved["format_version"] = 2
    elif change == "options":
        saved["options"] = {"draw": 2}
    elif change == "deck":
        saved["deck"] = saved["deck"][:-1]
    elif change == "card":
        saved["deck"][0] = "ZZ"
    elif change == "move":
        saved["log"].append("c9>f")
    elif change == "illegal":
        saved["log"].insert(0, "w>f")
    elif change == "seed":
        saved["seed"] = "7"
    elif change == "nothing":
        del saved["deck"]
        saved["seed"] = None
    elif change == "log":
        saved["log"] = "s"
    return saved


@pytest.mark.parametrize(
    "change", ["version", "options", "deck", "card", "move", "illegal", "seed", "nothing", "log"]
)
def test_bad_saved_data_is_refused(change: str) -> None:
    with pytest.raises(ValueError):
        Klondike.from_dict(corrupt(change))


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(ValueError):
        Klondike.from_dict([])
    with pytest.raises(ValueError):
        KlondikeOptions.from_dict({"draw": 3, "colour": True})


def test_the_seat_that_gave_up_is_kept_and_older_saves_still_load() -> None:
    session = KlondikeSession(Klondike.new(KlondikeOptions(), seed=7), 2, "together")
    session.apply(1, GiveUp())
    saved = json.loads(json.dumps(session.to_dict()))
    assert saved["given_up_by"] == 1
    assert KlondikeSession.from_dict(saved).given_up_by == 1
    del saved["given_up_by"]  # a game saved before the seat was kept
    assert KlondikeSession.from_dict(saved).given_up_by is None
    playing = KlondikeSession(Klondike.new(KlondikeOptions(), seed=7), 1, "solo").to_dict()
    assert "given_up_by" not in playing, "a game's saved form is unchanged until someone gives up"
