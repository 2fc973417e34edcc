"""Finished games written straight into the database, as `TableStore._record_result` writes them (for tests)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

FIRST_ID = (
    100_000  # far above the ids of tables a test opens for real, so a real game never replaces a seeded one
)


async def add_game(
    db: aiosqlite.Connection,
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
    async with db.execute("SELECT COALESCE(MAX(id) + 1, ?) FROM games", (FIRST_ID,)) as cursor:
        row = await cursor.fetchone()
    game_id = max(FIRST_ID, row[0] if row else FIRST_ID)
    outcome = outcome or ("won" if cards_left == 0 else "lost")
    humans = sorted(players)
    team_key = ",".join(str(user) for user in humans) + (",ai" if ai_seats else "")
    violations = violations or {}
    hints = hints or {}
    await db.execute(
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
    await db.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai, violations, hints)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        seats,
    )
    await db.commit()
    return game_id
