"""Upgrading from the bot that only played The Game: its database (schema 2, tables saved in format 1) with a game
in progress and a finished game. The new bot migrates it, resumes the game where it was, old buttons still answer,
and the old result still ranks on The Game's leaderboard."""

from __future__ import annotations

import io
import json
import sqlite3
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.games.thegame.engine import Game
from bot.games.thegame.session import TheGameSession
from bot.storage import copy
from bot.storage.sqlite import migrations
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

TABLE_ID = 40
OLD_GAME_ID = 12
SEED = 424242


def old_database(path: Path, world: World) -> Game:
    """What the previous release left on disk: migrations 0001-0002, one table playing, one finished game."""
    connection = sqlite3.connect(path)
    for version, _, sql in migrations():
        if version <= 2:
            connection.executescript(sql)
    connection.execute("PRAGMA user_version = 2")
    alice, bob = world.alice, world.bob
    game = Game.new(2, SEED)
    game.choose_first_player(0)
    first = game.legal_plays()[0]
    game.play(0, first.card, first.pile)
    now = time.time() - 600
    saved = {
        "format_version": 1,
        "id": TABLE_ID,
        "guild_id": world.guild.id,
        "channel_id": world.channel.id,
        "created_by": alice.id,
        "created_at": now,
        "variant": {"higher_minimum": False, "smaller_hand": False},
        "seed": SEED,
        "status": "playing",
        "daily": None,
        "locale": "en-US",
        "seats": [
            {"user_id": alice.id, "name": "Alice", "is_ai": False, "locale": "en-US"},
            {"user_id": bob.id, "name": "Bob", "is_ai": False, "locale": "fr"},
        ],
        "game": game.to_dict(),
        "started_at": now,
        "ended_at": None,
        "board_message_id": 999,  # the old board message, gone from the channel
        "ping_message_id": None,
        "turn_started_at": now,
        "reminded": False,
        "end_votes": [],
        "last_drawn": {str(bob.id): [5, 6]},
        "violations": {str(bob.id): 1},
        "hints": {},
        "markers": {"C": "keep_off"},
        "marker_by": {"C": bob.id},
        "recent_plays": [[0, first.card, first.pile, first.backwards]],
        "end_reason": None,
    }
    connection.execute(
        "INSERT INTO tables (id, guild_id, channel_id, status, data, created_at, updated_at)"
        " VALUES (?, ?, ?, 'playing', ?, ?, ?)",
        (TABLE_ID, world.guild.id, world.channel.id, json.dumps(saved), now, now),
    )
    connection.execute(
        "INSERT INTO games (id, guild_id, channel_id, player_count, variant, deal_code, outcome, cards_left, turns,"
        " started_at, ended_at, team_key) VALUES (?, ?, ?, 2, 'standard', 'BCDFGHJK', 'lost', 7, 30, ?, ?, ?)",
        (OLD_GAME_ID, world.guild.id, world.channel.id, now - 900, now - 800, f"{alice.id},{bob.id}"),
    )
    connection.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
        [(OLD_GAME_ID, 0, alice.id, "Alice"), (OLD_GAME_ID, 1, bob.id, "Bob")],
    )
    connection.commit()
    connection.close()
    return game


@pytest.fixture
async def settings(tmp_path: Path, world: World, database_url: str | None) -> Settings:
    """The old SQLite file; on PostgreSQL, copied into it first (python -m bot.storage.copy) as a move would."""
    old_database(tmp_path / "thegame.sqlite3", world)
    if database_url is not None:
        report = io.StringIO()
        assert await copy.run(tmp_path / "thegame.sqlite3", database_url, out=report) == 0, report.getvalue()
    return bot_settings(tmp_path, database_url=database_url)


async def test_the_old_database_upgrades_and_the_game_goes_on(driver: TableDriver, world: World) -> None:
    await driver.settle()
    table = driver.table()
    assert table.id == TABLE_ID and table.game_key == "thegame"
    session = table.require_session()
    assert isinstance(session, TheGameSession)
    # The game-specific fields moved into The Game's session, keyed by seat.
    assert session.markers == {"C": "keep_off"} and session.marker_by == {"C": 1}
    assert session.last_drawn == {1: [5, 6]}
    assert table.violations == {world.bob.id: 1}
    expected = Game.new(2, SEED)
    expected.choose_first_player(0)
    first = expected.legal_plays()[0]
    expected.play(0, first.card, first.pile)
    assert session.game == expected
    # The board was posted again (the old one is gone) and shows who is playing.
    assert "Alice" in driver.board().text
    # The buttons of the first release (same custom ids, without the hand's owner) play on.
    hand = await driver.open_hand(world.alice)
    option = expected.legal_plays()[0]
    driver.as_first_release(hand)
    chosen = await driver.click(world.alice, hand, f"tg:card:{TABLE_ID}:{option.card}")
    assert chosen.type == 7
    driver.as_first_release(hand)
    played = await driver.click(world.alice, hand, f"tg:play:{TABLE_ID}:{option.card}:{option.pile}:0")
    assert played.type == 7
    assert driver.game().played_this_turn == 2
    driver.as_first_release(hand)
    ended = await driver.click(world.alice, hand, f"tg:end:{TABLE_ID}")
    assert ended.type == 7 and driver.game().current_player == 1
    # The finished game of the old database still ranks, on The Game's leaderboard only.
    assert tuple(
        await driver.bot.db.fetchone("SELECT game, outcome FROM games WHERE id = ?", (OLD_GAME_ID,))
    ) == ("thegame", "lost")
    board = await driver.command(world.alice, "leaderboard")
    assert "7" in driver.text(board)
    hearts = await driver.command(world.alice, "leaderboard", game="hearts")
    assert "No finished game" in driver.text(hearts)
