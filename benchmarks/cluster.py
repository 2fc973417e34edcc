"""One bot process against two, on the same load and the same PostgreSQL; a takeover under load; fencing's cost.

    python benchmarks/cluster.py [--servers 60] [--plays 4] [--rounds 2]
    python benchmarks/cluster.py --takeover [--rounds 3]    # a process loses its shards under load
    python benchmarks/cluster.py --fencing [--rounds 5]     # a save with and without its lease checked

--takeover: tests/cluster/takeover.py's four faults (lock session killed, process frozen then thawed, network cut,
database restart), each --rounds times, 8 servers playing through the takeover: double acknowledgements, writes of
the first process after the second took the shards, acknowledged plays lost, the first process's exit status and
the seconds from the fault to its exit (medians).

--fencing: 200 tables of The Game saved 50 at a time through `TableStore.save` (group commit), on one pool whose
connections carry a lease (every write checked by the fence trigger) and one without, rounds alternating: median
time per batch and per save, and the ratio.

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
from tests.cluster.takeover import FAULTS, SHARD_COUNT, Takeover, run_takeover  # noqa: E402
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


async def takeovers(rounds: int) -> int:
    print(f"A takeover under load, 8 servers playing, {rounds} round(s) of each fault\n")
    results: dict[str, list[Takeover]] = {fault: [] for fault in FAULTS}
    with ThrowawayPostgres() as server, tempfile.TemporaryDirectory() as folder:
        for round_number in range(rounds):
            for fault in FAULTS:
                emulator = Emulator(shard_count=SHARD_COUNT, keep_history=True)
                await emulator.start()
                run_folder = Path(folder) / f"{fault}-{round_number}"
                run_folder.mkdir()
                try:
                    result = await run_takeover(emulator, server, run_folder, fault)
                finally:
                    await emulator.stop()
                results[fault].append(result)
                print(
                    f"{fault:<8} acknowledged {result.acknowledged:>3}  double acks {result.double_acks}  writes after"
                    f" takeover {result.late_writes}  lost {result.lost}  exit {result.exit_code}  stopped after"
                    f" {result.stop_seconds:5.2f} s",
                    flush=True,
                )
    print("\nfault     runs  double acks  writes after takeover  lost  exit  stop (median)")
    for fault, runs in results.items():
        print(
            f"{fault:<8} {len(runs):>5}  {sum(r.double_acks for r in runs):>11}  {sum(r.late_writes for r in runs):>21}"
            f"  {sum(r.lost for r in runs):>4}  {','.join(sorted({str(r.exit_code) for r in runs})):>4}"
            f"  {statistics.median(r.stop_seconds for r in runs):6.2f} s"
        )
    return 0


async def fencing_cost(rounds: int, tables: int = 200, batch: int = 50) -> int:
    """Saves with the fence trigger checking a lease, against saves by a connection without one (not checked)."""
    from bot.service.games import GameService
    from bot.service.table import Seat
    from bot.storage.database import connect
    from bot.storage.postgres import pool_settings
    from bot.storage.shard_lock import lock_shards
    from bot.storage.tables import TableStore

    with ThrowawayPostgres() as server:
        url = await server.new_database("fencing")
        lock = await lock_shards((0, 1), shard_count=2, database_url=url, database_path=Path(":memory:"))
        assert lock is not None
        assert lock.lease is not None
        pools = {
            "with a lease": await connect(url, server_settings=pool_settings("bench", lock.lease)),
            "without": await connect(url, server_settings=pool_settings("bench", None)),
        }
        service = GameService(TableStore(pools["without"]))
        playing = []
        for index in range(tables):
            table = await service.create(
                guild_id=1, channel_id=index + 1, host=Seat(10, "Alice"), seed=index, locale="en"
            )
            await service.join(table.id, Seat(11, "Bob"))
            playing.append((await service.start(table.id, 10)).table)
        stores = {name: TableStore(pool) for name, pool in pools.items()}
        timings: dict[str, list[float]] = {name: [] for name in pools}
        for round_number in range(rounds):
            for name in list(pools) if round_number % 2 == 0 else list(reversed(pools)):
                for start in range(0, tables, batch):
                    began = time.perf_counter()
                    await asyncio.gather(
                        *(
                            stores[name].save(table, now=time.time())
                            for table in playing[start : start + batch]
                        )
                    )
                    timings[name].append(time.perf_counter() - began)
        for pool in pools.values():
            await pool.close()
        await lock.release()
    print(
        f"{tables} tables of The Game saved {batch} at a time (group commit), {rounds} rounds alternating\n"
    )
    medians = {}
    for name, values in timings.items():
        medians[name] = statistics.median(values)
        print(
            f"{name:<13} {medians[name] * 1000:6.1f} ms a batch of {batch}  {medians[name] / batch * 1000:5.2f} ms a save"
        )
    print(f"\nwith a lease / without: {medians['with a lease'] / medians['without']:.2f}x")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--servers", type=int, default=60)
    parser.add_argument("--plays", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--takeover", action="store_true", help="a process loses its shards under load")
    parser.add_argument("--fencing", action="store_true", help="the cost of checking the lease on every save")
    options = parser.parse_args()
    if options.takeover:
        return asyncio.run(takeovers(options.rounds))
    if options.fencing:
        return asyncio.run(fencing_cost(options.rounds))
    return asyncio.run(run(options.servers, options.plays, options.rounds))


if __name__ == "__main__":
    sys.exit(main())
