"""What a finished game changed in the records, for the lines under its end announcement: the bests it beat
("🏅 A new best for this team"), and in a rated game each player's rating before and after it.

Bests are of two kinds, each compared with the same server's earlier games only (never an abandoned one), so a best is the one
the players can see in `/leaderboard` and `/stats`:
- The Game: fewer cards left than any earlier game of its kind in the server (same number of seats, same variant,
  teams with AI seats apart, as `/leaderboard`'s filters rank them): the server's record; else than any earlier
  game of the same team (the exact set of players, `games.team_key`) of that kind: the team's best;
- a player of a solitaire game (Klondike), in one deal type: a won deal in fewer moves, or faster, than any deal of
  that type they won before. Each player of a team that shares a deal has their own bests.
A first game, or a first win, beats nothing: there is no record yet to come back to beat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.storage.database import Database, Row

Kind = Literal["team", "solitaire", "rating"]  # what a game's end line tells (`GameUI.records`)
BestKind = Literal["team", "solitaire"]
Measure = Literal["server_cards_left", "cards_left", "moves", "seconds"]


@dataclass(frozen=True, slots=True)
class Beaten:
    """A best beaten: what it counts (a team's `cards_left`, the server's record `server_cards_left`, or a solitaire
    player's `moves` and `seconds`), whose it is (None: the team, or the server), in which variant (deal type), the
    game's figure and the best it beat."""

    measure: Measure
    user_id: int | None
    variant: str
    value: float
    previous: float
    players: int = 0  # a team's kind of game (the server's record is per kind): its seats, AI seats with it
    with_ai: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A human seat's rating (the one shown, mu - 3 sigma) before and after a rated game."""

    user_id: int
    before: float
    after: float


class RecordStore:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def beaten(self, game_id: int, kind: BestKind) -> list[Beaten]:
        """The bests the stored game `game_id` beat, of the `kind` its game keeps; none for a game not stored."""
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
        """The server's record, when the game beat every earlier game of its kind here (same number of seats, same
        variant, teams with AI seats apart: the leaderboard's filters); else the team's own best, when it beat
        that. A first game of its kind beats nothing."""
        kind = (game["guild_id"], game["game"], game["variant"], game["player_count"], game["has_ai"])
        server = await self._db.fetchone(
            "SELECT MIN(cards_left) AS best FROM games WHERE guild_id = ? AND game = ? AND variant = ?"
            " AND player_count = ? AND has_ai = ? AND outcome <> 'abandoned' AND id <> ?",
            (*kind, game_id),
        )
        team = await self._db.fetchone(
            "SELECT MIN(cards_left) AS best FROM games WHERE guild_id = ? AND game = ? AND variant = ?"
            " AND player_count = ? AND has_ai = ? AND team_key = ? AND outcome <> 'abandoned' AND id <> ?",
            (*kind, game["team_key"], game_id),
        )
        cards_left = game["cards_left"]
        candidates: tuple[tuple[Measure, Row | None], ...] = (
            ("server_cards_left", server),
            ("cards_left", team),
        )
        for measure, row in candidates:
            best = None if row is None else row["best"]
            if best is not None and cards_left is not None and cards_left < best:
                return [
                    Beaten(
                        measure,
                        None,
                        str(game["variant"]),
                        float(cards_left),
                        float(best),
                        players=int(game["player_count"]),
                        with_ai=bool(game["has_ai"]),
                    )
                ]
        return []

    async def _solitaire(self, game_id: int, game: Row) -> list[Beaten]:
        rows = await self._db.fetchall(
            """
            SELECT p.user_id, MIN(g.turns) AS moves, MIN(g.ended_at - g.started_at) AS seconds
            FROM game_players AS p JOIN games AS g ON g.id = p.game_id
            WHERE p.user_id IN (SELECT user_id FROM game_players WHERE game_id = ? AND user_id IS NOT NULL)
              AND g.guild_id = ? AND g.game = ? AND g.variant = ? AND g.outcome = 'won' AND g.id <> ?
            GROUP BY p.user_id ORDER BY p.user_id
            """,
            (game_id, game["guild_id"], game["game"], game["variant"], game_id),
        )
        measures: tuple[tuple[Measure, float | None], ...] = (
            ("moves", game["turns"]),
            ("seconds", game["seconds"]),
        )
        beaten = []
        for row in rows:
            for measure, value in measures:
                if row[measure] is not None and value is not None and value < row[measure]:
                    beaten.append(
                        Beaten(
                            measure,
                            int(row["user_id"]),
                            str(game["variant"]),
                            float(value),
                            float(row[measure]),
                        )
                    )
        return beaten

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """Each human seat's rating before and after the rated game `game_id`, in seat order; none for a game stored
        before the ratings' changes were kept, or not rated."""
        rows = await self._db.fetchall(
            "SELECT user_id, rating_before, rating_after FROM game_players WHERE game_id = ?"
            " AND user_id IS NOT NULL AND rating_after IS NOT NULL ORDER BY seat",
            (game_id,),
        )
        return [
            RatingChange(int(row["user_id"]), float(row["rating_before"]), float(row["rating_after"]))
            for row in rows
        ]
