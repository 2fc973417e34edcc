"""The solver pool: the solver's work (Klondike's hints, the after-game verdict) in worker processes of its own.

The solver is pure Python, so on a thread it would hold the GIL and starve the event loop (and, run by
`asyncio.to_thread`, it filled the default executor that pictures and charts wait for: a flood of 24 **Hint**
clicks made `/stats` in another server fail after 6 s). Here it runs in separate processes, started on first use
and given a lower CPU priority (`nice`), so the bot's own process keeps answering every server first.

One job per table at a time. A job equal to the one running for the table (the same position, clicked 24 times)
waits for it and shares its answer, and the table's latest answer is kept for a repeat; a different job for the same
table (a move was made meanwhile) is refused with `SolverBusy`, or queued behind the running one (`wait=True`).
Jobs are pure, picklable callables (`bot/games/klondike/jobs.py`) compared with `==`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from bot.games.errors import GameError

log = logging.getLogger(__name__)

Answer = TypeVar("Answer")
Job = Callable[[], Answer]

# What the worker processes import once, before any job (the fork server's preload).
PRELOAD: Final = ["bot.games.klondike.jobs"]
WORKER_NICENESS: Final = 5  # below the bot when the CPU is short, yet not starved on a busy machine
KEPT_ANSWERS: Final = 512  # the latest answer of this many tables


class SolverBusy(GameError):
    """The table's solver is already working on another job."""

    def __init__(self) -> None:
        super().__init__("error.hint_busy")


def default_workers() -> int:
    """One worker per core, at most four (the workers' lower priority leaves the bot its CPU)."""
    return max(1, min(4, os.cpu_count() or 1))


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def process_executor(workers: int) -> Executor:
    """Worker processes forked from a small server that imported only the solver (not Discord, not the bot)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(PRELOAD)
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_lower_priority)


def thread_executor(workers: int) -> Executor:
    """Threads instead of processes: what the bot did before the pool (for the benchmark's comparison)."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="solver")


class _Running:
    __slots__ = ("future", "job")

    def __init__(self, job: Any, future: asyncio.Future[Any]) -> None:
        self.job = job
        self.future = future


class SolverPool:
    """Runs solver jobs off the event loop, one at a time per table (see the module docstring)."""

    def __init__(
        self, workers: int | None = None, *, executor: Callable[[int], Executor] = process_executor
    ) -> None:
        self.workers = workers or default_workers()
        self._make_executor = executor
        self._executor: Executor | None = None
        self._running: dict[int, _Running] = {}
        self._answers: OrderedDict[int, tuple[Any, Any]] = OrderedDict()
        self.jobs_run = 0  # jobs that reached a worker (shared and repeated answers are not counted)

    async def run(self, table_id: int, job: Job[Answer], *, wait: bool = False) -> Answer:
        """`job`'s answer, worked out in the pool. Raises `SolverBusy` when the table's solver is busy with
        another job, unless `wait` (then it runs after it)."""
        while True:
            kept = self._answers.get(table_id)
            if kept is not None and kept[0] == job:
                self._answers.move_to_end(table_id)
                answer: Answer = kept[1]
                return answer
            running = self._running.get(table_id)
            if running is None:
                break
            if running.job == job:
                shared: Answer = await asyncio.shield(running.future)
                return shared
            if not wait:
                raise SolverBusy()
            with contextlib.suppress(Exception):  # its failure is its own asker's to report
                await asyncio.shield(running.future)
        future = asyncio.get_running_loop().run_in_executor(self._pool(), job)
        entry = _Running(job, future)
        self._running[table_id] = entry
        self.jobs_run += 1
        future.add_done_callback(lambda done: self._finished(table_id, entry, done))
        finished: Answer = await asyncio.shield(future)
        return finished

    def _finished(self, table_id: int, entry: _Running, future: asyncio.Future[Any]) -> None:
        if self._running.get(table_id) is entry:
            del self._running[table_id]
        if future.cancelled():
            return
        error = future.exception()
        if error is None:
            self._answers[table_id] = (entry.job, future.result())
            self._answers.move_to_end(table_id)
            while len(self._answers) > KEPT_ANSWERS:
                self._answers.popitem(last=False)
        elif isinstance(error, BrokenProcessPool):
            log.error("The solver pool's workers died; new ones start with the next job")
            self._executor = None

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = self._make_executor(self.workers)
        return self._executor

    def is_busy(self, table_id: int) -> bool:
        return table_id in self._running

    def shutdown(self) -> None:
        """Stop the workers (jobs not started are dropped); the next job starts new ones."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_shared: SolverPool | None = None


def solver_pool() -> SolverPool:
    """The bot's solver pool (one per process, like the picture thread)."""
    global _shared
    if _shared is None:
        _shared = SolverPool()
    return _shared


def use_solver_pool(pool: SolverPool) -> SolverPool:
    """Make `pool` the bot's solver pool (benchmarks and tests); returns the one it replaces."""
    global _shared
    previous = _shared or SolverPool()
    _shared = pool
    return previous
