"""One process per shard, even when the lock is lost: under load, a process that loses its shards (its lock session
killed, frozen then thawed, cut off from the database, the database restarted) stops answering and writing at
once, exits with status 4 for its supervisor, and the process that takes the shards over finds every move the
first one acknowledged. Counted by tests/cluster/takeover.py: double acknowledgements and writes after the
takeover must be 0."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.emulator import Emulator
from tests.cluster.takeover import FAULTS, SHARD_COUNT, run_takeover
from tests.postgres import ThrowawayPostgres

pytestmark = pytest.mark.postgresql


@pytest.fixture
def emulator_options() -> dict[str, Any]:
    return {"shard_count": SHARD_COUNT}


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_process_that_loses_its_shards_stops_and_nothing_it_acknowledged_is_lost(
    emulator: Emulator, postgres_server: ThrowawayPostgres, tmp_path: Path, fault: str
) -> None:
    result = await run_takeover(emulator, postgres_server, tmp_path, fault)
    assert result.exit_code == 4, result.errors
    assert result.acknowledged > 0, "the players could not play before the fault"
    assert (result.double_acks, result.late_writes, result.lost) == (0, 0, 0), result
    assert "Stopped: this process lost its shards" in result.errors
