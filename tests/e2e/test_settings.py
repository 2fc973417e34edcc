"""/settings through the real bot and the emulator: Manage Server only, changes saved, history erased on confirm,
and the server's language followed by everything public."""

from __future__ import annotations

from pathlib import Path

from bot.app import create_bot
from bot.emulator import Emulator, Perm, User
from bot.storage.settings import ChatRuleMode
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import seed


def admin(emulator: Emulator, world: World) -> User:
    user = emulator.world.add_user("admin")
    world.guild.add_member(user, permissions=Perm.MANAGE_GUILD)
    return user


async def test_only_a_server_manager_may_use_settings(driver: TableDriver, world: World) -> None:
    before = await driver.bot.guild_settings.get(world.guild.id)
    for user in (world.mallory, world.moderator):
        answer = await driver.command(user, "settings", hints=False)
        assert answer.ephemeral
        assert answer.content == "You need the Manage Server permission to change the bot's settings."
    assert await driver.bot.guild_settings.get(world.guild.id) == before


async def test_a_manager_changes_the_settings(driver: TableDriver, world: World, emulator: Emulator) -> None:
    manager = admin(emulator, world)
    answer = await driver.command(manager, "settings", chat_rule="delete", everyone=True, hints=False)
    assert answer.ephemeral
    panel = str(answer.embeds[0])
    assert "Settings saved" in panel and "**Delete**" in panel and "Everyone in a game's channel" in panel
    settings = await driver.bot.guild_settings.get(world.guild.id)
    assert (settings.chat_rule_mode, settings.chat_rule_everyone, settings.hints_enabled) == (
        ChatRuleMode.DELETE, True, False
    )  # fmt: skip
    shown = await driver.command(manager, "settings")
    assert "Settings saved" not in str(shown.embeds[0]) and "**Delete**" in str(shown.embeds[0])


async def test_erase_the_history_after_confirming(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    manager = admin(emulator, world)
    other = emulator.world.add_guild("Elsewhere")
    for cards in (3, 8):
        await seed(driver, world, [world.alice], cards_left=cards)
    await seed(driver, world, [world.alice], cards_left=1, guild_id=other.id, channel_id=other.id + 1)

    answer = await driver.command(manager, "settings")
    panel = answer.message
    assert panel is not None and "2 finished games recorded" in str(panel.embeds[0])
    await driver.click(manager, panel, f"tg:settings:erase:{world.guild.id}")
    assert "Finished games of this server to delete: **2**." in str(panel.embeds[0])
    await driver.click(manager, panel, f"tg:settings:back:{world.guild.id}")  # cancel: nothing erased
    assert "2 finished games recorded" in str(panel.embeds[0])
    await driver.click(manager, panel, f"tg:settings:erase:{world.guild.id}")
    await driver.click(manager, panel, f"tg:settings:erase_yes:{world.guild.id}")
    assert "2 games erased" in str(panel.embeds[0]) and "0 finished games recorded" in str(panel.embeds[0])

    stats = driver.bot.get_cog("Settings").store  # type: ignore[union-attr]
    assert await stats.count_games(world.guild.id) == 0
    assert await stats.count_games(other.id) == 1


# -- the server's language -----------------------------------------------------------------------------------
async def test_a_french_group_chooses_french_for_everything_public(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    """Issue #31: a server that is not a Community server has no language on Discord; its manager chooses French
    and the lobby, board and turn lines are French, while each player's own answers stay in their language and
    name the board's buttons as the board shows them."""
    manager = admin(emulator, world)
    answer = await driver.command(manager, "settings", language="fr")
    panel = str(answer.embeds[0])
    assert "Settings saved" in panel and "**Français**" in panel  # the panel speaks the manager's English
    assert (await driver.bot.guild_settings.get(world.guild.id)).language == "fr"

    lobby = await driver.command(world.alice, "game new")  # alice's Discord speaks English
    assert (
        not lobby.ephemeral and "Rejoindre" in str(lobby.components) and "Join" not in str(lobby.components)
    )
    await driver.command(world.carol, "game join")
    await driver.command(world.alice, "game start")
    board = driver.board()
    assert "Joueurs" in board.text and {"Ma main", "Je commence"} <= {
        button["label"] for button in board.buttons
    }

    hand = await driver.open_hand(world.alice)
    assert "Your hand" in hand.text and "press **Je commence** on the board" in hand.text
    refused = await driver.command(world.alice, "play", card="50")
    assert refused.ephemeral and "the starting player presses **Je commence** on the board" in str(
        refused.content
    )
    help_text = str((await driver.command(world.alice, "help")).embeds[0])
    assert "then **Rejoindre** (or **Ajouter une IA**) and **Commencer**" in help_text


async def test_open_tables_follow_a_change_of_language(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    await driver.command(world.alice, "game new")
    assert "Join" in str(driver.board().components)
    table_id = driver.table().id
    await driver.command(admin(emulator, world), "settings", language="de")
    assert driver.table().language == "de"
    assert "Mitspielen" in str(driver.board().components) and "Join" not in str(driver.board().components)
    saved = await driver.bot.tables.load(table_id)
    assert saved is not None and saved.locale == "de"  # and it stays German after a restart
    await driver.restart()
    await driver.command(world.bob, "game join")
    assert "Mitspielen" in str(driver.board().components)


async def test_a_server_without_a_choice_speaks_its_discord_language_only_if_it_is_a_community(
    emulator: Emulator, start_client, tmp_path: Path
) -> None:
    community = emulator.world.add_guild("Stammtisch", locale="de")
    community.features.append("COMMUNITY")
    plain = emulator.world.add_guild(
        "Kneipe", locale="de"
    )  # not a Community server: its locale means nothing
    alice = emulator.world.add_user("alice", locale="en-US")
    channels = []
    for guild in (community, plain):
        guild.add_member(alice)
        channels.append(guild.add_text_channel("karten"))
    running = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    german, english = (TableDriver(emulator, channel, running) for channel in channels)
    assert "Mitspielen" in str((await german.command(alice, "game new")).components)
    assert "Join" in str((await english.command(alice, "game new")).components)


async def test_a_german_manager_uses_the_german_command(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    """The commands synced with their German names (Discord refuses a sync with an invalid one); a German manager
    types /einstellungen sprache:Deutsch and reads the panel in German."""
    settings = emulator.world.find_command("settings", None)
    assert settings is not None and settings.payload["name_localizations"]["de"] == "einstellungen"
    manager = emulator.world.add_user("verwalterin", locale="de")
    world.guild.add_member(manager, permissions=Perm.MANAGE_GUILD)
    answer = await driver.command(manager, "einstellungen", sprache="de")
    panel = str(answer.embeds[0])
    assert "Einstellungen gespeichert" in panel and "Sprache der öffentlichen Nachrichten" in panel
    assert "**Deutsch**" in panel and (await driver.bot.guild_settings.get(world.guild.id)).language == "de"


async def test_play_again_opens_in_the_server_s_language_of_now(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    await driver.command(world.alice, "game new")
    await driver.command(world.bob, "game join")
    await driver.command(world.alice, "game start")
    table_id, board_id = driver.table().id, driver.table().board_message_id or 0
    await driver.command(world.alice, "game stop")
    await driver.command(admin(emulator, world), "settings", language="de")  # after the game ended
    await driver.click(world.bob, driver.message(board_id), f"tg:again:{table_id}:new")
    assert driver.table().language == "de" and "Mitspielen" in str(driver.board().components)
