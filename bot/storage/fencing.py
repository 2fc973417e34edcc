"""Fenced saves on PostgreSQL: a process that lost its shards cannot write one more move.

The advisory locks of `shard_lock.py` say which process runs a shard, but a process learns that its lock's session
ended only a moment later (at once when the server ends it, up to 20 s after a network cut), and a process frozen
for a while learns it later still. Meanwhile another process may take the shards over. The locks alone cannot stop
the first one from saving a move then, over the second one's games. Fencing does:

- `shard_leases` has a row per shard (and row -1 for the whole bot) with the generation of the process that holds
  it. Right after taking its advisory locks, a process takes a new generation and writes it into its shards' rows
  (`take_lease`), under an EXCLUSIVE lock on `shard_leases`, so it waits for the saves already in flight.
- Every connection of the process carries its generation (`Lease.server_settings`), and every statement that
  writes one of the bot's tables checks it in the same transaction (the `fence_writes` trigger, migration 0006):
  a write by a generation that no longer holds all of its shards, or whose lock's session has ended (even before
  another process takes the shards), fails with SQLSTATE `TG001`, which the store raises as :class:`ShardsLost`. The check holds a ROW SHARE lock on `shard_leases` until the write commits, so a
  takeover never slips between a check and its commit.
- A process whose write is fenced off treats it like a lost lock: the move is not acknowledged (a move is answered
  only once saved), the process stops answering and exits with status 4 (`bot/exit_codes.py`).

Whole bot (no SHARD_IDS): its generation is checked on row -1, which every process that takes any shard rewrites,
and it takes every row, so each side fences the other off. A process started with another SHARD_COUNT than the
cluster's last one takes every row too: a shard number means other servers under another count.

SQLite needs none of this: a process holds its shards by `flock`, which ends only with the process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

FENCED_SQLSTATE = "TG001"
WHOLE_BOT = -1
# How long a process taking shards waits for another one's saves in flight before it gives up.
TAKEOVER_LOCK_TIMEOUT = "30s"


class ShardsLost(Exception):
    """This process no longer holds its shards (its lock's session ended, or another process took them over and
    this write was fenced off): nothing was written, and the process must stop answering."""


@dataclass(frozen=True, slots=True)
class Lease:
    """The shards a process holds (None: the whole bot) and the generation its writes carry."""

    shards: tuple[int, ...] | None
    generation: int
    # The session holding the shards' advisory locks: its server pid and its start (microseconds since 1970), so a
    # pid reused after a restart is not taken for it. 0, 0: not checked.
    lock_pid: int = 0
    lock_started: int = 0

    @property
    def keys(self) -> tuple[int, ...]:
        """The `shard_leases` rows its writes are checked against."""
        return (WHOLE_BOT,) if self.shards is None else self.shards

    def server_settings(self) -> dict[str, str]:
        """The session settings that carry the lease into every statement of a connection."""
        return {
            "thegame.lease_generation": str(self.generation),
            "thegame.lease_shards": "{" + ",".join(str(key) for key in self.keys) + "}",
            "thegame.lease_lock": f"{self.lock_pid}:{self.lock_started}",
        }


def is_fenced(error: BaseException) -> bool:
    return isinstance(error, asyncpg.PostgresError) and getattr(error, "sqlstate", None) == FENCED_SQLSTATE


async def take_lease(
    connection: asyncpg.Connection[Any], shards: Sequence[int] | None, shard_count: int | None, holder: str
) -> Lease:
    """Write a new generation into the lease rows of ``shards`` (None: the whole bot), after every save in flight
    of the processes it fences off. Call it holding the shards' advisory locks."""
    owned = None if shard_count is None or shards is None else tuple(shards)
    async with connection.transaction():
        await connection.execute(f"SET LOCAL lock_timeout = '{TAKEOVER_LOCK_TIMEOUT}'")
        await connection.execute("LOCK TABLE shard_leases IN EXCLUSIVE MODE")
        # The server's clock, once every earlier write has committed: a write stamped later is the new holder's.
        now = float(await connection.fetchval("SELECT extract(epoch FROM clock_timestamp())::float8"))
        generation = int(await connection.fetchval("SELECT nextval('shard_lease_generations')"))
        lock_session = await connection.fetchrow(
            "SELECT pid, floor(extract(epoch FROM backend_start) * 1000000)::bigint"
            " FROM pg_stat_get_activity(pg_backend_pid())"
        )
        lock_pid, lock_started = (0, 0) if lock_session is None else tuple(lock_session)
        cluster_count = await connection.fetchval(
            "SELECT shard_count FROM shard_leases WHERE shard = $1", WHOLE_BOT
        )
        if owned is None or cluster_count != shard_count:
            await connection.execute(
                "UPDATE shard_leases SET generation = $1, holder = $2, taken_at = $3", generation, holder, now
            )
        rows = [(key, generation, holder, now) for key in (*(owned or ()), WHOLE_BOT)]
        await connection.executemany(
            "INSERT INTO shard_leases (shard, generation, holder, taken_at) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (shard) DO UPDATE SET generation = excluded.generation, holder = excluded.holder,"
            " taken_at = excluded.taken_at",
            rows,
        )
        await connection.execute(
            "UPDATE shard_leases SET shard_count = $1 WHERE shard = $2",
            None if owned is None else shard_count,
            WHOLE_BOT,
        )
    return Lease(owned, generation, int(lock_pid), int(lock_started))
