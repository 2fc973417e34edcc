"""Load test: N concurrent games through the local Discord emulator, against a bare discord.py command.

    python benchmarks/bot_load.py [--games 100] [--turns 6] [--players 2]

The bot runs in its own process (so its memory is its own), connected over loopback to the emulator that runs
here. Simulated players play legal moves the way a person does: open their hand with **My hand**, wait until the
bot's edit of their hand message shows their turn, choose a card, then a pile, then End turn. Every interaction's
time from dispatch to the bot's first answer is recorded.

The baseline, measured in the same run: a bare discord.py bot whose slash command only answers "ok", driven with
the same number of interactions at the same concurrency. Prints plays per second, p50/p99 answer times, the
bot's peak memory (VmHWM), and whether any interaction was answered later than Discord's 3-second limit.
Target: p99 under 3x the bare command's p99, and nothing later than 3 seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DISCORD_LIMIT = 3.0


# -- the bot processes -------------------------------------------------------------------------------------------
def serve(kind: str, api_base: str, gateway: str, token: str, database: str) -> None:
    """Child process: run the real bot or the bare baseline bot against the emulator."""
    import logging

    import discord
    import yarl
    from discord.ext import commands
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    logging.basicConfig(level=logging.ERROR)
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

    if kind == "game":
        from bot.app import create_bot
        from bot.config import Settings

        client: commands.Bot = create_bot(
            Settings(token=token, database_path=Path(database), ai_turn_delay=0.01)
        )
    else:

        class Bare(commands.Bot):
            async def setup_hook(self) -> None:
                @self.tree.command(name="noop", description="Does nothing")
                async def noop(interaction: discord.Interaction[Any]) -> None:
                    await interaction.response.send_message("ok", ephemeral=True)

                await self.tree.sync()

        client = Bare(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True))
    client._connection.guild_ready_timeout = 0.05

    async def main() -> None:
        async with client:
            await client.start(token)

    asyncio.run(main())


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class BotProcess:
    def __init__(self, kind: str, emulator: Any, database: str) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve",
                kind,
                emulator.api_base,
                emulator.gateway_url,
                emulator.token,
                database,
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    def stop(self) -> float:
        memory = peak_memory_mb(self.process.pid)
        self.process.terminate()
        self.process.wait(timeout=20)
        return memory


# -- the simulated players ---------------------------------------------------------------------------------------
class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.plays = 0
        self.failures: list[str] = []


async def act(emulator: Any, stats: Stats, coroutine: Any) -> Any:
    result = await coroutine
    callback = await result.response(timeout=30)
    stats.latencies.append(callback.elapsed)
    return result


def enabled(message: Any, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")]


async def play_game(emulator: Any, channel: Any, players: list[Any], turns: int, stats: Stats) -> None:
    lobby = await act(emulator, stats, emulator.slash(players[0], channel, "game new"))
    board = lobby.original or await lobby.original_message()
    table = board.custom_ids[0].split(":")[2]
    for player in players[1:]:
        await act(emulator, stats, emulator.click(player, board, f"tg:join:{table}"))
    await act(emulator, stats, emulator.click(players[0], board, f"tg:start:{table}"))
    hands = {}
    for player in players:
        result = await act(emulator, stats, emulator.click(player, board, f"tg:hand:{table}"))
        hands[player.id] = result.original or await result.original_message()
    first = await act(emulator, stats, emulator.click(players[0], board, f"tg:first:{table}"))
    hands[players[0].id] = await first.followup(0, timeout=30)
    for _ in range(turns):
        try:
            await emulator.wait_for(
                lambda: (
                    not board.buttons
                    or any(enabled(h, "tg:end") or enabled(h, "tg:card") for h in hands.values())
                ),
                timeout=30,
            )
        except AssertionError:
            stats.failures.append(f"table {table}: nobody's hand showed their turn")
            return
        if not board.buttons:
            return  # the game ended
        player = next(p for p in players if enabled(hands[p.id], "tg:end") or enabled(hands[p.id], "tg:card"))
        hand = hands[player.id]
        while not enabled(hand, "tg:end"):
            cards = enabled(hand, "tg:card")
            if not cards:
                return
            await act(emulator, stats, emulator.click(player, hand, cards[0]["custom_id"]))
            piles = enabled(hand, "tg:play")
            safe = [b for b in piles if b.get("style") != 4] or piles
            await act(emulator, stats, emulator.click(player, hand, safe[0]["custom_id"]))
            confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].endswith(":1")]
            if confirm:
                await act(emulator, stats, emulator.click(player, hand, confirm[0]["custom_id"]))
            stats.plays += 1
            if not board.buttons:
                return
        await act(emulator, stats, emulator.click(player, hand, enabled(hand, "tg:end")[0]["custom_id"]))


async def bare_worker(emulator: Any, channel: Any, user: Any, count: int, stats: Stats) -> None:
    for _ in range(count):
        await act(emulator, stats, emulator.slash(user, channel, "noop"))


# -- the run -----------------------------------------------------------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(
    kind: str, games: int, turns: int, players: int, interactions: int = 0
) -> tuple[Stats, float, float]:
    from bot.emulator import Emulator

    emulator = Emulator()
    await emulator.start()
    guild = emulator.world.add_guild("Load", locale="en-US")
    channels = [guild.add_text_channel(f"table-{index}") for index in range(games)]
    users = []
    for index in range(games * players):
        user = emulator.world.add_user(f"player{index}")
        guild.add_member(user)
        users.append(user)
    stats = Stats()
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(kind, emulator, str(Path(folder) / "load.sqlite3"))
        try:
            await wait_for_commands(emulator, "game" if kind == "game" else "noop")
            started = time.perf_counter()
            if kind == "game":
                await asyncio.gather(
                    *(
                        play_game(emulator, channels[g], users[g * players : (g + 1) * players], turns, stats)
                        for g in range(games)
                    )
                )
            else:
                per_worker = max(1, interactions // games)
                await asyncio.gather(
                    *(
                        bare_worker(emulator, channels[g], users[g * players], per_worker, stats)
                        for g in range(games)
                    )
                )
            elapsed = time.perf_counter() - started
        finally:
            memory = bot.stop()
            await emulator.stop()
    return stats, elapsed, memory


async def wait_for_commands(emulator: Any, command: str) -> None:
    """Wait until the child bot has connected (READY) and synced its commands."""
    for _ in range(600):
        if emulator.gateway.live_sessions and emulator.world.find_command(command, None):
            await asyncio.sleep(0.5)  # let the guilds become available
            return
        await asyncio.sleep(0.1)
    raise RuntimeError("the bot did not connect to the emulator")


def report(name: str, stats: Stats, elapsed: float, memory: float) -> dict[str, float]:
    p50 = statistics.median(stats.latencies) * 1000
    p99 = percentile(stats.latencies, 0.99) * 1000
    late = sum(1 for value in stats.latencies if value > DISCORD_LIMIT)
    print(
        f"{name:<22} {len(stats.latencies):>7} interactions in {elapsed:6.1f} s  "
        f"p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {max(stats.latencies) * 1000:7.1f} ms  "
        f"late (>3 s) {late}  peak memory {memory:6.1f} MB"
    )
    return {"p50": p50, "p99": p99, "late": late}


async def run(games: int, turns: int, players: int) -> int:
    print(f"{games} concurrent games of {players} players, {turns} turns each, bot in its own process\n")
    game_stats, game_elapsed, game_memory = await measure("game", games, turns, players)
    bare_stats, bare_elapsed, bare_memory = await measure(
        "bare", games, turns, players, interactions=len(game_stats.latencies)
    )
    game = report("The Game bot", game_stats, game_elapsed, game_memory)
    bare = report("bare discord.py command", bare_stats, bare_elapsed, bare_memory)
    print(f"\nplays per second: {game_stats.plays / game_elapsed:.1f} ({game_stats.plays} plays)")
    ratio = game["p99"] / bare["p99"]
    ok = ratio < 3 and game["late"] == 0 and not game_stats.failures
    print(f"p99 ratio to the bare command: {ratio:.2f}x (target under 3x)  {'✓' if ratio < 3 else '✗'}")
    print(f"answered later than 3 s: {int(game['late'])} (target 0)  {'✓' if game['late'] == 0 else '✗'}")
    for failure in game_stats.failures[:5]:
        print("failure:", failure)
    return 0 if ok else 1


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:7])
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--players", type=int, default=2, choices=range(1, 6))
    options = parser.parse_args()
    return asyncio.run(run(options.games, options.turns, options.players))


if __name__ == "__main__":
    sys.exit(main())
