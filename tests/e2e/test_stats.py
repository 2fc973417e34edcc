"""/stats through the real bot and the emulator: the record with its chart, privacy, and `/stats forget:True`."""

from __future__ import annotations

from bot.emulator import Emulator
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import description, seed


async def test_a_members_record_with_a_chart_of_recent_results(driver: TableDriver, world: World) -> None:
    for index, cards in enumerate([12, 0, 7, 25]):
        await seed(driver, world, [world.bob, world.alice], cards_left=cards, ended_at=1_000 + index)
    await seed(driver, world, [world.bob, world.carol], cards_left=50, outcome="abandoned", ended_at=2_000)
    await seed(driver, world, [world.bob], cards_left=3, ended_at=3_000, violations={world.bob.id: 2})
    klondike = await seed(driver, world, [world.bob], cards_left=0, ended_at=4_000)
    await driver.bot.db.execute(
        "UPDATE games SET game = 'klondike', variant = 'draw3' WHERE id = ?", (klondike,)
    )

    answer = await driver.command(world.alice, "stats", member=world.bob)
    assert not answer.ephemeral
    message = answer.message
    assert message is not None
    embed = message.embeds[0]
    assert embed["title"] == "📊 Bob"
    text = description(message)
    assert text.startswith("**The Game**\n"), (
        "the figures say which game they count (a reviewer read them as all)"
    )
    assert "**6** games — 1 won · 4 lost · 1 abandoned" in text
    assert "Best result **0** cards left · average **9.4**" in text
    assert "Favourite teammates: Alice (4 games), Carol (1 game)" in text  # a real plural per count
    assert "2 numbers said · 0 hints used" in text
    assert embed["fields"][-1] == {
        "name": "The other games",
        "value": "**Klondike**: 1 win · 1 game · 100% won\nDraw three: best 20 moves · fastest 10 min",
        "inline": False,
    }
    assert embed["image"]["url"] == "attachment://results.png"
    (chart,) = message.attachments
    assert chart.filename == "results.png" and chart.content_type == "image/png"
    assert (chart.width, chart.height) == (960, 520)  # drawn at 2x
    assert chart.data.startswith(b"\x89PNG")


async def test_private_stats_and_a_player_without_games(driver: TableDriver, world: World) -> None:
    answer = await driver.command(world.mallory, "stats", private=True)
    assert answer.ephemeral
    assert "Mallory has no finished game in this server yet." in description(answer.message)
    assert not answer.message.attachments


async def test_forget_after_confirming_keeps_the_team_anonymous(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    await seed(driver, world, [world.alice, world.bob], cards_left=4)
    await seed(driver, world, [world.alice], cards_left=9)

    asked = await driver.command(world.alice, "stats", forget=True)
    assert asked.ephemeral and "**2** games" in (asked.content or "")
    prompt = asked.message
    assert prompt is not None
    forget_id = next(custom_id for custom_id in prompt.custom_ids if custom_id.endswith(":yes"))
    done = await driver.click(world.alice, prompt, forget_id)
    assert done.type == 7 and "2 games are anonymous now" in (prompt.content or "")

    gone = await driver.command(world.alice, "stats")
    assert "no finished game" in description(gone.message)
    board = await driver.command(world.bob, "leaderboard")
    text = description(board.message)
    assert "**Anonymous player · Bob** ⭐" in text or "**Bob · Anonymous player** ⭐" in text
    assert "Alice" not in text


async def test_keep_changes_nothing(driver: TableDriver, world: World) -> None:
    await seed(driver, world, [world.carol], cards_left=4)
    asked = await driver.command(world.carol, "stats", forget=True)
    prompt = asked.message
    assert prompt is not None
    keep_id = next(custom_id for custom_id in prompt.custom_ids if custom_id.endswith(":no"))
    await driver.click(world.carol, prompt, keep_id)
    assert prompt.content == "Nothing was changed."
    still = await driver.command(world.carol, "stats")
    assert "**1** game —" in description(still.message)


async def test_stats_with_no_option_shows_your_own_record(driver: TableDriver, world: World) -> None:
    # Found playing: /help offers /stats, but /stats alone answered "needs one of: player, forget".
    await seed(driver, world, [world.alice, world.bob], cards_left=4)
    answer = await driver.command(world.alice, "stats")
    assert not answer.ephemeral
    assert answer.message is not None and answer.message.embeds[0]["title"] == "📊 Alice"
    assert "**1** game — 0 won · 1 lost · 0 abandoned" in description(answer.message)


async def test_forget_erases_only_your_own_stats(driver: TableDriver, world: World) -> None:
    await seed(driver, world, [world.alice, world.bob], cards_left=4)
    refused = await driver.command(world.alice, "stats", member=world.bob, forget=True)
    assert refused.ephemeral and refused.content == "You can only erase your own stats, not another player's."
    assert not (refused.message and refused.message.custom_ids), "no button to confirm"
    mine = await driver.command(world.alice, "stats", member=world.alice, forget=True)
    assert mine.ephemeral and "the one game you played in this server (**1**)" in (mine.content or "")
