"""A board answered in place by a click never hides a move saved while that answer went out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.ui.display import TableDisplay
from tests.games.thegame.ui.tables import new_table, play_turns


class Client:
    """What TableDisplay reads of discord.py's client here: a channel that is not a text channel (no ping)."""

    def get_channel(self, channel_id: int) -> object:
        return object()


@pytest.fixture
def display() -> Iterator[TableDisplay]:
    shown = TableDisplay(Client(), games=None, settings=None)  # type: ignore[arg-type]
    yield shown
    for task in shown._tasks:  # the board workers never reach Discord here
        task.cancel()


async def test_a_move_saved_while_the_answer_went_out_is_still_drawn(display: Any) -> None:
    table = play_turns(new_table(2, ai=()), 1)
    replaced = display.pending_board(table.id)  # the click's answer draws the board now
    play_turns(table, 1)  # meanwhile another move is saved, and asks for a board edit
    display.refresh_board(table)
    display.board_shown(table, replaced)
    assert display.pending_board(table.id) == table.to_dict()


async def test_an_edit_the_answer_already_showed_is_dropped(display: Any) -> None:
    table = play_turns(new_table(2, ai=()), 1)
    display.refresh_board(table)  # an edit waiting its turn
    play_turns(table, 1)
    display.refresh_board(table)
    replaced = display.pending_board(table.id)  # the answer draws the board: it shows all of that
    display.board_shown(table, replaced)
    assert display.pending_board(table.id) is None
