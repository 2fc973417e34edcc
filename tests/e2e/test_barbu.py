"""Barbu through Discord: a whole cycle of the five contracts against three AI seats."""

from __future__ import annotations

from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.trick_driver import (
    assert_no_hand_in_public,
    engine,
    is_hand_result,
    play_one_card,
    wait_for_my_turn,
)

CONTRACTS = ("Fewest tricks", "No hearts", "No queens", "Barbu", "Salad")


async def test_one_human_plays_a_whole_cycle_against_three_ai_seats(
    driver: TableDriver, world: World
) -> None:
    await driver.command(world.alice, "game new", game="barbu", deal=seed_to_deal_code(77))
    table_id = driver.table().id
    for _ in range(3):
        await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    seen_contracts: list[str] = []
    cards_played = 0
    while await wait_for_my_turn(driver, table_id, world.alice):
        board = driver.board().text
        contract = next(name for name in CONTRACTS if f"· {name}" in board)
        if not seen_contracts or seen_contracts[-1] != contract:
            seen_contracts.append(contract)
            assert engine(driver).contract_total() > 0
        await play_one_card(driver, world.alice, by_command=cards_played % 3 == 0)
        cards_played += 1
        if cards_played % 10 == 0:
            assert_no_hand_in_public(driver)  # (it checks only while the game is on)
    await driver.settle()
    assert seen_contracts == list(CONTRACTS)  # in order, one hand each
    assert cards_played == 5 * 13
    assert tuple(
        await driver.bot.db.fetchone("SELECT game, outcome, turns FROM games WHERE id = ?", (table_id,))
    ) == ("barbu", "finished", 5)
    seats = [
        tuple(found)
        for found in await driver.bot.db.fetchall(
            "SELECT points, won FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
        )
    ]
    lowest = min(points for points, _ in seats)
    assert [bool(won) for _, won in seats] == [points == lowest for points, _ in seats]
    # The summary replaces the board (which may have been re-posted further down the channel meanwhile).
    assert any(
        "🏆" in m.text and "Barbu" in m.text and "Final scores" in m.text for m in driver.public_messages()
    )
    # Each contract's end stayed in the channel: its last trick, everyone's points, what came next.
    results = [message for message in driver.public_messages() if is_hand_result(message)]
    assert [message.embeds[0]["title"] for message in results] == [
        f"🧔 Hand {number} of 5 is over: {contract}" for number, contract in enumerate(CONTRACTS, start=1)
    ]
    for number, message in enumerate(results[:-1], start=1):
        assert f"Next: hand {number + 1} of 5, {CONTRACTS[number]}, dealt by " in message.text
    assert "Next" not in results[-1].text
    history = await driver.command(world.alice, "history")
    assert "Barbu" in driver.text(history)


async def test_early_end_opens_barbu_and_the_table_says_it(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", early_end=True)  # the option says which game
    table = driver.table()
    assert table.game_key == "barbu" and table.options == {"full_cycle": False, "early_end": True}
    assert "one cycle of five contracts · hands end once their penalties are taken" in driver.board().text
