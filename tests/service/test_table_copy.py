"""`Table.copy`: what a board keeps to show later. Equal to the table (as its saved form would load), its own (the
live table goes on without it), and for The Game made without replaying the game's log."""

from __future__ import annotations

import pytest

from bot.games.registry import GAMES
from bot.games.thegame.engine import Game
from bot.games.thegame.session import PlayOnPile
from bot.service.table import Seat, Table, TableStatus
from tests.games.thegame.ui.tables import mid_game, session


def table_of(game_key: str) -> Table:
    rules = GAMES[game_key]
    seats = [Seat(100 + index, f"P{index}") for index in range(max(rules.min_seats, 1))]
    table = Table(
        id=7, guild_id=1, channel_id=2, created_by=100, created_at=0.0, seed=5, game_key=game_key, seats=seats
    )
    table.session = rules.new_session(len(seats), table.seed, rules.options({}), [])
    table.status = TableStatus.PLAYING
    table.end_votes.add(100)
    table.violations[100] = 1
    return table


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_a_copy_is_equal_to_the_table_and_its_own(game_key: str) -> None:
    table = table_of(game_key)
    copy = table.copy()
    assert copy.to_dict() == table.to_dict() == Table.from_dict(table.to_dict()).to_dict()
    assert copy.session is not table.session
    copy.seats[0].name = "changed"
    copy.end_votes.add(101)
    copy.violations[100] = 2
    assert table.seats[0].name == "P0" and table.end_votes == {100} and table.violations == {100: 1}


def test_the_games_copy_goes_its_own_way_and_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    table = mid_game()
    saved = table.to_dict()

    def no_replay(*args: object) -> None:
        raise AssertionError("the log was replayed")

    monkeypatch.setattr(Game, "apply", no_replay)
    copy = table.copy()
    monkeypatch.undo()
    assert copy.to_dict() == saved
    game = session(copy).game
    seat = game.current_player
    assert seat is not None
    play = min(game.legal_plays(), key=lambda option: option.card)
    session(copy).apply(seat, PlayOnPile(play.card, play.pile, confirmed=True))
    assert copy.to_dict() != saved and table.to_dict() == saved, "the table does not move with its copy"
