"""The public updates of a game go through the interactions that caused them, which Discord's global rate limit
does not count, and through the channel only when no interaction's token is valid: timers, a game resumed after a
restart, tokens expired or refused. Players see the same: the turn line that pings the next player, the board at
the bottom showing the game."""

from __future__ import annotations

from typing import Any

from bot.emulator.world import Message, User
from bot.rest_calls import counted_by_global_limit
from bot.ui.public_messages import TOKEN_LIFETIME
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private

CHANNEL_POST = "POST /channels/{channel_id}/messages"


def enabled(message: Message, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")]


def counted_since(driver: TableDriver, first: int) -> list[str]:
    """The REST calls since request number `first` that Discord's global rate limit counts."""
    return [
        str(request.route)
        for request in driver.emulator.requests[first:]
        if counted_by_global_limit(request.route or request.path)
    ]


async def started_game(driver: TableDriver, world: World) -> tuple[int, Message]:
    """Alice and Bob at a game of The Game, Alice to play, her hand open."""
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.open_hand(world.bob)
    first = await driver.click_result(world.alice, driver.board(), f"tg:first:{table_id}")
    hand = last_private(first)
    assert hand is not None
    return table_id, hand


async def play_a_turn(driver: TableDriver, user: User, hand: Message) -> Any:
    """Two cards, then End turn; returns the End turn click."""
    for _ in range(2):
        await driver.click(user, hand, enabled(hand, "tg:card")[0]["custom_id"])
        piles = enabled(hand, "tg:play")
        await driver.click(user, hand, next((b for b in piles if b.get("style") != 4), piles[0])["custom_id"])
        confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].split(":")[5] == "1"]
        if confirm:
            await driver.click(user, hand, confirm[0]["custom_id"])
    return await driver.click_result(user, hand, enabled(hand, "tg:end")[0]["custom_id"])


def turn_lines(driver: TableDriver) -> list[Message]:
    return [m for m in driver.public_messages() if m.content.startswith("🎯") or "<@" in m.content]


async def test_a_turn_costs_no_call_the_global_limit_counts(driver: TableDriver, world: World) -> None:
    _, hand = await started_game(driver, world)
    first, counted = len(driver.emulator.requests), driver.bot.rest_calls.counted
    ended = await play_a_turn(driver, world.alice, hand)
    await driver.settle()
    assert counted_since(driver, first) == [] and driver.bot.rest_calls.counted == counted
    # The turn line pings Bob: a public follow-up of Alice's End turn, the one before it gone.
    [line] = turn_lines(driver)
    assert f"<@{world.bob.id}>" in line.content and not line.ephemeral
    assert line in ended.followups
    board = driver.board()  # edited through the token of the click on Start: the board shows Alice's cards
    tops = {str(pile.top) for pile in driver.game().piles}
    assert all(top in (board.attachments[0].description or "") for top in tops)
    assert driver.public_messages()[-1] is line  # the turn line at the bottom, under the board


async def test_a_board_no_token_reaches_any_more_is_posted_again_through_a_newer_interaction(
    driver: TableDriver, world: World
) -> None:
    _, hand = await started_game(driver, world)
    old_board, [old_line] = driver.board(), turn_lines(driver)
    # A quarter of an hour later (the bot's clock and Discord's): every token so far has expired.
    display = driver.bot.display
    later = display.clock() + TOKEN_LIFETIME + 60
    display.clock = lambda: later
    driver.emulator.clock.advance(minutes=16)
    first = len(driver.emulator.requests)
    ended = await play_a_turn(driver, world.alice, hand)
    await driver.settle()
    board = driver.board()
    assert board.id != old_board.id and old_board.deleted, "the board was posted again, the old one deleted"
    assert [m for m in driver.public_messages() if m.attachments] == [board], "one board in the channel"
    assert board.interaction is not None and board.interaction.user.id == world.alice.id
    tops = {str(pile.top) for pile in driver.game().piles}
    assert all(top in (board.attachments[0].description or "") for top in tops), "showing the game"
    [line] = turn_lines(driver)
    assert f"<@{world.bob.id}>" in line.content and line in ended.followups
    # Only what no valid token could reach went through the channel: deleting the old board, and the old turn line
    # (kept up to date until then).
    counted = [r for r in driver.emulator.requests[first:] if counted_by_global_limit(r.route or r.path)]
    assert {(r.method, int(r.params["message_id"])) for r in counted} <= {
        ("DELETE", old_board.id),
        ("PATCH", old_line.id),
        ("DELETE", old_line.id),
    }
    assert ("DELETE", old_board.id) in {(r.method, int(r.params["message_id"])) for r in counted}
    # From then on, nothing counts again.
    first = len(driver.emulator.requests)
    bobs_hand = await driver.open_hand(world.bob)
    await play_a_turn(driver, world.bob, bobs_hand)
    await driver.settle()
    assert counted_since(driver, first) == []
    assert driver.board().id == board.id


async def test_without_a_valid_token_the_channel_routes_carry_the_updates(
    driver: TableDriver, world: World
) -> None:
    table_id, _ = await started_game(driver, world)
    display = driver.bot.display
    later = display.clock() + TOKEN_LIFETIME + 60
    display.clock = lambda: later  # an idle table: its tokens expired, as a timer finds it
    first = len(driver.emulator.requests)
    await driver.bot.display.remind(driver.table())
    await driver.settle()
    assert [r.route for r in driver.emulator.requests[first:]] == [CHANNEL_POST]
    reminder = driver.public_messages()[-1]
    assert f"<@{world.alice.id}>" in reminder.content and table_id


async def test_a_token_discord_refuses_falls_back_to_the_channel(driver: TableDriver, world: World) -> None:
    _, hand = await started_game(driver, world)
    driver.emulator.faults.fail(
        "POST /webhooks/{application_id}/{token}",
        status=401,
        times=1,
        body={"message": "Invalid Webhook Token", "code": 50027},
    )
    ended = await play_a_turn(driver, world.alice, hand)
    await driver.settle()
    [line] = turn_lines(driver)
    assert f"<@{world.bob.id}>" in line.content and line not in ended.followups  # posted in the channel
    assert driver.emulator.faults.faults[0].hits == 1
