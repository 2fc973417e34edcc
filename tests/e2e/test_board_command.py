"""`/board` posts the board again at the bottom of the channel, at most once in a while: found playing, fifty
`/board` from someone watching posted forty-nine boards. Through the real bot and the emulator."""

from __future__ import annotations

import re
import time

from bot.games.thegame.engine import seed_to_deal_code
from bot.ui.display import BOARD_COOLDOWN
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver

DEAL = seed_to_deal_code(1212)
WHEN = re.compile(r"<t:(\d+):R>")


async def two_player_game(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", deal=DEAL)
    table_id = driver.table().id
    await driver.command(world.bob, "game join")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:first:{table_id}")


def boards_posted(driver: TableDriver) -> int:
    return sum(1 for message in driver.public_messages() if message.attachments and message.embeds)


async def test_board_is_posted_again_once_in_a_while(driver: TableDriver, world: World) -> None:
    await two_player_game(driver, world)
    assert driver.bot.display.board_cooldown == BOARD_COOLDOWN == 30.0
    first = await driver.command(world.mallory, "board")
    assert first.content == "Here is the board again, at the bottom of the channel."
    board = driver.board()
    assert driver.public_messages()[-1].id == board.id
    posted = boards_posted(driver)
    # Asked again and again by someone who watches: one board, and each asker is told when to ask again.
    for _ in range(10):
        again = await driver.command(world.mallory, "board")
        assert again.ephemeral
        text = again.content or ""
        assert text.startswith("The board was just posted: [see the board](https://discord.com/channels/")
        assert f"/{driver.channel.id}/{board.id})" in text
        found = WHEN.search(text)
        assert found is not None and text.endswith(f"You can ask for it again {found[0]}.")
        assert 0 < int(found[1]) - time.time() <= BOARD_COOLDOWN + 1
    assert boards_posted(driver) == posted and driver.board().id == board.id
    # A player gets the same answer while the board is in sight (in their own language)...
    answer = await driver.command(world.bob, "board")
    assert (answer.content or "").startswith(
        "Le plateau vient d'être publié"
    ) and driver.board().id == board.id
    # ...and a new board once chat has hidden it, cooldown or not.
    for index in range(3):
        await driver.emulator.send_message(world.carol, driver.channel, "so many messages" + "!" * index)
    await driver.settle()
    answer = await driver.command(world.bob, "board")
    assert answer.content == "Voici à nouveau le plateau, en bas du salon."
    assert driver.board().id != board.id and driver.public_messages()[-1].id == driver.board().id
    # Once the wait is over, anyone may ask again (the wait is moved back in time rather than waited for).
    refused = await driver.command(world.mallory, "board")
    assert (refused.content or "").startswith("The board was just posted")
    table_id = driver.table().id
    driver.bot.display._board_posted_at[table_id] -= BOARD_COOLDOWN + 1
    latest = driver.board().id
    again = await driver.command(world.mallory, "board")
    assert again.content == "Here is the board again, at the bottom of the channel."
    assert driver.board().id != latest
