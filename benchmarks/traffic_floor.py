"""The floor under `bot_load.py`: the Discord traffic of a play of The Game through discord.py, with no game behind it.

A bot that answers each click the way the game bot does (a private hand edited in place, the same embed and
buttons, drawn once at start-up) and, when a turn ends, makes the calls the game bot makes then, through the
interactions' tokens as the game bot does (none of them counted by Discord's global rate limit): the board edited
with its picture through the token that posted it, a new turn line posted as a follow-up of the End turn click and
the old one deleted through the token that posted it, the other player's hand edited through its interaction's
webhook. No rules, no saving, no drawing, no locks: what is left is discord.py, aiohttp and the event
loop, configured as the game bot configures them (the same intents, no message cache, its own edits not parsed,
uvloop, the same garbage collector settings). Whatever a play costs the game bot above this floor is the bot's own
code; what this floor costs is out of reach of any change to the bot short of replacing discord.py.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord.ext import commands

from bot.app import intents
from bot.games.thegame.ui.table_ui import TheGameUI
from bot.gateway_events import skip_own_messages
from bot.memory import tune_garbage_collection
from bot.service.table import Table
from bot.ui.lobby import for_edit, for_send
from tests.games.thegame.ui.tables import new_table, play_turns

LOCALE = "en-US"
COMMAND = "floor"


def sample_table() -> Table:
    """A 2-player game two plays into its first turn (a table of the view tests): the hand shows its moves, a
    chosen card and End turn."""
    return play_turns(new_table(2, ai=(), seed=11, locale=LOCALE), 2)


class FloorBot(commands.Bot):
    """Answers `/floor` with a hand and every button on it with the same hand; an End turn click passes the turn."""

    def __init__(self, *, tune_memory: bool = False) -> None:
        """`tune_memory`: the garbage collector settings of `python -m bot`, once start-up is done."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
        )
        skip_own_messages(self._connection)
        table = sample_table()
        ui = TheGameUI()
        game = table.session.game  # type: ignore[union-attr]
        self.hand = ui.hand(table, 0, LOCALE, notice=None, hints=True, selected=game.hand(0)[0])
        self.board = ui.board(table)
        self.turn_line = ui.turn_text(table) or "your turn"
        self.board["image"].png  # noqa: B018 (the picture is drawn once, here, not per edit)
        self.hands: dict[int, dict[int, discord.Interaction[Any]]] = {}  # channel -> user -> their /floor
        # channel -> the board message and the webhook of the token that posted it (None while it is posted)
        self.boards: dict[int, tuple[discord.Webhook, int] | None] = {}
        self.pings: dict[int, tuple[discord.Webhook, int]] = {}  # channel -> the turn line, likewise
        self.tasks: set[asyncio.Task[None]] = set()
        self.tune_memory = tune_memory

    async def setup_hook(self) -> None:
        @self.tree.command(name=COMMAND, description="The traffic of a play, no game")
        async def floor(interaction: discord.Interaction[Any]) -> None:
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            self.hands.setdefault(channel.id, {})[interaction.user.id] = interaction
            await interaction.response.send_message(**self.hand, ephemeral=True)
            if (
                channel.id not in self.boards
            ):  # the first player of a channel posts its board, a public follow-up
                self.boards[channel.id] = None
                followup = interaction.followup
                board = await followup.send(**for_send(self.board), wait=True)
                self.boards[channel.id] = (followup, board.id)

        await self.tree.sync()
        if self.tune_memory:
            tune_garbage_collection()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        await interaction.response.edit_message(**self.hand)
        if str(interaction.data.get("custom_id", "")).startswith("tg:end"):
            task = asyncio.create_task(self.pass_turn(interaction))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def pass_turn(self, interaction: discord.Interaction[Any]) -> None:
        """What the game bot does when a turn ends: board, turn line, the next player's hand."""
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        board = self.boards.get(channel.id)
        if board is not None:
            await board[0].edit_message(board[1], **for_edit(self.board))
        followup = interaction.followup
        ping = await followup.send(self.turn_line, wait=True)
        old = self.pings.get(channel.id)
        self.pings[channel.id] = (followup, ping.id)
        if old is not None:
            await old[0].delete_message(old[1])
        for user, opened in list(self.hands.get(channel.id, {}).items()):
            if user != interaction.user.id:
                await opened.edit_original_response(**self.hand)
