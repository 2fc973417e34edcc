"""The router hands a click to the DynamicItem class discord.py would have chosen, under discord.py's rules: the
template matches the whole custom id, and a component of that type with that id is on the clicked message."""

from __future__ import annotations

import itertools
import logging
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.games.thegame.ui.components import DYNAMIC_ITEMS, CardButton, PlayButton
from bot.ui.component_router import ComponentRouter, selected_values
from bot.ui.components import SHARED_DYNAMIC_ITEMS, GameActionSelect, JoinButton

CLICKS: list[tuple[str, Any]] = []
INTERACTION_IDS = itertools.count(1)


class Recorder(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rec:(?P<value>\d+)"):
    def __init__(self, value: int) -> None:
        self.value = value
        super().__init__(discord.ui.Button(custom_id=f"rec:{value}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Recorder:
        assert isinstance(item, discord.ui.Button) and item.custom_id == match.string
        return cls(int(match["value"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        CLICKS.append(("rec", self.value))
        if self.value == 13:
            raise RuntimeError("unlucky")


@dataclass
class Component:
    custom_id: str
    kind: discord.ComponentType = discord.ComponentType.button
    children: list[Component] = field(default_factory=list)

    @property
    def type(self) -> discord.ComponentType:
        return self.kind


def click(
    custom_id: str,
    on_message: list[str] | None = None,
    *,
    kind: discord.ComponentType = discord.ComponentType.button,
    values: list[str] | None = None,
    interaction_type: discord.InteractionType = discord.InteractionType.component,
    message_kind: discord.ComponentType | None = None,
) -> discord.Interaction[Any]:
    """A click as the router reads it: the interaction's data and the message's components (of `message_kind`,
    else of the click's kind), in action rows."""
    ids = [custom_id] if on_message is None else on_message
    on_row = [Component(each, message_kind or kind) for each in ids]
    row = Component("", discord.ComponentType.action_row, on_row)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind.value}
    if values is not None:
        data["values"] = values
    message = SimpleNamespace(components=[row])
    return cast(
        "discord.Interaction[Any]",
        SimpleNamespace(id=next(INTERACTION_IDS), type=interaction_type, data=data, message=message),
    )


@pytest.fixture
def router() -> ComponentRouter:
    return ComponentRouter([*SHARED_DYNAMIC_ITEMS, *DYNAMIC_ITEMS])


def test_a_hand_button_goes_to_its_class_with_its_values(router: ComponentRouter) -> None:
    routed = router.route(click("tg:play:42:57:B:0:100", ["tg:card:42:57:100", "tg:play:42:57:B:0:100"]))
    assert routed is not None
    item, match = routed
    assert item is PlayButton
    assert (match["table"], match["card"], match["pile"], match["owner"]) == ("42", "57", "B", "100")
    routed = router.route(click("tg:card:42:57:100"))
    assert routed is not None and routed[0] is CardButton
    routed = router.route(click("tg:join:42"))
    assert routed is not None and routed[0] is JoinButton


def test_a_forged_custom_id_that_no_message_carries_is_not_routed(router: ComponentRouter) -> None:
    """A valid-looking id sent with a click on a message that does not carry it (a forged interaction)."""
    assert (
        router.route(click("tg:play:42:57:B:1:100", ["tg:card:42:57:100", "tg:play:42:57:B:0:100"])) is None
    )
    # the same id, but the message has it as a menu, not a button
    forged = click(
        "tg:card:42:57:100",
        kind=discord.ComponentType.string_select,
        message_kind=discord.ComponentType.button,
    )
    assert router.route(forged) is None


def test_unknown_ids_and_other_interactions_are_not_routed(router: ComponentRouter) -> None:
    assert router.route(click("tg:nothing:42")) is None
    assert router.route(click("tg:card:42:57:100:extra")) is None  # the template must match the whole id
    assert router.route(click("someone-elses-button")) is None
    command = click("tg:join:42", interaction_type=discord.InteractionType.application_command)
    assert router.route(command) is None
    assert not router.handles(click("tg:nothing:42"))
    assert router.handles(click("tg:join:42"))


def test_a_class_is_added_once_and_tried_in_order() -> None:
    router = ComponentRouter([Recorder])
    router.add(Recorder, JoinButton)
    assert router.items == (Recorder, JoinButton)


async def test_the_clicked_item_runs_and_an_error_in_it_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    router = ComponentRouter([Recorder])
    CLICKS.clear()
    await router.on_interaction(click("rec:7"))
    await router.on_interaction(click("rec:8", ["rec:9"]))  # not on the message: nothing runs
    assert CLICKS == [("rec", 7)]
    with caplog.at_level(logging.ERROR, logger="bot.ui.component_router"):
        await router.on_interaction(click("rec:13"))
    assert CLICKS == [("rec", 7), ("rec", 13)]
    assert "Ignoring exception in dynamic item callback" in caplog.text


def test_a_menu_choice_is_read_from_the_interaction(router: ComponentRouter) -> None:
    menu = click("tg:gs:42:mark:100", kind=discord.ComponentType.string_select, values=["keep_off"])
    routed = router.route(menu)
    assert routed is not None and routed[0] is GameActionSelect
    assert selected_values(menu) == ["keep_off"]
    assert selected_values(click("tg:join:42")) == []


def test_a_click_is_routed_once_however_often_it_is_asked(router: ComponentRouter) -> None:
    """The error handler asks whether a click is handled, then the router routes it: the message is read once."""
    interaction = click("tg:card:42:57:100")
    routed = router.route(interaction)
    assert routed is not None
    interaction.message = None  # type: ignore[misc]  (read again, the click would no longer be routed)
    assert router.route(interaction) == routed and router.handles(interaction)
    assert router.route(click("tg:card:42:58:100", ["tg:card:42:57:100"])) is None
