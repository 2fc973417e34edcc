"""A process loses its shards under load and another one takes them over: what the players and the database saw.

`run_takeover(fault, ...)` starts a bot process A for shards 0-1 of 2 on a throwaway PostgreSQL, opens and starts a
table of The Game in each of some servers, keeps their players playing (a card, then a pile), and injects a fault:

- ``kill``: A's lock session is ended (`pg_terminate_backend`, as an administrator or an idle timeout would);
  a second process B is started at once for the same shards.
- ``freeze``: A is frozen (SIGSTOP, as a stalled VM or a long GC pause), its lock session ended, B started and
  serving, players clicking on, then A thawed (SIGCONT): it must not write or answer one more move.
- ``cut``: A reaches PostgreSQL through a TCP proxy that goes silent both ways (a network cut). A gives up on its
  own (its lock's heartbeat); the server ends A's sessions when its keepalives notice (simulated once A is gone,
  as 25 s into a real cut); B is started then.
- ``restart``: PostgreSQL restarts (`pg_ctl restart -m fast`); B is started once it is back.

Measured (`Takeover`): double acknowledgements (one interaction answered by both processes, which Discord refuses),
writes by A committed after B took the shards (an audit trigger stamps every write of `tables` with its lease
generation and the server's clock), acknowledged plays missing from the database, A's exit status and the seconds
from the fault (frozen: from the thaw) to A's exit. Used by tests/cluster/test_takeover.py and `benchmarks/cluster.py --takeover`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.emulator import Emulator
from bot.games.thegame.engine import PlayCard, seed_to_deal_code
from bot.games.thegame.ui.board import game_of
from bot.storage.database import connect
from bot.storage.tables import TableStore
from tests.cluster.cluster import BotProcess, Table, enabled, open_and_start
from tests.postgres import ThrowawayPostgres
from tests.storage.network import CuttableProxy, with_port

FAULTS = ("kill", "freeze", "cut", "restart")
SHARD_COUNT = 2
# How long a player waits for an answer during the takeover before walking away from the table.
PATIENCE = 5.0
# Pause between a player's plays, so that the load lasts through the fault.
PACE = 0.15
AUDIT = (
    "CREATE TABLE takeover_audit (table_id BIGINT, generation BIGINT, written_at DOUBLE PRECISION);\n"
    "CREATE FUNCTION audit_table_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
    " INSERT INTO takeover_audit VALUES (NEW.id, NEW.lease_generation, extract(epoch FROM clock_timestamp()));"
    " RETURN NULL; END $$;\n"
    "CREATE TRIGGER tables_audit AFTER INSERT OR UPDATE ON tables FOR EACH ROW EXECUTE FUNCTION audit_table_write();"
)


@dataclass
class Takeover:
    fault: str
    double_acks: int
    late_writes: int  # by A, committed after B took the shards
    lost: int  # acknowledged plays missing from the database
    acknowledged: int
    exit_code: int | None
    stop_seconds: float  # from the fault to A's exit
    errors: str = ""  # what A printed, for a failing test


@dataclass
class Player:
    table: Table
    # Plays sent but not acknowledged: no answer, or "could not save" when the connection died during the commit.
    # Each may be in the database or not (the player cannot tell).
    unacknowledged: int = 0


async def answer_of(result: object) -> int | None:
    """The type of the bot's answer (7: the clicked message updated, 4: a new private message), None for none."""
    try:
        callback = await result.response(timeout=PATIENCE)  # type: ignore[attr-defined]
    except (AssertionError, TimeoutError):
        return None
    return int(callback.type) if callback.ok else None


async def play_once(emulator: Emulator, player: Player) -> bool | None:
    """One play (a card, then a pile; confirmed when asked): True when the bot acknowledged it (the hand message
    updated), None when it did not (no answer, or a refusal), False when the player has no card to play."""
    table = player.table
    hand = table.hand
    assert hand is not None
    cards = enabled(hand, "tg:card")
    if not cards:
        return False
    if await answer_of(await emulator.click(table.alice, hand, cards[0]["custom_id"])) != 7:
        return None
    piles = enabled(hand, "tg:play")
    if not piles:
        return None
    pile_id = ([b for b in piles if b.get("style") != 4] or piles)[0]["custom_id"]
    answer = await answer_of(await emulator.click(table.alice, hand, pile_id))
    confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].endswith(":1")]
    if answer == 7 and confirm:
        pile_id = confirm[0]["custom_id"]
        answer = await answer_of(await emulator.click(table.alice, hand, pile_id))
    if answer != 7:
        player.unacknowledged += 1
        return None
    card, pile = pile_id.split(":")[3:5]
    table.acknowledged.append((int(card), pile))
    return True


async def reopen_hand(emulator: Emulator, player: Player) -> None:
    """After a click nobody answered, the player opens their hand again from the board."""
    table = player.table
    assert table.board is not None
    result = await emulator.click(table.alice, table.board, f"tg:hand:{table.table_id}")
    if await answer_of(result) is not None:
        with contextlib.suppress(AssertionError, TimeoutError):
            table.hand = result.original or await result.original_message(timeout=PATIENCE)


async def keep_playing(emulator: Emulator, player: Player, stop: asyncio.Event) -> None:
    """Play until the hand has no card to play or the run stops; a click not answered (the takeover) is followed
    by a pause and the hand opened again, as a player would."""
    while not stop.is_set():
        played = await play_once(emulator, player)
        if played is False:
            return
        if played is None:
            await asyncio.sleep(1.0)
            await reopen_hand(emulator, player)
        await asyncio.sleep(PACE)


async def end_lock_session(url: str, pid: int) -> None:
    connection = await asyncpg.connect(url)
    try:
        ended = await connection.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name LIKE $1"
            " AND datname = current_database()",
            f"thegame pid {pid} %",
        )
    finally:
        await connection.close()
    assert ended == 1, f"{ended} lock sessions of process {pid} ended"


async def start_when_free(process: BotProcess, attempts: int = 20) -> None:
    """Start B as a supervisor would: again while it is refused (3: shards still held) or finds no database (5)."""
    for _ in range(attempts):
        await process.start()
        with contextlib.suppress(AssertionError):
            await process.wait_ready(timeout=60)
            return
        if process.process is None or process.process.returncode not in (3, 5):
            raise AssertionError(f"B did not start: {process.errors()}")
        await asyncio.sleep(0.5)
    raise AssertionError(f"B was refused {attempts} times: {process.errors()}")


async def run_takeover(
    emulator: Emulator, server: ThrowawayPostgres, folder: Path, fault: str, *, servers: int = 8
) -> Takeover:
    emulator.rules.ack_deadline = 60.0  # slow answers under load are not the question here
    url = await server.new_database("takeover")
    proxy = await CuttableProxy.start(server.port) if fault == "cut" else None
    players = []
    for index in range(servers):
        guild = emulator.world.add_guild(f"Server {index}")
        alice, bob = emulator.world.add_user(f"alice{index}"), emulator.world.add_user(f"bob{index}")
        guild.add_member(alice)
        guild.add_member(bob)
        players.append(Player(Table(guild.add_text_channel("games"), alice, bob)))

    def process(name: str, database_url: str) -> BotProcess:
        return BotProcess(
            emulator, database_path=folder / f"{name}.sqlite3", database_url=database_url,
            shard_count=SHARD_COUNT, shard_ids="0-1", env={"THEGAME_TEST_HEARTBEAT": "1,1"},
        )  # fmt: skip

    first = process("a", with_port(url, proxy.port) if proxy else url)
    second = process("b", url)
    stop = asyncio.Event()
    try:
        await first.start()
        await first.wait_ready(timeout=60)
        await _install_audit(url)
        await asyncio.gather(
            *(open_and_start(emulator, p.table, seed_to_deal_code(7_000 + i)) for i, p in enumerate(players))
        )
        first_generation = await _generation(url)
        load = asyncio.gather(*(keep_playing(emulator, player, stop) for player in players))
        await asyncio.sleep(1.0)
        started = await _inject(fault, first, second, url, server, proxy)
        exit_code = await _exit_of(first)
        stop_seconds = time.monotonic() - started
        if fault != "freeze":
            await start_when_free(second)
        await asyncio.sleep(1.0)  # B serves
        stop.set()
        await load
        second_generation = await _generation(url)
        late_writes = await _late_writes(url, first_generation, second_generation)
        lost, acknowledged = await _lost_plays(url, players)
        double_acks = len(emulator.take_violations("double_ack"))
        emulator.take_violations()  # interactions left unanswered while no process held the shards
        return Takeover(
            fault, double_acks, late_writes, lost, acknowledged, exit_code, stop_seconds, first.errors()
        )
    finally:
        stop.set()
        await asyncio.gather(first.stop(), second.stop())
        if proxy is not None:
            await proxy.close()


async def _inject(
    fault: str,
    first: BotProcess,
    second: BotProcess,
    url: str,
    server: ThrowawayPostgres,
    proxy: CuttableProxy | None,
) -> float:
    """Inject the fault; returns when the first process could start to notice it (frozen: once thawed)."""
    started = time.monotonic()
    if fault == "kill":
        await end_lock_session(url, first.pid)
    elif fault == "freeze":
        os.kill(first.pid, signal.SIGSTOP)
        try:
            await end_lock_session(url, first.pid)
            await start_when_free(second)
            await asyncio.sleep(1.0)  # players click on: B answers, A's socket fills up
        finally:
            os.kill(first.pid, signal.SIGCONT)
            started = time.monotonic()
    elif fault == "cut":
        assert proxy is not None
        proxy.cut()
        await first.wait(timeout=60)  # its heartbeat gives up first...
        proxy.drop_server_side()  # ... then the server's keepalives end its sessions
    elif fault == "restart":
        log = str(server.data.parent / "server.log")  # else the server keeps pg_ctl's output pipe open
        await asyncio.to_thread(
            server._run, "pg_ctl", "-D", str(server.data), "-l", log, "-m", "fast", "-w", "restart"
        )
    else:
        raise ValueError(f"unknown fault {fault!r}")
    return started


async def _exit_of(process: BotProcess, limit: float = 60) -> int | None:
    """Its exit status; None when it did not exit within ``limit`` seconds (its stacks then go to its log)."""
    try:
        return await process.wait(timeout=limit)
    except TimeoutError:
        os.kill(process.pid, signal.SIGUSR1)
        await asyncio.sleep(1)
        return None


async def _install_audit(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        for statement in AUDIT.split(";\n"):
            await connection.execute(statement)
    finally:
        await connection.close()


async def _generation(url: str) -> int:
    connection = await asyncpg.connect(url)
    try:
        return int(await connection.fetchval("SELECT generation FROM shard_leases WHERE shard = 0"))
    finally:
        await connection.close()


async def _late_writes(url: str, first: int, second: int) -> int:
    connection = await asyncpg.connect(url)
    try:
        return int(
            await connection.fetchval(
                "SELECT count(*) FROM takeover_audit WHERE generation = $1"
                " AND written_at > (SELECT min(taken_at) FROM shard_leases WHERE generation = $2)",
                first,
                second,
            )
        )
    finally:
        await connection.close()


async def _lost_plays(url: str, players: list[Player]) -> tuple[int, int]:
    """Acknowledged plays the database does not hold, and how many were acknowledged. A play sent and not
    acknowledged may be there or not; any other play in the database is an error."""
    database = await connect(url)
    lost = acknowledged = 0
    try:
        store = TableStore(database)
        for player in players:
            table = player.table
            saved = await store.load(table.table_id)
            plays = (
                []
                if saved is None
                else [(a.card, a.pile) for a in game_of(saved).log if isinstance(a, PlayCard)]
            )
            acknowledged += len(table.acknowledged)
            lost += sum(1 for play in table.acknowledged if play not in plays)
            assert len(plays) <= len(table.acknowledged) + player.unacknowledged, (
                "a play nobody sent is saved"
            )
    finally:
        await database.close()
    return lost, acknowledged
