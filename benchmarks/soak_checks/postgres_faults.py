"""PostgreSQL's faults in the soak, and the writes a bot process makes after it lost its shards, read from the
database itself.

- Each bot process connects with its own ``application_name`` (``soak-bot-<n>``, in its DATABASE_URL).
- An audit trigger (installed by the soak on its throwaway database) records every row written to ``tables``,
  ``games``, ``game_players`` and ``ratings``: when (the server's clock), by which application, which row.
- Faults (spread evenly over the faulty part of the run): ``kill_lock`` ends the session that holds the process's shard locks (``pg_terminate_backend``);
  ``overlap`` does the same and starts the replacement process at once, while the first may still be serving;
  ``restart`` restarts the server (every session ends).
- A process has lost its shards at the moment its lock session ended (the session's backend gone, which is when
  its advisory locks are released; for a restart, once the server is back); every row it wrote after that moment
  is a write by a process that no longer owned its shards (the target is 0, which fenced saves guarantee:
  bot/storage/fencing.py).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from typing import Any

import asyncpg

AUDIT = """
CREATE TABLE IF NOT EXISTS soak_writes (
    at DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM clock_timestamp()),
    app TEXT NOT NULL DEFAULT current_setting('application_name'),
    tbl TEXT NOT NULL,
    row_id BIGINT
);
CREATE OR REPLACE FUNCTION soak_audit() RETURNS trigger AS $$
BEGIN
    INSERT INTO soak_writes (tbl, row_id)
    VALUES (TG_TABLE_NAME, COALESCE(to_jsonb(NEW)->>'id', to_jsonb(NEW)->>'game_id', to_jsonb(NEW)->>'user_id')::BIGINT);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
"""
AUDITED = ("tables", "games", "game_players", "ratings")
KINDS = ("kill_lock", "overlap", "restart")


def with_application_name(url: str, name: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}application_name={name}"


@dataclass
class LockLoss:
    app: str  # the application_name of the process that lost its shards
    at: float  # the server's clock when its lock session ended
    kind: str


class PostgresFaults:
    def __init__(self, database_url: str, server: Any = None) -> None:
        self.database_url = database_url
        self.server = server  # a tests.postgres.ThrowawayPostgres, for `restart`
        self.losses: list[LockLoss] = []

    async def _connect(self) -> asyncpg.Connection:
        return await asyncpg.connect(with_application_name(self.database_url, "soak-checks"))

    async def install_audit(self) -> None:
        """The audit trigger on the bot's tables (once its migrations created them)."""
        connection = await self._connect()
        try:
            await connection.execute(AUDIT)
            for table in AUDITED:
                await connection.execute(
                    f"CREATE OR REPLACE TRIGGER soak_audit_{table} AFTER INSERT OR UPDATE ON {table}"
                    " FOR EACH ROW EXECUTE FUNCTION soak_audit()"
                )
        finally:
            await connection.close()

    async def kill_lock_session(self, app: str, pid: int, kind: str = "kill_lock") -> float | None:
        """End the session holding the shard locks of process `pid` (whose pool is `app`); the server's time then
        (None if no such session was found). The lock session is the one named "thegame pid <pid> ..."."""
        connection = await self._connect()
        try:
            # The locks are released when the session's backend exits, a moment after it is told to: wait for it
            # (up to 10 s), then read the clock. A write committed before that was made holding the shards.
            ended = await connection.fetchval(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE application_name LIKE $1"
                " LIMIT 1",
                f"thegame pid {pid} %",
            )
            at = float(await connection.fetchval("SELECT extract(epoch FROM clock_timestamp())"))
        finally:
            await connection.close()
        if not ended:
            return None
        self.losses.append(LockLoss(app, at, kind))
        return at

    def restart(self, apps: list[str]) -> float:
        """Restart the server (fast shutdown: every session ends at once); each process in `apps` lost its shards
        then. Returns the time the server is back (this machine's clock: the server runs here): nothing can be
        written while it is down, a write committed as the shutdown began was made holding the shards, and any row
        by those processes after the restart was written after they lost them."""
        import time

        server = self.server
        if server is None:
            raise RuntimeError("restarting PostgreSQL needs the throwaway server")
        log = str(
            server.data.parent / "server.log"
        )  # (without a log file the server would hold our pipe open)
        command = [
            str(server.binaries / "pg_ctl"), "-D", str(server.data), "-l", log, "-m", "fast", "-w", "-t", "60",
            "restart",
        ]  # fmt: skip
        if server._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, capture_output=True, text=True, cwd="/", check=True, timeout=90)
        back = time.time()  # back up: the sessions of before (and their locks) are all gone
        for app in apps:
            self.losses.append(LockLoss(app, back, "restart"))
        return back

    async def writes_after_loss(self) -> list[str]:
        """Rows written by a process after it lost its shards (the target is none)."""
        connection = await self._connect()
        found = []
        try:
            for loss in self.losses:
                row = await connection.fetchrow(
                    "SELECT count(*) AS rows, max(at) - $2 AS last FROM soak_writes WHERE app = $1 AND at > $2",
                    loss.app,
                    loss.at,
                )
                if row is not None and row["rows"]:
                    found.append(
                        f"{loss.app} wrote {row['rows']} rows after it lost its shards ({loss.kind}), the last "
                        f"{row['last']:.2f} s after"
                    )
        finally:
            await connection.close()
        return found

    async def writes_by(self) -> dict[str, int]:
        connection = await self._connect()
        try:
            rows = await connection.fetch("SELECT app, count(*) AS rows FROM soak_writes GROUP BY app")
        finally:
            await connection.close()
        return {str(row["app"]): int(row["rows"]) for row in rows}
