"""Command sync at start-up, and the apology for an unexpected error."""

from __future__ import annotations

from pathlib import Path

from bot.app import create_bot
from bot.emulator import Emulator
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver


def global_syncs(emulator: Emulator) -> int:
    return len([r for r in emulator.requests if r.route == "PUT /applications/{application_id}/commands"])


def guild_syncs(emulator: Emulator) -> int:
    return len(
        [
            r
            for r in emulator.requests
            if r.route == "PUT /applications/{application_id}/guilds/{guild_id}/commands"
        ]
    )


async def test_global_sync_only_when_the_commands_changed(
    emulator: Emulator, start_client, world: World, tmp_path: Path, database_url: str | None
) -> None:
    settings = bot_settings(tmp_path, database_url=database_url)  # the last sync's hash is kept in storage
    running = await start_client(lambda: create_bot(settings))
    assert global_syncs(emulator) == 1
    # The French names went along with the sync.
    game = emulator.world.find_command("game", None)
    assert game is not None
    assert game.payload.get("name_localizations", {}).get("fr") == "partie"
    running = await running.restart()
    assert global_syncs(emulator) == 1  # unchanged commands: no second sync
    await running.stop()


async def test_dev_guild_sync_is_instant(
    emulator: Emulator, start_client, world: World, tmp_path: Path
) -> None:
    settings = bot_settings(tmp_path, dev_guild_id=world.guild.id)
    await start_client(lambda: create_bot(settings))
    assert guild_syncs(emulator) == 1
    assert global_syncs(emulator) == 0
    assert emulator.world.find_command("game", world.guild) is not None


async def test_an_unexpected_error_gets_a_private_apology_with_a_reference(
    driver: TableDriver, world: World
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database caught fire")

    driver.bot.games.create = broken  # type: ignore[method-assign]
    with driver.running.expect_errors() as errors:
        answer = await driver.command(world.alice, "game new")
    assert answer.ephemeral
    text = answer.content or ""
    assert "Sorry" in text and "reference" in text
    reference = text.split("reference ")[1].split(")")[0]
    assert len(errors) == 1
    assert reference in errors[0].getMessage()
    assert "caught fire" in str(errors[0].exc_info[1])
    assert driver.bot.games.in_channel(driver.channel.id) is None


async def test_help_says_how_to_start_and_lists_every_game(driver: TableDriver, world: World) -> None:
    answer = await driver.command(world.alice, "help")
    assert answer.ephemeral
    embed = answer.embeds[0]
    assert embed["title"] == "🃏 The card table" and "opens a table in this channel" in embed["description"]
    games = embed["fields"][0]["value"].splitlines()
    assert [line.split(" · ")[0] for line in games] == [
        "**The Game**", "**Hearts**", "**Barbu**", "**Klondike**", "**Crapette**",
    ]  # fmt: skip
    assert "**Crapette** · 2 players — " in games[4] and "**Hearts** · 3–8 players — " in games[1]
    assert all(len(field["value"]) <= 1024 for field in embed["fields"])
    world.alice.locale = "fr"
    french = (await driver.command(world.alice, "help")).embeds[0]
    assert french["title"] == "🃏 La table de jeu"
    assert "**Dame de pique** · 3 à 8 joueurs — " in french["fields"][0]["value"]
