"""A whole game in a channel, from /game new to the summary, through the real bot and the emulator."""

from __future__ import annotations

import re

from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private
from tests.storage.seed import add_game

DEAL = seed_to_deal_code(424242)
CARD = re.compile(r"`(\d+)`")


async def open_three_player_table(driver: TableDriver, world: World) -> int:
    lobby = await driver.command(world.alice, "game new", deal=DEAL)
    assert not lobby.ephemeral
    assert "Join" in str(lobby.components)
    table_id = driver.table().id
    # Bob joins with the button, Carol with the command.
    joined = await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    assert joined.type == 7  # the lobby is updated in place
    answer = await driver.command(world.carol, "game join")
    assert answer.ephemeral
    assert [seat.name for seat in driver.table().seats] == ["Alice", "Bob", "Carol"]
    assert "Carol" in driver.board().text
    return table_id


def assert_no_public_hand(driver: TableDriver) -> None:
    """No public (non-ephemeral) message shows a card that is in someone's hand right now."""
    table = driver.bot.games.in_channel(driver.channel.id)
    if table is None or table.session is None:
        return
    game = table.session.game  # type: ignore[attr-defined]
    in_hands = {card for seat in range(len(table.seats)) for card in game.hand(seat)}
    for message in driver.public_messages():
        shown = {int(value) for value in CARD.findall(message.text)}
        assert not shown & in_hands, f"a public message shows a card in a hand: {message.text}"


async def test_a_whole_three_player_game(driver: TableDriver, world: World) -> None:
    # The same team played once before, and did as badly as can be; another team of three did a little better:
    # whatever this game's result, it is the team's new best, and the server's record unless it is worse than 90.
    where = {"guild_id": world.guild.id, "channel_id": world.channel.id}
    await add_game(driver.bot.db, [world.alice.id, world.bob.id, world.carol.id], cards_left=98, **where)
    await add_game(driver.bot.db, [world.alice.id, world.bob.id, world.mallory.id], cards_left=90, **where)
    table_id = await open_three_player_table(driver, world)
    started = await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    assert started.type == 7
    board_id = driver.board().id
    users = {user.id: user for user in (world.alice, world.bob, world.carol)}
    hands = {user_id: await driver.open_hand(user) for user_id, user in users.items()}
    for user_id, message in hands.items():
        assert message.visible_to(users[user_id])
        assert not message.visible_to(world.mallory)
        assert all(f"`{card}`" in message.text for card in driver.hand_cards(users[user_id]))
    first = await driver.click_result(world.bob, driver.board(), f"tg:first:{table_id}")
    assert driver.game().current_player == 1
    hands[world.bob.id] = last_private(first)  # the starting player gets their hand, ready to play
    assert "Choisis une carte" in hands[world.bob.id].text  # Bob's Discord is in French
    assert_no_public_hand(driver)
    turn = 0
    while driver.bot.games.get(table_id) is not None:
        game = driver.game()
        user = users[driver.table().seats[game.current_player or 0].user_id]
        turn += 1
        by_buttons = turn % 2 == 1
        while driver.bot.games.get(table_id) is not None:
            game = driver.game()
            if game.played_this_turn >= game.turn_minimum:
                break
            options = [o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile)]
            option = min(options or game.legal_plays(), key=lambda o: abs(o.card - game.pile(o.pile).top))
            if by_buttons:
                response = await driver.play_with_buttons(user, hands[user.id], option.card, option.pile)
                assert response.type == 7  # the hand message itself shows the new hand
            else:
                response = await driver.command(user, "play", card=str(option.card), pile=option.pile)
                assert response.ephemeral
                assert response.message is not None
                hands[user.id] = response.message
            assert_no_public_hand(driver)
        if driver.bot.games.get(table_id) is None:
            break
        if by_buttons:
            ended = await driver.click(user, hands[user.id], driver.hand_button(user, "end"))
            assert ended.type == 7
        else:
            ended = await driver.command(user, "endturn")
            assert ended.ephemeral
            assert ended.message is not None
            hands[user.id] = ended.message
        assert_no_public_hand(driver)
        if driver.bot.games.get(table_id) is not None:
            # The next player is mentioned in the channel.
            nxt = driver.table().current_seat
            assert nxt is not None
            assert any(f"<@{nxt.user_id}>" in message.content for message in driver.public_messages())
    await driver.settle()
    summary = driver.message(board_id)
    assert "Cards left" in summary.text
    assert "Turns" in summary.text
    row = await driver.bot.db.fetchone(
        "SELECT outcome, cards_left, turns FROM games WHERE id = ?", (table_id,)
    )
    assert row is not None
    assert row[0] in ("won", "lost")
    assert str(row[1]) in summary.text
    assert turn >= 10
    # A win is celebrated as one; a loss says how it ended.
    title = summary.embeds[0]["title"]
    if row[0] == "won":
        assert title == "🏆 The team won!"
    else:
        assert title == f"🏁 Game over · {row[1]} {'card' if row[1] == 1 else 'cards'} left"
        assert re.search(r"(could not play|Nothing fitted for)", summary.embeds[0]["description"])
    assert all(f"{name} — " in summary.text for name in ("Alice", "Bob", "Carol"))  # plays per player
    # The channel reads the result, and that this team just beat its best.
    (end,) = [message for message in driver.public_messages() if message.content.startswith(("🏆", "🏁"))]
    count = f"{row[1]} {'card' if row[1] == 1 else 'cards'}"
    if row[0] == "won":
        told = "🏆 The first total victory in this server (3 players): the record was 90 cards left."
    elif row[1] < 90:
        told = f"🏆 A new record for this server (3 players): {count} left, beating 90."
    else:
        told = f"🏅 A new best for this team: {count} left, beating 98."
    assert end.content.endswith("\n" + told), end.content
    # Every play of the game, privately, a page at a time.
    log = await driver.click_result(world.carol, summary, f"tg:log:{table_id}:0")
    page = log.original
    assert page.ephemeral and page.visible_to(world.carol)
    pages = int(re.search(r"page 1/(\d+)", page.embeds[0]["title"])[1])  # type: ignore[index]
    assert pages >= turn // 20
    if pages > 1:
        turned = await driver.click(world.carol, page, f"tg:log:{table_id}:1")
        assert turned.type == 7 and f"page 2/{pages}" in page.embeds[0]["title"]


async def test_a_hand_opened_again_takes_the_place_of_the_older_one(
    driver: TableDriver, world: World
) -> None:
    # Found in the playground: a hand opened again left the older hand message above it, its pass menu still
    # open after the game had ended.
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    started = await driver.click_result(world.alice, driver.board(), f"tg:start:{table_id}")
    first_hand = last_private(started)
    assert first_hand.ephemeral and not first_hand.deleted
    second_hand = await driver.open_hand(world.alice)
    await driver.settle()
    assert first_hand.deleted, "the older hand is gone"
    assert not second_hand.deleted
    # Refreshing the hand edits the same message: it stays.
    refreshed = await driver.click(world.alice, second_hand, driver.hand_button(world.alice, "refresh"))
    assert refreshed.type == 7
    assert not second_hand.deleted
    # Bob's own hand is his: Alice opening hers never touches it.
    bobs_hand = await driver.open_hand(world.bob)
    await driver.open_hand(world.alice)
    await driver.settle()
    assert not bobs_hand.deleted and second_hand.deleted


async def test_a_daily_game_tells_the_team_where_it_stands_that_day(
    driver: TableDriver, world: World
) -> None:
    """The day's deal, played alone to its end: the channel reads the result, then the team's place on that day's
    leaderboard, as `/leaderboard daily:true` ranks it."""
    await driver.command(world.alice, "game new", daily=True)
    table_id, day = driver.table().id, driver.table().daily
    assert day is not None
    where = {"guild_id": world.guild.id, "channel_id": world.channel.id, "daily": day}
    await add_game(driver.bot.db, [world.bob.id], cards_left=0, **where)  # won today's deal, earlier: first
    await add_game(driver.bot.db, [world.carol.id], cards_left=98, **where)  # last, whatever Alice does
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")  # alone: she starts
    for _ in range(500):  # a few hundred commands at most: 98 cards, two a turn
        if driver.bot.games.get(table_id) is None:
            break
        game = driver.game()
        if game.played_this_turn >= game.turn_minimum and game.can_end_turn():
            await driver.command(world.alice, "endturn")
            continue
        options = [o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile)]
        option = min(options or game.legal_plays(), key=lambda o: abs(o.card - game.pile(o.pile).top))
        await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    assert driver.bot.games.get(table_id) is None, "the game did not end"
    await driver.settle()
    (end,) = [message for message in driver.public_messages() if message.content.startswith(("🏆", "🏁"))]
    assert end.content.endswith(f"\n🗓️ Daily deal of {day}: this team is #2 of 3 teams."), end.content
