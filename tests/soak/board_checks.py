"""What the tests of the soak's findings share: a Klondike game under way, and whether a board shows a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.records import RequestRecord
from bot.emulator.world import Channel, User
from bot.service.table import Table
from bot.ui.lobby import render_table

CHANNEL_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CHANNEL_POST = "POST /channels/{channel_id}/messages"
FOLLOW_UP = "POST /webhooks/{application_id}/{token}"
TOKEN_EDITS = (
    "PATCH /webhooks/{application_id}/{token}/messages/{message_id}",
    "PATCH /webhooks/{application_id}/{token}/messages/@original",
)


def BOARD_EDIT(record: RequestRecord) -> bool:
    """A message edited: through the channel, or through the interaction token that reaches it (the board's edits
    go the second way while a token is valid)."""
    return record.route == CHANNEL_EDIT or record.route in TOKEN_EDITS


def BOARD_POST(record: RequestRecord) -> bool:
    """A public message posted: in the channel, or as a public follow-up of an interaction."""
    body = record.json if isinstance(record.json, dict) else {}
    return record.route == CHANNEL_POST or (
        record.route == FOLLOW_UP and not int(body.get("flags") or 0) & 64
    )


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
    """Alice opens a Klondike table and starts it; every public update has gone out and the table knows its board
    (on a loaded machine Discord's confirmation of the posted board can come after the updates settled: seen in
    CI)."""
    await answered(await emulator.slash(alice, channel, "game new", {"game": "klondike"}))
    await answered(await emulator.slash(alice, channel, "game start"))
    await bot.client.controller.settle()

    def board_known() -> bool:
        table = bot.client.games.in_channel(channel.id)
        return table is not None and table.board_message_id is not None

    await emulator.wait_for(board_known, timeout=10)
    await bot.client.controller.settle()


def board_shows(emulator: Emulator, table: Table) -> bool:
    message = emulator.world.get_message(table.board_message_id or 0)
    assert message is not None and message.embeds
    expected = render_table(table)["embed"].to_dict()
    return all(message.embeds[0].get(key) == expected.get(key) for key in ("title", "description", "fields"))
