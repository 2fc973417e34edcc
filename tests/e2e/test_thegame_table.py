"""The Game's rough edges at the table, through the real bot and the emulator: a solo game starts on the player's
turn, the markers read as text everywhere, and a click on a hand message just replaced by a newer one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.thegame.engine import Status, seed_to_deal_code
from bot.games.thegame.ui.table_ui import TheGameUI
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private

DEAL = seed_to_deal_code(3131)


async def test_a_solo_game_starts_on_the_players_turn(driver: TableDriver, world: World) -> None:
    # Found playing: alone at the table, the turn line said "your turn" while the board still asked who starts.
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    started = await driver.click_result(world.alice, driver.board(), f"tg:start:{table_id}")
    game = driver.game()
    assert game.status is Status.PLAYING and game.current_player == 0
    board = driver.board()
    assert f"tg:first:{table_id}" not in board.custom_ids, "no I'll start button"
    assert "who starts" not in board.text.lower()
    assert board.embeds[0]["title"] == "🃏 The Game · turn 1"
    assert board.attachments[0].description.startswith("Alice's turn")
    # The turn line and the board agree; so does the hand the starter gets with the start.
    ping = driver.public_messages()[-1]
    assert ping.content.startswith(f"▶ <@{world.alice.id}>, your turn: play at least two cards.")
    hand = last_private(started)
    assert "The game has started: you play alone, so you start." in hand.text
    assert "**Your turn**" in hand.text and "who starts" not in hand.text.lower()
    # And the game is played at once.
    option = next(o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile))
    played = await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    assert played.ephemeral and driver.game().played_this_turn == 1


async def two_player_game(driver: TableDriver, world: World) -> int:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")
    return table_id


async def test_a_marker_reads_as_text_on_the_board_and_in_every_hand(
    driver: TableDriver, world: World
) -> None:
    table_id = await two_player_game(driver, world)
    alices_hand = await driver.open_hand(world.alice)
    bobs_hand = await driver.open_hand(world.bob)
    marked = await driver.emulator.select(
        world.alice, driver.board(), f"tg:gs:{table_id}:mark", ["C.small_steps"]
    )
    answer = await marked.response()
    await driver.settle()
    assert answer.type == 7, "the board itself is updated"
    # The setter is told it is set, privately.
    (told,) = marked.followups
    assert told.ephemeral and told.visible_to(world.alice)
    assert told.content == "Marker set: small steps only on C."
    # The board says it in words, beside the picture.
    assert "🐢 **C**: small steps only (asked by Alice)" in driver.board().text
    # Every hand says it, in its reader's language, without waiting for the turn to pass.
    assert "🐢 **C**\xa0: petits pas seulement (demandé par Alice)" in bobs_hand.text
    assert "🐢 **C**: small steps only (asked by Alice)" in alices_hand.text
    # Cleared by Bob: he is told, and the line goes from the board and the hands.
    cleared = await driver.emulator.select(world.bob, driver.board(), f"tg:gs:{table_id}:mark", ["C.clear"])
    await cleared.response()
    await driver.settle()
    assert last_private(cleared).content == "Marqueur retiré de la pile C."
    assert "🐢" not in driver.board().text and "🐢" not in bobs_hand.text and "🐢" not in alices_hand.text


async def test_a_click_on_a_hand_just_replaced_answers_truthfully(driver: TableDriver, world: World) -> None:
    # Found playing: press My hand, then a card on the older hand message, which the newer one had just
    # replaced (deleted): the move was saved, but the answer failed on the deleted message, the log had an
    # error, and the player read "Nothing was changed". (The e2e harness fails a test whose bot logged an error.)
    await two_player_game(driver, world)
    older = await driver.open_hand(world.alice)
    game = driver.game()
    option = next(o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile))
    await driver.click(world.alice, older, driver.hand_button(world.alice, "card", option.card))
    click = await driver.emulator.click(
        world.alice, older, driver.hand_button(world.alice, "play", option.card, option.pile, 0)
    )
    await driver.emulator.delete_message(older)  # the newer hand's deletion lands before the click's answer
    answer = await click.response()
    await driver.settle()
    assert driver.game().played_this_turn == 1, "the move is saved"
    # The answer says so, with the hand as it is now, in a new private message.
    assert answer.ephemeral and answer.message is not None and not answer.message.deleted
    assert f"You played {option.card} on {option.pile}." in answer.message.text
    assert "Nothing was changed" not in answer.message.text
    assert str(option.card) not in {button["label"] for button in answer.message.buttons}


async def test_an_answer_that_fails_after_the_move_was_saved_says_it_was_saved(
    driver: TableDriver, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_player_game(driver, world)
    game = driver.game()
    option = next(o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile))
    real_hand = TheGameUI.hand

    def failing_answer(self: TheGameUI, *args: Any, notice: str | None, **kwargs: Any) -> dict[str, Any]:
        if notice is not None:  # the player's own answer ("You played…"), not the others' hands
            raise RuntimeError("a bug while answering")
        return real_hand(self, *args, notice=notice, **kwargs)

    monkeypatch.setattr(TheGameUI, "hand", failing_answer)
    with driver.running.expect_errors() as errors:
        answer = await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    assert len(errors) == 1
    assert driver.game().played_this_turn == 1
    assert answer.ephemeral and (answer.content or "").startswith(
        "Done, but something went wrong on our side"
    )
    assert "Nothing was changed" not in (answer.content or "")
