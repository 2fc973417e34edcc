"""A game's end on the Activity's page reads what the channel reads under its end line (a reviewer found the page
ending on the bare result): the new ratings of a rated game given up, in each reader's language, pushed once they
are read; a lost Klondike deal's verdict."""

from __future__ import annotations

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.storage.ratings import RatingStore
from bot.ui.format import shown_rating
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import activity_url, open_page
from tests.e2e.driver import TableDriver


async def test_a_rated_game_given_up_shows_the_new_ratings_on_every_page_in_its_readers_language(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    table_id = await driver.crapette(world.alice, world.bob)
    alice, bob = [
        await open_page(emulator, activity_url(activity_bot), user, world.channel)
        for user in (world.alice, world.bob)
    ]
    for page in (alice, bob):
        await page.wait_state(lambda s: s["table"]["status"] == "playing")
    question = await driver.command(world.alice, "game stop")
    assert question.message is not None
    await driver.click(world.alice, question.message, f"tg:forfeit:{table_id}:yes")
    await driver.settle()
    (told,) = [message.content for message in driver.public_messages() if message.content.startswith("🏳️")]
    board = {player.user_id: player.rating for player in (await RatingStore(driver.bot.db).leaderboard(
        world.guild.id, "crapette")).players}  # fmt: skip
    alice_now, bob_now = shown_rating(board[world.alice.id]), shown_rating(board[world.bob.id])
    ratings = f"Alice {alice_now} ({alice_now - 1000:+d}), #2"  # newcomers, at 1000 before the game
    assert told.endswith(f"\n📊 Ratings: {ratings} · Bob {bob_now} ({bob_now - 1000:+d}), #1")
    # Alice reads English, as the channel: her page's end is the channel's announcement, word for word.
    shown = await alice.wait_state(lambda s: "📊" in (s["table"].get("end") or ""))
    assert shown["table"]["end"] == told
    # Bob reads French: the same lines in his language.
    french = await bob.wait_state(lambda s: "📊" in (s["table"].get("end") or ""))
    end = french["table"]["end"]
    assert "\n📊 Cotes\xa0: Alice " in end and "n°\xa02 · Bob " in end and "Ratings" not in end, end
    assert "Alice a abandonné" in end, end
    # A page opened afterwards gets them too, and nothing is read twice for a language already read.
    late = await open_page(emulator, activity_url(activity_bot), world.alice, world.channel)
    assert late.state["table"]["end"] == told
    for page in (alice, late):
        await page.close()
    # The summary's **Same deal**, from the page: for the game's players only; a new lobby, the same seats.
    mallory = await open_page(emulator, activity_url(activity_bot), world.mallory, world.channel)
    assert bob.state["table"]["again"] and not mallory.state["table"]["again"]
    refused = await mallory.act({"kind": "same_deal"})
    assert refused["refused"] and refused["text"] == t(world.mallory.locale, "error.not_seated"), refused
    old = await driver.bot.tables.load(table_id)
    assert old is not None and driver.bot.games.in_channel(world.channel.id) is None, "refusing opens nothing"
    assert (await bob.act({"kind": "same_deal"}))["refused"] is False
    lobby = await bob.wait_state(lambda s: s["table"]["status"] == "lobby" and len(s["table"]["seats"]) == 2)
    assert [seat["name"] for seat in lobby["table"]["seats"]] == ["Bob", "Alice"], "the asker hosts"
    new = driver.table()
    assert (
        new.id != table_id
        and new.game_key == "crapette"
        and new.seed == old.seed
        and new.host_id == world.bob.id
    )
    await driver.settle()
    assert driver.public_messages()[-1].id == new.board_message_id, "its lobby posted in the channel"
    again = await bob.act({"kind": "again"})
    assert again["refused"] and again["text"] == t(world.bob.locale, "error.already_running")
    for page in (bob, mallory):
        await page.close()
