"""How fast are the leaderboard, stats and history queries on a busy database?

Fills a temporary database (through the real migrations) with 100,000 finished games over 1,000 players in 50
servers, then times each screen's query through `bot.storage.stats.StatsStore`, next to a plain
`SELECT count(*) FROM games` in the same run. Deterministic (fixed seed). Target: every query under 50 ms median.

    .venv/bin/python benchmarks/leaderboard.py [--games 100000] [--runs 50] [--store sqlite|postgresql]

`--store postgresql` copies the same games into a throwaway PostgreSQL (tests/postgres.py, with the copy command's
code), runs ANALYZE, and times the same queries there.

Server sizes are uneven (a few big servers, many small ones), like real bots; the figures are for the biggest
server, the worst case.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage.database import Database
from bot.storage.ratings import RatingStore
from bot.storage.records import RecordStore
from bot.storage.sqlite import SqliteDatabase
from bot.storage.stats import LeaderboardFilters, StatsStore

SEED = 20240501
SERVERS = 50
PLAYERS = 1000
CHANNELS_PER_SERVER = 4
START = 1_700_000_000.0  # games spread over the two years after this
SPAN = 2 * 365 * 86400.0
TEAM_SIZES = (1, 2, 3, 4, 5)
TEAM_SIZE_WEIGHTS = (15, 30, 25, 20, 10)
DEAL_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"


@dataclass
class Server:
    guild_id: int
    players: list[int]
    channels: list[int]
    teams: list[tuple[int, ...]]
    team_weights: list[float]


def make_servers(rng: random.Random) -> tuple[list[Server], list[float]]:
    # Zipf-like sizes: server k gets a share proportional to 1/(k+1)^0.8.
    shares = [1 / (k + 1) ** 0.8 for k in range(SERVERS)]
    total = sum(shares)
    shares = [share / total for share in shares]
    player_ids = [100_000_000_000_000_000 + index * 7919 for index in range(PLAYERS)]
    rng.shuffle(player_ids)
    servers = []
    cursor = 0
    for index, share in enumerate(shares):
        count = max(8, round(share * PLAYERS))
        members = player_ids[cursor : cursor + count]
        cursor = min(cursor + count, PLAYERS - 8)
        # A few players from elsewhere, as people are in several servers.
        members += rng.sample(player_ids, 3)
        members = sorted(set(members))
        teams: list[tuple[int, ...]] = []
        for _ in range(max(10, len(members) * 2)):
            size = min(len(members), rng.choices(TEAM_SIZES, TEAM_SIZE_WEIGHTS)[0])
            teams.append(tuple(sorted(rng.sample(members, size))))
        weights = [1 / (rank + 1) ** 0.7 for rank in range(len(teams))]
        guild_id = 900_000_000_000_000_000 + index * 104_729
        channels = [guild_id + 1 + channel for channel in range(CHANNELS_PER_SERVER)]
        servers.append(Server(guild_id, members, channels, teams, weights))
    return servers, shares


def make_games(
    rng: random.Random, servers: list[Server], shares: list[float], count: int
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    games: list[tuple[Any, ...]] = []
    seats: list[tuple[Any, ...]] = []
    times = sorted(START + rng.random() * SPAN for _ in range(count))
    for game_id, ended_at in enumerate(times, start=1):
        server = rng.choices(servers, shares)[0]
        team = rng.choices(server.teams, server.team_weights)[0]
        ai_seats = rng.choice((1, 1, 2)) if rng.random() < 0.10 and len(team) < 5 else 0
        ai_seats = min(ai_seats, 5 - len(team))
        if len(team) == 1 and ai_seats == 0 and rng.random() < 0.5:
            ai_seats = 1  # many solo players play with an AI teammate
        expert_minimum = rng.random() < 0.10
        expert_hand = rng.random() < 0.08
        variant = "expert" if expert_minimum or expert_hand else "standard"
        daily = None
        if rng.random() < 0.12:
            daily = time.strftime("%Y-%m-%d", time.gmtime(ended_at))
        roll = rng.random()
        if roll < 0.07:
            outcome, cards_left = "abandoned", rng.randint(15, 90)
        elif roll < 0.12:
            outcome, cards_left = "won", 0
        else:
            outcome, cards_left = "lost", min(98, 1 + int(rng.expovariate(1 / 14)))
        turns = rng.randint(10, 60)
        started_at = ended_at - rng.randint(600, 3600)
        team_key = ",".join(str(user) for user in team) + (",ai" if ai_seats else "")
        deal_code = "".join(rng.choice(DEAL_LETTERS) for _ in range(8))
        game_violations = game_hints = 0
        for seat, user in enumerate(team):
            violations = int(rng.random() < 0.1)
            hints = rng.randint(0, 2) if rng.random() < 0.2 else 0
            game_violations += violations
            game_hints += hints
            seats.append((game_id, seat, user, f"Player {user % 100_000}", 0, violations, hints))
        for extra in range(ai_seats):
            seats.append((game_id, len(team) + extra, None, f"Robot {extra + 1}", 1, 0, 0))
        games.append(
            (
                game_id, server.guild_id, rng.choice(server.channels), len(team) + ai_seats, int(expert_minimum),
                int(expert_hand), variant, deal_code, daily, outcome, cards_left, turns, started_at, ended_at,
                team_key, int(bool(ai_seats)), game_violations, game_hints,
            )
        )  # fmt: skip
    return games, seats


async def fill(connection: Any, games: list[tuple[Any, ...]], seats: list[tuple[Any, ...]]) -> None:
    # One transaction, and a page cache big enough for the indexes (random team keys would thrash a small one).
    await connection.execute("PRAGMA cache_size = -262144")
    await connection.execute("BEGIN")
    await connection.executemany(
        "INSERT INTO games (id, guild_id, channel_id, player_count, expert_minimum, expert_hand, variant,"
        " deal_code, daily, outcome, cards_left, turns, started_at, ended_at, team_key, has_ai, violations, hints)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        games,
    )
    await connection.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai, violations, hints)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        seats,
    )
    await connection.commit()
    await connection.execute("PRAGMA cache_size = -2000")  # back to SQLite's default for the measurements


async def measure(runs: int, action: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    await action()  # warm the page cache
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        await action()
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    return statistics.median(timings), timings[min(len(timings) - 1, int(len(timings) * 0.9))]


async def scalar(database: Database, sql: str, params: tuple[Any, ...] = ()) -> Any:
    row = await database.fetchone(sql, params)
    return row[0] if row else None


async def on_postgres(sqlite: SqliteDatabase, folder: str) -> tuple[Database, Callable[[], None]]:
    """The same rows in a throwaway PostgreSQL (copied as `python -m bot.storage.copy` does), analysed."""
    from bot.storage import copy
    from bot.storage.postgres import PostgresDatabase
    from tests.postgres import ThrowawayPostgres

    server = ThrowawayPostgres().start()
    database = await PostgresDatabase.open(await server.new_database("leaderboard"))
    await copy.copy_rows(sqlite, database, await copy.table_shapes(sqlite))
    await database.execute("VACUUM ANALYZE")  # as autovacuum would have: statistics and the visibility map
    return database, server.stop


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    arguments = parser.parse_args()

    rng = random.Random(SEED)
    servers, shares = make_servers(rng)
    games, seats = make_games(rng, servers, shares, arguments.games)
    with tempfile.TemporaryDirectory() as folder:
        sqlite = await SqliteDatabase.open(Path(folder) / "bench.sqlite3")
        started = time.perf_counter()
        await fill(sqlite.connection, games, seats)
        database: Database = sqlite
        stop_server: Callable[[], None] | None = None
        if arguments.store == "postgresql":
            database, stop_server = await on_postgres(sqlite, folder)
            await sqlite.close()
        filled = time.perf_counter() - started
        store = StatsStore(database)
        ratings = RatingStore(database)

        guild_id = await scalar(
            database, "SELECT guild_id FROM games GROUP BY guild_id ORDER BY COUNT(*) DESC, guild_id"
        )
        guild_games = await scalar(database, "SELECT COUNT(*) FROM games WHERE guild_id = ?", (guild_id,))
        teams = await scalar(
            database, "SELECT COUNT(DISTINCT team_key) FROM games WHERE guild_id = ?", (guild_id,)
        )
        player = await scalar(
            database,
            "SELECT p.user_id FROM game_players p JOIN games g ON g.id = p.game_id WHERE g.guild_id = ?"
            " AND p.user_id IS NOT NULL GROUP BY p.user_id ORDER BY COUNT(*) DESC, p.user_id",
            (guild_id,),
        )
        player_games = await scalar(
            database,
            "SELECT COUNT(*) FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ?"
            " AND g.guild_id = ?",
            (player, guild_id),
        )
        channel = await scalar(database, "SELECT MIN(channel_id) FROM games WHERE guild_id = ?", (guild_id,))
        busiest_daily = await scalar(
            database,
            "SELECT daily FROM games WHERE guild_id = ? AND daily IS NOT NULL GROUP BY daily ORDER BY COUNT(*) DESC, daily",
            (guild_id,),
        )
        busiest_team_game = await scalar(
            database,
            "SELECT MAX(id) FROM games WHERE guild_id = ? AND team_key = (SELECT team_key FROM games"
            " WHERE guild_id = ? GROUP BY team_key ORDER BY COUNT(*) DESC, team_key LIMIT 1)",
            (guild_id, guild_id),
        )
        players_won_game = await scalar(
            database,
            "SELECT MAX(g.id) FROM games g JOIN game_players p ON p.game_id = g.id WHERE g.guild_id = ?"
            " AND p.user_id = ? AND g.outcome = 'won'",
            (guild_id, player),
        )
        records = RecordStore(database)
        first = await store.leaderboard(guild_id)
        later_page = max(0, first.page_count // 2)

        print(
            f"{arguments.store}: {len(games):,} games, {len(seats):,} seats, {len(servers)} servers,"
            f" {PLAYERS:,} players; filled in {filled:.1f} s"
        )
        print(
            f"Biggest server: {guild_games:,} games, {teams:,} teams ({first.total_teams:,} all-human teams"
            f" ranked, {first.page_count} pages); busiest player: {player_games:,} games there\n"
        )

        cases: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
            (
                "baseline: SELECT count(*) FROM games",
                lambda: scalar(database, "SELECT count(*) FROM games"),
            ),
            ("leaderboard, first page", lambda: store.leaderboard(guild_id, viewer_id=player)),
            (
                f"leaderboard, page {later_page + 1}",
                lambda: store.leaderboard(guild_id, page=later_page, viewer_id=player),
            ),
            (
                "leaderboard, 3 players, expert",
                lambda: store.leaderboard(guild_id, LeaderboardFilters(players=3, variant="expert")),
            ),
            ("leaderboard, teams with AI", lambda: store.leaderboard(guild_id, LeaderboardFilters(ai=True))),
            (
                "leaderboard, daily deal",
                lambda: store.leaderboard(
                    guild_id, LeaderboardFilters(daily=busiest_daily), viewer_id=player
                ),
            ),
            ("stats, busiest player", lambda: store.player_stats(guild_id, player)),
            # Its places in rated games (none here: every game is The Game's, so all its seats are read, none kept).
            ("stats, busiest player's places", lambda: ratings.recent_places(guild_id, player)),
            # A game's end line: the bests it beat, for the busiest team, and for the busiest player as a solitaire
            # player would be read (every game here is The Game's, so all their won games are compared).
            ("records beaten, busiest team", lambda: records.beaten(busiest_team_game, "team")),
            ("records beaten, busiest player's win", lambda: records.beaten(players_won_game, "solitaire")),
            ("history, server (25 games)", lambda: store.history(guild_id)),
            ("history, channel (25 games)", lambda: store.history(guild_id, channel_id=channel)),
            ("one game (history choice)", lambda: store.game(guild_id, games[-1][0])),
        ]
        print(f"{'query':<42}{'median':>10}{'p90':>10}")
        for name, action in cases:
            median, p90 = await measure(arguments.runs, action)
            print(f"{name:<42}{median:>8.2f}ms{p90:>8.2f}ms")
        await database.close()
        if stop_server is not None:
            stop_server()


if __name__ == "__main__":
    asyncio.run(main())
