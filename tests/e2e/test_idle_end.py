"""A game left waiting ends by itself (`IDLE_END_SECONDS`, a day by default; here a second and a half): nobody keeps
a channel for good, and walking away from a rated game about to be lost counts as giving it up, as `/game stop`
does."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from bot.games.deal_codes import seed_to_deal_code
from bot.storage.ratings import RatingStore
from bot.ui.format import shown_rating
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

IDLE_END = 1.5


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None) -> Settings:
    return bot_settings(
        tmp_path, database_url=database_url, turn_reminder=0.5, idle_end=IDLE_END, timer_interval=0.1
    )


async def test_a_rated_game_left_waiting_is_given_up_by_the_player_it_waited_for(
    driver: TableDriver, world: World
) -> None:
    table_id = await driver.crapette(world.alice)
    board_id = driver.table().board_message_id
    await driver.emulator.wait_for(lambda: driver.bot.games.get(table_id) is None, timeout=30)
    await driver.settle()
    told = [message.text for message in driver.public_messages() if message.text.startswith("⌛")]
    (alice,) = (await RatingStore(driver.bot.db).leaderboard(world.guild.id, "crapette")).players
    assert alice.rating < 0 and shown_rating(alice.rating) < 1000, "a newcomer's loss"
    assert (
        told
        == [
            "⌛ A loss for Alice: the game waited too long for their move and ended by itself."
            f"\n📊 Ratings: Alice {shown_rating(alice.rating)} ({shown_rating(alice.rating) - 1000}), #1"  # AI never rated
        ]
    )
    reminder = next(m.content for m in driver.public_messages() if "waiting for you" in m.content)
    assert "After 1.5" not in reminder and "without a move, the game ends by itself" in reminder
    rows = await driver.bot.db.fetchall(
        "SELECT user_id, forfeited, won FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
    )
    assert {row[0]: (row[1], row[2]) for row in rows if row[0] == world.alice.id} == {world.alice.id: (1, 0)}
    assert sum(row[2] for row in rows) == 1, "the AI won"
    summary = driver.message(board_id or 0).text
    assert (
        summary.startswith("🏆 Crapette — ")
        and " wins\n⌛ A loss for Alice: the game waited too long" in summary
    )
    assert f"tg:g:{table_id}:turn" not in driver.message(board_id or 0).custom_ids, "no move left to make"


async def test_a_cooperative_game_left_waiting_is_abandoned(driver: TableDriver, world: World) -> None:
    """The Game (and Klondike) rate nobody: the game is abandoned, in the server's language."""
    await driver.command(world.carol, "game new", deal=seed_to_deal_code(2))  # Carol reads French
    table_id = driver.table().id
    await driver.click(world.carol, driver.board(), f"tg:start:{table_id}")
    await driver.emulator.wait_for(lambda: driver.bot.games.get(table_id) is None, timeout=30)
    await driver.settle()
    assert [m.text for m in driver.public_messages() if m.text.startswith("⌛")] == [
        "⌛ The game waited too long for a move and ended by itself."
    ]
    row = await driver.bot.db.fetchone("SELECT outcome FROM games WHERE id = ?", (table_id,))
    assert row is not None and row[0] == "abandoned"
