"""The Game's own persistent buttons (custom ids unchanged since the first release, so old buttons still work)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.games.thegame.session import ChooseFirst, CycleMarker, FinishTurn, PlayOnPile, SelectCard
from bot.games.thegame.ui.format import MARKER_EMOJI
from bot.ui.components import PREFIX, TableButton

if TYPE_CHECKING:
    from bot.ui.controller import TableController


def _controller(interaction: discord.Interaction[Any]) -> TableController:
    return cast("TableController", interaction.client.controller)


class FirstPlayerButton(TableButton, template=rf"{PREFIX}:first:(?P<table>\d+)"):
    action = "first"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(interaction, self.table_id, ChooseFirst(), answer="hand")


class EndTurnButton(TableButton, template=rf"{PREFIX}:end:(?P<table>\d+)"):
    action = "end"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(interaction, self.table_id, FinishTurn(), answer="hand")


class CardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:card:(?P<table>\d+):(?P<card>\d+)"
):
    """A card of the player's private hand: choosing it shows the piles it can go on."""

    def __init__(
        self,
        table_id: int,
        card: int,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.card = card
        super().__init__(
            discord.ui.Button(
                label=str(card),
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"{PREFIX}:card:{table_id}:{card}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["table"]), int(match["card"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).act(interaction, self.table_id, SelectCard(self.card), answer="hand")


class PlayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:play:(?P<table>\d+):(?P<card>\d+):(?P<pile>[ABCD]):(?P<confirmed>[01])",
):
    """Play the chosen card on a pile; `confirmed` skips the warning for a play that would end the game."""

    def __init__(
        self,
        table_id: int,
        card: int,
        pile: str,
        confirmed: bool,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.card = card
        self.pile = pile
        self.confirmed = confirmed
        super().__init__(
            discord.ui.Button(
                label=label or pile,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"{PREFIX}:play:{table_id}:{card}:{pile}:{int(confirmed)}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        return cls(int(match["table"]), int(match["card"]), match["pile"], match["confirmed"] == "1")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        action = PlayOnPile(self.card, self.pile, self.confirmed)
        await _controller(interaction).act(interaction, self.table_id, action, answer="hand")


class MarkerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:mark:(?P<table>\d+):(?P<pile>[ABCD])",
):
    """Table talk without numbers: cycles a pile's marker (none -> keep off -> small steps -> none)."""

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
    MarkerButton,
)
