"""A throwaway PostgreSQL server for tests and benchmarks, from the PostgreSQL binaries on this machine.

    server = ThrowawayPostgres()          # or: with ThrowawayPostgres() as server:
    server.start()                        # initdb into a temporary folder, a free port, 127.0.0.1 only
    url = await server.new_database()     # postgresql://postgres@127.0.0.1:<port>/<a fresh empty database>
    server.stop()                         # stops it and removes the folder

Nothing here needs pytest. PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system
user (the Debian package creates it) and its folder belongs to that user. Durability is off (fsync=off): a test
server never survives a power cut, and needs not.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from types import TracebackType

import asyncpg

MISSING = "PostgreSQL binaries not found: install them (sudo apt-get install postgresql) to run the PostgreSQL tests"
_REQUIRED = ("initdb", "pg_ctl", "postgres")


def postgres_binaries() -> Path | None:
    """The folder with initdb, pg_ctl and postgres: on PATH, else the newest /usr/lib/postgresql/*/bin; None if
    PostgreSQL is not installed."""
    candidates: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda folder: int(folder.parent.name) if folder.parent.name.isdigit() else 0,
        reverse=True,
    )
    candidates += versions
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) for name in _REQUIRED):
            return folder
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ThrowawayPostgres:
    """One PostgreSQL server in a temporary folder, listening on 127.0.0.1 only, removed by `stop()`."""

    def __init__(self, binaries: Path | None = None) -> None:
        found = binaries or postgres_binaries()
        if found is None:
            raise RuntimeError(MISSING)
        self.binaries = found
        self.port = 0
        self._folder: Path | None = None
        self._names = itertools.count(1)
        self._as_postgres = os.geteuid() == 0

    # -- life ----------------------------------------------------------------------------------------------
    def start(self) -> ThrowawayPostgres:
        folder = Path(tempfile.mkdtemp(prefix="thegame-postgres-"))
        self._folder = folder
        try:
            if self._as_postgres:
                shutil.chown(folder, "postgres", "postgres")
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                      "--locale=C", "--no-sync")  # fmt: skip
            for _ in range(5):  # another process may take the free port first: try another
                self.port = _free_port()
                options = (
                    f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={folder}"
                    " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
                )
                started = self._run(
                    "pg_ctl", "-D", str(self.data), "-l", str(folder / "server.log"), "-o", options, "-w",
                    "-t", "60", "start", check=False,
                )  # fmt: skip
                if started.returncode == 0:
                    atexit.register(self.stop)  # a caller that forgets stop() leaves no server behind
                    return self
            raise RuntimeError(f"PostgreSQL did not start: {self.log_tail()}")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        folder, self._folder = self._folder, None
        if folder is None:
            return
        atexit.unregister(self.stop)
        try:
            if (folder / "data" / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(folder / "data"), "-m", "immediate", "-w", "stop", check=False)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def __enter__(self) -> ThrowawayPostgres:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    # -- use -----------------------------------------------------------------------------------------------
    @property
    def data(self) -> Path:
        if self._folder is None:
            raise RuntimeError("The throwaway PostgreSQL is not started")
        return self._folder / "data"

    @property
    def url(self) -> str:
        """The server's own `postgres` database (create test databases with `new_database`)."""
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        if not self.port:
            raise RuntimeError("The throwaway PostgreSQL is not started")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    async def new_database(self, prefix: str = "test") -> str:
        """The URL of a new, empty database on this server."""
        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return self.database_url(name)

    async def drop_database(self, url: str) -> None:
        """Remove a database made by `new_database` (even with connections left open); about 8 MB each."""
        name = url.rsplit("/", 1)[-1]
        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    def new_database_sync(self, prefix: str = "test") -> str:
        """`new_database` for code without an event loop (or inside one: it runs in a thread of its own)."""
        result: list[str] = []
        failure: list[BaseException] = []

        def run() -> None:
            try:
                result.append(asyncio.run(self.new_database(prefix)))
            except BaseException as error:
                failure.append(error)

        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
        if failure:
            raise failure[0]
        return result[0]

    def log_tail(self, lines: int = 20) -> str:
        if self._folder is None:
            return ""
        with contextlib.suppress(OSError):
            return "\n".join((self._folder / "server.log").read_text().splitlines()[-lines:])
        return ""

    def _run(self, program: str, *arguments: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.binaries / program), *arguments]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        finished = subprocess.run(command, capture_output=True, text=True, cwd="/", check=False)
        if check and finished.returncode != 0:
            raise RuntimeError(f"{program} failed ({finished.returncode}): {finished.stderr.strip()}")
        return finished
