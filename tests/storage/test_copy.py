"""`python -m bot.storage.copy`: a SQLite database moved into PostgreSQL loses no game, result, rating or setting;
running it twice duplicates nothing; the screens read the same on both; a difference is reported."""

from __future__ import annotations

import asyncio
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
from tests.storage.network import closed_port, silent_server
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
    finally:
        await postgres.close()


async def snapshot_of(url: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of a PostgreSQL database, and where its id sequences stand."""
    database = await connect(url)
    try:
        names = [
            str(row[0])
            for row in await database.fetchall(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " AND table_type = 'BASE TABLE' ORDER BY table_name"
            )
        ]
        rows = {
            name: sorted(map(tuple, await database.fetchall(f"SELECT * FROM {name}")), key=repr)
            for name in names
        }
        rows["sequences"] = [tuple(await database.fetchone("SELECT last_value, is_called FROM table_ids"))]
        return rows
    finally:
        await database.close()


async def test_a_database_a_bot_has_used_is_refused_before_anything_is_written(
    seeded: Path, postgres_server: ThrowawayPostgres
) -> None:
    """The audit's loss: copied into a PostgreSQL a bot had used (both start table ids at 1), the copy overwrote
    its tables and games, mixed seats of different games, and only then reported a mismatch."""
    url = await postgres_server.new_database()
    bot = await connect(url)
    try:
        service = GameService(TableStore(bot))
        await service.create(
            guild_id=OTHER_GUILD, channel_id=77, host=Seat(DAVE, "Dave"), seed=9, locale="en"
        )
        await add_game(bot, [DAVE, CAROL], guild_id=OTHER_GUILD, channel_id=78)
    finally:
        await bot.close()
    before = await snapshot_of(url)
    with pytest.raises(copy.TargetNotEmpty) as refused:
        await run_copy(seeded, url)
    assert refused.value.foreign == {"games": 1, "game_players": 2, "tables": 1}
    message = str(refused.value)
    assert "\n" not in message and "empty database" in message and "merge two bots" in message
    assert await snapshot_of(url) == before  # not one row written, the id counter where it was

    # The same from a rerun into a database it filled itself: that is allowed, and writes nothing new.
    fresh = await postgres_server.new_database()
    assert (await run_copy(seeded, fresh))[0] == 0
    filled = await snapshot_of(fresh)
    assert (await run_copy(seeded, fresh))[0] == 0
    assert await snapshot_of(fresh) == filled
    # A row a bot changed after the copy (a move in a table in play) is not the file's any more: refused.
    bot = await connect(fresh)
    try:
        await bot.execute("UPDATE tables SET updated_at = updated_at + 1 WHERE status = 'playing'")
    finally:
        await bot.close()
    with pytest.raises(copy.TargetNotEmpty, match=r"\(tables 1\)"):
        await run_copy(seeded, fresh)


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


def run_command(
    *arguments: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "bot.storage.copy", *arguments], capture_output=True, text=True, cwd=cwd,
        env=environment, timeout=120, check=False,
    )  # fmt: skip


def test_the_command_line(seeded: Path, postgres_server: ThrowawayPostgres, tmp_path: Path) -> None:
    url = postgres_server.new_database_sync()
    done = run_command("--to", url, cwd=tmp_path, env={"DATABASE_PATH": str(seeded)})
    assert done.returncode == 0, done.stderr
    assert "Copied: every table matches." in done.stdout
    assert str(seeded) in done.stdout  # DATABASE_PATH is the default source
    missing = run_command("--to", url, "--from", str(tmp_path / "nothing.sqlite3"), cwd=tmp_path)
    assert missing.returncode == 2
    assert "Nothing copied: No SQLite database at" in missing.stderr
    # Into a database another bot has used: one line, status 7 (bot/exit_codes.py), nothing written.
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).close()
    refused = run_command("--to", url, "--from", str(other), cwd=tmp_path)
    assert refused.returncode == 7, refused.stderr
    assert refused.stderr.count("\n") == 1 and refused.stderr.startswith(
        "Nothing copied: postgresql://127.0.0.1:"
    )
    assert "already holds rows that are not this SQLite file's (games 13, " in refused.stderr


async def test_every_error_is_one_line_that_says_why(
    seeded: Path, postgres_server: ThrowawayPostgres, tmp_path: Path
) -> None:
    """The audit saw `TimeoutError:` with nothing after it (a server that accepts and never answers) and a
    traceback for a port that is not a number."""
    secret = "hunter2-secret"
    wrong_database = postgres_server.database_url("no_such_database").replace(
        "postgres@", f"postgres:{secret}@"
    )
    cases: list[tuple[str, int, str]] = [
        (
            f"postgresql://bot:{secret}@127.0.0.1:54x2/thegame",
            2,
            "--to is malformed: its port must be a number",
        ),
        (f"postgresql://bot:{secret}@127.0.0.1:{closed_port()}/thegame", 5, "nothing accepts connections at"),
        (wrong_database, 5, 'database "no_such_database" does not exist'),
        (f"postgresql://bot:{secret}@no-such-host.invalid/thegame", 5, "cannot be found"),
    ]
    async with silent_server() as port:
        cases.append((f"postgresql://bot:{secret}@127.0.0.1:{port}/thegame", 5, "did not answer within 1 s"))
        for url, status, why in cases:
            done = await asyncio.to_thread(
                run_command, "--to", url, cwd=tmp_path,
                env={"DATABASE_PATH": str(seeded), "CONNECT_TIMEOUT_SECONDS": "1"},
            )  # fmt: skip
            assert done.returncode == status, (url, done.stderr)
            assert done.stderr.count("\n") == 1 and done.stderr.startswith("Nothing copied: "), done.stderr
            assert why in done.stderr and secret not in done.stderr, done.stderr
            assert "Traceback" not in done.stderr
