"""The Game's rough edges at the table, through the real bot and the emulator: a solo game starts on the player's
turn, the markers read as text everywhere, and a click on a hand message just replaced by a newer one."""

from __future__ import annotations

from bot.games.thegame.engine import Status, seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver

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
    assert ping.content.startswith(f"▶ <@{world.alice.id}>, your turn: at least two cards to play.")
    hand = started.followups[-1]
    assert "The game has started: you play alone, so you start." in hand.text
    assert "**Your turn**" in hand.text and "who starts" not in hand.text.lower()
    # And the game is played at once.
    option = next(o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile))
    played = await driver.command(world.alice, "play", card=str(option.card), pile=option.pile)
    assert played.ephemeral and driver.game().played_this_turn == 1
