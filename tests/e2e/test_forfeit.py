"""Giving a rated game up through Discord: `/game stop` by a player of a rated game asks first, privately, then
counts as their loss (docs/games.md, "Ending a game early"); a moderator's stop stays an abandon."""

from __future__ import annotations

from bot.storage.ratings import RatingStore
from bot.ui.format import shown_rating
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver


async def test_a_player_who_stops_a_rated_game_is_asked_then_gives_it_up(
    driver: TableDriver, world: World
) -> None:
    table_id = await driver.crapette(world.alice, world.bob)
    yes, no = f"tg:forfeit:{table_id}:yes", f"tg:forfeit:{table_id}:no"
    # Bob reads French: the question is his, privately, in his language.
    question = await driver.command(world.bob, "game stop")
    assert question.message is not None and question.message.ephemeral
    assert question.message.visible_to(world.bob) and not question.message.visible_to(world.alice)
    assert "compte comme une défaite pour toi" in (question.content or "")
    assert question.message.custom_ids == [yes, no]
    assert [button["label"] for button in question.message.buttons] == ["Abandonner (défaite)", "Continuer"]
    assert driver.bot.games.get(table_id) is not None, "asking changes nothing"

    kept = await driver.click(world.bob, question.message, no)
    assert kept.type == 7 and kept.content == "La partie continue.", "the question itself says so"
    assert driver.bot.games.get(table_id) is not None and not driver.message(question.message.id).custom_ids

    question = await driver.command(world.alice, "game stop")
    assert question.message is not None
    forged = await driver.forge_click(world.mallory, question.message, yes)
    refusal = await forged.response()
    assert refusal.ephemeral and "Only a player of this game" in (refusal.content or "")
    assert driver.bot.games.get(table_id) is not None, "nobody gives up someone else's game"

    stale = await driver.command(world.alice, "game stop")  # a second question, answered after the game
    assert stale.message is not None
    done = await driver.click(world.alice, question.message, yes)
    assert done.type == 7 and done.content == "🏳️ You gave the game up."
    assert driver.bot.games.get(table_id) is None
    announced = [message.text for message in driver.public_messages()]
    assert any("Alice gave the game up, which counts as a loss" in text for text in announced), announced
    (end,) = [message.content for message in driver.public_messages() if message.content.startswith("🏳️")]
    # The channel reads each player's new rating and what the game changed, as the leaderboard shows them.
    board = {player.user_id: player.rating for player in (await RatingStore(driver.bot.db).leaderboard(
        world.guild.id, "crapette")).players}  # fmt: skip
    alice_now, bob_now = shown_rating(board[world.alice.id]), shown_rating(board[world.bob.id])
    assert end.endswith(  # newcomers, at 1000 before the game
        f"\n📊 Ratings: Alice {alice_now} ({alice_now - 1000:+d}), #2 · Bob {bob_now} ({bob_now - 1000:+d}), #1"
    ), end
    rows = await driver.bot.db.fetchall(
        "SELECT user_id, place, won, forfeited FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
    )
    assert [tuple(row) for row in rows] == [(world.alice.id, 2, 0, 1), (world.bob.id, 1, 1, 0)]
    history = await driver.command(world.bob, "history")  # public: the server's language
    assert "🏳️ Crapette, given up by Alice" in history.embeds[0]["description"]
    ratings = await driver.command(world.alice, "leaderboard", game="crapette")
    ranking = ratings.embeds[0]["description"]
    assert ranking.index("Bob") < ranking.index("Alice"), "Bob is rated above Alice"
    record = (await driver.command(world.alice, "stats")).embeds[0]["fields"][0]["value"]
    assert record.startswith("**Crapette**: rating") and record.endswith("\nLast game: 🏳️"), record
    his = await driver.command(world.bob, "stats", private=True)  # in his language
    assert his.embeds[0]["fields"][0]["value"].endswith("\nDernière partie\xa0: 🥇"), "Bob won it"

    # The other question's button once the game is over: one private sentence, nothing recorded twice.
    for answer in (yes, no):
        late = await driver.click(world.alice, stale.message, answer)
        assert late.ephemeral and "belongs to a game that is over" in (late.content or ""), late.content
    assert len(await driver.bot.db.fetchall("SELECT id FROM games WHERE id = ?", (table_id,))) == 1


async def test_a_moderator_stops_a_rated_game_without_a_loss(driver: TableDriver, world: World) -> None:
    table_id = await driver.crapette(world.alice, world.bob)
    stopped = await driver.command(world.moderator, "game stop")
    assert stopped.ephemeral and not (stopped.message and stopped.message.custom_ids)
    assert driver.bot.games.get(table_id) is None
    row = await driver.bot.db.fetchone("SELECT outcome FROM games WHERE id = ?", (table_id,))
    assert row is not None and row[0] == "abandoned"
    ratings = await driver.command(world.alice, "leaderboard", game="crapette")
    assert "Alice" not in driver.text(ratings)
