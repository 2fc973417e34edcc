"""/history through the real bot and the emulator: list, choose a game, deal it again; a real abandoned game."""

from __future__ import annotations

from bot.emulator import Emulator
from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import description, seed

DEAL = seed_to_deal_code(777_777)


async def test_choose_a_game_then_deal_it_again(driver: TableDriver, world: World) -> None:
    await seed(driver, world, [world.alice, world.bob], cards_left=0, ended_at=1_000)
    chosen = await seed(
        driver,
        world,
        [world.bob, world.carol],
        cards_left=11,
        ended_at=2_000,
        deal_code=DEAL,
        variant="expert",
    )

    listed = await driver.command(world.mallory, "history")
    assert not listed.ephemeral
    history = listed.message
    assert history is not None
    text = description(history)
    assert text.index("🏁 The Game, 11 cards left") < text.index("🏆 The Game, won")  # newest first
    assert "Bob · Carol" in text
    (menu,) = history.selects
    assert [option["value"] for option in menu["options"]] == [str(chosen), str(chosen - 1)]

    result = await driver.emulator.select(world.alice, history, menu["custom_id"], [str(chosen)])
    summary = await result.response()
    await driver.settle()
    assert summary.ephemeral
    assert summary.embeds[0]["title"] == "🏁 Game over"
    assert DEAL in str(summary.embeds[0]) and "three cards a turn" in str(summary.embeds[0])
    assert summary.message is not None
    replay_id = next(
        custom_id for custom_id in summary.message.custom_ids if custom_id.startswith("tg:replay:")
    )

    lobby = await driver.click(world.alice, summary.message, replay_id)
    assert not lobby.ephemeral
    table = driver.table()
    assert table.deal_code == DEAL
    assert table.options["three_cards"] and table.daily is None
    assert [seat.name for seat in table.seats] == ["Alice"]


async def test_a_stopped_game_is_listed_as_abandoned_in_the_channel_only(
    driver: TableDriver, world: World, emulator: Emulator
) -> None:
    other_channel = world.guild.add_text_channel("elsewhere")
    await seed(driver, world, [world.carol], cards_left=5, channel_id=other_channel.id)
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.command(world.alice, "game stop")

    here = await driver.command(world.alice, "history")
    text = description(here.message)
    assert "⏹️ The Game, abandoned (" in text and "Alice" in text
    assert "Carol" not in text
    everywhere = await driver.command(world.alice, "history", server=True)
    text = description(everywhere.message)
    assert "Carol" in text and "Alice" in text and f"<#{other_channel.id}>" in text


async def test_nothing_yet(driver: TableDriver, world: World) -> None:
    answer = await driver.command(world.alice, "history")
    assert "No finished game yet" in description(answer.message)
    assert not answer.message.selects
