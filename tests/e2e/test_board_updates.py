"""The public board under quick play: plays made in a burst cost one board edit, the board ends showing the last
state, and a click answered by editing the board is not followed by a second, identical edit."""

from __future__ import annotations

from typing import Any

from bot.emulator.faults import Fault
from bot.emulator.world import Message, User
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private


def enabled(message: Message, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")]


def board_edits(driver: TableDriver) -> int:
    """The edits of the board after the fact (not in a click's answer), through the channel or through an
    interaction's token."""
    board_id = str(driver.table().board_message_id)
    return sum(
        1
        for request in driver.emulator.requests
        if request.method == "PATCH"
        and isinstance(request.response, dict)
        and request.response.get("id") == board_id
    )


async def quick_click(driver: TableDriver, user: User, message: Message, custom_id: str) -> None:
    """A click answered, without waiting for the public updates (a player who plays fast)."""
    result = await driver.emulator.click(user, message, custom_id)
    await result.response()


async def started_table(driver: TableDriver, world: World) -> tuple[int, Message]:
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.open_hand(world.bob)
    first = await driver.click_result(world.alice, driver.board(), f"tg:first:{table_id}")
    return table_id, last_private(first)


async def test_a_burst_of_plays_costs_one_board_edit_and_the_board_catches_up(
    driver: TableDriver, world: World
) -> None:
    _, hand = await started_table(driver, world)
    driver.bot.display.board_edit_interval = 60.0  # nothing waits its turn out during the test
    before = board_edits(driver)
    for _ in range(2):  # the minimum: two cards, then End turn
        card = enabled(hand, "tg:card")[0]["custom_id"]
        await quick_click(driver, world.alice, hand, card)
        piles = enabled(hand, "tg:play")
        pile = next((b for b in piles if b.get("style") != 4), piles[0])["custom_id"]  # 4: a warning
        await quick_click(driver, world.alice, hand, pile)
        confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].split(":")[-2] == "1"]
        if confirm:
            await quick_click(driver, world.alice, hand, confirm[0]["custom_id"])
    await quick_click(driver, world.alice, hand, enabled(hand, "tg:end")[0]["custom_id"])
    edits_during_the_burst = board_edits(driver) - before
    await driver.settle()  # what is still pending goes out at once
    assert edits_during_the_burst <= 1  # the first change at once, the others wait their turn
    assert board_edits(driver) - before == edits_during_the_burst + 1  # ...and go out together
    tops = {pile.name: pile.top for pile in driver.game().piles}
    board = driver.board()
    assert all(str(top) in (board.attachments[0].description or "") for top in tops.values())
    assert driver.game().current_player == 1


async def test_a_click_answered_on_the_board_edits_it_once(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    before = board_edits(driver)
    answer = await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    assert answer.type == 7  # the board is updated in place, in the answer
    assert board_edits(driver) == before  # and not edited again afterwards
    assert "I start" not in str(driver.board().components)


async def test_a_start_by_command_shows_the_game_without_waiting_for_the_starters_hand(
    driver: TableDriver, world: World
) -> None:
    """`/game start` answers privately with the starter's hand; the board showed the game only once that hand had
    gone out, so everyone else waited for it (seconds, when Discord is slow)."""
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    slow_hand = Fault("POST /webhooks/{application_id}/{token}", 0, 1, delay=5.0)  # the hand, sent late
    driver.emulator.faults.faults.append(slow_hand)
    started = await driver.emulator.slash(world.alice, driver.channel, "game start")
    await driver.emulator.wait_for(lambda: slow_hand.hits == 1, timeout=5)
    await driver.emulator.wait_for(lambda: f"tg:first:{table_id}" in driver.board().custom_ids, timeout=4)
    await started.response()
    await driver.settle()
    assert started.followups and last_private(started).ephemeral, "and the starter's hand arrives, privately"
