"""Permissions: every command and button that needs one refuses without it (one private sentence, nothing changed)
and works with it; and the bot itself works with exactly the Discord permissions the README lists."""

from __future__ import annotations

import pytest

from bot.emulator import Emulator, Perm, User
from bot.emulator.world import Callback
from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import seed

# The README's "Permissions (and why)", without the optional Manage Messages.
LISTED = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.ADD_REACTIONS
)
NO_SETTINGS = "You need the Manage Server permission to change the bot's settings."


def refused(answer: Callback, sentence: str) -> None:
    assert answer.ephemeral, answer
    assert answer.content == sentence, answer.content


def manager(emulator: Emulator, world: World) -> User:
    user = emulator.world.add_user("manager")
    world.guild.add_member(user, permissions=Perm.MANAGE_GUILD)
    return user


async def games_recorded(driver: TableDriver, guild_id: int) -> int:
    return int(await driver.bot.get_cog("Settings").store.count_games(guild_id))  # type: ignore[union-attr]


@pytest.mark.parametrize("user_name", ["alice", "mallory", "moderator"])
async def test_settings_need_manage_server(
    driver: TableDriver, world: World, emulator: Emulator, user_name: str
) -> None:
    user: User = getattr(world, user_name)
    before = await driver.bot.guild_settings.get(world.guild.id)
    for options in ({}, {"chat_rule": "off"}, {"everyone": True}, {"hints": False}):
        refused(await driver.command(user, "settings", **options), NO_SETTINGS)
    assert await driver.bot.guild_settings.get(world.guild.id) == before
    # With the permission, the same command works.
    answer = await driver.command(manager(emulator, world), "settings", hints=False)
    assert answer.ephemeral and answer.embeds
    assert not (await driver.bot.guild_settings.get(world.guild.id)).hints_enabled


async def test_the_erase_buttons_need_manage_server(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    """A forged click on a manager's settings panel (erase, confirm, back) by someone without the permission."""
    boss = manager(emulator, world)
    await seed(driver, world, [world.alice], cards_left=4)
    panel = (await driver.command(boss, "settings")).message
    assert panel is not None
    for action in ("erase", "erase_yes", "back"):
        custom_id = f"tg:settings:{action}:{world.guild.id}"
        if panel.find_component(custom_id) is None:
            await driver.click(boss, panel, f"tg:settings:erase:{world.guild.id}")
        before = panel.text
        for user in (world.alice, world.moderator):
            result = await driver.forge_click(user, panel, custom_id)
            refused(await result.response(), NO_SETTINGS)
            assert panel.text == before
        assert await games_recorded(driver, world.guild.id) == 1
    await driver.click(boss, panel, f"tg:settings:erase_yes:{world.guild.id}")
    assert await games_recorded(driver, world.guild.id) == 0


async def test_stopping_someone_elses_game_needs_manage_messages(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(3))
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.command(world.alice, "game start")
    state = driver.table().to_dict()
    only = "Only a player of this game, or someone who can manage messages, can stop it."
    refused(await driver.command(world.mallory, "game stop"), only)
    # Manage Messages granted by a role but denied in this channel does not count.
    muted = emulator.world.add_user("muted moderator")
    member = world.guild.add_member(muted, permissions=Perm.MANAGE_MESSAGES)
    world.channel.set_permissions(member, deny=Perm.MANAGE_MESSAGES)
    refused(await driver.command(muted, "game stop"), only)
    assert driver.table().to_dict() == state
    # A moderator may stop it.
    stopped = await driver.command(world.moderator, "game stop")
    assert stopped.ephemeral and driver.bot.games.get(table_id) is None


async def test_only_the_asker_confirms_forgetting_their_stats(driver: TableDriver, world: World) -> None:
    await seed(driver, world, [world.alice, world.bob], cards_left=2)
    prompt = (await driver.command(world.alice, "stats", forget=True)).message
    assert prompt is not None
    yes = f"tg:forget:{world.guild.id}:{world.alice.id}:yes"
    for intruder, sentence in (
        (world.bob, "Seul le joueur qui l'a demandé peut confirmer."),  # Bob's Discord is in French
        (world.mallory, "Only the player who asked can confirm this."),
        (world.moderator, "Only the player who asked can confirm this."),
    ):
        result = await driver.forge_click(intruder, prompt, yes)
        refused(await result.response(), sentence)
    stats = driver.bot.get_cog("Settings").store  # type: ignore[union-attr]
    assert await stats.count_player_games(world.guild.id, world.alice.id) == 1
    await driver.click(world.alice, prompt, yes)
    assert await stats.count_player_games(world.guild.id, world.alice.id) == 0


async def test_the_bot_works_with_only_the_listed_permissions(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    """In a channel where the bot has exactly the README's permissions (not Manage Messages): a whole game's worth of
    actions, the chat rule in both modes (delete falls back to a warning), a buried and a deleted board, the stats
    chart and a table picture; Discord never answers 403."""
    tight = world.guild.add_text_channel("tight")
    tight.set_permissions(world.guild.me, deny=Perm.ALL & ~LISTED)
    thread = tight.add_thread("a thread")
    game = TableDriver(emulator, tight, driver.running)
    await game.command(world.alice, "game new", deal=seed_to_deal_code(9))
    await game.command(world.bob, "game join")
    await game.command(world.alice, "game start")
    await game.click(world.alice, game.board(), f"tg:first:{game.table().id}")
    await game.open_hand(world.alice)
    option = game.game().legal_plays()[0]
    await game.command(world.alice, "play", card=str(option.card), pile=option.pile)
    for mode in ("warn", "delete"):
        await game.command(manager(emulator, world), "settings", chat_rule=mode)
        said = await emulator.send_message(world.bob, tight, "I have 45" if mode == "warn" else "I have 12")
        await emulator.wait_for(lambda said=said: said.bot_reacted("🤫"), timeout=5)  # type: ignore[misc]
        assert not said.deleted
    for index in range(12):
        await emulator.send_message(world.mallory, tight, "chatting" + "!" * index)
    await game.settle()
    old = game.board()
    await emulator.delete_message(old, by=world.moderator)
    await emulator.wait_for(lambda: game.table().board_message_id != old.id, timeout=5)
    await game.command(world.bob, "board")
    await game.command(world.alice, "stats")
    solitaire = TableDriver(emulator, thread, driver.running)
    await solitaire.command(world.carol, "game new", game="klondike", deal=seed_to_deal_code(10))
    await solitaire.command(world.carol, "game start")
    assert solitaire.board().attachments
    forbidden = [f"{r.method} {r.path}" for r in emulator.requests if r.status == 403]
    assert not forbidden, forbidden
