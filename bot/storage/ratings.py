"""Players' ratings in the competitive games (Hearts, Barbu, Crapette): OpenSkill's Plackett-Luce model.

One row per (server, game, player). A finished game rates every seat by its place; AI seats take part with the
model's default rating (so beating them counts) but are never stored or shown. Abandoned games never reach here.
The leaderboard orders by the conservative estimate `mu - 3 sigma` (OpenSkill's ordinal), kept as it is; the rating
players read puts it on a scale from 1000 (`bot.ui.format.shown_rating`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from bot.games.base import SeatResult
from bot.storage.database import Database, Executor, Row, seats_then_games

if TYPE_CHECKING:
    from bot.service.table import Table

MODEL = PlackettLuce()


async def update_ratings(db: Executor, table: Table, results: Sequence[SeatResult]) -> None:
    """Rate a finished competitive game (inside the caller's transaction)."""
    humans = [seat.user_id for seat in table.seats if not seat.is_ai]
    stored: dict[int, Any] = {}
    if humans:
        marks = ", ".join("?" * len(humans))
        rows = await db.fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (table.guild_id, table.game_key, *humans),
        )
        for row in rows:
            stored[int(row[0])] = (float(row[1]), float(row[2]))
    teams = []
    for seat in table.seats:
        mu, sigma = stored.get(seat.user_id, (MODEL.mu, MODEL.sigma))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(result.place) for result in results])
    ended = table.ended_at or table.created_at
    for index, seat in enumerate(table.seats):
        if seat.is_ai:
            continue
        after = rated[index][0]
        result = results[index]
        before = teams[index][0]
        # What the game changed, kept with the seat for the line that ends the game.
        await db.execute(
            "UPDATE game_players SET rating_before = ?, rating_after = ? WHERE game_id = ? AND seat = ?",
            (ordinal(before.mu, before.sigma), ordinal(after.mu, after.sigma), table.id, index),
        )
        await db.execute(
            "INSERT INTO ratings (guild_id, game, user_id, display_name, mu, sigma, games, wins, points_total,"
            " last_played, calls) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET display_name = excluded.display_name,"
            " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
            " wins = ratings.wins + excluded.wins, points_total = ratings.points_total + excluded.points_total,"
            " last_played = excluded.last_played, calls = ratings.calls + excluded.calls",
            (
                table.guild_id,
                table.game_key,
                seat.user_id,
                seat.name,
                after.mu,
                after.sigma,
                int(result.won),
                result.points,
                ended,
                result.calls,
            ),
        )


def ordinal(mu: float, sigma: float) -> float:
    """A conservative estimate of skill (OpenSkill's ordinal, mu - 3 sigma): what a rating shows, on its scale."""
    return mu - 3 * sigma


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    position: int
    user_id: int
    name: str  # as stored with their latest game
    rating: float  # the ordinal, mu - 3 sigma
    games: int
    wins: int
    average_points: float
    last_played: float
    calls: int = 0  # Crapette: right "Crapette!" calls


# `/stats` shows a player's places in this many of their latest rated games of each game.
RECENT_PLACES = 10


@dataclass(frozen=True, slots=True)
class RecentPlace:
    """A player's place in one of their latest rated games; `forfeited`: they gave it up (last place)."""

    place: int
    forfeited: bool = False


@dataclass(frozen=True, slots=True)
class RatingPage:
    game: str
    page: int
    page_size: int
    total: int
    players: tuple[RatedPlayer, ...]
    viewer: RatedPlayer | None

    @property
    def page_count(self) -> int:
        return max(1, -(-self.total // self.page_size))


def _rated(row: Row) -> RatedPlayer:
    return RatedPlayer(
        position=int(row["position"]),
        user_id=int(row["user_id"]),
        name=str(row["display_name"]),
        rating=ordinal(float(row["mu"]), float(row["sigma"])),
        games=int(row["games"]),
        wins=int(row["wins"]),
        average_points=int(row["points_total"]) / max(1, int(row["games"])),
        last_played=float(row["last_played"]),
        calls=int(row["calls"]),
    )


class RatingStore:
    """Reads the ratings of a server's competitive games (writes happen with each result, in `update_ratings`)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    async def leaderboard(
        self, guild_id: int, game: str, *, page: int = 0, page_size: int = 10, viewer_id: int | None = None
    ) -> RatingPage:
        """Players ranked by rating (then wins, then games), ten a page; a page past the end shows the last."""
        row = await self._db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        total = int(row[0]) if row else 0
        last_page = max(0, -(-total // page_size) - 1)
        page = min(max(0, page), last_page)
        sql = """
            WITH ranked AS (
                SELECT *, ROW_NUMBER() OVER (
                    ORDER BY mu - 3 * sigma DESC, wins DESC, games DESC, user_id
                ) AS position
                FROM ratings WHERE guild_id = ? AND game = ?
            )
            SELECT * FROM ranked WHERE (position > ? AND position <= ?) OR user_id = ? ORDER BY position
        """
        params = (guild_id, game, page * page_size, (page + 1) * page_size, viewer_id or 0)
        rows = [_rated(found) for found in await self._db.fetchall(sql, params)]
        first, stop = page * page_size, (page + 1) * page_size
        players = tuple(player for player in rows if first < player.position <= stop)
        viewer = next((player for player in rows if player.user_id == viewer_id), None)
        return RatingPage(game, page, page_size, total, players, viewer)

    async def recent_places(
        self, guild_id: int, user_id: int, limit: int = RECENT_PLACES
    ) -> dict[str, tuple[RecentPlace, ...]]:
        """A player's places in their latest rated games in this server, by game, the oldest first (a game given
        up included). Their games are a few hundred rows even in a busy server: read from their seats, kept here."""
        join = seats_then_games(self._db)
        rows = await self._db.fetchall(
            f"SELECT g.game, p.place, p.forfeited FROM game_players AS p {join} games AS g ON g.id = p.game_id"
            " WHERE p.user_id = ? AND g.guild_id = ? AND p.place IS NOT NULL ORDER BY g.ended_at DESC, g.id DESC",
            (user_id, guild_id),
        )
        latest: dict[str, list[RecentPlace]] = {}
        for row in rows:
            places = latest.setdefault(str(row["game"]), [])
            if len(places) < limit:
                places.append(RecentPlace(int(row["place"]), bool(row["forfeited"])))
        return {game: tuple(reversed(places)) for game, places in latest.items()}

    async def player(self, guild_id: int, user_id: int) -> list[tuple[str, RatedPlayer]]:
        """A player's rating in every competitive game they played in this server (game key, standing)."""
        sql = """
            WITH ranked AS (
                SELECT *, ROW_NUMBER() OVER (
                    PARTITION BY game ORDER BY mu - 3 * sigma DESC, wins DESC, games DESC, user_id
                ) AS position
                FROM ratings WHERE guild_id = ?
            )
            SELECT * FROM ranked WHERE user_id = ? ORDER BY game
        """
        return [(str(row["game"]), _rated(row)) for row in await self._db.fetchall(sql, (guild_id, user_id))]
