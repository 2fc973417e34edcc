"""Buttons written as payloads reach Discord exactly as discord.py's own items would send them."""

from __future__ import annotations

import itertools
from typing import Any

import discord
import pytest

from bot.games.thegame.ui import components
from bot.games.thegame.ui.board import game_of
from bot.games.thegame.ui.hand import hand_view
from bot.ui import components as shared
from bot.ui.component_rows import ComponentRows, button
from tests.games.thegame.ui.test_rendering import playing_table

STYLES = list(discord.ButtonStyle)[:4]  # primary, secondary, success, danger: the styles with a custom id


@pytest.mark.parametrize(
    ("label", "emoji", "style", "disabled"),
    list(
        itertools.product(
            [None, "", "45", "B +4", "Jouer quand même 45 sur B"],
            [None, "👉", "↩️", "✨"],
            STYLES,
            [False, True],
        )
    ),
)
def test_a_button_payload_is_discord_pys(
    label: str | None, emoji: str | None, style: discord.ButtonStyle, disabled: bool
) -> None:
    expected = discord.ui.Button[Any](
        custom_id="tg:card:42:45:100", label=label, emoji=emoji, style=style, disabled=disabled
    ).to_component_dict()
    assert button("tg:card:42:45:100", label=label, emoji=emoji, style=style, disabled=disabled) == expected


def test_rows_come_out_in_row_order_like_a_view() -> None:
    rows = ComponentRows()
    view = discord.ui.View(timeout=None)
    for index, row in enumerate([3, 0, 3, 1, 0]):
        rows.add(button(f"id{index}", label=str(index)), row=row)
        view.add_item(discord.ui.Button[Any](custom_id=f"id{index}", label=str(index), row=row))
    assert rows.to_components() == view.to_components()


def test_rows_refuse_what_discord_would_refuse() -> None:
    rows = ComponentRows()
    for index in range(5):
        rows.add(button(f"id{index}"), row=0)
    with pytest.raises(ValueError, match="already holds 5"):
        rows.add(button("id5"), row=0)
    with pytest.raises(ValueError, match="row must be"):
        rows.add(button("id6"), row=5)


async def test_rows_are_finished_so_discord_py_never_keeps_them() -> None:
    """In the bot (inside its event loop) discord.py sends these rows and never stores them for dispatch."""
    rows = ComponentRows()
    rows.add(button("tg:hint:1"), row=0)
    assert rows.is_finished()
    assert not rows.is_dispatchable()
    assert not rows.has_components_v2()
    assert rows.timeout is None and isinstance(rows, discord.ui.View)


def test_rows_made_before_the_event_loop_runs_are_finished_too() -> None:
    """Rows made at start-up (the traffic floor's hand) are as finished as any: a `View` made outside the event loop
    has nothing to stop, and would never be finished."""
    rows = ComponentRows()
    rows.add(button("tg:hint:1"), row=0)
    assert rows.is_finished() and not rows.is_dispatchable()
    assert rows.to_components() == [{"type": 1, "components": [button("tg:hint:1")]}]


def test_every_hand_button_is_answered_by_a_registered_button() -> None:
    """Each custom id in a hand matches the template of the DynamicItem that answers it, with the same values."""
    registered = [*components.DYNAMIC_ITEMS, shared.HintButton, shared.RefreshButton]
    table = playing_table(2, plays=3)
    game = game_of(table)
    seat = game.current_player or 0
    play = game.legal_plays()[0]
    views = [
        hand_view(table, seat, "en-US"),
        hand_view(table, seat, "en-US", selected=play.card),
        hand_view(table, seat, "fr", selected=play.card, confirm=(play.card, play.pile)),
        hand_view(table, 1 - seat, "en-US"),
    ]
    seen = set()
    for view in views:
        for row in view.to_components():
            for component in row["components"]:
                custom_id = component["custom_id"]
                matches = [
                    item for item in registered if item.__discord_ui_compiled_template__.fullmatch(custom_id)
                ]
                assert len(matches) == 1, custom_id
                match = matches[0].__discord_ui_compiled_template__.fullmatch(custom_id)
                assert match is not None and match["table"] == str(table.id)
                seen.add(matches[0].__name__)
    assert seen == {
        "CardButton",
        "PlayButton",
        "ChooseAnotherButton",
        "EndTurnButton",
        "HintButton",
        "RefreshButton",
    }
