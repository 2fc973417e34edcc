"""Clicks on the tables' persistent buttons and menus, handed to their `DynamicItem` class.

discord.py dispatches a `DynamicItem` by first rebuilding the clicked message's every component as a `View` (a
private hand: a dozen buttons, each a new item object), only to find the one clicked among them. That was the
largest single cost of a click after the answer itself (`benchmarks/bot_load.py`). The router keeps discord.py's
rules and its `DynamicItem` classes, and skips the rebuilding:

- the custom id must fully match one registered template (the classes are tried in the order given);
- a component of that type with that custom id must be on the clicked message, as discord.py requires, so a forged
  custom id that no message of the bot carries is answered as an unknown button, and a table's own custom id no
  longer on its message (the message changed before the click arrived) says so (`cogs/errors.py`);
- the class builds the item with its `from_custom_id`, and the item's `callback` runs in the task discord.py made
  for the `interaction` event. A menu's choices are read from the interaction (`selected_values`).

Only the tables' items go through the router (`bot/app.py`); the cogs' own persistent items (history, stats,
leaderboards) are few and stay with discord.py.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import discord

log = logging.getLogger(__name__)

DynamicItemClass = type[discord.ui.DynamicItem[Any]]


Routed = tuple[DynamicItemClass, re.Match[str]] | None
# Interactions whose route is kept: the error handler asks whether a click is handled, then the router routes it.
ROUTES_KEPT = 256


class ComponentRouter:
    def __init__(self, items: Iterable[DynamicItemClass] = ()) -> None:
        self._items: list[DynamicItemClass] = []
        self._routes: dict[int, Routed] = {}  # interaction id -> its route, the newest last
        self.add(*items)

    def add(self, *items: DynamicItemClass) -> None:
        for item in items:
            if item not in self._items:
                self._items.append(item)

    @property
    def items(self) -> tuple[DynamicItemClass, ...]:
        return tuple(self._items)

    def route(self, interaction: discord.Interaction[Any]) -> Routed:
        """The class that answers this click and its template's match, or None when none does (not a component
        interaction, no template matches, or the component is not on the clicked message). Worked out once per
        interaction."""
        if interaction.id in self._routes:
            return self._routes[interaction.id]
        routed = self._route(interaction)
        self._routes[interaction.id] = routed
        if len(self._routes) > ROUTES_KEPT:
            del self._routes[next(iter(self._routes))]
        return routed

    def _route(self, interaction: discord.Interaction[Any]) -> Routed:
        if interaction.type is not discord.InteractionType.component:
            return None
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        if not isinstance(custom_id, str):
            return None
        found = self.template_match(custom_id)
        if found is None:
            return None
        item, match = found
        message = interaction.message
        component_type = data.get("component_type")
        if message is None or not any(
            component.type.value == component_type and getattr(component, "custom_id", None) == custom_id
            for component in walk(message.components)
        ):
            return None
        return item, match

    def template_match(self, custom_id: str) -> tuple[DynamicItemClass, re.Match[str]] | None:
        """The first registered class whose template the custom id fully matches, with the match."""
        for item in self._items:
            match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is not None:
                return item, match
        return None

    def handles(self, interaction: discord.Interaction[Any]) -> bool:
        return self.route(interaction) is not None

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """The bot's `on_interaction` listener: run the clicked item's callback."""
        routed = self.route(interaction)
        if routed is None:
            return
        item_class, match = routed
        custom_id = match.string
        base: discord.ui.Item[Any]
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("component_type") == discord.ComponentType.button.value:
            base = discord.ui.Button(custom_id=custom_id)
        else:
            base = discord.ui.Select(custom_id=custom_id)
        try:
            item = await item_class.from_custom_id(interaction, base, match)
        except Exception:
            log.exception("Ignoring exception in dynamic item creation for %r", item_class)
            return
        try:
            await item.callback(interaction)
        except Exception:
            log.exception("Ignoring exception in dynamic item callback for %r", item)


def selected_values(interaction: discord.Interaction[Any]) -> list[str]:
    """The choices made in a menu, from the interaction itself."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values", [])
    return [str(value) for value in values] if isinstance(values, list) else []


def walk(components: Sequence[Any]) -> Iterator[Any]:
    """Every component of a message, rows and containers included, depth first."""
    for component in components:
        yield component
        yield from walk(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory
