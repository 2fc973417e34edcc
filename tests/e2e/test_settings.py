"""/settings through the real bot and the emulator: Manage Server only, changes saved, history erased on confirm."""

from __future__ import annotations

from bot.emulator import Emulator, Perm, User
from bot.storage.settings import ChatRuleMode
from tests.e2e.conftest import World
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
    assert "deletes the **2** finished games" in str(panel.embeds[0])
    await driver.click(manager, panel, f"tg:settings:back:{world.guild.id}")  # cancel: nothing erased
    assert "2 finished games recorded" in str(panel.embeds[0])
    await driver.click(manager, panel, f"tg:settings:erase:{world.guild.id}")
    await driver.click(manager, panel, f"tg:settings:erase_yes:{world.guild.id}")
    assert "2 games erased" in str(panel.embeds[0]) and "0 finished games recorded" in str(panel.embeds[0])

    stats = driver.bot.get_cog("Settings").store  # type: ignore[union-attr]
    assert await stats.count_games(world.guild.id) == 0
    assert await stats.count_games(other.id) == 1
