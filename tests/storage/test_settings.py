"""Per-server settings on both stores: the language of public messages is saved and read back, and a database from
before it (schema version 4) upgrades with its servers' settings kept and no language chosen."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.storage import postgres
from bot.storage.database import Database, connect, split_statements
from bot.storage.settings import ChatRuleMode, GuildSettings, SettingsStore
from bot.storage.sqlite import migrations
from tests.postgres import ThrowawayPostgres

BEFORE_THE_LANGUAGE = 4


async def test_a_server_language_is_saved_and_read_back(database: Database) -> None:
    store = SettingsStore(database)
    assert (await store.get(7)).language is None  # nothing chosen: Discord's, or English
    await store.update(7, GuildSettings(ChatRuleMode.DELETE, language="de"))
    await store.update(8, GuildSettings(language="fr"))
    fresh = SettingsStore(database)  # not from the first store's cache
    assert await fresh.get(7) == GuildSettings(ChatRuleMode.DELETE, language="de")
    assert (await fresh.get(8)).language == "fr"
    await fresh.update(8, GuildSettings(hints_enabled=False, language="fr"))
    assert await SettingsStore(database).get(8) == GuildSettings(hints_enabled=False, language="fr")


def test_only_the_bot_s_languages_are_settings() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        GuildSettings(language="es")


async def test_a_sqlite_database_from_before_the_language_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path) as old:
        for version, _, sql in migrations()[:BEFORE_THE_LANGUAGE]:
            await old.executescript(sql)
            await old.execute(f"PRAGMA user_version = {version}")
        await old.execute(
            "INSERT INTO guild_settings (guild_id, chat_rule_mode, chat_rule_everyone, hints_enabled)"
            " VALUES (7, 'delete', 1, 0)"
        )
        await old.commit()
    database = await connect(str(path))
    try:
        store = SettingsStore(database)
        assert await store.get(7) == GuildSettings(ChatRuleMode.DELETE, True, False, language=None)
        await store.update(7, GuildSettings(ChatRuleMode.DELETE, True, False, language="de"))
        assert (await SettingsStore(database).get(7)).language == "de"
    finally:
        await database.close()


@pytest.mark.postgresql
async def test_a_postgresql_database_from_before_the_language_upgrades(
    postgres_server: ThrowawayPostgres,
) -> None:
    url = await postgres_server.new_database()
    old = await asyncpg.connect(url)
    try:
        await old.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        for version, name, sql in postgres.migrations():
            if version > BEFORE_THE_LANGUAGE:
                break
            for statement in split_statements(sql):
                await old.execute(statement)
            await old.execute("INSERT INTO schema_version (version, name) VALUES ($1, $2)", version, name)
        await old.execute(
            "INSERT INTO guild_settings (guild_id, chat_rule_mode, chat_rule_everyone, hints_enabled)"
            " VALUES (7, 'off', 0, 1)"
        )
    finally:
        await old.close()
    database = await connect(url)
    try:
        store = SettingsStore(database)
        assert await store.get(7) == GuildSettings(ChatRuleMode.OFF, language=None)
        await store.update(7, GuildSettings(ChatRuleMode.OFF, language="fr"))
        assert (await SettingsStore(database).get(7)).language == "fr"
    finally:
        await database.close()
