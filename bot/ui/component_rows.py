"""Message components written as Discord's payload, for the messages redrawn on every click.

A private hand is drawn again for each card chosen and each play: with discord.py's `View`, each of its dozen
buttons is an item object wrapped in a `DynamicItem`, then turned back into the same dicts when sent, which cost more
than everything else in the answer. `ComponentRows` is a finished `View` that holds the dicts themselves: discord.py
sends it like any other view (its `to_components()`), and never stores it, because the buttons are persistent ones
that the registered `DynamicItem` classes answer (their custom ids are built by the same classmethods).

What Discord receives is exactly what the `View` of the same buttons would send; `tests/ui/test_component_rows.py`
checks it button by button against discord.py's own items.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import discord

Component = dict[str, Any]

MAX_ROWS = 5
MAX_PER_ROW = 5


def button(
    custom_id: str,
    *,
    label: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    disabled: bool = False,
) -> Component:
    """A button's payload, as `discord.ui.Button(...).to_component_dict()` gives it."""
    payload: Component = {"type": 2, "style": style.value, "disabled": disabled}
    if label:
        payload["label"] = label
    payload["custom_id"] = custom_id
    if emoji:
        payload["emoji"] = dict(_emoji(emoji))
    return payload


@lru_cache(maxsize=256)
def _emoji(emoji: str) -> Component:
    """A button's emoji as its payload writes it (a hand's few emojis are read again and again)."""
    return discord.PartialEmoji.from_str(emoji).to_dict()  # type: ignore[return-value]


class ComponentRows(discord.ui.View):
    """A finished view made of component payloads, each placed in a row (0-4) like an item's `row`.

    It is a `View` for discord.py's sake (what it sends must be one), but none of a `View`'s machinery is set up:
    no items, no timeout, no future to stop (`View.__init__` cost more than writing the dozen buttons). discord.py
    asks a view it sends only what is answered here: its components, whether it is finished (so never kept for
    dispatch), whether it has anything to dispatch, whether it uses components v2, its timeout."""

    def __init__(self) -> None:  # no View.__init__: see the class
        self._children: list[discord.ui.Item[Any]] = []
        self._rows: dict[int, list[Component]] = {}

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False

    def has_components_v2(self) -> bool:
        return False

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        raise AttributeError("component rows have no timeout: nothing of theirs is dispatched")

    def __repr__(self) -> str:
        return f"<ComponentRows rows={sorted(self._rows)}>"

    def add(self, component: Component, *, row: int) -> None:
        """Put `component` at the end of `row`; ValueError past Discord's limits (5 rows of 5)."""
        if not 0 <= row < MAX_ROWS:
            raise ValueError(f"row must be between 0 and {MAX_ROWS - 1}, not {row}")
        components = self._rows.setdefault(row, [])
        if len(components) >= MAX_PER_ROW:
            raise ValueError(f"row {row} already holds {MAX_PER_ROW} components")
        components.append(component)

    def to_components(self) -> list[dict[str, Any]]:
        return [{"type": 1, "components": list(self._rows[row])} for row in sorted(self._rows)]

    @classmethod
    def written_from(cls, view: discord.ui.View) -> ComponentRows:
        """The components `view` sends, written once (a view sent again and again unchanged, such as The Game's
        board while it is played: discord.py would write every item of it again each time). `view`'s rows are
        taken to be used from the first one on, as a view fills them."""
        rows = cls()
        for index, row in enumerate(view.to_components()):
            rows._rows[index] = list(row["components"])
        return rows

    def with_item(self, component: Component) -> ComponentRows:
        """A copy with `component` at the end of the first row with room for it, as `View.add_item` places an
        item without a row (a menu takes a row of its own); ValueError when no row has room."""
        width = _width(component)
        for row in range(MAX_ROWS):
            used = sum(_width(other) for other in self._rows.get(row, ()))
            if used + width <= MAX_PER_ROW:
                copy = ComponentRows()
                copy._rows = {index: list(components) for index, components in self._rows.items()}
                copy._rows.setdefault(row, []).append(component)
                return copy
        raise ValueError("no row has room for another component")


def _width(component: Component) -> int:
    """A component's width in its row, as discord.py counts it: a button 1, a menu the whole row."""
    return 1 if component["type"] == 2 else MAX_PER_ROW
