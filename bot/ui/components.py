"""Persistent buttons: every custom id carries the table (and card/pile) it acts on.

They are `discord.ui.DynamicItem`s registered once at start-up, so a button posted before a restart still works. A
click is handed to the bot's controller, which owns the behaviour shared with the slash commands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.ui.format import MARKER_EMOJI

if TYPE_CHECKING:
    from bot.ui.controller import TableController

PREFIX = "tg"


def _controller(interaction: discord.Interaction[Any]) -> TableController:
    return cast("TableController", interaction.client.controller)


class _TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"$^"):
    """A button that only needs the table id. Subclasses set `action` and their template."""

    action = ""
    style = discord.ButtonStyle.secondary

    def __init__(
        self,
        table_id: int,
        *,
        label: str | None = None,
        disabled: bool = False,
        style: discord.ButtonStyle | None = None,
        emoji: str | None = None,
    ) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style or self.style,
                custom_id=f"{PREFIX}:{self.action}:{table_id}",
                disabled=disabled,
                emoji=emoji,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _TableButton:
        return cls(int(match["table"]))


class JoinButton(_TableButton, template=rf"{PREFIX}:join:(?P<table>\d+)"):
    action = "join"
    style = discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).join(interaction, self.table_id)


class LeaveButton(_TableButton, template=rf"{PREFIX}:leave:(?P<table>\d+)"):
    action = "leave"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).leave(interaction, self.table_id)


class StartButton(_TableButton, template=rf"{PREFIX}:start:(?P<table>\d+)"):
    action = "start"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).start(interaction, self.table_id)


class AddAIButton(_TableButton, template=rf"{PREFIX}:addai:(?P<table>\d+)"):
    action = "addai"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).add_ai(interaction, self.table_id)


class FirstPlayerButton(_TableButton, template=rf"{PREFIX}:first:(?P<table>\d+)"):
    action = "first"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).choose_first(interaction, self.table_id)


class HandButton(_TableButton, template=rf"{PREFIX}:hand:(?P<table>\d+)"):
    action = "hand"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).show_hand(interaction, self.table_id, from_hand_message=False)


class RefreshButton(_TableButton, template=rf"{PREFIX}:refresh:(?P<table>\d+)"):
    action = "refresh"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).show_hand(interaction, self.table_id, from_hand_message=True)


class EndTurnButton(_TableButton, template=rf"{PREFIX}:end:(?P<table>\d+)"):
    action = "end"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).end_turn(interaction, self.table_id, from_hand_message=True)


class HintButton(_TableButton, template=rf"{PREFIX}:hint:(?P<table>\d+)"):
    action = "hint"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).hint(interaction, self.table_id)


class VoteEndButton(_TableButton, template=rf"{PREFIX}:vote:(?P<table>\d+)"):
    action = "vote"
    style = discord.ButtonStyle.danger

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).vote_end(interaction, self.table_id)


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
        await _controller(interaction).select_card(interaction, self.table_id, self.card)


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
        await _controller(interaction).play(
            interaction, self.table_id, self.card, self.pile, confirmed=self.confirmed, from_hand_message=True
        )


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
        await _controller(interaction).cycle_marker(interaction, self.table_id, self.pile)


ALL_DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton,
    LeaveButton,
    StartButton,
    AddAIButton,
    FirstPlayerButton,
    HandButton,
    RefreshButton,
    EndTurnButton,
    HintButton,
    VoteEndButton,
    CardButton,
    PlayButton,
    MarkerButton,
)
