"""The Game's own persistent buttons. Their custom ids have not changed since the first release, so old buttons
still work; the buttons of a private hand now also carry the hand's owner (`:<user id>` at the end), so a click by
anyone else is refused and never shows one player's hand in answer to another's click. Buttons posted before that
carry no owner: they act for the clicker, who sees their own hand (see `TableController.owns_message`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.games.thegame.session import ChooseFirst, CycleMarker, FinishTurn, PlayOnPile, SelectCard
from bot.games.thegame.ui.format import MARKER_EMOJI
from bot.ui.components import PREFIX, TableButton

if TYPE_CHECKING:
    from bot.ui.controller import TableController

OWNER = r"(?::(?P<owner>\d+))?"


def _controller(interaction: discord.Interaction[Any]) -> TableController:
    return cast("TableController", interaction.client.controller)


def _owner(match: re.Match[str]) -> int | None:
    return int(match["owner"]) if match["owner"] else None


def _suffix(owner: int | None) -> str:
    return f":{owner}" if owner is not None else ""


class FirstPlayerButton(TableButton, template=rf"{PREFIX}:first:(?P<table>\d+)"):
    """On the board: "I'll start"."""

    action = "first"
    style = discord.ButtonStyle.secondary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(interaction, self.table_id, ChooseFirst(), answer="hand")


class EndTurnButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:end:(?P<table>\d+){OWNER}"
):
    def __init__(
        self,
        table_id: int,
        *,
        owner: int | None = None,
        label: str | None = None,
        disabled: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.owner = owner
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=self.id_for(table_id, owner),
            )
        )

    @staticmethod
    def id_for(table_id: int, owner: int | None) -> str:
        return f"{PREFIX}:end:{table_id}{_suffix(owner)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EndTurnButton:
        return cls(int(match["table"]), owner=_owner(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(
            interaction, self.table_id, FinishTurn(), answer="hand", owner=self.owner
        )


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:card:(?P<table>\d+):(?P<card>\d+){OWNER}",
):
    """A card of the player's private hand: choosing it shows the piles it can go on."""

    def __init__(
        self,
        table_id: int,
        card: int,
        *,
        owner: int | None = None,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.card = card
        self.owner = owner
        super().__init__(
            discord.ui.Button(
                label=label or str(card),
                emoji=emoji,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=self.id_for(table_id, card, owner),
            )
        )

    @staticmethod
    def id_for(table_id: int, card: int, owner: int | None) -> str:
        return f"{PREFIX}:card:{table_id}:{card}{_suffix(owner)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["table"]), int(match["card"]), owner=_owner(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(
            interaction, self.table_id, SelectCard(self.card), answer="hand", owner=self.owner
        )


class PlayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:play:(?P<table>\d+):(?P<card>\d+):(?P<pile>[ABCD]):(?P<confirmed>[01]){OWNER}",
):
    """Play the chosen card on a pile; `confirmed` skips the warning for a play that would end the game."""

    def __init__(
        self,
        table_id: int,
        card: int,
        pile: str,
        confirmed: bool,
        *,
        owner: int | None = None,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.card = card
        self.pile = pile
        self.confirmed = confirmed
        self.owner = owner
        super().__init__(
            discord.ui.Button(
                label=label or pile,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=self.id_for(table_id, card, pile, confirmed, owner),
            )
        )

    @staticmethod
    def id_for(table_id: int, card: int, pile: str, confirmed: bool, owner: int | None) -> str:
        return f"{PREFIX}:play:{table_id}:{card}:{pile}:{int(confirmed)}{_suffix(owner)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        return cls(
            int(match["table"]),
            int(match["card"]),
            match["pile"],
            match["confirmed"] == "1",
            owner=_owner(match),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        action = PlayOnPile(self.card, self.pile, self.confirmed)
        await _controller(interaction).act(
            interaction, self.table_id, action, answer="hand", owner=self.owner
        )


class ChooseAnotherButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:back:(?P<table>\d+):(?P<owner>\d+)"
):
    """After the warning that a play would end the game: back to the hand, nothing chosen."""

    def __init__(
        self, table_id: int, owner: int, *, label: str | None = None, row: int | None = None
    ) -> None:
        self.table_id = table_id
        self.owner = owner
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=self.id_for(table_id, owner),
            )
        )

    @staticmethod
    def id_for(table_id: int, owner: int) -> str:
        return f"{PREFIX}:back:{table_id}:{owner}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChooseAnotherButton:
        return cls(int(match["table"]), int(match["owner"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).show_hand(
            interaction, self.table_id, from_hand_message=True, owner=self.owner
        )


class MarkerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:mark:(?P<table>\d+):(?P<pile>[ABCD])",
):
    """Table talk on boards posted before the marker menu: cycles a pile's marker (none -> keep off -> small
    steps -> none). New boards use the menu; this stays registered so old boards still answer."""

    def __init__(self, table_id: int, pile: str, current: str | None = None) -> None:
        self.table_id = table_id
        self.pile = pile
        emoji = MARKER_EMOJI.get(current or "", "💬")
        super().__init__(
            discord.ui.Button(
                label=pile,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:mark:{table_id}:{pile}",
                row=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MarkerButton:
        return cls(int(match["table"]), match["pile"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(interaction, self.table_id, CycleMarker(self.pile), answer="board")


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    FirstPlayerButton,
    EndTurnButton,
    CardButton,
    PlayButton,
    ChooseAnotherButton,
    MarkerButton,
)
