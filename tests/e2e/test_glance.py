"""The Game at a glance, through the real bot and the emulator: the board's picture and menus, How to play, an AI
seat that starts, a forged click on someone else's hand, the turn line kept current, a board buried by chat, the
notice after a restart, the summary's buttons and counts that read right."""

from __future__ import annotations

import copy
import re

import discord

from bot.emulator.world import Message
from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_leaderboard import description, seed

DEAL = seed_to_deal_code(31)
CARD = re.compile(r"`(\d+)`")


async def two_player_game(driver: TableDriver, world: World, *, first: bool = True) -> int:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    if first:
        await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    return table_id


def shown_cards(message: Message) -> set[int]:
    return {int(value) for value in CARD.findall(message.text)}


async def test_the_board_is_a_picture_with_menus_and_how_to_play(driver: TableDriver, world: World) -> None:
    table_id = await two_player_game(driver, world, first=False)
    board = driver.board()
    # The picture of the piles, with its text for screen readers; the help paragraph is gone.
    (picture,) = board.attachments
    assert picture.content_type == "image/png" and picture.width >= 800
    assert board.embeds[0]["image"]["url"] == f"attachment://{picture.filename}"
    assert "Who starts? Open your hands, then decide." in picture.description
    assert "**Next:** everyone opens **My hand**" in board.text
    assert "Buttons A–D" not in board.text
    # My hand is the one primary button; I'll start is there while the team decides.
    primary = [button["label"] for button in board.buttons if button.get("style") == 1]
    assert primary == ["My hand"]
    assert f"tg:first:{table_id}" in board.custom_ids
    # How to play answers anyone privately, in their language.
    rules = await driver.click(world.bob, board, "tg:howto:thegame")
    assert rules.ephemeral and "Ensemble contre le paquet" in driver.text(rules)
    # The marker menu: Alice asks the team to keep off C; the picture says who asked.
    await driver.click(world.alice, board, f"tg:first:{table_id}")
    menu = f"tg:gs:{table_id}:mark"
    marked = await driver.emulator.select(world.alice, driver.board(), menu, ["C.keep_off"])
    assert (await marked.response()).type == 7  # the board itself is updated
    await driver.settle()
    board = driver.board()
    assert "Pile C, going down: 100, nothing played yet, please keep off (asked by Alice)." in (
        board.attachments[0].description
    )
    options = board.find_component(menu)["options"]
    assert any(option.get("description") == "now: please keep off, set by Alice" for option in options)
    # Bob clears it.
    cleared = await driver.emulator.select(world.bob, driver.board(), menu, ["C.clear"])
    await cleared.response()
    await driver.settle()
    assert driver.table().require_session().markers == {}  # type: ignore[attr-defined]
    # A board posted before the menu still answers with its marker buttons.
    board = driver.board()
    board.components.append(
        {
            "type": 1,
            "components": [{"type": 2, "style": 2, "label": "A", "custom_id": f"tg:mark:{table_id}:A"}],
        }
    )
    old = await driver.click(world.alice, board, f"tg:mark:{table_id}:A")
    assert old.type == 7
    assert driver.table().require_session().markers == {"A": "keep_off"}  # type: ignore[attr-defined]


async def test_an_ai_seat_can_start(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    board = driver.board()
    # The AI says, in words only, whether its hand is a good one to start with.
    quality = re.search(r"🤖 Ada · 7 cards · \*“([^”]+)”\*", board.text)
    assert quality is not None, board.text
    assert not re.search(r"\d", quality[1])
    starter = f"tg:gs:{table_id}:first"
    labels = [option["label"] for option in board.find_component(starter)["options"]]
    assert labels == ["Alice starts", "Ada starts"]
    chosen = await driver.emulator.select(world.alice, board, starter, ["1"])
    assert (await chosen.response()).type == 7
    await driver.emulator.wait_for(lambda: driver.game().current_player == 0, timeout=10)
    await driver.settle()
    game = driver.game()
    assert game.first_player == 1 and game.turn_number == 2
    # The turn line carries the state: the piles' tops and the draw pile.
    ping = driver.message(driver.table().ping_message_id or 0)
    assert f"<@{world.alice.id}>, your turn: play at least two cards." in ping.content
    tops = " · ".join(f"{'▲' if pile.name in 'AB' else '▼'}{pile.name} `{pile.top}`" for pile in game.piles)
    assert tops in ping.content and f"draw pile {game.draw_pile_count}" in ping.content


async def test_the_turn_line_and_the_hint_follow_the_turn(driver: TableDriver, world: World) -> None:
    table_id = await two_player_game(driver, world)
    ping_id = driver.table().ping_message_id
    hand = await driver.open_hand(world.alice)
    hint = await driver.click(world.alice, hand, f"tg:hint:{table_id}")
    assert re.match(r"💡 Play \d+ on [ABCD]", hint.content or ""), hint.content
    option = driver.game().legal_plays()[0]
    await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", option.card))
    before_the_play = copy.deepcopy(hand.components)
    await driver.click(
        world.alice, hand, driver.hand_button(world.alice, "play", option.card, option.pile, 0)
    )
    # The same announcement, edited: one of two played, the new top.
    ping = driver.message(ping_id or 0)
    assert "your turn: one of two played." in ping.content
    assert f"{option.pile} `{option.card}`" in ping.content
    # A second click on the card just played (its button still showing on a slow phone) says so.
    hand.components = before_the_play
    again = await driver.click(world.alice, hand, driver.hand_button(world.alice, "card", option.card))
    assert again.ephemeral and f"You just played {option.card} on {option.pile}" in (again.content or "")
    # Errors name the situation (Bob's Discord is in French).
    early = await driver.command(world.bob, "endturn")
    assert "C'est au tour d'Alice (une carte posée sur deux)" in (early.content or "")


async def test_a_forged_refresh_never_shows_another_players_hand(driver: TableDriver, world: World) -> None:
    await two_player_game(driver, world)
    alice_hand = await driver.open_hand(world.alice)
    alice_cards, bob_cards = set(driver.hand_cards(world.alice)), set(driver.hand_cards(world.bob))
    before = alice_hand.text
    # Bob forges a click on Alice's Refresh: he gets his own hand, in a new private message.
    result = await driver.forge_click(world.bob, alice_hand, driver.hand_button(world.alice, "refresh"))
    answer = await result.response()
    assert answer.type == 4 and answer.ephemeral
    reply = result.original
    assert reply.visible_to(world.bob) and not reply.visible_to(world.alice)
    assert bob_cards <= shown_cards(reply) and not shown_cards(reply) & alice_cards
    assert "celle d'un autre joueur" in reply.text
    assert alice_hand.text == before  # Alice's message was not touched
    # A forged play on Alice's hand is refused; nothing changes.
    state = driver.table().to_dict()
    card = driver.hand_button(world.alice, "card", sorted(alice_cards)[0])
    refused = await (await driver.forge_click(world.bob, alice_hand, card)).response()
    assert refused.ephemeral and "appartiennent à la main d'un autre joueur" in (refused.content or "")
    assert driver.table().to_dict() == state and alice_hand.text == before
    # Someone who does not play sees no hand at all.
    stranger = await (
        await driver.forge_click(world.mallory, alice_hand, driver.hand_button(world.alice, "refresh"))
    ).response()
    assert (
        stranger.ephemeral and "not playing" in (stranger.content or "") and not CARD.search(stranger.content)
    )


async def test_a_board_buried_by_chat_comes_back_down(driver: TableDriver, world: World) -> None:
    """The board comes back down, and the hand of a player who acted (Alice: I'll start) with it, under the board,
    the card she chose still chosen; the hand above is deleted (seen at phone width: the hand stayed above the
    chat)."""
    table_id = await two_player_game(driver, world)
    old = driver.board()
    (old_hand,) = driver.hand_messages(world.alice)
    card = driver.hand_cards(world.alice)[
        0
    ]  # chosen, its pile not yet: the hand brought down keeps it chosen
    chosen = await driver.click(world.alice, old_hand, driver.hand_button(world.alice, "card", card))
    assert chosen.type == 7, chosen
    for index in range(12):
        await driver.emulator.send_message(world.mallory, driver.channel, "what a nice game" + "!" * index)
    await driver.emulator.wait_for(lambda: driver.table().board_message_id != old.id, timeout=5)
    await driver.settle()
    new = driver.board()
    assert driver.public_messages()[-1].id == new.id
    assert new.attachments and new.embeds
    # The old board is now one line that points down; its buttons and picture are gone.
    assert old.content.startswith("⬇️ The board moved down: https://discord.com/channels/")
    assert str(new.id) in old.content and not old.embeds and not old.components and not old.attachments
    (hand,) = driver.hand_messages(world.alice)
    assert hand.id > new.id and hand.id != old_hand.id and old_hand.deleted
    assert any(custom_id.startswith(f"tg:play:{table_id}:{card}:") for custom_id in hand.custom_ids)
    assert driver.hand_cards(world.alice) and all(
        f"`{card}`" in hand.text for card in driver.hand_cards(world.alice)
    )


async def test_the_bots_own_messages_bury_a_board_too(driver: TableDriver, world: World) -> None:
    """discord.py does not parse the bot's own new messages (bot/gateway_events.py); they still count."""
    await two_player_game(driver, world)
    old = driver.board()
    channel = driver.running.client.get_channel(driver.channel.id)
    assert isinstance(channel, discord.TextChannel)
    for index in range(12):
        await channel.send(f"A note from the bot, {'!' * index}")
    await driver.emulator.wait_for(lambda: driver.table().board_message_id != old.id, timeout=5)
    await driver.settle()
    assert driver.public_messages()[-1].id == driver.board().id


async def test_after_a_restart_each_player_is_told_once_to_reopen_their_hand(
    driver: TableDriver, world: World
) -> None:
    table_id = await two_player_game(driver, world)
    await driver.open_hand(world.alice)
    await driver.restart()
    menu = f"tg:gs:{table_id}:mark"
    first = await driver.emulator.select(world.alice, driver.board(), menu, ["B.small_steps"])
    await first.response()
    await driver.settle()
    told = [message for message in first.followups if "open it again with **My hand**" in message.text]
    assert len(told) == 1 and told[0].visible_to(world.alice)
    second = await driver.emulator.select(world.alice, driver.board(), menu, ["B.clear"])
    await second.response()
    await driver.settle()
    assert [message.text for message in second.followups] == [
        "Marker cleared on B."
    ]  # told to reopen once only


async def test_after_the_game_play_again_same_deal_and_the_full_log(
    driver: TableDriver, world: World
) -> None:
    table_id = await two_player_game(driver, world)
    for _ in range(2):
        option = driver.game().legal_plays()[0]
        await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    await driver.command(world.alice, "endturn")
    board_id = driver.table().board_message_id or 0
    await driver.command(world.alice, "game stop")
    summary = driver.message(board_id)
    assert [button["label"] for button in summary.buttons] == [
        "Play again (same seats)",
        "Same deal",
        "Full log",
    ]
    assert "Alice — 2 cards played" in summary.text and "Bob — 0 cards played" in summary.text
    # The full log, privately.
    log = await driver.click(world.bob, summary, f"tg:log:{table_id}:0")
    assert log.ephemeral and log.embeds[0]["title"] == "📜 Journal complet · page 1/1"
    entries = log.embeds[0]["description"]
    assert entries.startswith("Alice commence.\n**1.** Alice\xa0: `") and "a pioché deux cartes" in entries
    assert entries.endswith("La partie a été arrêtée avant la fin.")
    refused = await driver.click(world.mallory, summary, f"tg:log:{table_id}:0")
    assert refused.ephemeral and "not playing" in (refused.content or "")
    # Play again: a new table with the same seats, on a new deal, as a lobby.
    again = await driver.click(world.bob, summary, f"tg:again:{table_id}:new")
    assert not again.ephemeral
    table = driver.table()
    assert table.id != table_id and [seat.name for seat in table.seats] == ["Bob", "Alice"]
    assert table.deal_code != DEAL and "Join" in str(driver.board().components)
    await driver.command(world.alice, "game stop")
    # Same deal: the same cards again.
    same = await driver.click(world.alice, summary, f"tg:again:{table_id}:same")
    assert not same.ephemeral and driver.table().deal_code == DEAL


async def test_counts_read_right_at_one(driver: TableDriver, world: World) -> None:
    await seed(driver, world, [world.alice, world.bob], cards_left=1)
    board = await driver.command(world.alice, "leaderboard")
    assert "Best: **1** card left" in description(board.message)
    history = await driver.command(world.bob, "history")
    assert "🏁 The Game, 1 card left" in str(history.embeds)
    stats = await driver.command(world.alice, "stats", member=world.bob, private=True)
    text = description(stats.message)
    assert text.startswith(
        "**The Game**\n**1** game — 0 won · 1 lost · 0 abandoned\nBest result **1** card left"
    )
    assert "Favourite teammates: Alice (1 game)" in text
    assert "Record **1** carte restante" in description(
        (await driver.command(world.bob, "stats", private=True)).message
    )
