"""A private word for a player (a call's verdict, a hand sent again under the board) is a follow-up of their latest
action at the table: only once that click is answered. The soak found a hand sent again as a follow-up of a click
still being answered (another player's move had ended the hand meanwhile), which Discord refuses."""

from __future__ import annotations

import asyncio
from unittest.mock import AsyncMock, MagicMock

from bot.games.base import Notice
from tests.games.thegame.ui.tables import new_table
from tests.ui.test_display_channel import Client, display_for


async def test_a_click_still_being_answered_gets_no_follow_up_until_it_is() -> None:
    table = new_table(2, ai=())
    display = display_for(Client({}))
    interaction = MagicMock()
    interaction.user.id = table.seats[0].user_id
    interaction.locale = "en-US"
    interaction.followup.send = AsyncMock()
    interaction.response.is_done.return_value = False  # its answer is on its way
    display.private.remember_action(table.id, interaction)
    display.private.tell_privately(table, {0: Notice("board.reposted", {})})
    await asyncio.sleep(0)
    interaction.followup.send.assert_not_awaited()
    interaction.response.is_done.return_value = True  # answered: the word follows it up
    display.private.tell_privately(table, {0: Notice("board.reposted", {})})
    for _ in range(3):
        await asyncio.sleep(0)
    interaction.followup.send.assert_awaited_once()
    assert interaction.followup.send.await_args.kwargs == {"ephemeral": True}
