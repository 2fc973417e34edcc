"""Forged clicks on someone else's private hand, in every game: the clicker gets their own hand or one private
sentence, never the other player's cards, and the other player's message and the table stay as they were.

Discord never shows one user's private message to another, but a modified client can send a click on any button
it knows of; the emulator's `forge_click` sends exactly that."""

from __future__ import annotations

import asyncio

import pytest

from bot.emulator.world import Message, User
from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private
from tests.fuzz.views import cards_in, hands, owners
from tests.fuzz.views import state as state_of

HAND_GAMES = ["thegame", "hearts", "barbu"]


async def started(driver: TableDriver, world: World, game_key: str) -> int:
    await driver.command(world.alice, "game new", game=game_key, deal=seed_to_deal_code(5))
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    rules = driver.table().rules
    while len(driver.table().seats) < rules.min_seats:
        await driver.command(world.alice, "game addbot")
    await driver.command(world.alice, "game start")
    if game_key == "thegame":
        await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    await driver.bot.controller.settle()
    # The AI seats act in the background (Hearts: their pass): let them finish, so that only a forged click could
    # change the table from here on.
    for _ in range(200):
        table = driver.table()
        if not any(table.seats[seat].is_ai for seat in table.seats_to_act):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the AI seats never finished acting")
    await driver.bot.controller.settle()
    return table_id


async def hand_message(driver: TableDriver, user: User) -> Message:
    result = await driver.command_result(user, "hand")
    message = result.original or last_private(result)
    assert message.ephemeral and message.visible_to(user)
    return message


def cards_of(driver: TableDriver, user: User) -> set[object]:
    view = hands(driver.table())
    assert view is not None
    seat = driver.table().seat_of(user.id)
    assert seat is not None
    return view[1][seat]


@pytest.mark.parametrize("game_key", HAND_GAMES)
async def test_a_forged_click_on_another_hand_never_shows_it(
    driver: TableDriver, world: World, game_key: str
) -> None:
    await started(driver, world, game_key)
    alice_hand = await hand_message(driver, world.alice)
    await hand_message(driver, world.bob)
    alice_cards, bob_cards = cards_of(driver, world.alice), cards_of(driver, world.bob)
    assert owners(alice_hand) == {world.alice.id}, "every button of a hand names its owner"
    before_text, before_ids = alice_hand.text, alice_hand.custom_ids
    for custom_id in before_ids:
        for intruder in (world.bob, world.mallory):
            before = state_of(driver.table())
            result = await driver.forge_click(intruder, alice_hand, custom_id)
            seen = [message for message in result.messages if message.visible_to(intruder)]
            answer = await result.response()
            assert answer.ephemeral, (custom_id, answer)
            for message in seen:
                assert message.id != alice_hand.id and not message.visible_to(world.alice)
                assert not cards_in(message, game_key) & alice_cards, (custom_id, message.text)
            assert alice_hand.text == before_text and alice_hand.custom_ids == before_ids, custom_id
            if not (intruder is world.bob and custom_id.startswith("tg:hint:")):  # Bob's own hint, counted
                assert state_of(driver.table()) == before, custom_id
            if intruder is world.bob and custom_id.startswith("tg:refresh:"):
                # Refresh answers with Bob's own hand, saying it is his.
                (own,) = seen
                assert owners(own) == {world.bob.id}
                assert cards_in(own, game_key) & bob_cards
                assert "celle d'un autre joueur" in own.text  # Bob reads French
            elif intruder is world.mallory:
                assert not seen or all(not owners(message) for message in seen)


@pytest.mark.parametrize("game_key", ["klondike", "crapette"])
async def test_board_games_have_no_private_buttons_to_forge(
    driver: TableDriver, world: World, game_key: str
) -> None:
    """Klondike and Crapette are played on the public board: their private answers carry no buttons, and a player
    who is not seated changes nothing with any button of the board."""
    await started(driver, world, game_key)
    private = await hand_message(driver, world.alice)
    assert not private.custom_ids
    board = driver.board()
    for custom_id in board.custom_ids:
        before = state_of(driver.table())
        if board.find_component(custom_id).get("type") == 3:
            menu = board.find_component(custom_id)
            value = [menu["options"][0]["value"]]
            result = await driver.emulator.select(world.mallory, board, custom_id, value)
            answer = await result.response()
            await driver.settle()
        else:
            answer = await (await driver.forge_click(world.mallory, board, custom_id)).response()
        if not custom_id.startswith("tg:howto:"):
            assert answer.ephemeral and "not playing" in (answer.content or ""), (custom_id, answer)
        assert state_of(driver.table()) == before, custom_id
