"""The interaction gate (bot/interaction_gate.py): after the event loop stood still (a frozen process), interactions
wait until the shard lock is checked, then go on in order, or are dropped if the shards were lost meanwhile; once
lost, nothing is taken."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import interaction_gate
from bot.interaction_gate import GateState, InteractionGate


class FakeConnection:
    def __init__(self) -> None:
        self.parsed: list[int] = []
        self.parsers = {"INTERACTION_CREATE": lambda data: self.parsed.append(data["id"])}


async def settled(gate: InteractionGate) -> None:
    """Until the lock check in progress is done."""
    for _ in range(100):
        if gate.state is not GateState.HOLDING:
            return
        await asyncio.sleep(0.01)


def gate_on(connection: FakeConnection) -> InteractionGate:
    gate = InteractionGate()
    assert gate.install(connection)
    return gate


async def test_after_the_loop_stood_still_interactions_wait_for_the_lock_check_then_go_on_in_order() -> None:
    connection = FakeConnection()
    gate = gate_on(connection)
    checked = asyncio.Event()
    answer = asyncio.get_running_loop().create_future()

    async def verify() -> bool:
        checked.set()
        return bool(await answer)

    gate.watch(verify)
    try:
        connection.parsers["INTERACTION_CREATE"]({"id": 1})
        assert connection.parsed == [1]
        gate._last_tick -= interaction_gate.STALL_LIMIT + 1  # as after SIGSTOP ... SIGCONT
        for number in (2, 3):
            connection.parsers["INTERACTION_CREATE"]({"id": number})
        await checked.wait()
        assert gate.state is GateState.HOLDING and connection.parsed == [1]
        answer.set_result(True)
        await settled(gate)
        assert gate.state is GateState.OPEN and connection.parsed == [1, 2, 3]
    finally:
        gate.stop_watching()


async def test_interactions_held_when_the_lock_is_found_lost_are_dropped_and_so_is_everything_after() -> None:
    connection = FakeConnection()
    gate = gate_on(connection)

    async def lost() -> bool:
        return False

    gate.watch(lost)
    try:
        gate._last_tick -= interaction_gate.STALL_LIMIT + 1
        connection.parsers["INTERACTION_CREATE"]({"id": 1})
        await settled(gate)
        assert gate.state is GateState.CLOSED
        connection.parsers["INTERACTION_CREATE"]({"id": 2})
        assert connection.parsed == []
    finally:
        gate.stop_watching()


async def test_a_busy_loop_that_did_not_stand_still_takes_interactions_at_once() -> None:
    connection = FakeConnection()
    gate = gate_on(connection)
    calls: list[Any] = []

    async def verify() -> bool:
        calls.append(True)
        return True

    gate.watch(verify)
    try:
        await asyncio.sleep(interaction_gate.TICK * 2)
        connection.parsers["INTERACTION_CREATE"]({"id": 1})
        assert connection.parsed == [1] and calls == []
    finally:
        gate.stop_watching()


def test_a_closed_gate_takes_nothing() -> None:
    connection = FakeConnection()
    gate = gate_on(connection)
    gate.close()
    connection.parsers["INTERACTION_CREATE"]({"id": 1})
    assert connection.parsed == []
