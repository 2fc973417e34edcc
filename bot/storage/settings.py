"""Per-server settings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.languages import LANGUAGES
from bot.storage.database import Database


class ChatRuleMode(StrEnum):
    WARN = "warn"  # react and reply with a reminder (default)
    DELETE = "delete"  # delete the message and post a reminder that disappears
    OFF = "off"


@dataclass(frozen=True, slots=True)
class GuildSettings:
    chat_rule_mode: ChatRuleMode = ChatRuleMode.WARN
    chat_rule_everyone: bool = False  # apply the rule to everyone in the game's channel, not only players
    hints_enabled: bool = True
    # The language of the server's public messages ("en", "fr", "de"); None until chosen: then Discord's preferred
    # locale of a Community server, else English (`bot.languages.server_language`).
    language: str | None = None

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")


class SettingsStore:
    def __init__(self, database: Database) -> None:
        self._db = database
        self._cache: dict[int, GuildSettings] = {}

    async def get(self, guild_id: int) -> GuildSettings:
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        row = await self._db.fetchone(
            "SELECT chat_rule_mode, chat_rule_everyone, hints_enabled, language FROM guild_settings"
            " WHERE guild_id = ?",
            (guild_id,),
        )
        settings = (
            GuildSettings(ChatRuleMode(row[0]), bool(row[1]), bool(row[2]), row[3])
            if row
            else GuildSettings()
        )
        self._cache[guild_id] = settings
        return settings

    async def update(self, guild_id: int, settings: GuildSettings) -> None:
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, chat_rule_mode, chat_rule_everyone, hints_enabled, language)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET chat_rule_mode = excluded.chat_rule_mode,"
            " chat_rule_everyone = excluded.chat_rule_everyone, hints_enabled = excluded.hints_enabled,"
            " language = excluded.language",
            (
                guild_id,
                settings.chat_rule_mode.value,
                int(settings.chat_rule_everyone),
                int(settings.hints_enabled),
                settings.language,
            ),
        )
        self._cache[guild_id] = settings
