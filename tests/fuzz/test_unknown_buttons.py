"""A click that no handler takes (a custom id from an older release, cut, too long, with other characters) still gets
an answer within Discord's deadline: one private sentence, nothing changed. Found by the fuzzer: discord.py drops
such a click, and Discord then shows "This interaction failed"."""

from __future__ import annotations

import pytest

from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import seed
from tests.fuzz.views import state

UNKNOWN = "This button no longer works (it is from an older version of the bot, or it was changed): use the latest message."


@pytest.mark.parametrize(
    "custom_id",
    [
        "AS:card:{table}:2",
        "tg:card:{table}",
        "tg:g:{table}:p.0.QSé",
        "tg:g:{table}:" + "9" * 90,
        "tg:marker:{table}:A",
    ],
)
async def test_a_button_nothing_handles_is_answered(
    driver: TableDriver, world: World, custom_id: str
) -> None:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(2))
    table_id = driver.table().id
    board = driver.board()
    before = state(driver.table())
    component = next(c for c in board.iter_components() if c.get("type") == 2)
    component["custom_id"] = custom_id.format(table=table_id)  # as a message of another release would carry
    answer = await driver.click(world.alice, board, component["custom_id"])
    assert answer.ephemeral and answer.content == UNKNOWN and answer.elapsed < 3
    assert state(driver.table()) == before


HUGE = "99999999999999999999999"  # more than SQLite's integers hold


@pytest.mark.parametrize(
    "custom_id",
    [
        f"tg:log:{HUGE}:0",
        f"tg:again:{HUGE}:new",
        f"tg:replay:{{guild}}:{HUGE}",
        f"tg:g:{HUGE}:draw",
        f"tg:hand:{HUGE}",
        f"tg:lb:{{guild}}:{HUGE}:p3vea0d-",
    ],
)
async def test_a_button_naming_an_impossible_id_is_refused(
    driver: TableDriver, world: World, custom_id: str
) -> None:
    """Found by the fuzzer: ids too large for the database must not reach it."""
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(2))
    board = driver.board()
    component = next(c for c in board.iter_components() if c.get("type") == 2)
    component["custom_id"] = custom_id.format(guild=world.guild.id)
    answer = await driver.click(world.alice, board, component["custom_id"])
    assert answer.ephemeral and answer.content and answer.elapsed < 3
    assert "reference" not in answer.content  # a refusal, not an apology for an error


@pytest.mark.parametrize("value", ["Ｑ", "", HUGE, "-1", "٣"])
async def test_a_history_choice_that_is_no_game_is_refused(
    driver: TableDriver, world: World, value: str
) -> None:
    """Found by the fuzzer: a /history menu choice that is not a game number (a forged value)."""
    await seed(driver, world, [world.alice], cards_left=3)
    history = (await driver.command(world.alice, "history")).message
    assert history is not None
    custom_id = f"tg:hist:{world.guild.id}"
    data = {"custom_id": custom_id, "component_type": 3, "values": [value] if value else []}
    result = driver.emulator._dispatch_interaction(3, world.alice, world.channel, data, message=history)
    answer = await result.response()
    await driver.settle()
    assert answer.ephemeral and answer.content and "reference" not in answer.content


async def test_a_tables_button_its_message_no_longer_carries_says_the_message_changed(
    driver: TableDriver, world: World
) -> None:
    """A click sent on a board as it was before an edit (Klondike's Draw before the move that changed its step)
    names a button the message no longer has: the player is told the message changed first, in their language,
    and nothing happens (not "an older version of the bot")."""
    await driver.command(world.alice, "game new", game="klondike", deal=seed_to_deal_code(6))
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    board = driver.board()
    old_draw = driver.game_button(board, "draw")
    await driver.click(world.alice, board, old_draw)
    assert old_draw not in driver.board().custom_ids
    before = state(driver.table())
    for user, expected in (
        (world.alice, "This message changed before your click reached me, so nothing happened: look at it again "
         "and choose from what it shows now."),
        (world.bob, "Ce message a changé avant que ton clic m'arrive, donc rien ne s'est passé\xa0: regarde-le à "
         "nouveau et choisis parmi ce qu'il montre maintenant."),
    ):  # fmt: skip
        data = {"custom_id": old_draw, "component_type": 2}
        result = driver.emulator._dispatch_interaction(3, user, world.channel, data, message=driver.board())
        answer = await result.response()
        await driver.settle()
        assert answer.ephemeral and answer.content == expected
    assert state(driver.table()) == before
