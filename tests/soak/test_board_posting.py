"""A board posted again (/board, a board deleted or buried by chat) while something else happens to it: the channel
ends with one board, and it shows the table as it is (found reading the code after the soak's board races)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.faults import Fault
from bot.emulator.world import Channel, Message
from bot.ui.game_ui import ui_for
from bot.ui.lobby import render_table
from tests.soak.board_checks import BOARD_POST, World, answered, board_shows, klondike_started


def boards_in(channel: Channel) -> list[Message]:
    """The public messages of the channel that show a table (the board, its embed and picture)."""
    return [message for message in channel.messages if not message.ephemeral and message.embeds]


async def test_two_boards_asked_for_at_once_post_one(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """Two /board (or a board deleted while /board posts it) at the same moment posted two boards: each posted its
    own, and the game went on in one while the other stayed behind. The second waits for the first."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    slow_post = Fault(BOARD_POST, 0, 1, delay=1.0)  # handled now, confirmed a second later
    emulator.faults.faults.append(slow_post)
    first = asyncio.ensure_future(answered(await emulator.slash(alice, channel, "board")))
    await emulator.wait_for(lambda: slow_post.hits == 1, timeout=5)
    await answered(await emulator.slash(alice, channel, "board"))  # while the first board is being posted
    await first
    await bot.client.controller.settle()
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    assert [board.id for board in boards_in(channel)] == [table.board_message_id], "one board, the table's"
    assert board_shows(emulator, table)


async def test_a_game_that_ends_while_its_board_is_posted_shows_its_end_there(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """A game stopped while its board was being posted again kept showing as in play on the new board (with its
    buttons): the summary went to the old board, because the new one's id could no longer be saved in the game."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    slow_post = Fault(BOARD_POST, 0, 1, delay=1.0)
    emulator.faults.faults.append(slow_post)
    reposted = asyncio.ensure_future(answered(await emulator.slash(alice, channel, "board")))
    await emulator.wait_for(lambda: slow_post.hits == 1, timeout=5)
    await answered(await emulator.slash(alice, channel, "game stop"))  # while the board is being posted
    await reposted
    await bot.client.controller.settle()
    ended = await bot.client.tables.load(table.id)
    assert ended is not None and not ended.status.is_active
    boards = boards_in(channel)
    assert len(boards) == 1, "the board posted again is the only one"
    summary = render_table(ended)
    shown = boards[0].embeds[0]
    assert all(
        shown.get(key) == summary["embed"].to_dict().get(key) for key in ("title", "description", "fields")
    )
    summary_buttons = [item.custom_id for item in summary["view"].children] if summary["view"] else []
    buttons = [
        component.get("custom_id") for component in boards[0].iter_components() if component["type"] == 2
    ]
    assert buttons == summary_buttons, "with the summary's buttons, not the game's"


async def test_a_board_edit_that_finds_its_board_replaced_edits_the_new_one(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A background edit drawn while /board posted the board again and deleted the old one went to the old board,
    found it deleted, and posted a third board: two boards stayed in the channel. It edits the new one."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    display = bot.client.display
    table = bot.client.games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None
    old = emulator.world.get_message(table.board_message_id)
    assert old is not None
    real_content = display.board_content
    drawing, go_on = asyncio.Event(), asyncio.Event()

    async def held_while_drawn(drawn: Any) -> dict[str, Any]:
        if not drawing.is_set():  # the background edit's drawing, the first one asked for
            drawing.set()
            await go_on.wait()
        return await real_content(drawn)

    monkeypatch.setattr(display, "board_content", held_while_drawn)
    move = ui_for(table).move_suggestions(table, 0, "", "en")[0].value
    await answered(await emulator.slash(alice, channel, "move", {"move": move}))
    await emulator.wait_for(drawing.is_set, timeout=5)
    await answered(await emulator.slash(alice, channel, "board"))  # posts a new board, deletes the old one
    await emulator.wait_for(lambda: old.deleted, timeout=5)
    go_on.set()
    await bot.client.controller.settle()
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    assert [board.id for board in boards_in(channel)] == [table.board_message_id], "one board, the table's"
    assert board_shows(emulator, table), "and it shows the move"
