"""`python -m bot.storage.copy`: a SQLite database moved into PostgreSQL loses no game, result, rating or setting;
running it twice duplicates nothing; the screens read the same on both; a difference is reported."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games.base import SeatResult
from bot.service.games import GameService
from bot.service.table import Seat, Table, TableStatus
from bot.storage import copy
from bot.storage.database import Database, connect
from bot.storage.meta import MetaStore
from bot.storage.ratings import RatingStore, update_ratings
from bot.storage.settings import ChatRuleMode, GuildSettings, SettingsStore
from bot.storage.solitaire import SolitaireStore
from bot.storage.sqlite import migrations
from bot.storage.stats import LeaderboardFilters, StatsStore
from bot.storage.tables import TableStore
from tests.postgres import ThrowawayPostgres
from tests.storage.seed import add_game

pytestmark = pytest.mark.postgresql

ROOT = Path(__file__).resolve().parents[2]
GUILD, OTHER_GUILD = 700, 800
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
BIG_ID = 1_234_567_890_123_456_789  # Discord ids need 64 bits


async def seed_everything(database: Database) -> None:
    """A database as a bot leaves it: finished games of every kind, ratings, settings, meta, tables in play."""
    for index in range(12):
        players = [ALICE, BOB] if index % 3 else [ALICE, BOB, CAROL]
        await add_game(
            database, players, cards_left=index % 5, ended_at=1_000_000.5 + index * 3600.25,
            guild_id=GUILD if index % 4 else OTHER_GUILD, channel_id=5, names={ALICE: "Alice", BOB: "Bob"},
            daily="2026-11-20" if index == 3 else None, ai_seats=index % 2, violations={BOB: index % 3},
        )  # fmt: skip
    await add_game(database, [DAVE, BIG_ID], cards_left=3, guild_id=GUILD, channel_id=6, outcome="abandoned")
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(-1, "Ada", is_ai=True), Seat(BIG_ID, "Zed")]
    finished = Table(
        id=1, guild_id=GUILD, channel_id=2, created_by=ALICE, created_at=0.0, seed=1, game_key="hearts",
        seats=seats, status=TableStatus.FINISHED, ended_at=100.0,
    )  # fmt: skip
    for _ in range(2):
        async with database.transaction() as transaction:
            await update_ratings(
                transaction, finished, [SeatResult(20, 2, False), SeatResult(5, 1, True),
                                        SeatResult(40, 4, False), SeatResult(30, 3, False)],
            )  # fmt: skip
    await SettingsStore(database).update(GUILD, GuildSettings(ChatRuleMode.DELETE, True, False))
    await MetaStore(database).set("command_hash", "abc123")
    service = GameService(TableStore(database))
    lobby = await service.create(
        guild_id=GUILD, channel_id=30, host=Seat(ALICE, "Alice"), seed=1, locale="en"
    )
    playing = await service.create(guild_id=GUILD, channel_id=31, host=Seat(BOB, "Bob"), seed=2, locale="fr")
    await service.join(playing.id, Seat(CAROL, "Carol"))
    await service.start(playing.id, BOB)
    assert lobby.id != playing.id


async def run_copy(source: Path, url: str, *, verify_only: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    code = await copy.run(source, url, verify_only=verify_only, out=out)
    return code, out.getvalue()


def row_counts(output: str) -> dict[str, tuple[int, int]]:
    counts = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 6 and parts[1].replace(",", "").isdigit():
            counts[parts[0]] = (int(parts[1].replace(",", "")), int(parts[2].replace(",", "")))
    return counts


@pytest.fixture
async def seeded(tmp_path: Path) -> Path:
    path = tmp_path / "bot.sqlite3"
    database = await connect(path)
    try:
        await seed_everything(database)
    finally:
        await database.close()
    return path


async def test_copy_twice_then_every_screen_reads_the_same(
    seeded: Path, postgres_server: ThrowawayPostgres
) -> None:
    url = await postgres_server.new_database()
    code, first = await run_copy(seeded, url)
    assert code == 0, first
    counts = row_counts(first)
    assert counts["games"] == (13, 13) and counts["game_players"][0] == counts["game_players"][1] > 26
    assert counts["ratings"] == (3, 3) and counts["guild_settings"] == (1, 1) and counts["tables"] == (2, 2)
    assert set(counts) == {"games", "game_players", "guild_settings", "meta", "ratings", "tables"}
    assert "MISMATCH" not in first and "every table matches" in first

    code, second = await run_copy(seeded, url)
    assert code == 0, second
    assert row_counts(second) == counts  # nothing duplicated
    checksums = [line.split()[3:5] for line in first.splitlines() if line.split()[0] in counts]
    assert checksums == [line.split()[3:5] for line in second.splitlines() if line.split()[0] in counts]

    lite, postgres = await connect(seeded), await connect(url)
    try:
        for guild in (GUILD, OTHER_GUILD):
            for filters in (
                LeaderboardFilters(),
                LeaderboardFilters(ai=True),
                LeaderboardFilters(daily="2026-11-20"),
            ):
                assert await StatsStore(postgres).leaderboard(
                    guild, filters, viewer_id=BOB
                ) == await StatsStore(lite).leaderboard(guild, filters, viewer_id=BOB)
            assert await StatsStore(postgres).history(guild) == await StatsStore(lite).history(guild)
            for user in (ALICE, BOB, DAVE, BIG_ID):
                assert await StatsStore(postgres).player_stats(guild, user) == await StatsStore(
                    lite
                ).player_stats(guild, user)
        hearts = await RatingStore(postgres).leaderboard(GUILD, "hearts", viewer_id=BIG_ID)
        assert hearts == await RatingStore(lite).leaderboard(GUILD, "hearts", viewer_id=BIG_ID)
        assert [player.user_id for player in hearts.players] == [BOB, ALICE, BIG_ID]
        assert await SolitaireStore(postgres).leaderboard(GUILD, "klondike") == []
        assert await SettingsStore(postgres).get(GUILD) == GuildSettings(ChatRuleMode.DELETE, True, False)
        assert await MetaStore(postgres).get("command_hash") == "abc123"
        # The tables in play resume on PostgreSQL, and new table ids never reuse a copied one.
        resumed = [table.to_dict() for table in await TableStore(postgres).load_active()]
        assert resumed == [table.to_dict() for table in await TableStore(lite).load_active()]
        assert len(resumed) == 2
        used = await lite.fetchone(
            "SELECT MAX(id) FROM (SELECT id FROM games UNION SELECT id FROM tables) AS ids"
        )
        assert await TableStore(postgres).next_id() > used[0]
    finally:
        await lite.close()
        await postgres.close()


async def test_a_difference_is_reported_and_fails(seeded: Path, postgres_server: ThrowawayPostgres) -> None:
    url = await postgres_server.new_database()
    assert (await run_copy(seeded, url))[0] == 0
    postgres = await connect(url)
    try:
        # Same row count, one changed value: only the checksum can tell.
        await postgres.execute("UPDATE game_players SET display_name = 'Mallory' WHERE user_id = ?", (ALICE,))
        code, output = await run_copy(seeded, url, verify_only=True)
        assert code == 1
        assert "MISMATCH in game_players" in output
        mismatched = [line.split()[0] for line in output.splitlines() if line.endswith("MISMATCH")]
        assert mismatched == ["game_players"]
        # Copying again puts the SQLite values back.
        assert (await run_copy(seeded, url))[0] == 0
        # A game PostgreSQL has and SQLite has not (a bot already ran on it): the counts differ.
        await add_game(postgres, [CAROL], guild_id=GUILD, channel_id=9)
        code, output = await run_copy(seeded, url)
        assert code == 1
        assert row_counts(output)["games"] == (13, 14)
    finally:
        await postgres.close()


async def test_an_old_sqlite_database_is_copied_without_being_changed(
    tmp_path: Path, postgres_server: ThrowawayPostgres
) -> None:
    """A database of the first release (schema 1): the copy reads a migrated snapshot; the file stays as it was."""
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(migrations()[0][2])
    old.execute("PRAGMA user_version = 1")
    old.execute(
        "INSERT INTO games (id, guild_id, channel_id, player_count, variant, deal_code, outcome, cards_left, turns,"
        " started_at, ended_at, team_key) VALUES (9, ?, 1, 2, 'standard', 'BCDFGHJK', 'lost', 7, 30, 1.0, 2.0, '11,12')",
        (GUILD,),
    )
    old.commit()
    old.close()
    before = path.read_bytes()
    url = await postgres_server.new_database()
    code, output = await run_copy(path, url)
    assert code == 0, output
    assert f"schema 1, read as {len(migrations())}" in output  # the latest schema
    assert path.read_bytes() == before
    postgres = await connect(url)
    try:
        assert tuple(await postgres.fetchone("SELECT game, cards_left FROM games WHERE id = 9")) == (
            "thegame",
            7,
        )
        assert await TableStore(postgres).next_id() == 10
    finally:
        await postgres.close()


def test_the_command_line(seeded: Path, postgres_server: ThrowawayPostgres, tmp_path: Path) -> None:
    url = postgres_server.new_database_sync()
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_PATH": str(seeded)}
    done = subprocess.run(
        [sys.executable, "-m", "bot.storage.copy", "--to", url], capture_output=True, text=True, cwd=tmp_path,
        env=environment, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Copied: every table matches." in done.stdout
    assert str(seeded) in done.stdout  # DATABASE_PATH is the default source
    missing = subprocess.run(
        [sys.executable, "-m", "bot.storage.copy", "--to", url, "--from", str(tmp_path / "nothing.sqlite3")],
        capture_output=True, text=True, cwd=tmp_path, env=environment, timeout=120, check=False,
    )  # fmt: skip
    assert missing.returncode == 2
    assert "Nothing copied: No SQLite database at" in missing.stderr
