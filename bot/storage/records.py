"""What a finished game changed in the records, for the lines under its end announcement: the records and bests it
beat ("🏆 A new record for this server", "🏅 A new best for this team"), and in a rated game each player's rating
before and after it.

Each is compared with the same server's earlier games only (never an abandoned one), so a best is one the players
can see in `/leaderboard` and `/stats`; a game that beats the server's record is not also told as a player's or a
team's best:
- The Game, cards left: the server's record among the games of its kind (the same number of seats, the same variant,
  teams with AI seats apart: what `/leaderboard`'s filters rank together); else the team's best (the exact set of
  players, `games.team_key`) among its games of that kind;
- a solitaire game (Klondike), a won deal's moves and time: the server's record in that deal type; else each
  player's best in it (each player of a team that shares a deal has their own).
A first game of its kind, or a first win, beats nothing: there is no record yet to come back to beat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from bot.storage.database import Database, Row
from bot.storage.stats import LeaderboardFilters, StatsStore

Kind = Literal["team", "solitaire", "rating"]  # what a game's end line tells (`GameUI.records`)
BestKind = Literal["team", "solitaire"]
Measure = Literal["cards_left", "moves", "seconds"]
Scope = Literal["server", "team", "player"]
# A scope's bests before the game, by measure: whose they are (a player's id, or None) and the figures.
ScopeBests = tuple[Scope, int | None, dict[Measure, float | None]]


@dataclass(frozen=True, slots=True)
class Beaten:
    """A record beaten: what it counts (The Game's `cards_left`, a solitaire win's `moves` or `seconds`), whose it
    was (the server's, the team's, or the player `user_id`'s), in which variant (deal type), the game's figure and
    the record it beat; for The Game, the kind of game the server's record is of (seats, AI seats among them)."""

    scope: Scope
    measure: Measure
    variant: str
    value: float
    previous: float
    user_id: int | None = None
    players: int = 0
    with_ai: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A human seat's rating (the one shown, mu - 3 sigma) before and after a rated game, and their place now."""

    user_id: int
    before: float
    after: float
    position: int | None = None  # on the game's leaderboard of the server, now


@dataclass(frozen=True, slots=True)
class DailyPlace:
    """A team's place on the leaderboard of the day's deal it just played (`/leaderboard daily:true`)."""

    day: str
    position: int
    teams: int


class RecordStore:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def beaten(self, game_id: int, kind: BestKind) -> list[Beaten]:
        """The records the stored game `game_id` beat, of the `kind` its game keeps; none for a game not stored."""
        game = await self._db.fetchone(
            "SELECT guild_id, game, variant, team_key, player_count, has_ai, outcome, cards_left, turns,"
            " ended_at - started_at AS seconds FROM games WHERE id = ?",
            (game_id,),
        )
        if game is None or game["outcome"] == "abandoned":
            return []
        if kind == "team":
            return await self._team(game_id, game)
        return await self._solitaire(game_id, game) if game["outcome"] == "won" else []

    async def _team(self, game_id: int, game: Row) -> list[Beaten]:
        # The kind of game the server's record is of: what `/leaderboard`'s filters rank together.
        players, variant, with_ai = int(game["player_count"]), str(game["variant"]), bool(game["has_ai"])
        filters = LeaderboardFilters(players=players, variant=variant, ai=with_ai)
        stats, guild_id = StatsStore(self._db), int(game["guild_id"])
        server = await stats.best_cards_left(guild_id, filters, excluding=game_id)
        team = await stats.best_cards_left(
            guild_id, filters, excluding=game_id, team_key=str(game["team_key"])
        )
        scopes: list[ScopeBests] = [
            ("server", None, {"cards_left": server}),
            ("team", None, {"cards_left": team}),
        ]
        return [replace(best, players=players, with_ai=with_ai) for best in _beaten(game, scopes)]

    async def _solitaire(self, game_id: int, game: Row) -> list[Beaten]:
        server = await self._db.fetchone(
            "SELECT MIN(turns) AS moves, MIN(ended_at - started_at) AS seconds FROM games"
            " WHERE guild_id = ? AND game = ? AND variant = ? AND outcome = 'won' AND id <> ?",
            (game["guild_id"], game["game"], game["variant"], game_id),
        )
        players = await self._db.fetchall(
            """
            SELECT p.user_id, MIN(g.turns) AS moves, MIN(g.ended_at - g.started_at) AS seconds
            FROM game_players AS p JOIN games AS g ON g.id = p.game_id
            WHERE p.user_id IN (SELECT user_id FROM game_players WHERE game_id = ? AND user_id IS NOT NULL)
              AND g.guild_id = ? AND g.game = ? AND g.variant = ? AND g.outcome = 'won' AND g.id <> ?
            GROUP BY p.user_id ORDER BY p.user_id
            """,
            (game_id, game["guild_id"], game["game"], game["variant"], game_id),
        )
        scopes: list[ScopeBests] = [("server", None, _solitaire_bests(server))]
        scopes += [("player", int(row["user_id"]), _solitaire_bests(row)) for row in players]
        return _beaten(game, scopes)

    async def daily_place(self, game_id: int) -> DailyPlace | None:
        """Where the team of The Game's stored daily game `game_id` stands on that day's leaderboard now (teams with
        AI teammates apart, as there); None for another game, or one not stored or stopped."""
        game = await self._db.fetchone(
            "SELECT guild_id, daily, has_ai, team_key FROM games WHERE id = ? AND game = 'thegame'"
            " AND daily IS NOT NULL AND outcome <> 'abandoned'",
            (game_id,),
        )
        if game is None:
            return None
        filters = LeaderboardFilters(daily=str(game["daily"]), ai=bool(game["has_ai"]))
        place = await StatsStore(self._db).team_place(int(game["guild_id"]), filters, str(game["team_key"]))
        return None if place is None else DailyPlace(str(game["daily"]), *place)

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """Each human seat's rating before and after the rated game `game_id`, in seat order, with their place on the
        game's leaderboard now (ordered as `RatingStore` orders it); none for a game stored before the ratings'
        changes were kept, or not rated."""
        rows = await self._db.fetchall(
            """
            WITH game AS (SELECT guild_id, game FROM games WHERE id = ?),
            ranked AS (
                SELECT r.user_id, ROW_NUMBER() OVER (
                    ORDER BY r.mu - 3 * r.sigma DESC, r.wins DESC, r.games DESC, r.user_id
                ) AS position
                FROM ratings AS r JOIN game ON r.guild_id = game.guild_id AND r.game = game.game
            )
            SELECT p.user_id, p.rating_before, p.rating_after, ranked.position
            FROM game_players AS p LEFT JOIN ranked ON ranked.user_id = p.user_id
            WHERE p.game_id = ? AND p.user_id IS NOT NULL AND p.rating_after IS NOT NULL ORDER BY p.seat
            """,
            (game_id, game_id),
        )
        return [
            RatingChange(
                int(row["user_id"]),
                float(row["rating_before"]),
                float(row["rating_after"]),
                None if row["position"] is None else int(row["position"]),
            )
            for row in rows
        ]


def _solitaire_bests(row: Row | None) -> dict[Measure, float | None]:
    return {measure: None if row is None else row[measure] for measure in ("moves", "seconds")}


def _beaten(game: Row, scopes: list[ScopeBests]) -> list[Beaten]:
    """Each measure's records the game beat (its figure lower than the best before), the widest scope first: the
    server's record, or else the team's best, is one line for the measure; players' bests each have theirs."""
    figures = {"cards_left": game["cards_left"], "moves": game["turns"], "seconds": game["seconds"]}
    beaten: list[Beaten] = []
    for measure in scopes[0][2]:
        value = figures[measure]
        for scope, user_id, bests in scopes:
            before = None if value is None else bests[measure]
            if before is None or value >= before:
                continue
            beaten.append(Beaten(scope, measure, str(game["variant"]), float(value), float(before), user_id))
            if scope != "player":
                break
    return beaten
