"""Benchmark: another server's `/stats` while one Klondike table floods **Hint**, before and after the solver pool.

    python benchmarks/hint_flood.py [--floods 4] [--clicks 24] [--deal 0]

One bot runs in this process against the local Discord emulator. Server A has a Klondike table; in server B a
player with a few finished games asks `/stats` (a database read and a chart drawn in a thread) again and
again, one after the other. Each flood: the table at a new position (one more draw), then `--clicks` clicks on
**Hint** at once; it ends when every click was answered and the bot is idle. Printed: the p50 and p99 of `/stats`'s
time to its message with the chart, alone (no flood) and during the floods, how many answered after Discord's 3 s
(Discord would have refused them: "the application did not respond"), and the time the floods took, for

- before: the bot's old way, kept here to compare with: each click's hint worked out on `asyncio.to_thread` (the
  default executor, where the chart waits too), by the old full-information hint (the solver reading every card,
  1.5 s limit), each click its own job;
- after: the solver pool (worker processes of their own, one job per table, the answer shared by the clicks), the
  honest hint.

Both modes play the same deal and the same positions, each on a fresh bot and database. Timing figures are wall
clock on whatever else the machine runs: compare the two modes of one run.
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

import discord

from bot.app import TheGameBot, create_bot
from bot.config import Settings
from bot.emulator import Emulator
from bot.emulator.runner import RunningClient, start_client
from bot.emulator.world import Channel, User
from bot.games.base import Notice
from bot.games.deal_codes import seed_to_deal_code
from bot.games.klondike import Klondike, KlondikeOptions
from bot.games.klondike.jobs import HintJob
from bot.games.klondike.session import KlondikeSession
from bot.games.klondike.solver import WINNABLE, solve
from bot.games.klondike.wording import describe
from bot.service.solver_pool import solver_pool
from bot.service.table import Table
from bot.ui.answers import send_private
from bot.ui.controller import TableController
from bot.ui.game_ui import render_notice
from tests.storage.seed import add_game

OLD_HINT_SECONDS = 1.5
DISCORD_LIMIT = 3.0


def old_hint(position: Klondike) -> Notice:
    """The hint before this change: the first move of the solver's winning line, every card read."""
    result = solve(position, time_limit=OLD_HINT_SECONDS)
    if result.status == WINNABLE and result.moves:
        return Notice("klondike.hint_winning", {"move": describe(position, result.moves[0])})
    safe = position.auto_moves()
    if safe:
        return Notice("klondike.hint_safe", {"move": describe(position, safe[0])})
    return Notice("klondike.hint_draw")


def old_hint_task(self: KlondikeSession, seat: int) -> Callable[[], Notice]:
    position = self.engine.copy()
    return lambda: old_hint(position)


async def old_solver_hint(
    self: TableController, interaction: discord.Interaction[Any], table: Table, job: Callable[[], Notice]
) -> None:
    """The controller's slow hint before this change: thinking, `asyncio.to_thread`, a new private message."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    advice = await asyncio.to_thread(job)
    await self.games.record_hint(table.id, interaction.user.id)
    await send_private(interaction, render_notice(interaction.locale, advice))


async def stats_time(emulator: Emulator, user: User, channel: Channel) -> tuple[float, float]:
    """(seconds to /stats's first answer, seconds to its message with the chart)."""
    started = time.perf_counter()
    asked = await emulator.slash(user, channel, "stats", {})
    answer = await asked.response(timeout=120)
    first = time.perf_counter() - started
    if answer.message is None or not answer.message.attachments:
        await emulator.wait_for(
            lambda: any(message.attachments for message in asked.messages), timeout=120, message="no chart"
        )
    return first, time.perf_counter() - started


Timings = list[tuple[float, float]]  # /stats: (seconds to its first answer, seconds to its chart)


async def run_mode(mode: str, floods: int, clicks: int, deal: int) -> tuple[Timings, Timings, list[float]]:
    """(/stats alone, /stats during the floods, each flood's time) for one mode on a fresh bot."""
    controller_hint = TableController._solver_hint
    session_task = KlondikeSession.hint_task
    if mode == "before":
        TableController._solver_hint = old_solver_hint  # type: ignore[method-assign]
        KlondikeSession.hint_task = old_hint_task  # type: ignore[assignment,method-assign]
    emulator = Emulator()
    emulator.rules.ack_deadline = 600.0  # count the answers later than Discord's 3 s instead of refusing them
    await emulator.start()
    try:
        with emulator.patch_discord(), tempfile.TemporaryDirectory() as folder:
            settings = Settings(token="emulated", database_path=Path(folder) / "bench.sqlite3")
            running: RunningClient[TheGameBot] = await start_client(emulator, lambda: create_bot(settings))
            try:
                return await flood(emulator, running.client, floods, clicks, deal, mode)
            finally:  # an error must not leave the bot connected (the emulator would wait for it)
                await running.stop(check=False)
    finally:
        TableController._solver_hint = controller_hint  # type: ignore[method-assign]
        KlondikeSession.hint_task = session_task  # type: ignore[method-assign]
        await emulator.stop()


async def flood(
    emulator: Emulator, bot: TheGameBot, floods: int, clicks: int, deal: int, mode: str
) -> tuple[Timings, Timings, list[float]]:
    """A Klondike table in one server, `/stats` in another: `/stats` alone, then during each flood of Hint clicks."""
    table_guild = emulator.world.add_guild("Klondike club", locale="en-US")
    table_channel = table_guild.add_text_channel("solitaire")
    player = emulator.world.add_user("player", locale="en-US")
    table_guild.add_member(player)
    other = emulator.world.add_guild("Elsewhere", locale="en-US")
    elsewhere = other.add_text_channel("stats")
    asker = emulator.world.add_user("asker", locale="en-US")
    other.add_member(asker)
    for cards in (4, 9, 0, 17):
        await add_game(bot.db, [asker.id], guild_id=other.id, channel_id=elsewhere.id, cards_left=cards)
    await (
        await emulator.slash(
            player, table_channel, "game new", {"game": "klondike", "deal": seed_to_deal_code(deal)}
        )
    ).response()
    await bot.controller.settle()
    table = bot.games.in_channel(table_channel.id)
    assert table is not None
    board = next(message for message in table_channel.messages if message.id == table.board_message_id)
    await (await emulator.click(player, board, f"tg:start:{table.id}")).response()
    await bot.controller.settle()
    if mode == "after":  # the worker processes start before the timed part
        await solver_pool().run(-1, HintJob(Klondike.new(KlondikeOptions(), 0).seen_position()))
    alone = [await stats_time(emulator, asker, elsewhere) for _ in range(10)]
    during: Timings = []
    flood_times: list[float] = []
    for flood in range(floods):
        board = next(message for message in table_channel.messages if message.id == table.board_message_id)
        if flood:
            await (await emulator.click(player, board, f"tg:g:{table.id}:draw")).response()
            await bot.controller.settle()
        started = time.perf_counter()
        asked = [await emulator.click(player, board, f"tg:hint:{table.id}") for _ in range(clicks)]
        flood_task = asyncio.ensure_future(answered(bot, asked))
        while not flood_task.done():
            during.append(await stats_time(emulator, asker, elsewhere))
        await flood_task
        flood_times.append(time.perf_counter() - started)
    return alone, during, flood_times


async def answered(bot: TheGameBot, asked: list[Any]) -> None:
    for click in asked:
        await click.response(timeout=120)
    await bot.controller.settle(limit=300)


def percentiles(timings: Timings) -> str:
    ordered = sorted(chart for _, chart in timings)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    late = sum(1 for first, _ in timings if first > DISCORD_LIMIT)
    return (
        f"p50 {statistics.median(ordered) * 1000:7.0f} ms   p99 {p99 * 1000:7.0f} ms   "
        f"({len(ordered)} asked, {late} answered after Discord's {DISCORD_LIMIT:g} s: failed in Discord)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--floods", type=int, default=4)
    parser.add_argument("--clicks", type=int, default=24)
    parser.add_argument("--deal", type=int, default=0)
    options = parser.parse_args()
    print(f"{options.clicks} clicks on Hint at once, {options.floods} floods; /stats in another server")
    for mode in ("before", "after"):
        alone, during, floods = asyncio.run(run_mode(mode, options.floods, options.clicks, options.deal))
        print(f"  {mode}:")
        print(f"    /stats alone          {percentiles(alone)}")
        print(f"    /stats during floods  {percentiles(during)}")
        print(f"    flood answered in     median {statistics.median(floods):.1f} s, max {max(floods):.1f} s")


if __name__ == "__main__":
    main()
