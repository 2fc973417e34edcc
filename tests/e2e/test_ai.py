"""AI teammates in Discord: a whole game with two AI seats and one human; hints stay private."""

from __future__ import annotations

from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private


async def test_one_human_and_two_ai_seats_play_a_whole_game(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(31337))
    table_id = driver.table().id
    added = await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    assert added.type == 7
    added = await driver.command(world.alice, "game addbot")
    assert added.content == "An AI teammate has joined the table."  # The Game is played together
    seats = driver.table().seats
    assert [seat.is_ai for seat in seats] == [False, True, True]
    assert "🤖" in driver.board().text
    await driver.command(world.alice, "game start")
    first = await driver.click_result(world.alice, driver.board(), f"tg:first:{table_id}")
    hand = last_private(first)
    human_turns = 0
    while driver.bot.games.get(table_id) is not None:
        await driver.emulator.wait_for(
            lambda: driver.bot.games.get(table_id) is None or driver.game().current_player == 0, timeout=10
        )
        if driver.bot.games.get(table_id) is None:
            break
        human_turns += 1
        while (
            driver.bot.games.get(table_id) is not None
            and driver.game().played_this_turn < driver.game().turn_minimum
        ):
            game = driver.game()
            options = [o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile)]
            option = (options or game.legal_plays())[0]
            played = game.played_this_turn
            answer = await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
            assert answer.message is not None
            hand = answer.message
            if (
                driver.game().played_this_turn == played
            ):  # onto a pile an AI teammate asked to keep off: it asks
                confirm = driver.hand_button(world.alice, "play", option.card, option.pile, 1)
                await driver.click(world.alice, hand, confirm)
        if driver.bot.games.get(table_id) is None:
            break
        await driver.command(world.alice, "endturn")
    await driver.settle()
    assert human_turns >= 3
    row = await driver.bot.db.fetchone(
        "SELECT outcome, has_ai, team_key FROM games WHERE id = ?", (table_id,)
    )
    assert row is not None
    assert row[0] in ("won", "lost")
    assert row[1] == 1
    assert row[2] == f"{world.alice.id},ai"
    # The AI seats' plays appeared on the board like anyone's, and their turns were announced.
    posted = [
        r.json
        for r in driver.emulator.requests
        if r.route in ("POST /channels/{channel_id}/messages", "POST /webhooks/{application_id}/{token}")
    ]
    assert any("(AI)" in str(body.get("content")) for body in posted if isinstance(body, dict))
    del hand


async def test_a_hint_is_private_and_counted(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", deal=seed_to_deal_code(8))
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.command(world.alice, "game start")
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    before = len(driver.public_messages())
    hint = await driver.command(world.alice, "hint")
    assert hint.ephemeral
    assert hint.message is not None
    assert hint.message.visible_to(world.alice)
    assert not hint.message.visible_to(world.bob)
    assert not hint.message.visible_to(world.mallory)
    assert "💡" in (hint.content or "")
    # The suggestion is made of the player's own cards.
    game = driver.game()
    suggested = [int(token) for token in (hint.content or "").split() if token.isdigit()]
    assert suggested
    assert set(suggested) <= set(game.hand(0))
    assert len(driver.public_messages()) == before  # nothing public
    assert driver.table().hints == {world.alice.id: 1}
    # Not your turn: no hint, and nothing counted.
    refused = await driver.command(world.bob, "hint")
    assert refused.ephemeral
    assert driver.table().hints == {world.alice.id: 1}


async def test_the_host_removes_an_ai_seat_from_the_lobby(driver: TableDriver, world: World) -> None:
    """Found reviewing: an AI seat added by mistake could not be taken away. The lobby's buttons, in one row of
    five: Join, Leave, Start, Add AI, Remove AI (the host's: whoever opened the table); How to play below them."""
    await driver.command(world.alice, "game new")
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    board = driver.board()
    row, rules = board.components
    labels = [button["label"] for button in row["components"]]
    assert labels == ["Join", "Leave", "Start", "Add AI", "Remove AI"]
    assert [button["label"] for button in rules["components"]] == ["How to play"]
    remove = f"tg:rmai:{table_id}"
    assert board.find_component(remove)["disabled"] is True, "no AI seat yet"
    await driver.click(world.bob, driver.board(), f"tg:addai:{table_id}")
    assert driver.board().find_component(remove).get("disabled") is not True
    # Bob may add one, but only Alice, the host, takes one away.
    refused = await driver.click(world.bob, driver.board(), remove)
    assert refused.ephemeral and refused.content == (  # Bob reads French
        "Seul l'hôte de la table (qui l'a ouverte, ou sinon le premier joueur encore assis) peut retirer un joueur IA."
    )
    assert driver.table().has_ai
    removed = await driver.click(world.alice, driver.board(), remove)
    assert removed.type == 7, "the lobby itself is updated"
    assert [seat.is_ai for seat in driver.table().seats] == [False, False]
    assert "🤖" not in driver.board().text
