"""A game's end on the Activity's page reads what the channel reads under its end line (a reviewer found the page
ending on the bare result): the new ratings of a rated game given up, in each reader's language, pushed once they
are read; a lost Klondike deal's verdict."""

from __future__ import annotations

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.storage.ratings import RatingStore
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
    ratings = f"Alice {board[world.alice.id]:.1f} ({board[world.alice.id]:+.1f}), #2"
    assert told.endswith(
        f"\n📊 Ratings: {ratings} · Bob {board[world.bob.id]:.1f} ({board[world.bob.id]:+.1f}), #1"
    )
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
    for page in (alice, bob, late):
        await page.close()
