"""Read finished games for the leaderboard, player stats and history screens; forget a player; erase a server.

The only place with the SQL for these screens. Every query is scoped to one server (`guild_id`): no screen of one
server can ever show another server's games. The indexes they rely on are in migrations/0002_leaderboard_indexes.sql.

Rules (see docs/leaderboard.md):
- a team is the exact set of players of a game (`games.team_key`); teams with AI seats are ranked apart;
- only won and lost games count in the figures (best, wins, games, average, last played); abandoned games show in
  history and in a player's stats as "abandoned", never in a ranking;
- ranking: fewest cards left in the best game, then most wins, then whoever reached that best result first.
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database, Row, seats_then_games

PAGE_SIZE = 10
VARIANTS = ("standard", "expert")
RECENT_RESULTS = 20
FAVOURITE_TEAMMATES = 3
HISTORY_LIMIT = 25

# Orders (best result, time it was reached) in one number: cards left (0..98) times 10^10, plus the unix time
# (< 10^10 seconds until the year 2286). Exact enough in a double for any two games a second apart.
_BEST_SCALE = 10_000_000_000.0

# team_key elements that stand for a forgotten player start with this (never a digit, never "ai").
FORGOTTEN_PREFIX = "~"


@dataclass(frozen=True, slots=True)
class LeaderboardFilters:
    players: int | None = None  # number of seats (AI seats included)
    variant: str | None = None  # "standard" | "expert"
    daily: str | None = None  # "YYYY-MM-DD": only the games of that day's deal
    ai: bool = False  # False: all-human teams; True: teams with AI seats

    def __post_init__(self) -> None:
        if self.variant is not None and self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, not {self.variant!r}")


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of a stored game. A forgotten player has no user id and an empty name."""

    user_id: int | None
    name: str
    is_ai: bool
    violations: int = 0
    hints: int = 0
    points: int | None = None  # competitive games: the seat's final total
    place: int | None = None  # competitive games: 1 for the winners
    won: bool | None = None
    # Gave the game up: a rated game they stopped, or that was voted to an end while it waited for them.
    forfeited: bool = False
    # A rated game: the seat's rating (as shown) before and after it; None for AI seats and older games.
    rating_before: float | None = None
    rating_after: float | None = None

    @property
    def is_forgotten(self) -> bool:
        return not self.is_ai and self.user_id is None


@dataclass(frozen=True, slots=True)
class TeamStanding:
    position: int  # 1-based rank in the filtered leaderboard
    team_key: str
    best: int  # fewest cards left in one game
    best_at: float  # when the team first reached that result
    wins: int
    played: int  # won and lost games
    average: float
    last_played: float
    seats: tuple[SeatRecord, ...]  # as in the team's latest ranked game

    def includes(self, user_id: int) -> bool:
        return str(user_id) in self.team_key.split(",")


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    filters: LeaderboardFilters
    page: int  # 0-based, clamped to the last page
    page_size: int
    total_teams: int
    teams: tuple[TeamStanding, ...]
    viewer_best: TeamStanding | None  # the viewer's best-ranked team, on this page or not

    @property
    def page_count(self) -> int:
        return max(1, -(-self.total_teams // self.page_size))


@dataclass(frozen=True, slots=True)
class RecentResult:
    game_id: int
    cards_left: int
    won: bool
    ended_at: float


@dataclass(frozen=True, slots=True)
class Teammate:
    user_id: int
    name: str  # as stored with their latest game together
    games: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    name: str | None  # the name stored with their latest game, None without games
    games: int  # every game, abandoned ones included
    wins: int
    losses: int
    abandoned: int
    best: int | None  # over won and lost games
    average: float | None
    violations: int
    hints: int
    first_played: float | None
    last_played: float | None
    recent: tuple[RecentResult, ...]  # won and lost games, oldest first
    teammates: tuple[Teammate, ...]  # most games together first

    @property
    def finished(self) -> int:
        return self.wins + self.losses


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    channel_id: int
    game: str
    player_count: int
    variant: str
    expert_minimum: bool
    expert_hand: bool
    deal_code: str
    daily: str | None
    outcome: str  # "won" | "lost" (The Game), "finished" (competitive games) or "abandoned"
    cards_left: int
    turns: int
    started_at: float
    ended_at: float
    has_ai: bool
    violations: int
    hints: int
    seats: tuple[SeatRecord, ...]


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(
        user_id=row["user_id"],
        name=row["display_name"],
        is_ai=bool(row["is_ai"]),
        violations=row["violations"],
        hints=row["hints"],
        points=row["points"],
        place=row["place"],
        won=None if row["won"] is None else bool(row["won"]),
        forfeited=bool(row["forfeited"]),
        rating_before=row["rating_before"],
        rating_after=row["rating_after"],
    )


def _filter_clause(guild_id: int, filters: LeaderboardFilters) -> tuple[str, list[Any]]:
    """The WHERE clause of The Game's team leaderboard; its terms match the partial indexes of migration 0003."""
    terms = ["guild_id = ?", "game = 'thegame'"]
    params: list[Any] = [guild_id]
    if filters.daily is not None:
        terms.append("daily = ?")
        params.append(filters.daily)
    terms += ["has_ai = ?", "outcome <> 'abandoned'"]
    params.append(int(filters.ai))
    if filters.players is not None:
        terms.append("player_count = ?")
        params.append(filters.players)
    if filters.variant is not None:
        terms.append("variant = ?")
        params.append(filters.variant)
    return " AND ".join(terms), params


def _ranked_teams(where: str) -> str:
    """The ranking of the teams of the games `where` selects, as common table expressions: `teams` (each team's
    figures) and `ranked` (its `position` among `total` teams, by the leaderboard's order)."""
    return f"""
        WITH teams AS (
            SELECT team_key,
                   MIN(cards_left) AS best,
                   SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS wins,
                   COUNT(*) AS played,
                   AVG(CAST(cards_left AS DOUBLE PRECISION)) AS average,
                   MAX(ended_at) AS last_played,
                   MIN(cards_left * {_BEST_SCALE} + ended_at) AS best_key,
                   MAX(id) AS last_game_id
            FROM games
            WHERE {where}
            GROUP BY team_key
        ),
        ranked AS MATERIALIZED (
            SELECT *,
                   ROW_NUMBER() OVER (ORDER BY best, wins DESC, best_key, team_key) AS position,
                   COUNT(*) OVER () AS total
            FROM teams
        )
    """


class StatsStore:
    def __init__(self, database: Database) -> None:
        self._db = database
        self._seats_then_games = seats_then_games(database)

    # -- the leaderboard -----------------------------------------------------------------------------------
    async def leaderboard(
        self,
        guild_id: int,
        filters: LeaderboardFilters = LeaderboardFilters(),
        *,
        page: int = 0,
        page_size: int = PAGE_SIZE,
        viewer_id: int | None = None,
    ) -> LeaderboardPage:
        """One page of the server's teams, ranked; a page past the end shows the last page."""
        page = max(0, page)
        rows = await self._ranked(guild_id, filters, page, page_size, viewer_id)
        total = rows[0]["total"] if rows else 0
        last_page = max(0, -(-total // page_size) - 1)
        if page > last_page:
            page = last_page
            rows = await self._ranked(guild_id, filters, page, page_size, viewer_id)
        seats = await self._seats_of(row["last_game_id"] for row in rows)
        standings = [
            TeamStanding(
                position=row["position"],
                team_key=row["team_key"],
                best=row["best"],
                best_at=row["best_key"] - row["best"] * _BEST_SCALE,
                wins=row["wins"],
                played=row["played"],
                average=row["average"],
                last_played=row["last_played"],
                seats=seats.get(row["last_game_id"], ()),
            )
            for row in rows
        ]
        first, stop = page * page_size, (page + 1) * page_size
        on_page = tuple(team for team in standings if first < team.position <= stop)
        viewer_best = None
        if viewer_id is not None:
            viewer_best = min(
                (team for team in standings if team.includes(viewer_id)),
                key=lambda team: team.position,
                default=None,
            )
        return LeaderboardPage(filters, page, page_size, total, on_page, viewer_best)

    async def best_cards_left(
        self, guild_id: int, filters: LeaderboardFilters, *, excluding: int, team_key: str | None = None
    ) -> int | None:
        """The fewest cards left among the games `filters` select (of one team when `team_key` is given), the game
        `excluding` left out: the best it is compared with. None when there is no other such game."""
        where, params = _filter_clause(guild_id, filters)
        where += " AND id <> ?"
        params.append(excluding)
        if team_key is not None:
            where += " AND team_key = ?"
            params.append(team_key)
        row = await self._db.fetchone(f"SELECT MIN(cards_left) FROM games WHERE {where}", params)
        return None if row is None or row[0] is None else int(row[0])

    async def team_place(
        self, guild_id: int, filters: LeaderboardFilters, team_key: str
    ) -> tuple[int, int] | None:
        """A team's place on the leaderboard `filters` select, and how many teams it ranks: (2, 5); None when the
        team is not on it."""
        where, params = _filter_clause(guild_id, filters)
        row = await self._db.fetchone(
            f"{_ranked_teams(where)} SELECT position, total FROM ranked WHERE team_key = ?",
            [*params, team_key],
        )
        return None if row is None else (int(row["position"]), int(row["total"]))

    async def _ranked(
        self, guild_id: int, filters: LeaderboardFilters, page: int, page_size: int, viewer_id: int | None
    ) -> list[Row]:
        """The page's teams, plus the viewer's best-ranked team wherever it is."""
        where, params = _filter_clause(guild_id, filters)
        sql = f"""
            {_ranked_teams(where)}
            SELECT * FROM ranked
            WHERE position > ? AND position <= ?
               OR position = (SELECT MIN(position) FROM ranked WHERE ',' || team_key || ',' LIKE ?)
            ORDER BY position
        """
        # A team key is ids, "ai" and "~" tokens: never a LIKE wildcard.
        needle = f"%,{viewer_id},%" if viewer_id is not None else "%,,%"
        params = [*params, page * page_size, (page + 1) * page_size, needle]
        return await self._db.fetchall(sql, params)

    async def _seats_of(self, game_ids: Iterable[int]) -> dict[int, tuple[SeatRecord, ...]]:
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = await self._db.fetchall(
            "SELECT game_id, seat, user_id, display_name, is_ai, violations, hints, points, place, won,"
            " forfeited, rating_before, rating_after FROM game_players"
            f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            ids,
        )
        seats: dict[int, list[SeatRecord]] = {}
        for row in rows:
            seats.setdefault(row["game_id"], []).append(_seat(row))
        return {game_id: tuple(found) for game_id, found in seats.items()}

    # -- a player's stats ----------------------------------------------------------------------------------
    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's record in this server. Their games are a few hundred rows even in a busy server, so they are
        read once (starting from the player's seats) and counted here."""
        games = await self._db.fetchall(
            f"""
            SELECT g.id, g.outcome, g.cards_left, g.ended_at, g.team_key, p.violations, p.hints
            FROM game_players AS p {self._seats_then_games} games AS g ON g.id = p.game_id
            WHERE p.user_id = ? AND g.guild_id = ? AND g.game = 'thegame'
            ORDER BY g.ended_at DESC, g.id DESC
            """,
            (user_id, guild_id),
        )
        if not games:
            return PlayerStats(user_id, None, 0, 0, 0, 0, None, None, 0, 0, None, None, (), ())
        ranked = [row for row in games if row["outcome"] != "abandoned"]
        me = str(user_id)
        together: Counter[int] = Counter()
        latest_together: dict[int, int] = {}
        for row in games:
            for part in row["team_key"].split(","):
                if part.isdigit() and part != me:
                    together[int(part)] += 1
                    latest_together.setdefault(int(part), row["id"])
        favourites = sorted(together, key=lambda other: (-together[other], -latest_together[other]))
        favourites = favourites[:FAVOURITE_TEAMMATES]
        names = await self._names_at(
            {(games[0]["id"], user_id)} | {(latest_together[o], o) for o in favourites}
        )
        return PlayerStats(
            user_id=user_id,
            name=names.get((games[0]["id"], user_id)),
            games=len(games),
            wins=sum(row["outcome"] == "won" for row in ranked),
            losses=sum(row["outcome"] == "lost" for row in ranked),
            abandoned=len(games) - len(ranked),
            best=min((row["cards_left"] for row in ranked), default=None),
            average=sum(row["cards_left"] for row in ranked) / len(ranked) if ranked else None,
            violations=sum(row["violations"] for row in games),
            hints=sum(row["hints"] for row in games),
            first_played=games[-1]["ended_at"],
            last_played=games[0]["ended_at"],
            recent=tuple(
                RecentResult(row["id"], row["cards_left"], row["outcome"] == "won", row["ended_at"])
                for row in reversed(ranked[:RECENT_RESULTS])
            ),
            teammates=tuple(
                Teammate(other, names.get((latest_together[other], other), ""), together[other])
                for other in favourites
            ),
        )

    async def _names_at(self, seats: set[tuple[int, int]]) -> dict[tuple[int, int], str]:
        """The names stored for (game id, user id) pairs."""
        if not seats:
            return {}
        game_ids = sorted({game_id for game_id, _ in seats})
        marks = ", ".join("?" * len(game_ids))
        rows = await self._db.fetchall(
            f"SELECT game_id, user_id, display_name FROM game_players WHERE game_id IN ({marks})", game_ids
        )
        return {
            (row["game_id"], row["user_id"]): row["display_name"]
            for row in rows
            if (row["game_id"], row["user_id"]) in seats
        }

    # -- history -------------------------------------------------------------------------------------------
    async def history(
        self, guild_id: int, *, channel_id: int | None = None, limit: int = HISTORY_LIMIT
    ) -> list[GameRecord]:
        """The last finished games of a server, or of one of its channels, newest first."""
        if channel_id is None:
            sql = "SELECT * FROM games WHERE guild_id = ? ORDER BY ended_at DESC, id DESC LIMIT ?"
            params: Sequence[Any] = (guild_id, limit)
        else:
            sql = "SELECT * FROM games WHERE guild_id = ? AND channel_id = ? ORDER BY ended_at DESC, id DESC LIMIT ?"
            params = (guild_id, channel_id, limit)
        rows = await self._db.fetchall(sql, params)
        seats = await self._seats_of(row["id"] for row in rows)
        return [self._record(row, seats.get(row["id"], ())) for row in rows]

    async def game(self, guild_id: int, game_id: int) -> GameRecord | None:
        """One finished game of this server (None if it is another server's, or erased)."""
        row = await self._db.fetchone(
            "SELECT * FROM games WHERE id = ? AND guild_id = ?", (game_id, guild_id)
        )
        if row is None:
            return None
        seats = await self._seats_of([game_id])
        return self._record(row, seats.get(game_id, ()))

    @staticmethod
    def _record(row: Row, seats: tuple[SeatRecord, ...]) -> GameRecord:
        return GameRecord(
            id=row["id"],
            channel_id=row["channel_id"],
            game=row["game"],
            player_count=row["player_count"],
            variant=row["variant"],
            expert_minimum=bool(row["expert_minimum"]),
            expert_hand=bool(row["expert_hand"]),
            deal_code=row["deal_code"],
            daily=row["daily"],
            outcome=row["outcome"],
            cards_left=row["cards_left"],
            turns=row["turns"],
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            has_ai=bool(row["has_ai"]),
            violations=row["violations"],
            hints=row["hints"],
            seats=seats,
        )

    async def count_games(self, guild_id: int) -> int:
        row = await self._db.fetchone("SELECT COUNT(*) FROM games WHERE guild_id = ?", (guild_id,))
        return int(row[0]) if row else 0

    async def count_player_games(self, guild_id: int, user_id: int) -> int:
        row = await self._db.fetchone(
            f"SELECT COUNT(*) FROM game_players AS p {self._seats_then_games} games AS g ON g.id = p.game_id"
            " WHERE p.user_id = ? AND g.guild_id = ?",
            (user_id, guild_id),
        )
        return int(row[0]) if row else 0

    # -- forgetting ----------------------------------------------------------------------------------------
    async def forget_player(self, guild_id: int, user_id: int) -> int:
        """Anonymise a player's games in this server; returns how many games they were in."""
        games = await self._forget_player(guild_id, user_id)
        await _flush_erased(self._db)
        return games

    async def _forget_player(self, guild_id: int, user_id: int) -> int:
        """Anonymise a player's games in this server; returns how many games they were in.

        Their seats lose the user id and the name. In each team key their id becomes one random token (the same in
        all their games here), so their teams stay together on the leaderboard, as anonymous teammates.
        """
        token = FORGOTTEN_PREFIX + secrets.token_hex(6)
        mine = str(user_id)
        async with self._db.transaction() as transaction:
            games = await transaction.fetchall(
                "SELECT g.id, g.team_key FROM game_players AS p JOIN games AS g ON g.id = p.game_id"
                " WHERE p.user_id = ? AND g.guild_id = ?",
                (user_id, guild_id),
            )
            await transaction.execute(
                "DELETE FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            # The finished tables' saved states also name the player: drop those that seat them (results live on
            # in `games`), and take their id out of the others (the host who left, a number said, a vote).
            await transaction.execute(
                _DELETE_FINISHED_TABLES_OF_PLAYER[transaction.dialect], (guild_id, mine)
            )
            mentions = await transaction.fetchall(
                "SELECT id, data FROM tables WHERE guild_id = ? AND status NOT IN ('lobby', 'playing')"
                " AND data LIKE ?",
                (guild_id, f"%{mine}%"),
            )
            await transaction.executemany(
                "UPDATE tables SET data = ? WHERE id = ?",
                [(_without_user(str(row["data"]), user_id), row["id"]) for row in mentions],
            )
            if not games:
                return 0
            rekeyed = [
                (",".join(token if part == mine else part for part in row["team_key"].split(",")), row["id"])
                for row in games
            ]
            await transaction.executemany(
                "UPDATE games SET team_key = ? WHERE id = ? AND guild_id = ?",
                [(key, game_id, guild_id) for key, game_id in rekeyed],
            )
            await transaction.execute(
                "UPDATE game_players SET user_id = NULL, display_name = ''"
                " WHERE user_id = ? AND game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                (user_id, guild_id),
            )
        return len(games)

    async def erase_guild(self, guild_id: int) -> int:
        """Delete every finished game of this server; returns how many."""
        async with self._db.transaction() as transaction:
            await transaction.execute(
                "DELETE FROM game_players WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                (guild_id,),
            )
            erased = await transaction.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))
            await transaction.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await transaction.execute(
                "DELETE FROM tables WHERE guild_id = ? AND status NOT IN ('lobby', 'playing')", (guild_id,)
            )
        await _flush_erased(self._db)
        return erased


# A finished table of this server whose saved state seats the player (the user id compared as text).
_DELETE_FINISHED_TABLES_OF_PLAYER = {
    "sqlite": "DELETE FROM tables WHERE guild_id = ? AND status NOT IN ('lobby', 'playing') AND EXISTS"
    " (SELECT 1 FROM json_each(tables.data, '$.seats') WHERE CAST(json_extract(value, '$.user_id') AS TEXT) = ?)",
    "postgresql": "DELETE FROM tables WHERE guild_id = ? AND status NOT IN ('lobby', 'playing') AND EXISTS"
    " (SELECT 1 FROM jsonb_array_elements(tables.data::jsonb -> 'seats') AS seat WHERE seat ->> 'user_id' = ?)",
}


async def _flush_erased(db: Database) -> None:
    """SQLite: write the erasure into the database file and empty the write-ahead log, whose older pages still
    hold what was erased (secure_delete zeroes it in the file)."""
    if db.dialect == "sqlite":
        await db.fetchone("PRAGMA wal_checkpoint(TRUNCATE)")


def _without_user(data: str, user_id: int) -> str:
    """A finished table's saved state without a user who is not seated in it: not its host any more, and not in
    its votes or counts."""
    table = json.loads(data)
    if table.get("created_by") == user_id:
        table["created_by"] = 0
    table["end_votes"] = [voter for voter in table.get("end_votes", []) if voter != user_id]
    for counts in ("violations", "hints"):
        table.get(counts, {}).pop(str(user_id), None)
    return json.dumps(table, separators=(",", ":"))
