"""Real bot processes on some shards of one emulator, and players who open tables and play through them (for the
cluster tests and benchmarks/cluster.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.emulator import Emulator, Message, User
from bot.emulator.world import Channel

ROOT = Path(__file__).resolve().parents[2]
READY_ROUTE = "GET /applications/{application_id}/commands"  # cogs/info.py asks for the commands in on_ready
ANSWER_TIMEOUT = 30.0  # how long a player waits for the bot (benchmarks/cluster.py waits longer)


class BotProcess:
    """`python -m tests.e2e.bot_process` for ``shard_ids`` (e.g. "0-1"; None: every shard) of ``shard_count``."""

    def __init__(
        self,
        emulator: Emulator,
        *,
        database_path: Path,
        database_url: str | None = None,
        shard_count: int | None = None,
        shard_ids: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.emulator = emulator
        self.database_path = database_path
        self.shard_count = shard_count
        self.shard_ids = shard_ids
        self.env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DATABASE_URL": database_url or "",
            "SHARD_COUNT": str(shard_count or ""),
            "SHARD_IDS": shard_ids or "",
            "AI_TURN_DELAY_SECONDS": "0.01",
            **(env or {}),
        }
        self.process: asyncio.subprocess.Process | None = None
        # What the process prints (errors, a refusal) goes to a file: a pipe nobody reads could fill and stall it.
        self.log_path = database_path.with_name(f"bot-{shard_ids or 'all'}-{id(self)}.log")
        self._sessions_before: set[str] = set()
        self._ready_before = 0

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def shards(self) -> list[int]:
        if self.shard_ids is None:
            return list(range(self.shard_count or self.emulator.shard_count))
        low, _, high = self.shard_ids.partition("-")
        return list(range(int(low), int(high or low) + 1))

    async def start(self) -> BotProcess:
        emulator = self.emulator
        self._sessions_before = set(emulator.gateway.sessions)
        self._ready_before = len(emulator.requests_to(READY_ROUTE))
        with self.log_path.open("wb") as log:
            self.process = await self._spawn(log)
        return self

    async def _spawn(self, log: Any) -> asyncio.subprocess.Process:
        emulator = self.emulator
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.bot_process",
            emulator.api_base,
            emulator.gateway_url,
            emulator.token,
            str(self.database_path),
            cwd=ROOT,
            env=self.env,
            stderr=log,
        )

    def _connected(self) -> bool:
        count = self.shard_count or self.emulator.shard_count
        mine = {
            session.shard
            for session_id, session in self.emulator.gateway.sessions.items()
            if session_id not in self._sessions_before and session.alive and session.connection is not None
        }
        return all((shard, count) in mine for shard in self.shards)

    async def wait_ready(self, timeout: float = 30) -> None:  # noqa: ASYNC109
        """Until each of its shards has a new gateway session and the bot has run on_ready."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while not (self._connected() and len(self.emulator.requests_to(READY_ROUTE)) > self._ready_before):
            if self.process.returncode is not None:
                raise AssertionError(f"the bot process for shards {self.shard_ids} exited: {self.errors()}")
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the bot process for shards {self.shard_ids} was not ready after {timeout}s"
                )
            await self.emulator.changed(0.05)

    def errors(self) -> str:
        """What the process printed to stderr so far (errors only: it logs at ERROR)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def wait(self, timeout: float = 30) -> int:  # noqa: ASYNC109
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def kill(self) -> None:
        """SIGKILL: no chance to clean up, like a crash or an OOM kill."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)
        await self.wait()

    async def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers; never raises (for clean-up)."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


# -- players -----------------------------------------------------------------------------------------------------
@dataclass
class Table:
    """One server's game of The Game between two players, as the players see it."""

    channel: Channel
    alice: User
    bob: User
    table_id: int = 0
    board: Message | None = None
    hand: Message | None = None
    acknowledged: list[tuple[int, str]] = field(default_factory=list)  # (card, pile) of every answered play
    latencies: list[float] = field(default_factory=list)


def enabled(message: Message, prefix: str) -> list[dict[str, Any]]:
    return [b for b in message.buttons if b.get("custom_id", "").startswith(prefix) and not b.get("disabled")]


async def act(table: Table, result: Any) -> Any:
    """Wait for the bot's answer to an interaction; it must be a success."""
    callback = await result.response(timeout=ANSWER_TIMEOUT)
    assert callback.ok, f"{result}: {callback}"
    table.latencies.append(callback.elapsed)
    return result


async def open_and_start(emulator: Emulator, table: Table, deal: str) -> None:
    """Alice opens a table with a fixed deal, Bob joins, Alice starts and chooses to play first (her hand opens)."""
    lobby = await act(table, await emulator.slash(table.alice, table.channel, "game new", {"deal": deal}))
    board = lobby.original or await lobby.original_message(timeout=ANSWER_TIMEOUT)
    table.board = board
    table.table_id = int(board.custom_ids[0].split(":")[2])
    await act(table, await emulator.click(table.bob, board, f"tg:join:{table.table_id}"))
    await act(table, await emulator.click(table.alice, board, f"tg:start:{table.table_id}"))
    choose_first = f"tg:first:{table.table_id}"

    def current_board() -> Message | None:
        # Usually the lobby itself; under heavy load the bot may have posted the board anew (the lobby's id not
        # known yet when the first click came): this test is about who answers and what survives, not that.
        return next(
            (
                m
                for m in reversed(table.channel.messages)
                if not m.ephemeral and m.find_component(choose_first, type=2)
            ),
            None,
        )

    board = await emulator.wait_for(current_board, timeout=ANSWER_TIMEOUT)
    table.board = board
    first = await act(table, await emulator.click(table.alice, board, choose_first))
    table.hand = await first.followup(0, timeout=ANSWER_TIMEOUT)


async def play(emulator: Emulator, table: Table) -> bool:
    """Alice plays one card from her hand message (a card, then a pile); False when she has nothing to play."""
    hand = table.hand
    assert hand is not None
    cards = enabled(hand, "tg:card")
    if not cards:
        return False
    await act(table, await emulator.click(table.alice, hand, cards[0]["custom_id"]))
    piles = enabled(hand, "tg:play")
    safe = [b for b in piles if b.get("style") != 4] or piles
    pile_id = safe[0]["custom_id"]
    await act(table, await emulator.click(table.alice, hand, pile_id))
    confirm = [b for b in enabled(hand, "tg:play") if b["custom_id"].endswith(":1")]
    if confirm:
        pile_id = confirm[0]["custom_id"]
        await act(table, await emulator.click(table.alice, hand, pile_id))
    card, pile = pile_id.split(":")[3:5]
    table.acknowledged.append((int(card), pile))
    return True
