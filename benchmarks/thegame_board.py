"""What The Game's board picture costs: its render time, and the extra latency it adds to each play compared with
the text-only board, measured in the same run.

1. The board message: building `TheGameUI.board` for a table mid-game, with the picture drawn fresh each time
   (the render cache is cleared) and without the picture (the embed and buttons alone, as a text board).
2. Per play, through the local Discord emulator and the real bot (in this process, over loopback): the same
   solo deal is played twice with the hand's buttons, once with the picture and once with the text board, and
   each play's time is taken from the click to (a) the player's answer and (b) the board's edit reaching
   Discord (the upload of the picture included; the pause between two edits of one board, a second, is set to
   nothing, since this loop plays faster than people do). The two games alternate play by play, so both see the same
   machine load.

Prints figures, asserts nothing. Target: a board render well under 50 ms.

    .venv/bin/python benchmarks/thegame_board.py [--runs 50] [--plays 40]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.app import TheGameBot, create_bot
from bot.config import Settings
from bot.emulator import Emulator, Message, RunningClient, User, start_client
from bot.games.thegame.engine import seed_to_deal_code
from bot.games.thegame.ui import board as board_views
from bot.games.thegame.ui import image as image_views
from bot.games.thegame.ui.table_ui import TheGameUI
from bot.service.table import Table
from bot.ui.render import prepare
from tests.games.thegame.ui.tables import mid_game


def median_ms(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median and 90th percentile wall time of `action`, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))]


def board_message(table: Table, *, picture: bool) -> dict[str, Any]:
    image_views._png.cache_clear()  # draw it, as after a play (a new state is never in the cache)
    content = board_views.board_content(table, image=picture)
    if picture:
        content["image"].png  # noqa: B018 (the picture is drawn when the message goes out: draw it here)
    return content


# -- per play, through the emulator ------------------------------------------------------------------------------
TEXT_CHANNELS: set[int] = set()
PICTURE_BOARD = TheGameUI.board


def board_by_channel(self: TheGameUI, table: Table) -> dict[str, Any]:
    """The picture board, except in the channels playing with the text board."""
    if table.channel_id in TEXT_CHANNELS:
        return board_views.board_content(table, image=False)
    return PICTURE_BOARD(self, table)


class Player:
    def __init__(
        self, emulator: Emulator, running: RunningClient[TheGameBot], user: User, channel: Any
    ) -> None:
        self.emulator, self.running, self.user, self.channel = emulator, running, user, channel
        self.hand: Message | None = None
        self.table_id = 0

    @property
    def bot(self) -> TheGameBot:
        return self.running.client

    async def start(self, deal: str) -> None:
        await (await self.emulator.slash(self.user, self.channel, "game new", {"deal": deal})).response()
        table = self.bot.games.in_channel(self.channel.id)
        assert table is not None
        self.table_id = table.id
        board = self.board()
        # Alone at the table, the game starts on the player's turn: the start brings the hand.
        started = await self.emulator.click(self.user, board, f"tg:start:{table.id}")
        await started.response()
        await self.bot.controller.settle()
        # The private hand; the public follow-ups of the same click (the turn line) may come after it.
        self.hand = next(message for message in reversed(started.followups) if message.ephemeral)

    def board(self) -> Message:
        table = self.bot.games.get(self.table_id) or self.bot.games.in_channel(self.channel.id)
        assert table is not None
        assert table.board_message_id is not None
        board: Message = next(
            message for message in self.channel.messages if message.id == table.board_message_id
        )
        return board

    def button(self, kind: str, *parts: object) -> str:
        return ":".join(["tg", kind, str(self.table_id), *map(str, parts), str(self.user.id)])

    async def play_once(self) -> tuple[float, float] | None:
        """One step of the game (a play, or End turn once the minimum is reached): the seconds from the click to
        the answer, and to the board's edit. None once the game is over."""
        table = self.bot.games.get(self.table_id)
        if table is None or self.hand is None:
            return None
        game = board_views.game_of(table)
        hand = self.hand
        if game.played_this_turn >= game.turn_minimum:
            await (await self.emulator.click(self.user, hand, self.button("end"))).response()
            await self.bot.controller.settle()
            return await self.play_once()
        options = [o for o in game.legal_plays() if game.can_complete_minimum_after(o.card, o.pile)]
        option = min(options or game.legal_plays(), key=lambda o: abs(o.card - game.pile(o.pile).top))
        await (await self.emulator.click(self.user, hand, self.button("card", option.card))).response()
        if not options:  # every play ends the game: confirm it, and time nothing
            await (
                await self.emulator.click(self.user, hand, self.button("play", option.card, option.pile, 0))
            ).response()
            await (
                await self.emulator.click(self.user, hand, self.button("play", option.card, option.pile, 1))
            ).response()
            await self.bot.controller.settle()
            return None
        board = self.board()
        edits = len(board.edits)
        start = time.perf_counter()
        result = await self.emulator.click(self.user, hand, self.button("play", option.card, option.pile, 0))
        await result.response()
        answered = time.perf_counter() - start
        if self.bot.games.get(self.table_id) is not None:
            await self.emulator.wait_for(lambda: len(board.edits) > edits, timeout=10)
        shown = time.perf_counter() - start
        await self.bot.controller.settle()
        return answered, shown


async def per_play(plays: int) -> dict[str, list[tuple[float, float]]]:
    """One bot, two tables on the same deal: one with the picture board, one with the text board; their plays
    alternate."""
    emulator = Emulator()
    await emulator.start()
    results: dict[str, list[tuple[float, float]]] = {"picture": [], "text": []}
    TheGameUI.board = board_by_channel  # type: ignore[method-assign]
    try:
        with emulator.patch_discord(), tempfile.TemporaryDirectory() as folder:
            guild = emulator.world.add_guild("Bench", locale="en-US")
            settings = Settings(
                token="emulated", database_path=Path(folder) / "bench.sqlite3", ai_turn_delay=0.01
            )
            running: RunningClient[TheGameBot] = await start_client(emulator, lambda: create_bot(settings))
            # Players take seconds between plays; this loop plays at once: without this, each board edit would
            # wait out the pause between two edits of one board (a second) and measure nothing else.
            running.client.display.board_edit_interval = 0
            try:
                await play_both(emulator, running, guild, results, plays)
            finally:  # an error in a play must not leave the bot connected (the emulator would wait for it)
                await running.stop(check=False)
    finally:
        TheGameUI.board = PICTURE_BOARD  # type: ignore[method-assign]
        await emulator.stop()
    return results


async def play_both(
    emulator: Emulator,
    running: RunningClient[TheGameBot],
    guild: Any,
    results: dict[str, list[tuple[float, float]]],
    plays: int,
) -> None:
    """Start one table of each kind, then alternate their plays until each has `plays` timed plays (or ends)."""
    players: dict[str, Player] = {}
    for kind in results:
        user = emulator.world.add_user(f"{kind}-player", locale="en-US")
        guild.add_member(user)
        channel = guild.add_text_channel(kind)
        if kind == "text":
            TEXT_CHANNELS.add(channel.id)
        players[kind] = Player(emulator, running, user, channel)
        await players[kind].start(seed_to_deal_code(2026))
    while any(len(found) < plays for found in results.values()):
        progressed = False
        for kind, player in players.items():
            if len(results[kind]) >= plays:
                continue
            step = await player.play_once()
            if step is not None:
                results[kind].append(step)
                progressed = True
        if not progressed:
            break


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{name:<38} median {statistics.median(ordered) * 1000:6.1f} ms   p90 {p90 * 1000:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--plays", type=int, default=40)
    options = parser.parse_args()
    prepare()
    table = mid_game()
    with_picture = median_ms(lambda: board_message(table, picture=True), options.runs)
    text_only = median_ms(lambda: board_message(table, picture=False), options.runs)
    png = board_message(table, picture=True)["image"].png
    print(f"The Game's board message ({options.runs} runs, picture {len(png) / 1024:.0f} KiB):")
    for name, (median, p90) in (("with the picture (drawn fresh)", with_picture), ("text only", text_only)):
        print(f"  {name:<38} median {median:6.1f} ms   p90 {p90:6.1f} ms")
    print(f"  {'the picture costs':<38} {with_picture[0] - text_only[0]:6.1f} ms a board (median)")
    results = asyncio.run(per_play(options.plays))
    print(f"\nPer play through the emulator ({len(results['picture'])} and {len(results['text'])} plays):")
    for kind in ("picture", "text"):
        print("  " + summary(f"{kind} board: click -> answer", [answer for answer, _ in results[kind]]))
        print("  " + summary(f"{kind} board: click -> board edited", [shown for _, shown in results[kind]]))
    extra = statistics.median(s for _, s in results["picture"]) - statistics.median(
        s for _, s in results["text"]
    )
    answer = statistics.median(a for a, _ in results["picture"]) - statistics.median(
        a for a, _ in results["text"]
    )
    print(
        f"  extra latency of the picture: {answer * 1000:+.1f} ms to the answer, {extra * 1000:+.1f} ms to the board"
    )


if __name__ == "__main__":
    main()
