"""A click that no handler takes (a custom id from an older release, cut, too long, with other characters) still gets
an answer within Discord's deadline: one private sentence, nothing changed. Found by the fuzzer: discord.py drops
such a click, and Discord then shows "This interaction failed"."""

from __future__ import annotations

import pytest

from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
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
