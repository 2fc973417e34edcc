"""**Open the table** on a board: added once to each board drawn, never to a view a game keeps for its boards."""

from __future__ import annotations

from typing import Any

from bot.games.thegame.ui.board import board_view
from bot.ui.activity_button import add_open_table_button
from bot.ui.lobby import render_table
from tests.games.thegame.ui.tables import new_table, play_turns


def custom_ids(content: dict[str, Any]) -> list[str]:
    return [
        component["custom_id"] for row in content["view"].to_components() for component in row["components"]
    ]


async def test_each_board_of_a_game_in_play_gets_the_button_once() -> None:
    """The Game keeps its board's view while the game is played (inside the event loop): the button goes on a
    copy, so the next board drawn gets one button too, not two, and the kept view stays as it was."""
    table = play_turns(new_table(2, ai=()), 3)
    kept = board_view(table)
    own = custom_ids({"view": kept})
    for _ in range(3):
        content = render_table(table)
        add_open_table_button(content, table)
        ids = custom_ids(content)
        assert len(ids) == len(set(ids)), "Discord refuses two components with one custom id"
        assert [custom_id for custom_id in ids if ":activity:" in custom_id] == [f"tg:activity:{table.id}"]
        assert [custom_id for custom_id in ids if ":activity:" not in custom_id] == own
    assert custom_ids({"view": board_view(table)}) == own, "the kept view has no button of its own"


def test_a_board_built_afresh_gets_the_button_in_place() -> None:
    table = new_table(2, ai=())
    content = render_table(table)
    add_open_table_button(content, table)
    assert sum(":activity:" in custom_id for custom_id in custom_ids(content)) == 1


def test_a_game_boards_controls_keep_their_rows_and_the_button_gets_its_own() -> None:
    """Klondike's board: the menu, Draw / Auto / Undo, Hint / Give up keep their rows; Open the table goes under
    them (a fourth button on the row of three wrapped on a 390 px phone), beside How to play, the last row's one
    button."""
    from bot.games.klondike.engine import Klondike
    from bot.games.klondike.layout import KlondikeOptions
    from tests.games.klondike.tables import klondike_table

    table = klondike_table(Klondike.new(KlondikeOptions(draw=3), 7))
    content = render_table(table)
    before = [[c.get("custom_id") for c in row["components"]] for row in content["view"].to_components()]
    add_open_table_button(content, table)
    after = [[c.get("custom_id") for c in row["components"]] for row in content["view"].to_components()]
    assert before[-1] == ["tg:howto:klondike"]
    assert after == [*before[:-1], ["tg:howto:klondike", f"tg:activity:{table.id}"]]
