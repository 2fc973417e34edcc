"""Saving, restoring and replaying a game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games.crapette import FORMAT_VERSION, STRATEGIES, Crapette, CrapetteOptions
from bot.games.crapette.session import CrapetteSession


def played(seed: int = 8, actions: int = 120, options: CrapetteOptions | None = None) -> Crapette:
    """A game with some history: first_legal on both seats, with a wrong call and a right one when
    possible."""
    game = Crapette.new(options or CrapetteOptions(), seed)
    player = STRATEGIES["first_legal"]()
    called_wrong = False
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(seat, player.choose_action(game.view(seat)))
        watching = 1 - seat
        if game.can_call_crapette(watching) and (
            game.view(watching).last_missed is not None or not called_wrong
        ):
            called_wrong = called_wrong or game.view(watching).last_missed is None
            game.call_crapette(watching)
    return game


def test_a_saved_game_comes_back_equal() -> None:
    game = played()
    data = json.loads(json.dumps(game.to_dict()))
    assert data["format_version"] == FORMAT_VERSION == 1
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in data["log"])
    restored = Crapette.from_dict(data)
    assert restored == game
    assert restored.view(0) == game.view(0) and restored.view(1) == game.view(1)
    assert restored.crapettes_called(0) + restored.crapettes_called(1) > 0
    assert restored.wrong_calls(0) + restored.wrong_calls(1) > 0


def test_replay_gives_the_same_game_and_it_goes_on_the_same_way() -> None:
    game = played(seed=10, actions=60, options=CrapetteOptions("alternate", False))
    assert not game.is_over
    copy = game.replay()
    assert copy == game and copy.seed == game.seed
    for other in (game, copy):
        seat = other.current_player
        other.apply(seat, other.legal_actions(seat)[0])
    assert copy == game


def test_a_game_from_decks_saves_without_a_seed() -> None:
    game = Crapette.new(seed=4)
    plain = Crapette.from_decks(CrapetteOptions(), *game.decks)
    assert plain.seed is None and Crapette.from_dict(plain.to_dict()).seed is None


def broken(change: str) -> dict[str, Any]:
    data = played(actions=30).to_dict()
    if change == "version":
        data["format_version"] = 2
    elif change == "missing":
        del data["decks"]
    elif change == "illegal":
        data["log"].append([data["state"]["current_player"], "oc>f1"])
        del data["state"]
    elif change == "garbage":
        data["log"].append([0, "fly away"])
    elif change == "pair":
        data["log"].append("turn")
    elif change == "state":
        data["state"]["turn_number"] += 1
    elif change == "deck":
        data["decks"][0][0] = data["decks"][0][1]
    elif change == "options":
        data["options"] = {"opponent_build": "rainbow"}
    elif change == "seed":
        data["seed"] = "x"
    return data


@pytest.mark.parametrize(
    "change", ["version", "missing", "illegal", "garbage", "pair", "state", "deck", "options", "seed"]
)
def test_bad_saved_data_is_refused(change: str) -> None:
    with pytest.raises(ValueError):
        Crapette.from_dict(broken(change))


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(ValueError):
        Crapette.from_dict([1, 2])


def test_a_game_saved_before_rules_versions_keeps_its_first_rules() -> None:
    # Saved by the bot before the sources' rules (commit cdc24b4): a strict table where seat 0 discarded a turned
    # card it could have placed, which the sources' rules refuse on a strict table.
    saved = json.loads((Path(__file__).parent / "data" / "rules1_strict_save.json").read_text())
    assert "rules_version" not in saved["engine"]["options"]
    session = CrapetteSession.from_dict(saved)
    game = session.engine
    assert game.options == CrapetteOptions(strict=True, rules_version=1)
    assert len(game.log) == 300 and not game.is_over
    assert not any(move.source == "di" for move in game.legal_moves(game.current_player)), "no discard source"
    assert Crapette.from_dict(game.to_dict()) == game, "saved again, it keeps its rules"
    assert game.to_dict()["options"]["rules_version"] == 1
    with pytest.raises(ValueError, match="not legal"):
        Crapette.from_dict({**saved["engine"], "options": {**saved["engine"]["options"], "rules_version": 2}})
