"""``emulator.wait_for``: one registry of waiters, checked after each burst of emulator events and every 50 ms by
a single shared timer (no task or timer per waiter per event), and ``emulator.changed``."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.emulator import Emulator, EmulatorTimeout


async def _turns(count: int = 5) -> None:
    """Let the event loop run a few iterations (no timers involved)."""
    for _ in range(count):
        await asyncio.sleep(0)


class Flag:
    """A predicate about outside state that records where it is evaluated: in a check of the emulator (no task)
    or in a task (the waiter itself)."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: Exception | None = None
        self.calls_in_tasks = 0
        self.calls = 0

    def __call__(self) -> Any:
        self.calls += 1
        if asyncio.current_task() is not None:
            self.calls_in_tasks += 1
        if self.error is not None:
            raise self.error
        return self.value


async def test_an_event_wakes_only_the_waiter_whose_predicate_became_true(emulator: Emulator) -> None:
    first, second = Flag(), Flag()
    waiting_first = asyncio.create_task(emulator.wait_for(first, timeout=30))
    waiting_second = asyncio.create_task(emulator.wait_for(second, timeout=30))
    await _turns()
    assert (first.calls_in_tasks, second.calls_in_tasks) == (1, 1)  # each evaluated once by its own wait_for
    for _ in range(3):  # events while nothing is true: predicates checked, no waiter woken
        emulator.notify_change()
        await _turns()
    assert second.calls >= 4 and second.calls_in_tasks == 1
    assert not waiting_first.done() and not waiting_second.done()
    first.value = "yes"
    emulator.notify_change()
    await _turns()  # well within the 50 ms re-check: the event did it
    assert waiting_first.done() and await waiting_first == "yes"
    assert first.calls_in_tasks == 2  # evaluated again by the waiter before returning
    assert not waiting_second.done() and second.calls_in_tasks == 1
    second.value = 42
    emulator.notify_change()
    assert await asyncio.wait_for(waiting_second, 1) == 42


async def test_a_predicate_about_outside_state_is_rechecked_every_50_ms(emulator: Emulator) -> None:
    flag = Flag()
    loop = asyncio.get_running_loop()
    loop.call_later(0.2, setattr, flag, "value", True)  # no emulator event announces it
    started = time.monotonic()
    assert await emulator.wait_for(flag, timeout=5) is True
    assert time.monotonic() - started < 1.5  # 0.2 s plus at most one re-check period (and a busy machine)
    assert flag.calls >= 3  # re-checked several times meanwhile, without events


async def test_the_timeout_raises_emulator_timeout(emulator: Emulator) -> None:
    started = time.monotonic()
    with pytest.raises(EmulatorTimeout, match=r"^nothing happened \(waited 0\.2s\)$"):
        await emulator.wait_for(lambda: None, timeout=0.2, message="nothing happened")
    assert 0.19 <= time.monotonic() - started < 1.5
    assert not emulator._waiters  # unregistered
    with pytest.raises(EmulatorTimeout, match=r"^condition not met \(waited 0s\)$"):
        await emulator.wait_for(lambda: False, timeout=0)
    assert await emulator.wait_for(lambda: "at once", timeout=0) == "at once"


async def test_waiters_time_out_at_their_own_deadlines(emulator: Emulator) -> None:
    async def wait(seconds: float) -> float:
        started = time.monotonic()
        with pytest.raises(EmulatorTimeout):
            await emulator.wait_for(lambda: None, timeout=seconds)
        return time.monotonic() - started

    long, short, tiny = await asyncio.gather(wait(0.6), wait(0.3), wait(0.01))
    assert 0.009 <= tiny < 1.0
    assert 0.29 <= short < long
    assert long >= 0.59


async def test_the_predicate_is_checked_once_more_at_the_deadline(emulator: Emulator) -> None:
    loop = asyncio.get_running_loop()
    start = loop.time()
    # true only in the last millisecond before the deadline: after the last 50 ms re-check
    assert await emulator.wait_for(lambda: loop.time() >= start + 0.119, timeout=0.12) is True


async def test_a_raising_predicate_raises_in_its_waiter_only(emulator: Emulator) -> None:
    failing, other = Flag(), Flag()
    waiting_failing = asyncio.create_task(emulator.wait_for(failing, timeout=30))
    waiting_other = asyncio.create_task(emulator.wait_for(other, timeout=30))
    await _turns()
    failing.error = KeyError("the predicate broke")
    emulator.notify_change()
    with pytest.raises(KeyError, match="the predicate broke"):
        await asyncio.wait_for(waiting_failing, 1)
    assert not waiting_other.done()
    other.value = True
    emulator.notify_change()
    assert await asyncio.wait_for(waiting_other, 1) is True


async def test_a_predicate_raising_at_once_raises_at_once(emulator: Emulator) -> None:
    with pytest.raises(ZeroDivisionError):
        await emulator.wait_for(lambda: 1 / 0)


async def test_the_value_returned_is_the_current_one(emulator: Emulator) -> None:
    """A waiter woken because its predicate was true evaluates it again before returning: if the state went back
    in between, it keeps waiting."""
    loop = asyncio.get_running_loop()
    flag = Flag()

    def fleeting() -> Any:
        value = flag()
        if value == "for a moment" and asyncio.current_task() is None:  # the emulator's check saw it...
            # ...and it is gone again before the woken waiter resumes (scheduled after this, by the check)
            loop.call_soon(setattr, flag, "value", None)
        return value

    waiting = asyncio.create_task(emulator.wait_for(fleeting, timeout=30))
    await _turns()
    flag.value = "for a moment"
    emulator.notify_change()
    await _turns()
    assert flag.value is None and flag.calls_in_tasks == 2
    assert not waiting.done()
    flag.value = "for good"
    emulator.notify_change()
    assert await asyncio.wait_for(waiting, 1) == "for good"


async def test_a_cancelled_wait_leaves_nothing_behind(emulator: Emulator) -> None:
    flag = Flag()
    waiting = asyncio.create_task(emulator.wait_for(flag, timeout=30))
    await _turns()
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert not emulator._waiters  # unregistered
    calls = flag.calls
    emulator.notify_change()
    await asyncio.sleep(0.12)  # events and re-checks: the cancelled waiter's predicate is not evaluated again
    assert flag.calls == calls


async def test_many_waiters_need_no_task_or_timer_each(emulator: Emulator) -> None:
    flags = [Flag() for _ in range(50)]
    before = len(asyncio.all_tasks())
    waiting = [asyncio.create_task(emulator.wait_for(flag, timeout=30)) for flag in flags]
    await _turns()
    loop: Any = asyncio.get_running_loop()
    timers = len(loop._scheduled)
    for _ in range(10):
        emulator.notify_change()
        await _turns()
    assert len(asyncio.all_tasks()) == before + len(flags)  # only the waiting tasks themselves
    assert len(loop._scheduled) <= timers  # no timer per waiter per event
    for flag in flags:
        flag.value = True
    emulator.notify_change()
    assert await asyncio.wait_for(asyncio.gather(*waiting), 1) == [True] * len(flags)


async def test_changed_wakes_on_the_next_event(emulator: Emulator) -> None:
    assert await emulator.changed(0.05) is False
    waiting = asyncio.create_task(emulator.changed(5))
    await _turns()
    assert not waiting.done()
    emulator.notify_change()
    assert await asyncio.wait_for(waiting, 1) is True


async def test_a_waiter_resumes_three_turns_after_the_event(emulator: Emulator) -> None:
    """As when each waiter waited in a task of its own: tests count on the bot having had those turns of the event
    loop (to take in the answer it just got) when a wait for that answer returns."""
    flag = Flag()
    waiting = asyncio.create_task(emulator.wait_for(flag, timeout=30))
    await _turns()
    flag.value = True
    emulator.notify_change()
    turns = 0
    while not waiting.done():
        await asyncio.sleep(0)
        turns += 1
    assert turns == 3
