"""Persistent buttons shared by every game: every custom id carries the table (and what it acts on).

They are `discord.ui.DynamicItem`s registered once at start-up, so a button posted before a restart still works. A
click is handed to the bot's controller, which owns the behaviour shared with the slash commands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.games.errors import GameError
from bot.ui.answers import send_private
from bot.ui.component_router import selected_values

if TYPE_CHECKING:
    from bot.ui.controller import TableController

PREFIX = "tg"
# A table id as the database holds it (SQLite's integers end at 2**63): a larger one is no table's, and is never
# looked up (a forged or damaged button then gets the answer for a button nothing handles).
TABLE_ID = r"\d{1,18}"
# The user a private hand's button belongs to, at the end of its custom id (`:<user id>`): anyone else's click is
# refused, so no click can act on, or show, someone else's hand. Buttons without it act for the clicker.
OWNER = r"(?::(?P<owner>\d+))?"


def _controller(interaction: discord.Interaction[Any]) -> TableController:
    return cast("TableController", interaction.client.controller)


def _owner(match: re.Match[str]) -> int | None:
    return int(match["owner"]) if match["owner"] else None


def _suffix(owner: int | None) -> str:
    return f":{owner}" if owner is not None else ""


async def _refuse_other_hand(interaction: discord.Interaction[Any]) -> None:
    """A click on a button of someone else's private hand (a forged click): one private sentence, nothing done."""
    refusal = _controller(interaction).explain(interaction, GameError("error.not_your_hand"))
    try:
        await send_private(interaction, refusal)
    except discord.HTTPException:
        return


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"$^"):
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
                custom_id=self.id_for(table_id),
                disabled=disabled,
                emoji=emoji,
            )
        )

    @classmethod
    def id_for(cls, table_id: int) -> str:
        """The button's custom id (also for its payload in a `ComponentRows`)."""
        return f"{PREFIX}:{cls.action}:{table_id}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(int(match["table"]))


class JoinButton(TableButton, template=rf"{PREFIX}:join:(?P<table>{TABLE_ID})"):
    action = "join"
    style = discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).join(interaction, self.table_id)


class LeaveButton(TableButton, template=rf"{PREFIX}:leave:(?P<table>{TABLE_ID})"):
    action = "leave"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).leave(interaction, self.table_id)


class StartButton(TableButton, template=rf"{PREFIX}:start:(?P<table>{TABLE_ID})"):
    action = "start"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).start(interaction, self.table_id)


class AddAIButton(TableButton, template=rf"{PREFIX}:addai:(?P<table>{TABLE_ID})"):
    action = "addai"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).add_ai(interaction, self.table_id)


class RemoveAIButton(TableButton, template=rf"{PREFIX}:rmai:(?P<table>{TABLE_ID})"):
    """The lobby host's: the AI seat added last leaves."""

    action = "rmai"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).remove_ai(interaction, self.table_id)


class HandButton(TableButton, template=rf"{PREFIX}:hand:(?P<table>{TABLE_ID})"):
    action = "hand"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).show_hand(interaction, self.table_id, from_hand_message=False)


class RefreshButton(TableButton, template=rf"{PREFIX}:refresh:(?P<table>{TABLE_ID})(?::(?P<owner>\d+))?"):
    """Shows the clicker's hand again: in the message clicked when it is theirs (`owner`, the user the hand
    message belongs to; buttons posted before it existed carry none), else in a new private message."""

    action = "refresh"

    def __init__(
        self,
        table_id: int,
        *,
        owner: int | None = None,
        label: str | None = None,
        disabled: bool = False,
        style: discord.ButtonStyle | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(table_id, label=label, disabled=disabled, style=style, emoji=emoji)
        self.owner = owner
        if owner is not None:
            self.item.custom_id = self.id_for(table_id, owner)

    @classmethod
    def id_for(cls, table_id: int, owner: int | None = None) -> str:
        return f"{PREFIX}:{cls.action}:{table_id}{_suffix(owner)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RefreshButton:
        return cls(int(match["table"]), owner=int(match["owner"]) if match["owner"] else None)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).show_hand(
            interaction, self.table_id, from_hand_message=True, owner=self.owner
        )


class HintButton(TableButton, template=rf"{PREFIX}:hint:(?P<table>{TABLE_ID})"):
    action = "hint"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).hint(interaction, self.table_id)


class VoteEndButton(TableButton, template=rf"{PREFIX}:vote:(?P<table>{TABLE_ID})"):
    action = "vote"
    style = discord.ButtonStyle.danger

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).vote_end(interaction, self.table_id)


class ForfeitButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:forfeit:(?P<table>{TABLE_ID}):(?P<choice>yes|no)",
):
    """The answer to `/game stop` in a rated game: give the game up (a loss) or keep playing. It acts for the
    clicker (the question is private, and only a seated player's click can give up their own seat)."""

    def __init__(self, table_id: int, confirm: bool, *, label: str | None = None) -> None:
        self.table_id = table_id
        self.confirm = confirm
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:forfeit:{table_id}:{'yes' if confirm else 'no'}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForfeitButton:
        return cls(int(match["table"]), match["choice"] == "yes")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).answer_forfeit(interaction, self.table_id, self.confirm)


class GameActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:g:(?P<table>{TABLE_ID}):(?P<payload>[A-Za-z0-9_.-]{{1,80}}){OWNER}",
):
    """A game's own button: the payload is the game's action, decoded by the game's UI (`GameUI.action`); on a
    private hand it names its owner."""

    def __init__(
        self,
        table_id: int,
        payload: str,
        *,
        label: str | None = None,
        emoji: str | discord.PartialEmoji | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
        owner: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.payload = payload
        self.owner = owner
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"{PREFIX}:g:{table_id}:{payload}{_suffix(owner)}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameActionButton:
        return cls(int(match["table"]), match["payload"], owner=_owner(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.owner is not None and self.owner != interaction.user.id:
            await _refuse_other_hand(interaction)
            return
        await _controller(interaction).game_action(interaction, self.table_id, self.payload, [])


class GameActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:gs:(?P<table>{TABLE_ID}):(?P<payload>[A-Za-z0-9_.-]{{1,80}}){OWNER}",
):
    """A game's own select menu: the payload names the action, the chosen values complete it."""

    def __init__(
        self,
        table_id: int,
        payload: str,
        options: list[discord.SelectOption] | None = None,
        *,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
        disabled: bool = False,
        owner: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.payload = payload
        self.owner = owner
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:gs:{table_id}:{payload}{_suffix(owner)}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
                row=row,
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameActionSelect:
        return cls(int(match["table"]), match["payload"], owner=_owner(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.owner is not None and self.owner != interaction.user.id:
            await _refuse_other_hand(interaction)
            return
        await _controller(interaction).game_action(
            interaction, self.table_id, self.payload, selected_values(interaction)
        )


class HowToPlayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:howto:(?P<game>[a-z0-9_]+)"
):
    """The game's rules, privately (what `/rules` shows); it names the game, so it answers even after the game."""

    def __init__(self, game_key: str, *, label: str | None = None, row: int | None = None) -> None:
        self.game_key = game_key
        super().__init__(
            discord.ui.Button(label=label, emoji="❔", row=row, custom_id=f"{PREFIX}:howto:{game_key}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HowToPlayButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).how_to_play(interaction, self.game_key)


class PlayAgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:again:(?P<table>{TABLE_ID}):(?P<deal>new|same)",
):
    """Under a finished game: a new table with the same seats, on a new deal or on the same one."""

    def __init__(
        self,
        table_id: int,
        same_deal: bool,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.same_deal = same_deal
        deal = "same" if same_deal else "new"
        super().__init__(
            discord.ui.Button(
                label=label, style=style, row=row, custom_id=f"{PREFIX}:again:{table_id}:{deal}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayAgainButton:
        return cls(int(match["table"]), match["deal"] == "same")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).play_again(interaction, self.table_id, same_deal=self.same_deal)


class FullLogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:log:(?P<table>{TABLE_ID}):(?P<page>\d{{1,5}})",
):
    """A finished game's every play, privately, one page at a time (the game's `GameUI.log_pages`)."""

    def __init__(
        self,
        table_id: int,
        page: int = 0,
        *,
        label: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.table_id = table_id
        self.page = page
        super().__init__(
            discord.ui.Button(
                label=label, disabled=disabled, row=row, custom_id=f"{PREFIX}:log:{table_id}:{page}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FullLogButton:
        return cls(int(match["table"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _controller(interaction).full_log(interaction, self.table_id, self.page)


SHARED_DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton,
    LeaveButton,
    StartButton,
    AddAIButton,
    RemoveAIButton,
    HandButton,
    RefreshButton,
    HintButton,
    VoteEndButton,
    ForfeitButton,
    GameActionButton,
    GameActionSelect,
    HowToPlayButton,
    PlayAgainButton,
    FullLogButton,
)
