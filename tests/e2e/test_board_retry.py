"""A board edit that the REST proxy answers 408 (nirn-proxy: Discord took longer than its REQUEST_TIMEOUT) is tried
again like a 5xx: the board does not stay one move behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from bot.ui.game_ui import ui_for
from bot.ui.lobby import render_table
from tests.e2e.conftest import bot_settings
from tests.emulator.fixtures import StartClient

# A board is edited through the token of the interaction that posted it while it lives, else through its channel.
BOARD_EDITS = (
    "PATCH /webhooks/{application_id}/{token}/messages/@original",
    "PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
    "PATCH /channels/{channel_id}/messages/{message_id}",
)


@pytest.mark.parametrize("status", [408, 503])
async def test_a_board_edit_the_proxy_timed_out_is_tried_again(
    emulator: Emulator, start_client: StartClient, tmp_path: Path, status: int
) -> None:
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    guild = emulator.world.add_guild("Table Top")
    channel = guild.add_text_channel("games")
    alice = emulator.world.add_user("alice")
    guild.add_member(alice)
    answers = []
    for command, options in (("game new", {"game": "klondike"}), ("game start", {})):
        result = await emulator.slash(alice, channel, command, options)
        assert (await result.response()).ok
        answers.append(result.original.content if result.original else None)
    await running.client.controller.settle()
    table = running.client.games.in_channel(channel.id)
    assert table is not None, answers
    move = ui_for(table).move_suggestions(table, 0, "", "en")[0].value
    faults = [emulator.faults.fail(route, status=status, times=1) for route in BOARD_EDITS]
    assert (await (await emulator.slash(alice, channel, "move", {"move": move})).response()).ok
    await running.client.controller.settle()
    assert sum(fault.hits for fault in faults) == 1, "the board's edit failed once"
    table = running.client.games.in_channel(channel.id)
    assert table is not None
    board = emulator.world.get_message(table.board_message_id or 0)
    assert board is not None
    expected = render_table(table)["embed"].to_dict()
    assert board.embeds[0].get("description") == expected.get("description"), "the board is one move behind"
