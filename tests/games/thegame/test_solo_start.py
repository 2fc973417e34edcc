"""Alone at the table there is nobody to decide with: a solo game starts on the player's turn."""

from __future__ import annotations

from bot.games.thegame.definition import RULES
from bot.games.thegame.engine import Game, Status
from bot.games.thegame.session import ChooseFirst, TheGameSession
from bot.games.thegame.ui.table_ui import UI
from tests.games.thegame.ui.tables import new_table


def test_a_solo_game_starts_on_the_players_turn() -> None:
    session = RULES.new_session(1, seed=5, options={}, ai_seats=())
    assert isinstance(session, TheGameSession)
    assert session.game.status is Status.PLAYING
    assert session.current_player == 0 and session.to_act() == (0,)
    assert session.game.first_player == 0
    # Saved and loaded, it is the same game (the start is in the engine's log, so it replays).
    loaded = RULES.load(session.to_dict())
    assert isinstance(loaded, TheGameSession) and loaded.game.to_dict() == session.game.to_dict()


def test_a_team_still_chooses_who_starts() -> None:
    for players, ai_seats in ((2, ()), (2, (1,)), (5, (3, 4))):
        session = RULES.new_session(players, seed=5, options={}, ai_seats=ai_seats)
        assert isinstance(session, TheGameSession)
        assert session.game.status is Status.CHOOSING_FIRST


def test_a_solo_game_saved_before_still_asks_who_starts_and_plays_on() -> None:
    # Saved by the release before this one: a solo game waiting for its player to press I'll start.
    old = TheGameSession(Game.new(1, 5), []).to_dict()
    loaded = RULES.load(old)
    assert isinstance(loaded, TheGameSession) and loaded.game.status is Status.CHOOSING_FIRST
    loaded.apply(0, ChooseFirst())
    assert loaded.game.status is Status.PLAYING and loaded.current_player == 0


def test_the_starter_is_told_what_comes_next() -> None:
    solo = new_table(1, ai=())
    solo.session = RULES.new_session(1, seed=5, options={}, ai_seats=())
    assert UI.started_notice_at(solo, "en-US") == "The game has started: you play alone, so you start."
    assert UI.started_notice_at(solo, "fr") == "La partie commence\xa0: tu joues en solo, donc tu commences."
    team = new_table(3)
    assert UI.started_notice_at(team, "en-US") == "The game has started! The team now picks who starts."
