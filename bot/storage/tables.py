"""Tables (lobbies and games in progress) and their results: the only place that writes them."""

from __future__ import annotations

from typing import Any

import orjson

from bot.service.table import Table, TableStatus
from bot.storage.database import Database, DuplicateKey, Executor
from bot.storage.group_commit import GroupCommit
from bot.storage.ratings import update_ratings

ACTIVE = ("lobby", "playing")


def _dump(table: Table, data: dict[str, Any] | None = None) -> str:
    """The table (or `data`, its `to_dict()` when the caller has it) as compact JSON text (orjson: about eight
    times faster than `json`, the same data once loaded; letters are written as they are, not as \\u escapes)."""
    return orjson.dumps(table.to_dict() if data is None else data, option=orjson.OPT_NON_STR_KEYS).decode()


UPDATE_TABLE = "UPDATE tables SET status = ?, data = ?, updated_at = ? WHERE id = ?"


class TableStore:
    def __init__(self, database: Database) -> None:
        self._db = database
        self._last_id = 0  # SQLite: the last id handed out by this process
        self._saves = GroupCommit(database, UPDATE_TABLE)

    async def next_id(self) -> int:
        """A new table id, never used before: buttons carry table ids, so an old button must never reach a new
        table, even after finished tables and results were erased.

        PostgreSQL: a sequence, atomic across every bot process. SQLite (one process): one more than any id in
        `tables`, `games` or the last id handed out (`meta.last_table_id`, kept by `insert`)."""
        if self._db.dialect == "postgresql":
            row = await self._db.fetchone("SELECT nextval('table_ids')")
            return int(row[0]) if row else 1
        row = await self._db.fetchone(
            "SELECT MAX(COALESCE((SELECT MAX(id) FROM tables), 0), COALESCE((SELECT MAX(id) FROM games), 0),"
            " COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'last_table_id'), 0)) + 1"
        )
        # Two tables opened at once read the same maximum before either is inserted: the second gets the next.
        self._last_id = max(int(row[0]) if row else 1, self._last_id + 1)
        return self._last_id

    async def insert(self, table: Table) -> bool:
        """Insert a new table. Returns False if the channel already has an active table (any other refusal of
        the database is an error)."""
        try:
            async with self._db.transaction() as transaction:
                await transaction.execute(
                    "INSERT INTO tables (id, guild_id, channel_id, status, data, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.guild_id,
                        table.channel_id,
                        table.status.value,
                        _dump(table),
                        table.created_at,
                        table.created_at,
                    ),
                )
                if transaction.dialect == "sqlite":
                    await transaction.execute(
                        "INSERT INTO meta (key, value) VALUES ('last_table_id', ?)"
                        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        (str(table.id),),
                    )
        except DuplicateKey as duplicate:
            if duplicate.table == "tables" and duplicate.columns == ("channel_id",):
                return False
            raise
        return True

    async def save(self, table: Table, now: float, data: dict[str, Any] | None = None) -> None:
        """Save a table (`data`: its `to_dict()`, when the caller already made it); returns once it is committed. A
        game in play is saved with the others saved at the same moment (`GroupCommit`); a game that ends is saved
        with its result, in a transaction of its own."""
        values = (table.status.value, _dump(table, data), now, table.id)
        if table.status.is_active:
            await self._saves.run(values)
            return
        async with self._db.transaction() as transaction:
            await transaction.execute(UPDATE_TABLE, values)
            await _record_result(transaction, table)

    async def load(self, table_id: int) -> Table | None:
        row = await self._db.fetchone("SELECT data FROM tables WHERE id = ?", (table_id,))
        return Table.from_dict(orjson.loads(row[0])) if row else None

    async def load_active(self) -> list[Table]:
        rows = await self._db.fetchall("SELECT data FROM tables WHERE status IN (?, ?) ORDER BY id", ACTIVE)
        return [Table.from_dict(orjson.loads(row[0])) for row in rows]


async def reserve_ids_through(database: Executor, last_id: int) -> None:
    """Make sure `next_id` never hands out `last_id` or less, after rows were written with ids of their own (the
    copy command, test seeds). SQLite's `next_id` already looks at every stored id."""
    if database.dialect == "postgresql":
        await database.fetchone(
            "SELECT setval('table_ids', GREATEST(?, (SELECT last_value FROM table_ids)))", (last_id,)
        )


async def _record_result(transaction: Executor, table: Table) -> None:
    """Store a finished or abandoned game for the leaderboards (expired lobbies are not games)."""
    if table.status is TableStatus.EXPIRED or table.session is None:
        return
    session = table.session
    # An early end has a result only when seats gave the game up (a rated game: docs/games.md).
    if table.status is TableStatus.ABANDONED:
        result = session.forfeit_outcome(table.forfeits) if table.forfeits else None
    else:
        result = session.outcome() if session.is_over else None
    humans = sorted(seat.user_id for seat in table.seats if not seat.is_ai)
    extra = result.extra if result is not None else {}
    row: dict[str, Any] = {
        "id": table.id,
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "game": table.game_key,
        "player_count": len(table.seats),
        "expert_minimum": int(bool(extra.get("expert_minimum", table.options.get("three_cards", False)))),
        "expert_hand": int(bool(extra.get("expert_hand", table.options.get("smaller_hand", False)))),
        "variant": result.variant if result is not None else _variant_of(table),
        "deal_code": table.deal_code,
        "daily": table.daily,
        "outcome": "abandoned" if result is None else result.outcome,
        "cards_left": _score_of(table) if result is None else result.score,
        "turns": _turns_of(table) if result is None else result.turns,
        "started_at": table.started_at or table.created_at,
        "ended_at": table.ended_at or table.created_at,
        "team_key": ",".join(str(user) for user in humans) + (",ai" if table.has_ai else ""),
        "has_ai": int(table.has_ai),
        "violations": sum(table.violations.values()),
        "hints": sum(table.hints.values()),
    }
    columns = ", ".join(row)
    placeholders = ", ".join("?" for _ in row)
    updates = ", ".join(f"{name} = excluded.{name}" for name in row if name != "id")
    await transaction.execute(
        f"INSERT INTO games ({columns}) VALUES ({placeholders}) ON CONFLICT (id) DO UPDATE SET {updates}",
        list(row.values()),
    )
    await transaction.execute("DELETE FROM game_players WHERE game_id = ?", (table.id,))
    seat_results = result.seats if result is not None else None
    await transaction.executemany(
        "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai, violations, hints,"
        " points, place, won, calls, forfeited) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                table.id,
                index,
                None if seat.is_ai else seat.user_id,
                seat.name,
                int(seat.is_ai),
                table.violations.get(seat.user_id, 0),
                table.hints.get(seat.user_id, 0),
                seat_results[index].points if seat_results else None,
                seat_results[index].place if seat_results else None,
                int(seat_results[index].won) if seat_results else None,
                seat_results[index].calls if seat_results else None,
                int(index in table.forfeits) if seat_results else None,
            )
            for index, seat in enumerate(table.seats)
        ],
    )
    if seat_results is not None and not table.rules.cooperative:
        await update_ratings(transaction, table, seat_results)


def _variant_of(table: Table) -> str:
    if table.game_key == "thegame":
        return (
            "expert" if table.options.get("three_cards") or table.options.get("smaller_hand") else "standard"
        )
    return "standard"


def _score_of(table: Table) -> int:
    """The headline number of an abandoned game (The Game: the cards not played)."""
    session = table.session
    game = getattr(session, "game", None)
    return int(getattr(game, "cards_left", 0))


def _turns_of(table: Table) -> int:
    session = table.session
    game = getattr(session, "game", None)
    return int(getattr(game, "turn_number", 0))
