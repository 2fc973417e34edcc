"""A board answered in place by a click never hides a move saved while that answer went out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.service.games import GameService
from bot.ui.display import TableDisplay
from tests.games.thegame.ui.tables import new_table, play_turns


class Client:
    """What TableDisplay reads of discord.py's client here: a channel that is not a text channel (no ping)."""

    def get_guild(self, guild_id: int) -> None:
        return None

    def get_channel(self, channel_id: int) -> object:
        return object()


@pytest.fixture
def display() -> Iterator[TableDisplay]:
    games = GameService(store=None)  # type: ignore[arg-type] # no table of its own: each is shown as given
    shown = TableDisplay(Client(), games=games, settings=None)  # type: ignore[arg-type]
    yield shown
    for task in shown._tasks:  # the board workers never reach Discord here
        task.cancel()


@pytest.mark.parametrize("sent_before_the_answer", [False, True])
async def test_a_move_saved_while_the_answer_went_out_is_still_drawn(
    display: Any, sent_before_the_answer: bool
) -> None:
    table = play_turns(new_table(2, ai=()), 1)
    drawing = display.drawing_for_answer(table)  # the click's answer draws the board now
    play_turns(table, 1)  # meanwhile another move is saved, and asks for a board edit
    display.refresh_board(table)
    if sent_before_the_answer:  # that edit reached Discord first: the answer, older, landed on top of it
        display._dirty.pop(table.id)
    display.answered_with_board(table.id, drawing)
    assert display._dirty[table.id].to_dict() == table.to_dict()


async def test_an_edit_the_answer_already_showed_is_dropped(display: Any) -> None:
    table = play_turns(new_table(2, ai=()), 1)
    display.refresh_board(table)  # an edit waiting its turn
    play_turns(table, 1)
    display.refresh_board(table)
    drawing = display.drawing_for_answer(table)  # the answer draws the board: it shows all of that
    display.answered_with_board(table.id, drawing)
    assert table.id not in display._dirty


@pytest.mark.parametrize("under_way", ["when drawn", "started meanwhile"])
async def test_an_older_edit_that_went_out_with_the_answer_is_followed_by_the_answers_state(
    display: Any, under_way: str
) -> None:
    table = play_turns(new_table(2, ai=()), 2)
    if under_way == "when drawn":
        display._editing.add(table.id)  # the worker is sending an older board right now
    drawing = display.drawing_for_answer(table)
    if under_way == "started meanwhile":
        display._edits_started[table.id] = 1  # it started sending one while the answer went out
    display._editing.discard(table.id)
    display.answered_with_board(table.id, drawing)
    assert (
        display._dirty[table.id].to_dict() == table.to_dict()
    )  # so the board ends on what the answer showed
