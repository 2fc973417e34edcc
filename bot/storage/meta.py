"""Small named values the bot keeps between runs (the `meta` table), e.g. the hash of the last synced commands."""

from __future__ import annotations

from bot.storage.database import Database


class MetaStore:
    def __init__(self, database: Database) -> None:
        self._db = database

    async def get(self, key: str) -> str | None:
        row = await self._db.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set(self, key: str, value: str) -> None:
        await self._db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
