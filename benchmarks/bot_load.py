"""Load test: N concurrent games through the local Discord emulator, against a bare discord.py command.

    python benchmarks/bot_load.py [--games 100] [--turns 6] [--players 2] [--rounds 1]
                                  [--store sqlite|postgresql|both] [--database-url URL] [--profile DIR]

The bot runs in its own process (so its memory and CPU time are its own), connected over loopback to the emulator
that runs here. Simulated players play legal moves the way a person does: open their hand with **My hand**, wait
until the bot's edit of their hand message shows their turn, choose a card, then a pile, then End turn. Every
interaction's time from dispatch to the bot's first answer is recorded. The emulator accepts late answers here (its
3-second rule is lifted) so that they are counted instead of failing the run.

The baseline, measured in the same run: a bare discord.py bot whose slash command only answers "ok", driven with
the same number of interactions at the same concurrency. For each: interactions, wall time, p50/p99 answer times,
interactions and plays per second, the bot process's CPU time per play, its peak memory (VmHWM), the answers
later than Discord's 3-second limit, and the CPU time of this process (the emulator and the simulated players,
which share the machine with the bot); then p50(game)/p50(bare). Targets: p50 within 2x the bare command's, at
least 300 plays per second, nothing later than 3 seconds. The 300 plays per second were set on a machine where the
bare command answered 1,895 interactions a second; the summary also prints the same share of this machine's bare
rate, so that runs on slower or busier machines can be read against it.

`--store postgresql` (or `both`) runs the game bot on PostgreSQL: on `--database-url` (each run gets a fresh
database created there and dropped afterwards) or, without it, on a throwaway server started from the PostgreSQL
binaries on the machine (`tests/postgres.py`). `both` prints both stores' figures and PostgreSQL p99 / SQLite p99.

The games are set up first (lobby, join, start, hands, who starts), all of them, and then played: the bot's CPU
time per play is read over the plays alone (the answers to the turns' clicks and the public updates they caused,
until the bot makes no more calls), and also over the whole run (set-up included). `--floor` runs the traffic floor
(`traffic_floor.py`: a play's Discord calls with no game behind them) the same way, just before the game bots and
just after them in each round, and prints the game bot's CPU per play against the mean of the two (target: at most
2x): on a shared machine the load drifts within a round, and a bot's CPU time per play grows with it.

`--profile DIR` samples the bot process (the game bot, and the floor with `--floor`) with py-spy during the plays
(`pip install py-spy`; not a project dependency), writes the collapsed stacks to DIR and prints where the bot's
time went, per play, in the same buckets for both.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.rest_calls import GLOBAL_LIMIT_PER_SECOND, counted_by_global_limit  # noqa: E402

DISCORD_LIMIT = 3.0
MAX_PLAYS_A_TURN = 8  # a hand holds at most 8 cards: more plays in a turn means the simulated player is stuck
ISSUE_BARE_RATE = 1895  # interactions per second of the bare command where the 300 plays/s target was set
TICKS = os.sysconf("SC_CLK_TCK")


# -- the bot processes -------------------------------------------------------------------------------------------
def serve(kind: str, api_base: str, gateway: str, token: str, database: str) -> None:
    """Child process: run the real bot (`database` is a SQLite path or a postgresql:// URL) or the bare baseline
    bot against the emulator."""
    import logging

    import discord
    from discord.ext import commands

    from bot.emulator.discord_patch import point_discord_at
    from bot.event_loop import use_fast_event_loop
    from bot.memory import tune_garbage_collection

    logging.basicConfig(level=logging.ERROR)

    if kind == "game":
        from bot.app import create_bot
        from bot.config import Settings

        # The card emojis' upload at start-up is no play's work (and a checkout from before them has no setting).
        quiet_start: dict[str, Any] = (
            {"card_emojis": False} if "card_emojis" in Settings.__dataclass_fields__ else {}
        )
        if database.startswith("postgresql://"):
            settings = Settings(token=token, database_url=database, ai_turn_delay=0.01, **quiet_start)
        else:
            settings = Settings(token=token, database_path=Path(database), ai_turn_delay=0.01, **quiet_start)
        client: discord.Client = create_bot(settings, tune_memory=True)  # as `python -m bot` does
    elif kind == "floor":
        from benchmarks.traffic_floor import FloorBot

        client = FloorBot(tune_memory=True)
    else:

        class Bare(commands.Bot):
            async def setup_hook(self) -> None:
                @self.tree.command(name="noop", description="Does nothing")
                async def noop(interaction: discord.Interaction[Any]) -> None:
                    await interaction.response.send_message("ok", ephemeral=True)

                await self.tree.sync()
                tune_garbage_collection()  # the same runtime as the game bot's (and uvloop, below)

        client = Bare(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True))
    client._connection.guild_ready_timeout = 0.05

    async def main() -> None:
        async with client:
            await client.start(token)

    use_fast_event_loop()  # as `python -m bot` does, for the bare bot too
    with point_discord_at(api_base, gateway):
        asyncio.run(main())


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """User and system (the kernel's, on the process's behalf) CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


class BotProcess:
    def __init__(self, kind: str, emulator: Any, database: str, checkout: Path = ROOT) -> None:
        """`checkout`: the copy of the bot to run (another checkout with this script in it, e.g. an older
        version to compare with)."""
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(checkout / "benchmarks" / Path(__file__).name),
                "--serve",
                kind,
                emulator.api_base,
                emulator.gateway_url,
                emulator.token,
                database,
            ],
            cwd=checkout,
            env={**os.environ, "PYTHONPATH": str(checkout)},
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> float:
        memory = peak_memory_mb(self.process.pid)
        self.process.terminate()
        self.process.wait(timeout=20)
        return memory


@contextlib.contextmanager
def sampled(pid: int, output: Path | None) -> Iterator[None]:
    """py-spy samples process `pid` while the block runs (nothing when `output` is None)."""
    if output is None:
        yield
        return
    spy = Path(sys.executable).with_name("py-spy")
    command = [str(spy) if spy.exists() else "py-spy", "record", "--pid", str(pid), "--rate", "250"]
    # Every thread that is running (py-spy leaves out the idle ones, a thread waiting for the GIL among them): the
    # picture thread compresses a board's PNG without holding the GIL, and that CPU time is the bot's too.
    command += ["--format", "raw", "--nonblocking", "--output", str(output)]
    recorder = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # let py-spy attach
    try:
        yield
    finally:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(timeout=60)


# -- the simulated players ---------------------------------------------------------------------------------------
@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    kinds: list[tuple[str, float, float]] = field(default_factory=list)  # what, when dispatched, answer time
    plays: int = 0
    failures: list[str] = field(default_factory=list)


async def act(emulator: Any, stats: Stats, coroutine: Any) -> Any:
    result = await coroutine
    callback = await result.response(timeout=60)
    stats.latencies.append(callback.elapsed)
    interaction = result.interaction
    kind = interaction.command_name or str(interaction.data.get("custom_id", "")).split(":")[1]
    stats.kinds.append((kind, interaction.dispatched_at, callback.elapsed))
    return result


def enabled(message: Any, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")]


def described(hand: Any) -> str:
    """A hand message in a few words, for a failure line: its title and the actions it offers."""
    title = (hand.embeds or [{}])[0].get("title")
    actions = [button["custom_id"].split(":")[1] for button in hand.buttons if not button.get("disabled")]
    return f"{title} {actions}"


def in_play(board: Any) -> bool:
    """Whether the board still shows a game in play (My hand); an ended game's summary has buttons of its own."""
    return bool(enabled(board, "tg:hand"))


@dataclass
class GameAtTable:
    """A game set up (lobby, join, start, hands, who starts), ready for its plays."""

    channel: Any
    players: list[Any]
    board: Any
    table: str
    hands: dict[int, Any]


async def set_up_game(emulator: Any, channel: Any, players: list[Any], stats: Stats) -> GameAtTable:
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
    hands[players[0].id] = await first.followup(0, timeout=60)
    return GameAtTable(channel, players, board, table, hands)


async def play_game(emulator: Any, game: GameAtTable, turns: int, stats: Stats) -> None:
    board, table, hands, players = game.board, game.table, game.hands, game.players
    for _ in range(turns):
        try:
            await emulator.wait_for(
                lambda: (
                    not in_play(board)
                    or any(enabled(h, "tg:end") or enabled(h, "tg:card") for h in hands.values())
                ),
                timeout=60,
            )
        except AssertionError:
            shown = "; ".join(described(hand) for hand in hands.values())
            stats.failures.append(f"table {table}: nobody's hand showed their turn ({shown})")
            return
        if not in_play(board):
            return  # the game ended
        player = next(p for p in players if enabled(hands[p.id], "tg:end") or enabled(hands[p.id], "tg:card"))
        hand = hands[player.id]
        for _ in range(MAX_PLAYS_A_TURN + 1):
            if enabled(hand, "tg:end"):
                break
            cards = enabled(hand, "tg:card")
            if not cards:
                return
            await act(emulator, stats, emulator.click(player, hand, cards[0]["custom_id"]))
            piles = enabled(hand, "tg:play")
            safe = [b for b in piles if b.get("style") != 4] or piles
            await act(emulator, stats, emulator.click(player, hand, safe[0]["custom_id"]))
            # "Play anyway", after the warning that the play ends the game: tg:play:table:card:pile:1[:owner]
            confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].split(":")[5] == "1"]
            if confirm:
                await act(emulator, stats, emulator.click(player, hand, confirm[0]["custom_id"]))
            stats.plays += 1
            if not in_play(board):
                return
        else:
            stats.failures.append(
                f"table {table}: a turn went on past {MAX_PLAYS_A_TURN} plays ({described(hand)})"
            )
            return
        await act(emulator, stats, emulator.click(player, hand, enabled(hand, "tg:end")[0]["custom_id"]))


async def set_up_floor(emulator: Any, channel: Any, players: list[Any], stats: Stats) -> dict[int, Any]:
    """Each player opens the traffic-only bot's hand (the first one posts the board)."""
    hands = {}
    for player in players:
        result = await act(emulator, stats, emulator.slash(player, channel, "floor"))
        hands[player.id] = result.original or await result.original_message()
    return hands


async def floor_worker(
    emulator: Any, players: list[Any], hands: dict[int, Any], turns: int, stats: Stats
) -> None:
    """The clicks of a game's turns (a card, a pile, a card, a pile, End turn) against the traffic-only bot."""
    for turn in range(turns):
        player = players[turn % len(players)]
        hand = hands[player.id]
        for _ in range(2):
            await act(emulator, stats, emulator.click(player, hand, enabled(hand, "tg:card")[0]["custom_id"]))
            await act(emulator, stats, emulator.click(player, hand, enabled(hand, "tg:play")[0]["custom_id"]))
            stats.plays += 1
        await act(emulator, stats, emulator.click(player, hand, enabled(hand, "tg:end")[0]["custom_id"]))


async def bare_worker(emulator: Any, channel: Any, user: Any, count: int, stats: Stats) -> None:
    for _ in range(count):
        await act(emulator, stats, emulator.slash(user, channel, "noop"))


# -- the run -----------------------------------------------------------------------------------------------------
@dataclass
class Result:
    name: str
    stats: Stats
    elapsed: float
    memory: float
    cpu: float  # the bot process's CPU seconds during the timed part
    emulator_cpu: float = 0.0  # this process's (the emulator and the simulated players) during the timed part
    profile: Path | None = None
    rest_calls: dict[str, int] = field(default_factory=dict)  # route -> count, during the timed part
    events: dict[str, int] = field(default_factory=dict)  # gateway dispatch -> count, during the timed part
    # The plays alone (the games and the floor set up before any plays: see `measure`): the bot's CPU seconds,
    # its REST calls and its gateway events.
    plays_cpu: float = 0.0
    plays_system_cpu: float = 0.0  # of which the kernel's (system calls, thread switches)
    plays_rest_calls: dict[str, int] = field(default_factory=dict)
    plays_events: dict[str, int] = field(default_factory=dict)

    @property
    def p50(self) -> float:
        return statistics.median(self.stats.latencies) * 1000

    @property
    def p99(self) -> float:
        return percentile(self.stats.latencies, 0.99) * 1000

    @property
    def late(self) -> int:
        return sum(1 for value in self.stats.latencies if value > DISCORD_LIMIT)

    @property
    def plays_per_second(self) -> float:
        return self.stats.plays / self.elapsed

    @property
    def counted_per_play(self) -> float:
        """REST calls Discord's global rate limit counts, per play (per interaction for the bare command)."""
        counted = sum(count for route, count in self.rest_calls.items() if counted_by_global_limit(route))
        return counted / max(self.stats.plays or len(self.stats.latencies), 1)

    @property
    def plays_within_global_limit(self) -> float:
        """The plays a second the whole bot could serve, all its processes together, before Discord's global rate
        limit (50 requests a second) stops it; infinite when no call counts."""
        per_play = self.counted_per_play
        return GLOBAL_LIMIT_PER_SECOND / per_play if per_play else math.inf

    @property
    def cpu_per_play(self) -> float:
        """The bot process's CPU milliseconds per play, over the plays alone (the answers to the clicks of the turns
        and the public updates they caused; the games' set-up before them is not a play)."""
        return self.plays_cpu * 1000 / max(self.stats.plays, 1)

    @property
    def system_cpu_per_play(self) -> float:
        """Of `cpu_per_play`, the kernel's milliseconds (system calls, waking threads)."""
        return self.plays_system_cpu * 1000 / max(self.stats.plays, 1)

    @property
    def run_cpu_per_play(self) -> float:
        """The bot process's CPU milliseconds over the whole timed part (set-up included), per play."""
        return self.cpu * 1000 / max(self.stats.plays, 1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(
    kind: str,
    name: str,
    games: int,
    turns: int,
    players: int,
    *,
    database_url: str | None = None,
    interactions: int = 0,
    profile: Path | None = None,
    checkout: Path = ROOT,
) -> Result:
    from bot.emulator import Emulator

    emulator = Emulator(keep_history=False)  # long runs: counts per route and event, no record of each
    emulator.rules.ack_deadline = 600.0  # count late answers instead of rejecting them
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
        bot = BotProcess(kind, emulator, database_url or str(Path(folder) / "load.sqlite3"), checkout)
        try:
            await wait_for_commands(emulator, {"game": "game", "floor": "floor"}.get(kind, "noop"))
            requests_before = Counter(emulator.request_counts)
            events_before = Counter(emulator.gateway.dispatch_counts)
            cpu_before = cpu_seconds(bot.pid)
            emulator_before = time.process_time()
            started = time.perf_counter()
            if kind in ("game", "floor"):
                # Every game sets up first; once the bot has made the calls that follows (the boards, the first
                # turn lines), its CPU and calls are read, then every game plays (`SetUpFirst`).
                phases = SetUpFirst(games, turns, stats)
                tables = [(channels[g], users[g * players : (g + 1) * players]) for g in range(games)]
                if kind == "game":
                    runs = [
                        phases.run(
                            set_up_game(emulator, channel, seated, stats), partial(play_game, emulator)
                        )
                        for channel, seated in tables
                    ]
                else:
                    runs = [
                        phases.run(
                            set_up_floor(emulator, channel, seated, stats),
                            partial(floor_worker, emulator, seated),
                        )
                        for channel, seated in tables
                    ]
                running = asyncio.gather(*runs)
                await phases.all_set_up.wait()
                await quiet(emulator)
                with sampled(bot.pid, profile):
                    requests_set_up = Counter(emulator.request_counts)
                    events_set_up = Counter(emulator.gateway.dispatch_counts)
                    user_set_up, system_set_up = cpu_split(bot.pid)
                    phases.play.set()
                    await running
                    await quiet(emulator)  # the last plays' public updates
                    user_played, system_played = cpu_split(bot.pid)
                    plays_cpu = user_played + system_played - user_set_up - system_set_up
                    plays_system_cpu = system_played - system_set_up
                    plays_rest_calls = emulator.request_counts - requests_set_up
                    plays_events = emulator.gateway.dispatch_counts - events_set_up
            else:
                per_worker = max(1, interactions // games)
                await asyncio.gather(
                    *(
                        bare_worker(emulator, channels[g], users[g * players], per_worker, stats)
                        for g in range(games)
                    )
                )
                plays_cpu, plays_system_cpu, plays_rest_calls, plays_events = 0.0, 0.0, Counter(), Counter()
            elapsed = time.perf_counter() - started
            cpu = cpu_seconds(bot.pid) - cpu_before
            emulator_cpu = time.process_time() - emulator_before
            rest_calls = emulator.request_counts - requests_before
            events = emulator.gateway.dispatch_counts - events_before
        finally:
            memory = bot.stop()
            await emulator.stop()
    return Result(
        name,
        stats,
        elapsed,
        memory,
        cpu,
        emulator_cpu,
        profile,
        dict(rest_calls),
        dict(events),
        plays_cpu,
        plays_system_cpu,
        dict(plays_rest_calls),
        dict(plays_events),
    )


class SetUpFirst:
    """Each game (`run`) sets up, then waits until every game has, then plays: the plays are measured apart."""

    def __init__(self, games: int, turns: int, stats: Stats) -> None:
        self.waiting = games
        self.turns = turns
        self.stats = stats
        self.all_set_up = asyncio.Event()
        self.play = asyncio.Event()

    async def run(self, set_up: Awaitable[Any], play: Callable[[Any, int, Stats], Awaitable[None]]) -> None:
        """`set_up`, then (once every game is set up) `play(what set_up returned, turns, stats)`."""
        try:
            ready = await set_up
        finally:
            self.waiting -= 1
            if self.waiting == 0:
                self.all_set_up.set()
        await self.play.wait()
        await play(ready, self.turns, self.stats)


async def quiet(emulator: Any, still: float = 0.5, limit: float = 30.0) -> None:
    """Wait until the bot has made no REST call for `still` seconds (the set-up's public updates went out)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    seen = sum(emulator.request_counts.values())
    while loop.time() < deadline:
        await asyncio.sleep(still)
        now = sum(emulator.request_counts.values())
        if now == seen:
            return
        seen = now


async def wait_for_commands(emulator: Any, command: str) -> None:
    """Wait until the child bot has connected (READY) and synced its commands."""
    for _ in range(600):
        if emulator.gateway.live_sessions and emulator.world.find_command(command, None):
            await asyncio.sleep(0.5)  # let the guilds become available
            return
        await asyncio.sleep(0.1)
    raise RuntimeError("the bot did not connect to the emulator")


# -- PostgreSQL --------------------------------------------------------------------------------------------------
@contextlib.asynccontextmanager
async def postgres_server(database_url: str | None) -> AsyncIterator[str]:
    """The URL of a PostgreSQL server: `database_url`, or a throwaway server from tests/postgres.py."""
    if database_url is not None:
        yield database_url
        return
    from tests.postgres import ThrowawayPostgres

    server = ThrowawayPostgres()
    await asyncio.to_thread(server.start)
    try:
        yield server.url
    finally:
        await asyncio.to_thread(server.stop)


@contextlib.asynccontextmanager
async def fresh_database(server_url: str, name: str) -> AsyncIterator[str]:
    """A new, empty database on the server (so no run restores another run's tables), dropped afterwards."""
    import asyncpg

    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base, _, _ = server_url.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


# -- the report --------------------------------------------------------------------------------------------------
HEADER = (
    f"{'':<26} {'interactions':>12} {'wall s':>7} {'p50 ms':>8} {'p99 ms':>8} {'late>3s':>7} "
    f"{'inter./s':>8} {'plays/s':>8} {'CPU s':>6} {'CPU ms/inter.':>13} {'ms/play':>7} {'(sys)':>5} {'peak MB':>8} "
    f"{'emu. CPU s':>10}"
)


def line(result: Result) -> str:
    stats = result.stats
    plays = f"{result.plays_per_second:8.1f}" if stats.plays else f"{'-':>8}"
    per_interaction = result.cpu * 1000 / len(stats.latencies)
    plays_cpu = (
        f"{result.cpu_per_play:7.2f} {result.system_cpu_per_play:5.2f}"
        if stats.plays
        else f"{'-':>7} {'-':>5}"
    )
    return (
        f"{result.name:<26} {len(stats.latencies):>12} {result.elapsed:7.1f} {result.p50:8.1f} "
        f"{result.p99:8.1f} {result.late:>7} {len(stats.latencies) / result.elapsed:8.0f} {plays} "
        f"{result.cpu:6.1f} {per_interaction:13.2f} {plays_cpu} {result.memory:8.1f} {result.emulator_cpu:10.1f}"
    )


def within_limit(plays: float) -> str:
    """The plays a second within the global rate limit, in words: unbounded when no call of a play counts."""
    return (
        "any number of plays per second (no call counted)" if math.isinf(plays) else f"≤ {plays:.0f} plays/s"
    )


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


async def run(options: argparse.Namespace) -> int:
    stores = ["sqlite", "postgresql"] if options.store == "both" else [options.store]
    print(
        f"{options.games} concurrent games of {options.players} players, {options.turns} turns each, "
        f"bot in its own process; {options.rounds} round(s)\n"
    )
    profile_dir: Path | None = options.profile
    rounds: list[dict[str, Result]] = []
    async with contextlib.AsyncExitStack() as stack:
        server = None
        if "postgresql" in stores:
            server = await stack.enter_async_context(postgres_server(options.database_url))
        args = (options.games, options.turns, options.players)
        for number in range(options.rounds):
            results: dict[str, Result] = {}
            if options.floor:  # the floor just before the game bots and just after: see `FLOOR_BEFORE`
                results[FLOOR_BEFORE] = await measure("floor", "traffic floor, before", *args)
            for store in stores:
                label = "SQLite" if store == "sqlite" else "PostgreSQL"
                profile = profile_dir / f"game-{store}-{number + 1}.txt" if profile_dir else None
                if store == "postgresql":
                    assert server is not None
                    async with fresh_database(server, f"bot_load_{os.getpid()}_{number}") as url:
                        result = await measure(
                            "game", f"game bot ({label})", *args, database_url=url, profile=profile
                        )
                else:
                    result = await measure("game", f"game bot ({label})", *args, profile=profile)
                results[store] = result
            if options.compare_with is not None:
                results["other"] = await measure(
                    "game",
                    f"game bot ({options.compare_with.name})",
                    *args,
                    checkout=options.compare_with,
                    profile=profile_dir / f"game-{options.compare_with.name}-{number + 1}.txt"
                    if profile_dir
                    else None,
                )
            if options.floor:
                results["floor"] = await measure(
                    "floor",
                    "traffic floor, after",
                    *args,
                    profile=profile_dir / f"floor-{number + 1}.txt" if profile_dir else None,
                )
            first = results[stores[0]]
            results["bare"] = await measure(
                "bare", "bare discord.py command", *args, interactions=len(first.stats.latencies)
            )
            rounds.append(results)
            load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
            print(f"round {number + 1} (the machine's load average at its end: {load})\n{HEADER}")
            for result in results.values():
                print(line(result))
                for failure in result.stats.failures[:5]:
                    print("  failure:", failure)
            if options.calls:
                for result in results.values():
                    print(traffic(result))
                    print(by_kind(result))
            print()

    keys = [
        *stores,
        *(["other"] if options.compare_with is not None else []),
        *([FLOOR_BEFORE, "floor"] if options.floor else []),
        "bare",
    ]

    def median(key: str, value: str) -> float:
        return float(statistics.median(getattr(r[key], value) for r in rounds))

    def ratio(top: str, bottom: str, value: str) -> float:
        return float(statistics.median(getattr(r[top], value) / getattr(r[bottom], value) for r in rounds))

    print("medians over the rounds" if options.rounds > 1 else "summary")
    for key in keys:
        name = rounds[0][key].name
        extra = (
            f"  plays/s {median(key, 'plays_per_second'):6.1f}  CPU {median(key, 'cpu_per_play'):5.2f} ms/play"
            f" (system {median(key, 'system_cpu_per_play'):4.2f}; whole run {median(key, 'run_cpu_per_play'):5.2f})"
            f"  counted calls {median(key, 'counted_per_play'):4.2f}/play"
            f" ({within_limit(median(key, 'plays_within_global_limit'))} within {GLOBAL_LIMIT_PER_SECOND} req/s)"
            if key != "bare"
            else ""
        )
        print(
            f"  {name:<26} p50 {median(key, 'p50'):7.1f} ms  p99 {median(key, 'p99'):7.1f} ms  "
            f"late {median(key, 'late'):.0f}{extra}"
        )
    bare_rate = statistics.median(len(r["bare"].stats.latencies) / r["bare"].elapsed for r in rounds)
    scaled_target = 300 * bare_rate / ISSUE_BARE_RATE
    ok = True
    for store in stores:
        p50_ratio = ratio(store, "bare", "p50")
        plays = median(store, "plays_per_second")
        late = max(r[store].late for r in rounds)
        failures = sum(len(r[store].stats.failures) for r in rounds)
        ok &= p50_ratio <= 2 and plays >= 300 and late == 0 and failures == 0
        print(f"  {store}: p50(game)/p50(bare) {p50_ratio:.2f}x (target ≤ 2x) {mark(p50_ratio <= 2)}")
        print(f"  {store}: p99(game)/p99(bare) {ratio(store, 'bare', 'p99'):.2f}x")
        print(f"  {store}: {plays:.1f} plays per second (target ≥ 300) {mark(plays >= 300)}")
        print(
            f"  {store}: the bare command answered {bare_rate:.0f}/s here, against {ISSUE_BARE_RATE}/s where the"
            f" target was set: the same share is {scaled_target:.0f} plays per second "
            f"{mark(plays >= scaled_target)}"
        )
        print(f"  {store}: answered later than 3 s: {late} (target 0) {mark(late == 0)}")
        counted = median(store, "counted_per_play")
        print(
            f"  {store}: {counted:.2f} REST calls a play counted by Discord's global rate limit (target ≤ 0.25) "
            f"{mark(counted <= 0.25)}: the whole bot, however many processes, serves "
            f"{within_limit(median(store, 'plays_within_global_limit'))} within "
            f"{GLOBAL_LIMIT_PER_SECOND} requests a second"
        )
    if options.compare_with is not None:
        name = options.compare_with.name
        print(f"  {name}: p50(game)/p50(bare) {ratio('other', 'bare', 'p50'):.2f}x")
        print(
            f"  this checkout against {name}: p50 {ratio(stores[0], 'other', 'p50'):.2f}x, p99 "
            f"{ratio(stores[0], 'other', 'p99'):.2f}x, plays per second "
            f"{ratio(stores[0], 'other', 'plays_per_second'):.2f}x, bot CPU per play "
            f"{ratio(stores[0], 'other', 'cpu_per_play'):.2f}x"
        )
    if options.floor:
        print(
            f"  traffic floor: p50(floor)/p50(bare) {ratio('floor', 'bare', 'p50'):.2f}x, "
            f"{median('floor', 'plays_per_second'):.1f} plays per second, "
            f"{median('floor', 'cpu_per_play'):.2f} ms of bot CPU per play"
        )
        cpu_ratio = statistics.median(r[stores[0]].cpu_per_play / floor_cpu_per_play(r) for r in rounds)
        print(
            f"  {stores[0]} against the floor: p50 {ratio(stores[0], 'floor', 'p50'):.2f}x, plays per second "
            f"{ratio(stores[0], 'floor', 'plays_per_second'):.2f}x, bot CPU per play {cpu_ratio:.2f}x over the plays"
            f" (target ≤ 2x) {mark(cpu_ratio <= 2)}, {ratio(stores[0], 'floor', 'run_cpu_per_play'):.2f}x over the"
            " whole run (set-up included); each against the mean of the floor's runs before and after it"
        )
        for round_number, r in enumerate(rounds, 1):
            print(
                f"    round {round_number}: the floor {r[FLOOR_BEFORE].cpu_per_play:.2f} before and "
                f"{r['floor'].cpu_per_play:.2f} after; {stores[0]} {r[stores[0]].cpu_per_play:.2f} "
                f"({r[stores[0]].cpu_per_play / floor_cpu_per_play(r):.2f}x)"
                + (
                    f", {options.compare_with.name} {r['other'].cpu_per_play:.2f} "
                    f"({r['other'].cpu_per_play / floor_cpu_per_play(r):.2f}x)"
                    if options.compare_with is not None
                    else ""
                )
            )
    if len(stores) == 2:
        pg_ratio = ratio("postgresql", "sqlite", "p99")
        print(f"  PostgreSQL p99 / SQLite p99: {pg_ratio:.2f}x (target ≤ 1.5x) {mark(pg_ratio <= 1.5)}")
    if profile_dir is not None:
        for results in rounds:
            for key in keys:
                result = results[key]
                if result.profile is not None and result.profile.exists():
                    print(f"\nprofile of {result.name} ({result.profile}):")
                    print(summarise_profile(result.profile, result.stats.plays, result.plays_cpu))
    return 0 if ok else 1


# The machine's load drifts within a round (other work shares it), and a bot's CPU time per play grows with it: the
# floor runs just before the game bots and just after, and they are compared with the mean of the two.
FLOOR_BEFORE = "floor before"


def floor_cpu_per_play(results: dict[str, Result]) -> float:
    return (results[FLOOR_BEFORE].cpu_per_play + results["floor"].cpu_per_play) / 2


def traffic(result: Result) -> str:
    """The REST calls the bot made and the gateway events it received, per play (per interaction for the bare
    command): over the whole run, and over the plays alone."""
    per = result.stats.plays or len(result.stats.latencies)
    unit = "play" if result.stats.plays else "interaction"
    lines = [f"  {result.name}: Discord traffic per {unit} (whole run / plays alone)"]
    for title, counts, during_plays in (
        ("REST", result.rest_calls, result.plays_rest_calls),
        ("gateway", result.events, result.plays_events),
    ):
        lines.append(f"    {title} {sum(counts.values()) / per:.2f} / {sum(during_plays.values()) / per:.2f}")
        for route, count in sorted(counts.items(), key=lambda item: -item[1]):
            counted = (
                " (counted by the global limit)" if title == "REST" and counted_by_global_limit(route) else ""
            )
            lines.append(
                f"      {count / per:6.2f} / {during_plays.get(route, 0) / per:4.2f}  {route}{counted}"
            )
    lines.append(f"    REST counted by the global limit {result.counted_per_play:.2f}")
    return "\n".join(lines)


def by_kind(result: Result) -> str:
    """Answer times per kind of interaction (the command or the button's action), in the order they first came."""
    times: dict[str, list[float]] = {}
    for kind, _, elapsed in result.stats.kinds:
        times.setdefault(kind, []).append(elapsed)
    lines = [
        f"  {result.name}: answer times by kind",
        f"    {'kind':<12} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}",
    ]
    for kind, values in times.items():
        lines.append(
            f"    {kind:<12} {len(values):>6} {statistics.median(values) * 1000:8.1f} "
            f"{percentile(values, 0.99) * 1000:8.1f}"
        )
    return "\n".join(lines)


# -- the profile summary ------------------------------------------------------------------------------------------
# Where a sample is counted: the first bucket (in this order) whose test its stack passes. A stack is py-spy's
# "function (file:line);..." from the outermost frame to the innermost. The game bot's frames and the floor's
# (`FloorBot`) fall in the same buckets, so both profiles read side by side.
REST_CALL = (  # discord.py's calls to Discord: the payload written, the request, the answer read
    "Webhook.send",
    "Webhook.edit_message",
    "Webhook.delete_message",
    "InteractionResponse.",
    "Interaction.edit_original_response",
    "Interaction.original_response",
    "PartialMessage.",
    "Messageable.send",
    "update_clicked_message",  # the bot's own edits, answer unread (bot/ui/message_edits.py)
    "edit_webhook_message",
    "aiohttp/",
)
ANSWER = ("answering.<locals>.wrapper", "FloorBot.on_interaction", "floor (traffic_floor.py")
TURN_LINE = (
    "_replace_ping",
    "_refresh_ping",
    "_announce_end",
    "FloorBot.refresh_turn_line",
    "FloorBot.pass_turn",
)
BOARD = ("TableDisplay._board_worker", "TableDisplay.post_board", "FloorBot.edit_board")
OTHER_HANDS = ("TableDisplay._edit_hand", "TableDisplay._delete_hand", "FloorBot.edit_other_hands")
BUCKETS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    # name, any of these must be in the stack, and (if given) any of those too
    ("board picture (Pillow)", ("bot/ui/render/",), ()),
    ("saving: the table as JSON", ("_dump (bot/storage/",), ()),
    ("saving: the database", ("aiosqlite/", "asyncpg/", "TableStore.", "bot/storage/"), ()),
    ("change detection (table to_dict/from_dict)", ("GameService.locked",), ("to_dict", "from_dict")),
    ("the answer: Discord REST call", ANSWER, REST_CALL),
    (
        "the answer: hand and board built",
        ANSWER,
        ("TheGameUI.hand", "render_table", "render_board", "render_notice"),
    ),
    ("the answer: routing, service and engine", ANSWER, ()),
    ("other players' hands: Discord REST call", OTHER_HANDS, REST_CALL),
    ("other players' hands: built", OTHER_HANDS, ()),
    ("turn line: Discord REST call", TURN_LINE, REST_CALL),
    ("turn line: its text", TURN_LINE, ()),
    ("public board: Discord REST call", BOARD, REST_CALL),
    ("public board: table copy, embed and view", BOARD, ()),
    ("receiving events (gateway, parsing)", ("discord/gateway.py", "discord/state.py"), ()),
    ("other Discord REST calls", REST_CALL, ()),
)


def bucket_of(stack: str) -> str:
    for name, anywhere, also in BUCKETS:
        if any(marker in stack for marker in anywhere) and (not also or any(m in stack for m in also)):
            return name
    return "event loop and other"


def summarise_profile(path: Path, plays: int, cpu: float) -> str:
    """py-spy's collapsed stacks in buckets: share of the samples and CPU milliseconds per play."""
    totals: dict[str, int] = {}
    count = 0
    for raw in path.read_text().splitlines():
        stack, _, weight = raw.rpartition(" ")
        if not weight.isdigit():
            continue
        samples = int(weight)
        count += samples
        name = bucket_of(stack)
        totals[name] = totals.get(name, 0) + samples
    if not count:
        return "  (no samples)"
    lines = [f"  {'where':<42} {'share':>6} {'CPU ms/play':>11}"]
    for name, samples in sorted(totals.items(), key=lambda item: -item[1]):
        share = samples / count
        lines.append(f"  {name:<42} {share:6.1%} {share * cpu * 1000 / max(plays, 1):11.2f}")
    return "\n".join(lines)


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
    parser.add_argument("--rounds", type=int, default=1, help="repeat the measurement; medians are reported")
    parser.add_argument("--store", choices=("sqlite", "postgresql", "both"), default="sqlite")
    parser.add_argument("--database-url", help="a PostgreSQL server to use instead of a throwaway one")
    parser.add_argument(
        "--profile", type=Path, help="sample the game bot with py-spy; stacks go to this folder"
    )
    parser.add_argument("--calls", action="store_true", help="list the Discord calls and events per play")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also run the traffic floor (benchmarks/traffic_floor.py): a play's Discord traffic with no game",
    )
    parser.add_argument(
        "--compare-with",
        type=Path,
        metavar="CHECKOUT",
        help="also run the game bot (SQLite) of another checkout in each round, e.g. an older version in a git"
        " worktree (with this script copied into its benchmarks/)",
    )
    options = parser.parse_args()
    if options.database_url and options.store == "sqlite":
        options.store = "postgresql"
    if options.profile is not None:
        options.profile.mkdir(parents=True, exist_ok=True)
    return asyncio.run(run(options))


if __name__ == "__main__":
    sys.exit(main())
