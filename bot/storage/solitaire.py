"""The solitaire leaderboard (Klondike): per player and deal type, wins, win rate, fewest moves, fastest win.

Every seated human of a game shares its result (a team plays one deal). Abandoned games never count.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.database import Database


@dataclass(frozen=True, slots=True)
class SolitaireStanding:
    variant: str
    user_id: int
    name: str
    games: int
    wins: int
    fewest_moves: int | None
    fastest: float | None  # seconds, of a won game

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class SolitaireBest:
    """A player's bests in one deal type, over the deals of it they won."""

    variant: str
    fewest_moves: int
    fastest: float  # seconds


@dataclass(frozen=True, slots=True)
class SolitaireRecord:
    """A player's record in a solitaire game (for `/stats`): games and wins over every deal type, and their bests
    in each deal type they won (a draw-one win is not a draw-three record), in the leaderboard's order."""

    games: int
    wins: int
    bests: tuple[SolitaireBest, ...] = ()


class SolitaireStore:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def player(self, guild_id: int, user_id: int, game: str) -> SolitaireRecord | None:
        """A player's finished games of `game` in this server, how many they won, and their bests per deal type
        (fewest moves, fastest win) for `/stats`; None when they have none."""
        sql = """
            SELECT g.variant, COUNT(*) AS games, SUM(CASE WHEN g.outcome = 'won' THEN 1 ELSE 0 END) AS wins,
                   MIN(CASE WHEN g.outcome = 'won' THEN g.turns END) AS fewest_moves,
                   MIN(CASE WHEN g.outcome = 'won' THEN g.ended_at - g.started_at END) AS fastest
            FROM games AS g JOIN game_players AS p ON p.game_id = g.id
            WHERE g.guild_id = ? AND g.game = ? AND p.user_id = ? AND g.outcome <> 'abandoned'
            GROUP BY g.variant ORDER BY g.variant
        """
        rows = await self._db.fetchall(sql, (guild_id, game, user_id))
        if not rows:
            return None
        bests = tuple(
            SolitaireBest(str(row["variant"]), int(row["fewest_moves"]), float(row["fastest"]))
            for row in rows
            if row["fewest_moves"] is not None
        )
        return SolitaireRecord(
            sum(int(row["games"]) for row in rows), sum(int(row["wins"] or 0) for row in rows), bests
        )

    async def leaderboard(
        self, guild_id: int, game: str, *, per_variant: int = 10
    ) -> list[SolitaireStanding]:
        """The best players of each deal type, most wins first, then win rate, then fewest moves."""
        sql = """
            WITH players AS (
                SELECT g.variant, p.user_id,
                       COUNT(*) AS games,
                       SUM(CASE WHEN g.outcome = 'won' THEN 1 ELSE 0 END) AS wins,
                       MIN(CASE WHEN g.outcome = 'won' THEN g.turns END) AS fewest_moves,
                       MIN(CASE WHEN g.outcome = 'won' THEN g.ended_at - g.started_at END) AS fastest,
                       MAX(g.id) AS last_game
                FROM games AS g JOIN game_players AS p ON p.game_id = g.id
                WHERE g.guild_id = ? AND g.game = ? AND g.outcome <> 'abandoned' AND p.user_id IS NOT NULL
                GROUP BY g.variant, p.user_id
            ),
            ranked AS (
                SELECT players.*, ROW_NUMBER() OVER (
                    PARTITION BY variant
                    ORDER BY wins DESC, CAST(wins AS DOUBLE PRECISION) / games DESC, fewest_moves IS NULL, fewest_moves, user_id
                ) AS position
                FROM players
            )
            SELECT ranked.*, (SELECT display_name FROM game_players
                              WHERE game_id = ranked.last_game AND user_id = ranked.user_id) AS name
            FROM ranked WHERE position <= ? ORDER BY variant, position
        """
        rows = await self._db.fetchall(sql, (guild_id, game, per_variant))
        return [
            SolitaireStanding(
                variant=str(row["variant"]),
                user_id=int(row["user_id"]),
                name=str(row["name"] or ""),
                games=int(row["games"]),
                wins=int(row["wins"]),
                fewest_moves=row["fewest_moves"],
                fastest=row["fastest"],
            )
            for row in rows
        ]
