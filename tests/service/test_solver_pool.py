"""The solver pool: one job at a time per table, the same job shared, another one refused or queued, processes."""

from __future__ import annotations

import asyncio
import os
import threading
from dataclasses import dataclass, field

import pytest

from bot.games.klondike import Klondike, KlondikeOptions
from bot.games.klondike.jobs import HintJob, VerdictJob
from bot.service.solver_pool import SolverBusy, SolverPool, thread_executor

GATES: dict[str, threading.Event] = {}


@dataclass(frozen=True)
class GatedJob:
    """A job that waits until its gate opens (threads only), then answers its name."""

    name: str
    calls: list[str] = field(default_factory=list, compare=False, hash=False)

    def __call__(self) -> str:
        GATES[self.name].wait(timeout=10)
        self.calls.append(self.name)
        return self.name


@dataclass(frozen=True)
class WorkerPid:
    """Where a job ran."""

    def __call__(self) -> int:
        return os.getpid()


@pytest.fixture
def pool() -> SolverPool:
    GATES.clear()
    return SolverPool(2, executor=thread_executor)


async def test_the_same_job_asked_24_times_runs_once_and_all_get_its_answer(pool: SolverPool) -> None:
    GATES["a"] = threading.Event()
    calls: list[str] = []
    asked = [asyncio.create_task(pool.run(7, GatedJob("a", calls))) for _ in range(24)]
    await asyncio.sleep(0.05)
    assert pool.is_busy(7) and not any(task.done() for task in asked)
    GATES["a"].set()
    assert await asyncio.gather(*asked) == ["a"] * 24
    assert calls == ["a"] and pool.jobs_run == 1
    assert await pool.run(7, GatedJob("a", calls)) == "a" and calls == ["a"], "asked again: the answer kept"


async def test_another_job_of_a_busy_table_is_refused_or_waits(pool: SolverPool) -> None:
    GATES["a"], GATES["b"] = threading.Event(), threading.Event()
    running = asyncio.create_task(pool.run(7, GatedJob("a")))
    await asyncio.sleep(0.05)
    with pytest.raises(SolverBusy) as refused:
        await pool.run(7, GatedJob("b"))
    assert refused.value.key == "error.hint_busy"
    queued = asyncio.create_task(pool.run(7, GatedJob("b"), wait=True))
    GATES["b"].set()
    await asyncio.sleep(0.05)
    assert not queued.done(), "it waits for the table's running job"
    GATES["a"].set()
    assert await running == "a" and await queued == "b"


async def test_other_tables_do_not_wait_for_a_busy_one(pool: SolverPool) -> None:
    GATES["slow"], GATES["quick"] = threading.Event(), threading.Event()
    slow = asyncio.create_task(pool.run(1, GatedJob("slow")))
    GATES["quick"].set()
    assert await asyncio.wait_for(pool.run(2, GatedJob("quick")), timeout=5) == "quick"
    assert not slow.done()
    GATES["slow"].set()
    assert await slow == "slow"


async def test_a_failing_job_fails_its_askers_and_frees_the_table(pool: SolverPool) -> None:
    with pytest.raises(KeyError):
        await pool.run(3, GatedJob("no gate"))
    GATES["next"] = threading.Event()
    GATES["next"].set()
    assert await pool.run(3, GatedJob("next")) == "next"


async def test_solver_jobs_run_in_worker_processes_of_their_own() -> None:
    pool = SolverPool(1)
    try:
        game = Klondike.new(KlondikeOptions(draw=3), 10)
        assert await pool.run(1, WorkerPid()) != os.getpid()
        notice = await pool.run(2, HintJob(game.seen_position(), game.positions_on_the_way()))
        assert notice.key.startswith("klondike.hint_")
        assert await pool.run(3, VerdictJob(game.options, 10)) == "winnable"
    finally:
        pool.shutdown()
