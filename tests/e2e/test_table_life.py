"""The table's life: timers, votes, autocomplete, hands kept current, a French server, leaving the lobby."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import create_bot
from bot.emulator import Emulator
from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver, last_private

DEAL = seed_to_deal_code(2024)


async def two_player_game(driver: TableDriver, world: World) -> int:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.command(world.alice, "game start")
    return table_id


async def test_hands_are_kept_current_when_the_turn_passes(driver: TableDriver, world: World) -> None:
    table_id = await two_player_game(driver, world)
    bob_hand = await driver.open_hand(world.bob)
    assert not [b for b in bob_hand.buttons if b["custom_id"].startswith("tg:card")]
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    for _ in range(driver.game().turn_minimum):
        option = driver.game().legal_plays()[0]
        await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    ended = await driver.command(world.alice, "endturn")
    assert "drew" in (ended.embeds[0]["description"])
    # Bob's private hand message was edited by the bot: it is his turn, his cards are buttons now.
    await driver.emulator.wait_for(
        lambda: any(b["custom_id"].startswith("tg:card") for b in bob_hand.buttons)
    )
    assert "À toi de jouer" in bob_hand.text
    # And Alice's hand marks what she drew, sorted among her cards, until her next turn starts.
    alice_hand = await driver.open_hand(world.alice)
    drawn = driver.table().require_session().last_drawn[0]  # type: ignore[attr-defined]
    assert drawn and all(f"`{card}`✨" in alice_hand.text for card in drawn)
    assert "just drawn" in alice_hand.text


async def test_play_autocompletes_from_your_own_hand_only(driver: TableDriver, world: World) -> None:
    table_id = await two_player_game(driver, world)
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    choices = await driver.emulator.autocomplete(world.alice, driver.channel, "play", {"card": ""}, "card")
    assert sorted(int(choice["value"]) for choice in choices) == sorted(driver.hand_cards(world.alice))
    assert all("→" in choice["name"] for choice in choices)  # the piles each card fits
    first_digit = str(driver.hand_cards(world.alice)[0])[0]
    typed = await driver.emulator.autocomplete(
        world.alice, driver.channel, "play", {"card": first_digit}, "card"
    )
    assert typed and all(str(choice["value"]).startswith(first_digit) for choice in typed)
    assert (
        await driver.emulator.autocomplete(world.mallory, driver.channel, "play", {"card": ""}, "card") == []
    )
    bob = await driver.emulator.autocomplete(world.bob, driver.channel, "play", {"card": ""}, "card")
    assert sorted(int(choice["value"]) for choice in bob) == sorted(driver.hand_cards(world.bob))


async def test_a_play_that_would_end_the_game_asks_for_confirmation(
    driver: TableDriver, world: World
) -> None:
    """Play solo deals until a risky play shows up on the hand message; it asks before ending the game."""
    # Deals 1 to 10 never offer a risky play to this policy (checked on the engine): start at 11.
    for seed in range(11, 40):
        if await risky_play_asks_first(driver, world, seed):
            return
    pytest.fail("no risky play came up")


async def risky_play_asks_first(driver: TableDriver, world: World, seed: int) -> bool:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(seed))
    table_id = driver.table().id
    started = await driver.command_result(world.alice, "game start")  # alone: Alice starts, her hand comes
    hand = last_private(started)
    while driver.bot.games.get(table_id) is not None:
        game = driver.game()
        if game.played_this_turn >= game.turn_minimum:
            ended = await driver.command(world.alice, "endturn")
            assert ended.message is not None
            hand = ended.message  # each private answer is the player's latest hand
            continue
        options = game.legal_plays()
        risky = [o for o in options if not game.can_complete_minimum_after(o.card, o.pile)]
        if risky and len(risky) < len(options):
            option = risky[0]
            await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", option.card))
            pile = driver.hand_button(world.alice, "play", option.card, option.pile, 0)
            assert next(b for b in hand.buttons if b["custom_id"] == pile)["style"] == 4  # red
            asked = await driver.click(world.alice, hand, pile)
            assert asked.type == 7
            # The warning comes first, with a way back.
            warning = f"Play {option.card} on {option.pile} anyway: it ends the game"
            assert hand.embeds[0]["description"].startswith(f"⚠️ **{warning}")
            assert driver.game().played_this_turn == game.played_this_turn  # nothing played yet
            back = await driver.click(world.alice, hand, driver.hand_button(world.alice, "back"))
            assert back.type == 7 and "anyway" not in hand.text
            assert driver.game().played_this_turn == game.played_this_turn
            await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", option.card))
            await driver.click(world.alice, hand, pile)
            confirm = driver.hand_button(world.alice, "play", option.card, option.pile, 1)
            assert (
                next(b for b in hand.buttons if b["custom_id"] == confirm)["label"]
                == f"Play {option.card} on {option.pile} anyway"
            )
            await driver.click(world.alice, hand, confirm)
            assert driver.bot.games.get(table_id) is None  # the game ended, as announced
            return True
        played = await driver.command(world.alice, "play", card=str(options[0].card), pile=options[0].pile)
        assert played.message is not None
        hand = played.message
    return False


async def test_leaving_the_lobby(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    left = await driver.click(world.bob, driver.board(), f"tg:leave:{table_id}")
    assert left.type == 7
    assert [seat.user_id for seat in driver.table().seats] == [world.alice.id]
    await driver.command(world.alice, "game leave")
    assert driver.bot.games.in_channel(driver.channel.id) is None
    # The channel is free again.
    again = await driver.command(world.bob, "game new")
    assert not again.ephemeral


async def test_a_french_server_gets_a_french_board(emulator: Emulator, start_client, tmp_path: Path) -> None:
    guild = emulator.world.add_guild("Salon", locale="fr")
    guild.features.append("COMMUNITY")  # only a Community server chooses its language on Discord
    channel = guild.add_text_channel("jeux")
    alice = emulator.world.add_user("alice", locale="en-US")
    guild.add_member(alice)
    running = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    driver = TableDriver(emulator, channel, running)
    lobby = await driver.command(alice, "game new")
    assert "Rejoindre" in str(lobby.components)
    await driver.command(alice, "game start")
    board = driver.board()
    assert "Joueurs" in board.text and "Ma main" in str(board.components)
    assert "Pioche\xa0: 90 cartes." in board.attachments[0].description  # the picture's text, in French
    # Alice's own answers stay in English (her Discord language).
    hand = await driver.open_hand(alice)
    assert "Your hand" in hand.text


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None):  # type: ignore[no-untyped-def]
    """Short timers for this module's timer tests (the other tests never wait that long); on both stores."""
    return bot_settings(
        tmp_path, database_url=database_url, lobby_timeout=1.0, turn_reminder=1.0, timer_interval=0.1
    )


async def test_an_unstarted_lobby_closes_itself(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new")
    board_id = driver.table().board_message_id
    assert board_id is not None
    await driver.emulator.wait_for(lambda: "closed" in driver.message(board_id).text, timeout=10)
    assert driver.bot.games.in_channel(driver.channel.id) is None
    assert driver.message(board_id).buttons == []


async def test_an_idle_player_is_reminded_once_then_the_team_can_vote(
    driver: TableDriver, world: World
) -> None:
    table_id = await two_player_game(driver, world)
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    await driver.emulator.wait_for(
        lambda: any("waiting for you" in m.content for m in driver.public_messages()), timeout=10
    )
    await asyncio.sleep(0.5)  # several timer ticks: the player is reminded once only
    reminders = [m for m in driver.public_messages() if "waiting for you" in m.content]
    assert len(reminders) == 1
    assert driver.table().reminded
    assert f"<@{world.alice.id}>" in reminders[0].content
    vote = f"tg:vote:{table_id}"
    counted = await driver.click(world.bob, reminders[0], vote)
    assert counted.ephemeral and "1 of 2" in (counted.content or "").replace("1 sur 2", "1 of 2")
    refused = await driver.click(world.mallory, reminders[0], vote)
    assert refused.ephemeral
    assert driver.bot.games.get(table_id) is not None
    passed = await driver.click(world.alice, reminders[0], vote)
    assert passed.ephemeral
    assert driver.bot.games.get(table_id) is None
    row = await driver.bot.db.fetchone("SELECT outcome FROM games WHERE id = ?", (table_id,))
    assert row is not None and row[0] == "abandoned"


async def test_in_a_rated_game_the_others_vote_and_the_player_waited_for_gives_it_up(
    driver: TableDriver, world: World
) -> None:
    table_id = await driver.crapette(world.alice, world.carol)
    waited = driver.table().current_seat
    assert waited is not None
    idle, other = (
        (world.alice, world.carol) if waited.user_id == world.alice.id else (world.carol, world.alice)
    )
    await driver.emulator.wait_for(
        lambda: any("waiting for you" in m.content for m in driver.public_messages()), timeout=10
    )
    (reminder,) = [m for m in driver.public_messages() if "waiting for you" in m.content]
    assert f"<@{idle.id}>" in reminder.content and "counts as a loss for you" in reminder.content
    vote = f"tg:vote:{table_id}"
    refused = await driver.click(idle, reminder, vote)
    assert refused.ephemeral and "The table is waiting for you" in (refused.content or "")
    passed = await driver.click(other, reminder, vote)
    assert passed.ephemeral and f"a loss for {waited.name}" in (passed.content or "")
    assert driver.bot.games.get(table_id) is None, "the only other player decides"
    assert any(
        f"A loss for {waited.name}: the table voted to end the game" in message.text
        for message in driver.public_messages()
    ), "the channel is told who gave the game up"
    rows = await driver.bot.db.fetchall(
        "SELECT user_id, forfeited, won FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
    )
    assert {row[0]: (row[1], row[2]) for row in rows} == {idle.id: (1, 0), other.id: (0, 1)}


async def test_alone_with_the_ai_the_reminder_offers_no_vote(driver: TableDriver, world: World) -> None:
    """Nobody else could vote: a vote button would only answer "the table is waiting for you"."""
    await driver.crapette(world.alice)
    await driver.emulator.wait_for(
        lambda: any("waiting for you" in m.content for m in driver.public_messages()), timeout=30
    )
    (reminder,) = [m for m in driver.public_messages() if "waiting for you" in m.content]
    assert reminder.content == (
        f"⏰ <@{world.alice.id}>, the table is waiting for you. After 24 hours without a move, the game ends by "
        "itself and counts as a loss for you."
    )
    assert reminder.custom_ids == []
