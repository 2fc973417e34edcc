"""One bot process against two, on the same load and the same PostgreSQL.

    python benchmarks/cluster.py [--servers 60] [--plays 4] [--rounds 2]

The load: every server (a guild of its own, spread over 4 shards) has a table of The Game for two players, opened,
started, then the first player plays up to --plays cards (a card, then a pile: two interactions a play), all servers
at once. It runs on one process with all 4 shards (SHARD_IDS=0-3), then on two processes with two shards each
(0-1 and 2-3), each time on a fresh database of one throwaway PostgreSQL, through the local Discord emulator in
this process (which gives each server's events to the process of its shard). Rounds alternate the two layouts.

Prints, for each run: interactions, plays, plays per second, p50/p99 time from an interaction's dispatch to the
bot's answer, answers later than 3 s, and the CPU time the bot processes used per play (less sensitive than wall
time to what else runs on the machine). On a machine with few cores the emulator, PostgreSQL, the simulated players
and the bot processes share them: two processes cannot be twice as fast there, and the figures say how far they go.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.emulator import Emulator  # noqa: E402
from bot.games.thegame.engine import seed_to_deal_code  # noqa: E402
from tests.cluster import cluster  # noqa: E402
from tests.cluster.cluster import BotProcess, Table, open_and_start, play  # noqa: E402
from tests.postgres import ThrowawayPostgres  # noqa: E402

SHARDS = 4
DISCORD_LIMIT = 3.0
LAYOUTS = {"1 process, shards 0-3": ["0-3"], "2 processes, 0-1 + 2-3": ["0-1", "2-3"]}


@dataclass
class Run:
    layout: str
    interactions: int
    plays: int
    elapsed: float
    p50: float
    p99: float
    late: int
    bot_cpu: float  # seconds, all bot processes together

    @property
    def cpu_per_play(self) -> float:
        return self.bot_cpu / self.plays

    @property
    def plays_per_second(self) -> float:
        return self.plays / self.elapsed

    def line(self) -> str:
        return (
            f"{self.layout:<24} {self.interactions:>5} interactions, {self.plays:>4} plays in {self.elapsed:5.1f} s: "
            f"{self.plays_per_second:6.1f} plays/s  p50 {self.p50 * 1000:6.0f} ms  p99 {self.p99 * 1000:6.0f} ms  "
            f"late (>3 s) {self.late:>3}  bot CPU {self.cpu_per_play * 1000:5.1f} ms/play"
        )


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a live process (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(layout: str, server: ThrowawayPostgres, servers: int, plays: int, folder: Path) -> Run:
    emulator = Emulator(shard_count=SHARDS, keep_history=True)
    emulator.rules.ack_deadline = 600.0  # count late answers instead of rejecting them
    await emulator.start()
    url = await server.new_database("cluster_bench")
    tables = []
    for index in range(servers):
        guild = emulator.world.add_guild(f"Server {index}")
        alice, bob = emulator.world.add_user(f"alice{index}"), emulator.world.add_user(f"bob{index}")
        guild.add_member(alice)
        guild.add_member(bob)
        tables.append(Table(guild.add_text_channel("games"), alice, bob))
    processes = [
        BotProcess(
            emulator,
            database_path=folder / f"{layout[0]}-{index}.sqlite3",
            database_url=url,
            shard_count=SHARDS,
            shard_ids=shards,
        )
        for index, shards in enumerate(LAYOUTS[layout])
    ]
    try:
        for process in processes:  # one after the other: they sync the commands in turn
            await process.start()
            await process.wait_ready(timeout=120)

        async def game(index: int, table: Table) -> None:
            await open_and_start(emulator, table, seed_to_deal_code(5_000 + index))
            for _ in range(plays):
                if not await play(emulator, table):
                    return

        cpu_before = sum(cpu_seconds(process.pid) for process in processes)
        started = time.perf_counter()
        await asyncio.gather(*(game(index, table) for index, table in enumerate(tables)))
        elapsed = time.perf_counter() - started
        bot_cpu = sum(cpu_seconds(process.pid) for process in processes) - cpu_before
    finally:
        for process in processes:
            await process.stop()
            errors = process.errors().strip()
            if errors:
                print(f"[{layout}, shards {process.shard_ids}] {errors[-500:]}", file=sys.stderr)
        await emulator.stop()
    latencies = [value for table in tables for value in table.latencies]
    return Run(
        layout=layout,
        interactions=len(latencies),
        plays=sum(len(table.acknowledged) for table in tables),
        elapsed=elapsed,
        p50=statistics.median(latencies),
        p99=percentile(latencies, 0.99),
        late=sum(1 for value in latencies if value > DISCORD_LIMIT),
        bot_cpu=bot_cpu,
    )


async def run(servers: int, plays: int, rounds: int) -> int:
    cluster.ANSWER_TIMEOUT = 300.0  # a slow answer is a figure here, not a failure
    print(
        f"{servers} servers at once over {SHARDS} shards, a 2-player table each, up to {plays} plays; "
        f"PostgreSQL; {rounds} round(s), layouts alternating\n"
    )
    results: dict[str, list[Run]] = {layout: [] for layout in LAYOUTS}
    with ThrowawayPostgres() as server, tempfile.TemporaryDirectory() as folder:
        for round_number in range(rounds):
            order = list(LAYOUTS) if round_number % 2 == 0 else list(reversed(LAYOUTS))
            for layout in order:
                result = await measure(layout, server, servers, plays, Path(folder))
                results[layout].append(result)
                print(result.line(), flush=True)
    print("\nmedians over the rounds:")
    medians = {}
    for layout, runs in results.items():
        medians[layout] = statistics.median(r.plays_per_second for r in runs)
        p50 = statistics.median(r.p50 for r in runs) * 1000
        p99 = statistics.median(r.p99 for r in runs) * 1000
        cpu = statistics.median(r.cpu_per_play for r in runs) * 1000
        print(
            f"{layout:<24} {medians[layout]:6.1f} plays/s  p50 {p50:6.0f} ms  p99 {p99:6.0f} ms  "
            f"bot CPU {cpu:5.1f} ms/play"
        )
    one, two = medians.values()
    print(f"\n2 processes / 1 process: {two / one:.2f}x plays per second")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--servers", type=int, default=60)
    parser.add_argument("--plays", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    return asyncio.run(run(options.servers, options.plays, options.rounds))


if __name__ == "__main__":
    sys.exit(main())
