"""Finished games written straight into the database, as `TableStore._record_result` writes them (for tests)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.database import Database
from bot.storage.tables import reserve_ids_through

FIRST_ID = (
    100_000  # far above the ids of tables a test opens for real, so a real game never replaces a seeded one
)


async def add_game(
    db: Database,
    players: Sequence[int],
    *,
    cards_left: int = 10,
    outcome: str | None = None,
    ended_at: float = 1_000_000.0,
    guild_id: int,
    channel_id: int,
    ai_seats: int = 0,
    variant: str = "standard",
    daily: str | None = None,
    names: Mapping[int, str] | None = None,
    violations: Mapping[int, int] | None = None,
    hints: Mapping[int, int] | None = None,
    deal_code: str = "BCDFGHJK",
) -> int:
    """Insert one finished game as TableStore._record_result would write it."""
    game_id = await _next_id(db)
    outcome = outcome or ("won" if cards_left == 0 else "lost")
    humans = sorted(players)
    team_key = ",".join(str(user) for user in humans) + (",ai" if ai_seats else "")
    violations = violations or {}
    hints = hints or {}
    async with db.transaction() as transaction:
        await transaction.execute(
            "INSERT INTO games (id, guild_id, channel_id, player_count, expert_minimum, expert_hand, variant, deal_code,"
            " daily, outcome, cards_left, turns, started_at, ended_at, team_key, has_ai, violations, hints)"
            " VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, 20, ?, ?, ?, ?, ?, ?)",
            (
                game_id, guild_id, channel_id, len(players) + ai_seats, int(variant == "expert"), variant, deal_code,
                daily, outcome, cards_left, ended_at - 600, ended_at, team_key, int(bool(ai_seats)),
                sum(violations.values()), sum(hints.values()),
            ),
        )  # fmt: skip
        seats: list[tuple[Any, ...]] = [
            (
                game_id, seat, user, (names or {}).get(user, f"user{user}"), 0, violations.get(user, 0),
                hints.get(user, 0),
            )
            for seat, user in enumerate(players)
        ]  # fmt: skip
        seats += [
            (game_id, len(players) + extra, None, f"Robot {extra + 1}", 1, 0, 0) for extra in range(ai_seats)
        ]
        await transaction.executemany(
            "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai, violations, hints)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            seats,
        )
        # Table ids must never reach a seeded id (PostgreSQL hands them out from a sequence).
        await reserve_ids_through(transaction, game_id)
    return game_id


async def add_result(
    db: Database,
    game: str,
    players: Sequence[int],
    *,
    guild_id: int,
    outcome: str = "finished",
    variant: str = "standard",
    turns: int = 5,
    started_at: float,
    ended_at: float,
    places: Mapping[int, int] | None = None,
    gave_up: int | None = None,
) -> int:
    """Insert one game of any game as `_record_result` writes it: a solitaire deal's outcome and moves (`turns`),
    or a rated game's places (`places`, by player) and who gave it up."""
    game_id = await _next_id(db)
    async with db.transaction() as transaction:
        await transaction.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, player_count, variant, deal_code, outcome,"
            " cards_left, turns, started_at, ended_at, team_key) VALUES (?, ?, 2, ?, ?, ?, 'BCDFGHJK', ?, 0, ?, ?, ?, ?)",
            (
                game_id, guild_id, game, len(players), variant, outcome, turns, started_at, ended_at,
                ",".join(map(str, sorted(players))),
            ),
        )  # fmt: skip
        rows = []
        for seat, user in enumerate(players):
            place = None if places is None else places[user]
            rated = place is not None
            rows.append(
                (
                    game_id,
                    seat,
                    user,
                    place,
                    int(place == 1) if rated else None,
                    int(user == gave_up) if rated else None,
                )
            )
        await transaction.executemany(
            "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai, place, won, forfeited)"
            " VALUES (?, ?, ?, 'someone', 0, ?, ?, ?)",
            rows,
        )
        await reserve_ids_through(transaction, game_id)
    return game_id


async def _next_id(db: Database) -> int:
    """A seeded game's id: above every stored game's and table's, and far above the tables a test opens for real
    (`FIRST_ID`), so that a real game never replaces a seeded one."""
    row = await db.fetchone(
        "SELECT COALESCE(MAX(id) + 1, ?) FROM (SELECT id FROM games UNION ALL SELECT id FROM tables) AS used",
        (FIRST_ID,),
    )
    return max(FIRST_ID, row[0] if row else FIRST_ID)
