"""Hearts through Discord: a whole game against three AI seats, the private pass across a restart, bad input."""

from __future__ import annotations

from bot.games.cards import Card
from bot.games.deal_codes import seed_to_deal_code
from bot.games.hearts.options import Phase
from bot.ui.lobby import render_table
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.trick_driver import (
    assert_no_hand_in_public,
    engine,
    is_hand_result,
    pass_three,
    play_one_card,
    seat_of,
    still_playing,
    wait_for_my_turn,
)


async def open_hearts(driver: TableDriver, world: World, *, ai_seats: int, seed: int = 2026) -> int:
    await driver.command(world.alice, "game new", game="hearts", deal=seed_to_deal_code(seed))
    table_id = driver.table().id
    assert "Hearts" in driver.board().text
    for _ in range(ai_seats):
        await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    return table_id


async def test_one_human_plays_a_whole_game_against_three_ai_seats(driver: TableDriver, world: World) -> None:
    table_id = await open_hearts(driver, world, ai_seats=3)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    seat = seat_of(driver, world.alice)
    passes = cards_played = 0
    while await wait_for_my_turn(driver, table_id, world.alice):
        game = engine(driver)
        if game.phase is Phase.PASSING:
            hand = await driver.open_hand(world.alice)
            assert "pass" in hand.text.lower()
            before = set(game.hand(seat))
            values = await pass_three(driver, world.alice, hand)
            chosen = {Card.from_code(value.split(".")[0]) for value in values}
            assert chosen <= before
            passes += 1
            assert_no_hand_in_public(driver)
        elif game.phase is Phase.MOON_CHOICE:
            hand = await driver.open_hand(world.alice)
            await driver.click(world.alice, hand, f"tg:g:{table_id}:m.{game.hand_number}.minus_self")
        else:
            # Alternate the two ways to play: the card's button and /play.
            await play_one_card(driver, world.alice, by_command=cards_played % 2 == 1)
            cards_played += 1
            if cards_played % 7 == 0 and still_playing(driver, table_id):
                (picture,) = driver.board().attachments  # the table as a picture, described in words
                assert picture.content_type == "image/png" and "Trick" in picture.description
                assert_no_hand_in_public(driver)
    await driver.settle()
    assert passes >= 1 and cards_played >= 13
    row = await driver.bot.db.fetchone(
        "SELECT game, outcome, player_count, has_ai FROM games WHERE id = ?", (table_id,)
    )
    assert tuple(row) == ("hearts", "finished", 4, 1)
    seats = [
        tuple(found)
        for found in await driver.bot.db.fetchall(
            "SELECT points, place, won FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
        )
    ]
    assert max(points for points, _, _ in seats) >= 100  # the game ends once someone reaches 100
    lowest = min(points for points, _, _ in seats)
    assert all((place == 1) == (points == lowest) == bool(won) for points, place, won in seats)
    # Only the human is rated; the AI seats never are.
    assert [
        tuple(found)
        for found in await driver.bot.db.fetchall("SELECT user_id, games FROM ratings WHERE game = 'hearts'")
    ] == [(world.alice.id, 1)]
    # The summary replaces the board (which may have been re-posted further down the channel meanwhile).
    assert any(
        "🏆" in message.text and "Final scores" in message.text for message in driver.public_messages()
    )
    # Every hand's end stayed in the channel, in order, the last one just before the result of the game.
    results = [message for message in driver.public_messages() if is_hand_result(message)]
    (hands,) = tuple(await driver.bot.db.fetchone("SELECT turns FROM games WHERE id = ?", (table_id,)))
    assert [message.embeds[0]["title"] for message in results] == [
        f"♥️ Hand {number} is over" for number in range(1, hands + 1)
    ]
    assert all("Next: hand" in message.text for message in results[:-1]) and "Next" not in results[-1].text
    end_line = next(message for message in driver.public_messages() if message.content.startswith("🏆"))
    assert end_line.id > results[-1].id, "the game's result comes after its last hand's"
    leaderboard = await driver.command(world.alice, "leaderboard", game="hearts")
    assert "Alice" in driver.text(leaderboard) and "rating" in driver.text(leaderboard)
    # The full log: one page a hand, every trick in the order played, privately.
    summary = next(m for m in reversed(driver.public_messages()) if f"tg:log:{table_id}:0" in m.custom_ids)
    log = await driver.click(world.alice, summary, f"tg:log:{table_id}:0")
    assert log.ephemeral and log.embeds[0]["title"].startswith("📜 Full log · page 1/")
    page = log.embeds[0]["description"]
    assert page.startswith("**Hand 1** · pass to the left\n🔁 The passes went round.\n1. Alice 2♣\ufe0e · ")
    assert "Points this hand: Alice " in page and "🤖" not in page
    assert page.count("\n13. ") == 1, "thirteen tricks"


async def test_the_pass_is_announced_once_while_the_ai_seats_pass(driver: TableDriver, world: World) -> None:
    """Seen playing in the playground: each AI seat's pass announced the pass again, at the same moment, so the
    player was pinged four times and three turn lines stayed in the channel (each took the same one to replace)."""
    table_id = await open_hearts(driver, world, ai_seats=2)
    added = await driver.command(world.alice, "game addbot")
    assert added.content == "An AI player has joined the table.", "an opponent, not a teammate"
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.emulator.wait_for(
        lambda: len(engine(driver).to_act()) == 1, timeout=30
    )  # the AI seats passed
    await driver.settle()
    lines = [
        message for message in driver.public_messages() if not message.embeds and "to pass" in message.text
    ]
    assert len(lines) == 1, "one turn line asks for the pass"
    assert lines[0].id == driver.table().ping_message_id
    assert f"<@{world.alice.id}>" in lines[0].text


async def test_a_pass_survives_a_restart_and_stays_private(driver: TableDriver, world: World) -> None:
    table_id = await open_hearts(driver, world, ai_seats=0)
    for user in (world.bob, world.carol):
        await driver.click(user, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    alice_hand = await driver.open_hand(world.alice)
    bob_hand = await driver.open_hand(world.bob)
    values = await pass_three(driver, world.alice, alice_hand)
    passed = {Card.from_code(value.split(".")[0]) for value in values}
    assert "Alice" not in "".join(str(card) for card in passed)
    for message in driver.public_messages():
        assert not any(str(card) in message.text for card in passed)
    assert seat_of(driver, world.alice) not in driver.table().seats_to_act

    await driver.restart()
    game = engine(driver)
    assert game.phase is Phase.PASSING and game.chosen_pass(seat_of(driver, world.alice)) is not None
    # Bob's menu was posted before the restart: it still answers.
    await pass_three(driver, world.bob, bob_hand)
    carol_hand = await driver.open_hand(world.carol)
    await pass_three(driver, world.carol, carol_hand)
    game = engine(driver)
    assert game.phase is Phase.PLAYING
    receiver = (seat_of(driver, world.alice) + (game.pass_offset or 0)) % 3
    assert passed <= set(game.hand(receiver)) | {play.card for play in game.current_trick}


async def test_bad_input_gets_one_private_sentence_and_changes_nothing(
    driver: TableDriver, world: World
) -> None:
    table_id = await open_hearts(driver, world, ai_seats=0)
    for user in (world.bob, world.carol):
        await driver.click(user, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    hands = {user.id: await driver.open_hand(user) for user in (world.alice, world.bob, world.carol)}
    for user in (world.alice, world.bob, world.carol):
        await pass_three(driver, user, hands[user.id])
    game = engine(driver)
    saved = game.to_dict()
    leader = game.to_act()[0]
    users = {seat_of(driver, user): user for user in (world.alice, world.bob, world.carol)}
    other = users[(leader + 1) % 3]
    # Out of turn.
    answer = await driver.command(other, "play", card=game.hand(seat_of(driver, other))[0].code)
    assert answer.ephemeral and ("turn" in (answer.content or "") or "tour" in (answer.content or ""))
    # A card the leader does not hold.
    missing = next(card for card in game.hand(seat_of(driver, other)))
    answer = await driver.command(users[leader], "play", card=missing.code)
    assert answer.ephemeral
    # Not a card at all.
    answer = await driver.command(users[leader], "play", card="zz")
    assert answer.ephemeral and ("card" in (answer.content or "") or "carte" in (answer.content or ""))
    # Mallory is not seated.
    answer = await driver.command(world.mallory, "play", card="2C")
    assert answer.ephemeral
    assert engine(driver).to_dict() == saved
    assert still_playing(driver, table_id)


async def test_after_a_game_play_again_with_the_same_seats_on_the_same_deal(
    driver: TableDriver, world: World
) -> None:
    """Seen at the end of a Hearts game in the playground: its summary had no button, where The Game's offers to
    play again. Every game's summary offers it now."""
    table_id = await open_hearts(driver, world, ai_seats=3, seed=77)
    deal = driver.table().deal_code
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    board_id = driver.table().board_message_id or 0
    question = await driver.command(world.alice, "game stop")  # a rated game: she gives it up
    assert question.message is not None
    await driver.click(world.alice, question.message, f"tg:forfeit:{table_id}:yes")
    hand = [m for m in driver.channel.messages if m.visible_to(world.alice) and "Your hand" in m.text][-1]
    assert hand.ephemeral and "The game is over." in hand.text, "the hand she had open says so"
    assert "Waiting for" not in hand.text and not hand.custom_ids
    summary = driver.message(board_id)
    assert [button["label"] for button in summary.buttons] == [
        "Play again (same seats)",
        "Same deal",
        "Full log",
    ]
    log = await driver.click(world.alice, summary, f"tg:log:{table_id}:0")
    page = log.embeds[0]["description"]
    assert page == (
        "**Hand 1** · pass to the left\n\n"
        "🏳️ Alice gave the game up, which counts as a loss; the others are ranked as they stood."
    ), "nothing played yet"
    refused = await driver.click(world.mallory, summary, f"tg:again:{table_id}:same")
    assert refused.ephemeral and "not playing" in (refused.content or "")
    same = await driver.click(world.alice, summary, f"tg:again:{table_id}:same")
    assert not same.ephemeral, "a new lobby, in the channel"
    table = driver.table()
    assert table.id != table_id and table.game_key == "hearts" and table.deal_code == deal
    assert [seat.is_ai for seat in table.seats] == [False, True, True, True], "the AI seats too"


async def test_the_end_of_a_hand_stays_in_the_channel_and_on_the_board_across_a_restart(
    driver: TableDriver, world: World
) -> None:
    """Seen playing against AI seats: the board jumped to the next hand at once, the last trick was gone and the
    points were only in the Full log after the game. Now the channel keeps a message per hand, and the board's
    picture shows the finished hand until the next hand's first card (its pass included), after a restart too."""
    table_id = await open_hearts(driver, world, ai_seats=3)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    while await wait_for_my_turn(driver, table_id, world.alice) and engine(driver).hand_number == 0:
        game = engine(driver)
        if game.phase is Phase.PASSING:
            await pass_three(driver, world.alice, await driver.open_hand(world.alice))
        elif game.phase is Phase.MOON_CHOICE:
            hand = await driver.open_hand(world.alice)
            await driver.click(world.alice, hand, f"tg:g:{table_id}:m.{game.hand_number}.minus_self")
        else:
            await play_one_card(driver, world.alice, by_command=True)
    await driver.settle()
    assert engine(driver).hand_number == 1 and engine(driver).phase is Phase.PASSING
    (result,) = [message for message in driver.public_messages() if is_hand_result(message)]
    assert result.embeds[0]["title"] == "♥️ Hand 1 is over"
    lines = result.text.splitlines()
    assert any(line.startswith("Last trick: ") and "→ **" in line for line in lines)
    for seat in driver.table().seats:
        assert any(line.startswith(f"**{seat.name}**: ") and "this hand · total" in line for line in lines)
    assert lines[-1] == "Next: hand 2, pass to the right."
    ping = driver.message(driver.table().ping_message_id or 0)
    assert "to pass" in ping.text and ping.id > result.id, "the turn line comes under the hand's result"
    (picture,) = driver.board().attachments
    assert picture.description.startswith("Hearts — hand 2 · pass to the right. Hand 1 is over. Last trick")
    assert "Hand 1 is over" in driver.board().text

    await driver.restart()
    assert driver.message(result.id).text == result.text, "the message stays"
    board = render_table(driver.table())
    assert "Hand 1 is over. Last trick" in board["image"].description, "the saved game still shows it"


async def test_the_next_hand_is_played_at_the_bottom_under_the_result(
    driver: TableDriver, world: World
) -> None:
    """Seen at phone width: from the third hand on, the board and Alice's hand were two screens up, above the
    hands' results, and Alice, pinged at the bottom, scrolled up to play. A finished hand's result is followed by
    the board, posted again (the old one deleted), then each person's hand, sent again under it to them alone
    (the old one deleted)."""
    table_id = await open_hearts(driver, world, ai_seats=2)
    await driver.command(world.bob, "game join")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    first_board = driver.table().board_message_id
    people = (world.alice, world.bob)
    hands = {user.id: await driver.open_hand(user) for user in people}
    while engine(driver).hand_number == 0:
        await driver.emulator.wait_for(
            lambda: engine(driver).hand_number > 0 or bool(driver.table().seats_to_act), timeout=30
        )
        await driver.settle()
        game = engine(driver)
        if game.hand_number > 0:
            break
        for user in people:
            seat = seat_of(driver, user)
            if seat not in driver.table().seats_to_act:
                continue
            hand = driver.message(hands[user.id].id)  # the hand she has open, as it is now
            if game.phase is Phase.PASSING:
                await pass_three(driver, user, hand)
            else:
                card = game.legal_cards(seat)[0]
                await driver.click(user, hand, f"tg:g:{table_id}:p.0.{card.code}:{user.id}")
            break
    await driver.settle()
    board = driver.table().board_message_id
    assert board is not None and board != first_board
    assert first_board not in [message.id for message in driver.channel.messages], "the old board is deleted"
    game = engine(driver)
    for user in people:
        seen = driver.channel.visible_messages(user)
        (result,) = [message for message in seen if is_hand_result(message)]
        (newest,) = driver.hand_messages(user)  # the one above is deleted
        assert newest.id != hands[user.id].id, "the hand came down"
        assert result.id < board < newest.id
        assert newest.ephemeral_for == user.id
        assert game.phase is Phase.PASSING
        menu = newest.find_component(f"tg:gs:{table_id}:pass.1:{user.id}")
        assert menu is not None, "the new hand, to pass from"
        offered = {Card.from_code(option["value"].split(".")[0]) for option in menu["options"]}
        assert offered == set(game.hand(seat_of(driver, user))), "their own cards, no other"
    assert_no_hand_in_public(driver)
