"""The floor under `bot_load.py`: the Discord traffic of a play of The Game through discord.py, with no game behind it.

A bot that answers each click the way the game bot does (a private hand edited in place, the same embed and
buttons, drawn once at start-up) and makes the public calls the game bot makes, through the interactions' tokens as
the game bot does (none of them counted by Discord's global rate limit):
- after a play, the board edited with its picture through the token that posted it, at most once a second a
  table as the game bot's board (the first change at once, then the latest one a second after the edit before),
  and after that edit the turn line edited (the game bot's turn line shows the pile tops);
- when a turn ends, the board edited likewise, a new turn line posted as a follow-up of the End turn click and the
  old one deleted through the token that posted it, the other player's hand edited through its interaction's
  webhook.
No rules, no saving, no drawing, no locks: what is left is discord.py, aiohttp and the event loop, configured as the
game bot configures them (the same intents, no message cache, its own edits not parsed, uvloop, the same garbage
collector settings). Whatever a play costs the game bot above this floor is the bot's own code; what this floor
costs is out of reach of any change to the bot short of replacing discord.py. `bot_load.py --calls` lists both
bots' calls a play, which should match.
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
from bot.ui.display import BOARD_EDIT_INTERVAL
from bot.ui.lobby import for_edit, for_send
from tests.games.thegame.ui.tables import new_table, play_turns

LOCALE = "en-US"
COMMAND = "floor"


def sample_table() -> Table:
    """A 2-player game two plays into its first turn (a table of the view tests): the hand shows its moves, a
    chosen card and End turn."""
    return play_turns(new_table(2, ai=(), seed=11, locale=LOCALE), 2)


class FloorBot(commands.Bot):
    """Answers `/floor` with a hand and every button on it with the same hand; a play changes the board, an End turn
    click passes the turn."""

    def __init__(
        self, *, tune_memory: bool = False, board_edit_interval: float = BOARD_EDIT_INTERVAL
    ) -> None:
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
        self.board_edit_interval = board_edit_interval
        # channel -> whether the turn line must be edited after the board's next edit (a play since it was
        # posted), for the channels whose board must be edited; when each board was last edited (loop time)
        self.board_changes: dict[int, bool] = {}
        self.board_edited_at: dict[int, float] = {}
        self.board_workers: dict[int, asyncio.Task[None]] = {}
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
        custom_id = str(interaction.data.get("custom_id", ""))
        if custom_id.startswith("tg:play"):
            self.board_changed(interaction.channel_id or 0, played=True)
        elif custom_id.startswith("tg:end"):
            self.board_changed(interaction.channel_id or 0, played=False)
            self.spawn(self.pass_turn(interaction))

    def spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def board_changed(self, channel_id: int, *, played: bool) -> None:
        """The game bot edits the board after each change, the latest one, at most once a second a table."""
        self.board_changes[channel_id] = played
        worker = self.board_workers.get(channel_id)
        if worker is None or worker.done():
            self.board_workers[channel_id] = self.spawn(self.edit_board(channel_id))

    async def edit_board(self, channel_id: int) -> None:
        loop = asyncio.get_running_loop()
        while channel_id in self.board_changes:
            last = self.board_edited_at.get(channel_id)
            if last is not None and (pause := self.board_edit_interval - (loop.time() - last)) > 0:
                await asyncio.sleep(pause)
            played = self.board_changes.pop(channel_id)
            self.board_edited_at[channel_id] = loop.time()
            board = self.boards.get(channel_id)
            if board is not None:
                await board[0].edit_message(board[1], **for_edit(self.board))
            if played:  # the turn line shows the pile tops: a play changed them
                await self.refresh_turn_line(channel_id)

    async def refresh_turn_line(self, channel_id: int) -> None:
        ping = self.pings.get(channel_id)
        if ping is not None:
            await ping[0].edit_message(
                ping[1], content=self.turn_line, allowed_mentions=discord.AllowedMentions.none()
            )

    async def pass_turn(self, interaction: discord.Interaction[Any]) -> None:
        """What the game bot does when a turn ends, besides the board: the turn line, the next player's hand."""
        channel_id = interaction.channel_id or 0
        followup = interaction.followup
        ping = await followup.send(self.turn_line, wait=True)
        old = self.pings.get(channel_id)
        self.pings[channel_id] = (followup, ping.id)
        if old is not None:
            await old[0].delete_message(old[1])
        await self.edit_other_hands(channel_id, interaction.user.id)

    async def edit_other_hands(self, channel_id: int, player: int) -> None:
        for user, opened in list(self.hands.get(channel_id, {}).items()):
            if user != player:
                await opened.edit_original_response(**self.hand)
