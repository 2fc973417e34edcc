"""What the tests of the soak's findings share: a Klondike game under way, and whether a board shows a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Channel, User
from bot.service.table import Table
from bot.ui.lobby import render_table

BOARD_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
BOARD_POST = "POST /channels/{channel_id}/messages"


@dataclass
class World:
    channel: Channel
    alice: User


async def answered(result: Any) -> Any:
    response = await result.response()
    assert response.ok
    return response


async def klondike_started(
    emulator: Emulator, bot: RunningClient[TheGameBot], channel: Channel, alice: User
) -> None:
    """Alice opens a Klondike table and starts it; every public update has gone out."""
    await answered(await emulator.slash(alice, channel, "game new", {"game": "klondike"}))
    await answered(await emulator.slash(alice, channel, "game start"))
    await bot.client.controller.settle()


def board_shows(emulator: Emulator, table: Table) -> bool:
    message = emulator.world.get_message(table.board_message_id or 0)
    assert message is not None and message.embeds
    expected = render_table(table)["embed"].to_dict()
    return all(message.embeds[0].get(key) == expected.get(key) for key in ("title", "description", "fields"))
