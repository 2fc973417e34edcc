"""Every wrong user, wrong turn, illegal card and stale button gets one private sentence and changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.emulator.world import Callback, User
from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver

DEAL = seed_to_deal_code(777)


async def started_two_player_game(driver: TableDriver, world: World) -> int:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    return table_id


def refused(response: Callback, *words: str) -> None:
    """One private sentence that says what went wrong."""
    assert response.ephemeral, response
    text = response.content or ""
    assert text.count(".") + text.count("!") >= 1
    assert "\n" not in text
    for word in words:
        assert word.lower() in text.lower(), text


async def unchanged_after(driver: TableDriver, action) -> Callback:  # type: ignore[no-untyped-def]
    before = driver.table().to_dict()
    response = await action()
    assert driver.table().to_dict() == before
    return response


async def test_wrong_user_wrong_turn_and_illegal_cards(driver: TableDriver, world: World) -> None:
    table_id = await started_two_player_game(driver, world)
    game = driver.game()
    alice_cards = driver.hand_cards(world.alice)
    option = game.legal_plays()[0]

    # Not seated: Mallory can neither look at a hand nor play.
    refused(
        await unchanged_after(
            driver, lambda: driver.click(world.mallory, driver.board(), f"tg:hand:{table_id}")
        ),
        "not playing",
    )
    refused(
        await unchanged_after(driver, lambda: driver.command(world.mallory, "play", card=str(option.card))),
        "not playing",
    )
    # Bob is seated but it is Alice's turn (Bob's Discord is in French).
    refused(
        await unchanged_after(
            driver,
            lambda: driver.command(world.bob, "play", card=str(driver.hand_cards(world.bob)[0]), pile="A"),
        ),
        "c'est au tour d'alice (au moins deux cartes à poser)",  # the situation, named; "d'Alice" elided
    )
    refused(await unchanged_after(driver, lambda: driver.command(world.bob, "endturn")), "au tour d'alice")
    # A card that is not in Alice's hand.
    missing = next(value for value in range(2, 100) if value not in alice_cards)
    refused(
        await unchanged_after(
            driver, lambda: driver.command(world.alice, "play", card=str(missing), pile="A")
        ),
        "not in your hand",
    )
    # Ending the turn before the minimum.
    refused(
        await unchanged_after(driver, lambda: driver.command(world.alice, "endturn")),
        "at least two cards before ending your turn",
    )
    # Joining or starting again once the game runs.
    refused(
        await unchanged_after(driver, lambda: driver.command(world.carol, "game join")), "already started"
    )
    refused(
        await unchanged_after(driver, lambda: driver.command(world.alice, "game new")),
        "already has a game in progress: wait for it to end",  # not "join it": a started game cannot be joined
    )
    # A card that does not fit: play high on A first, then try a lower card there.
    high = max(alice_cards)
    await driver.command(world.alice, "play", card=str(high), pile="A")
    low = next((card for card in driver.hand_cards(world.alice) if card < high and card != high - 10), None)
    if low is not None:
        refused(
            await unchanged_after(
                driver, lambda: driver.command(world.alice, "play", card=str(low), pile="A")
            ),
            "does not fit",
        )


@pytest.mark.parametrize("typed", ["²", "①", "٤٥", "４５", "forty"])
async def test_a_card_typed_in_other_digits_is_refused_in_one_sentence(
    driver: TableDriver, world: World, typed: str
) -> None:
    # Found playing: `/play card:²` passed str.isdigit(), then int() failed: "something went wrong" and an
    # error in the log (the e2e harness fails a test whose bot logged an error).
    await started_two_player_game(driver, world)
    for pile in (None, "A"):
        options = {"card": typed} if pile is None else {"card": typed, "pile": pile}
        answer = await unchanged_after(
            driver, lambda options=options: driver.command(world.alice, "play", **options)
        )
        refused(answer, "not a card", "digits")
    bobs = await unchanged_after(driver, lambda: driver.command(world.bob, "play", card=typed))
    refused(bobs, "pas une carte", "chiffres")


async def test_commands_without_a_game_here(driver: TableDriver, world: World) -> None:
    for name, options in (
        ("play", {"card": "50", "pile": "A"}),
        ("endturn", {}),
        ("hand", {}),
        ("board", {}),
    ):
        refused(await driver.command(world.alice, name, **options), "no game")


async def test_stale_buttons_after_the_game(driver: TableDriver, world: World) -> None:
    table_id = await started_two_player_game(driver, world)
    hand = await driver.open_hand(world.alice)
    board = driver.board()
    refresh = driver.hand_button(world.alice, "refresh")
    await driver.command(world.alice, "game stop")
    assert driver.bot.games.get(table_id) is None
    # The public board lost its game buttons (only the after-game ones remain); a private hand message kept
    # its Refresh button.
    summary = driver.message(board.id)
    assert summary.custom_ids and all(cid.startswith(("tg:again:", "tg:log:")) for cid in summary.custom_ids)
    refused(await driver.click(world.alice, hand, refresh), "over")


async def test_stop_is_for_players_and_moderators(driver: TableDriver, world: World) -> None:
    table_id = await started_two_player_game(driver, world)
    refused(await driver.command(world.mallory, "game stop"), "only a player")
    assert driver.bot.games.get(table_id) is not None
    stopped = await driver.command(world.moderator, "game stop")
    assert stopped.ephemeral
    assert driver.bot.games.get(table_id) is None
    row = await driver.bot.db.fetchone("SELECT outcome FROM games WHERE id = ?", (table_id,))
    assert row is not None and row[0] == "abandoned"
    assert "abandoned" in driver.message(driver.public_messages()[0].id).text.lower()


async def test_two_clicks_at_once_apply_the_move_once(driver: TableDriver, world: World) -> None:
    await started_two_player_game(driver, world)
    hand = await driver.open_hand(world.alice)
    option = driver.game().legal_plays()[0]
    await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", option.card))
    custom_id = driver.hand_button(world.alice, "play", option.card, option.pile, 0)
    first, second = await asyncio.gather(
        driver.emulator.click(world.alice, hand, custom_id),
        driver.emulator.click(world.alice, hand, custom_id),
    )
    responses = [await first.response(), await second.response()]
    await driver.settle()
    assert driver.game().played_this_turn == 1
    assert sorted(response.ephemeral for response in responses) == [False, True]
    refused(
        next(response for response in responses if response.ephemeral),
        f"you just played {option.card} on {option.pile}",
    )


async def test_restart_mid_game_and_click_an_old_button(driver: TableDriver, world: World) -> None:
    await started_two_player_game(driver, world)
    hand = await driver.open_hand(world.alice)
    option = driver.game().legal_plays()[0]
    await driver.play_with_buttons(world.alice, hand, option.card, option.pile)
    before = driver.table().to_dict()
    await driver.restart()
    # The restarted bot has exactly the acknowledged state.
    assert driver.table().to_dict() == before
    # A button posted before the restart still works.
    second = next(o for o in driver.game().legal_plays())
    chosen = await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", second.card))
    assert chosen.type == 7
    played = await driver.click(
        world.alice, hand, driver.hand_button(world.alice, "play", second.card, second.pile, 0)
    )
    assert played.type == 7
    assert driver.game().played_this_turn == 2
    ended = await driver.click(world.alice, hand, driver.hand_button(world.alice, "end"))
    assert ended.type == 7
    assert driver.game().current_player == 1


async def test_a_deleted_board_is_posted_again(driver: TableDriver, world: World) -> None:
    await started_two_player_game(driver, world)
    old = driver.board()
    await driver.emulator.delete_message(old, by=world.moderator)
    await driver.emulator.wait_for(lambda: driver.table().board_message_id != old.id)
    await driver.settle()
    new = driver.board()
    assert new.id != old.id and not new.deleted
    assert "Players" in new.text
    assert new.attachments and "Draw pile" in new.attachments[0].description


async def test_board_command_reposts_at_the_bottom(driver: TableDriver, world: World) -> None:
    await started_two_player_game(driver, world)
    old = driver.board()
    await driver.command(world.mallory, "game new")  # noise in the channel: refused privately
    await driver.command(world.bob, "board")
    new = driver.board()
    assert new.id != old.id
    assert old.deleted
    assert driver.public_messages()[-1].id == new.id


@pytest.mark.parametrize("user_name", ["alice", "bob"])
async def test_private_answers_follow_the_users_language(
    driver: TableDriver, world: World, user_name: str
) -> None:
    user: User = getattr(world, user_name)
    response = await driver.command(user, "rules")
    assert response.ephemeral
    text = driver.text(response)
    assert ("Ensemble contre le paquet" in text) == (user_name == "bob")
