"""Fixtures for tests that run on both stores (a pytest plugin, registered in tests/conftest.py).

- `postgres_server`: one throwaway PostgreSQL per test process (per xdist worker), started on first use; every
  test that asks for PostgreSQL is skipped, with one line saying what to install, when the binaries are missing.
- `store_url`: parametrised, "sqlite" (a file in the test's tmp_path) and "postgresql" (a new empty database on
  the worker's server); tests get ids such as `test_x[sqlite]` and `test_x[postgresql]`.
- `database`: the `Database` opened (and migrated) on `store_url`, closed after the test.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.database import Database, connect
from tests.postgres import MISSING, ThrowawayPostgres, postgres_binaries

STORES = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "postgresql: runs on a throwaway PostgreSQL server (skipped when its binaries are missing)"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """Every test skipped for want of PostgreSQL reports one and the same place, so `-ra` folds them into one
    line ("SKIPPED [n] tests/postgres.py: PostgreSQL binaries not found: install them ...")."""
    report = yield
    if report.skipped and isinstance(report.longrepr, tuple) and MISSING in str(report.longrepr[2]):
        report.longrepr = ("tests/postgres.py", None, report.longrepr[2])
    return report


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[ThrowawayPostgres]:
    binaries = postgres_binaries()
    if binaries is None:
        pytest.skip(MISSING)
    server = ThrowawayPostgres(binaries).start()
    try:
        yield server
    finally:
        server.stop()


# Databases of tests that ended, dropped when the next test asks for one (about 8 MB each, ~70 a worker). Not at the
# test's own teardown: a bot started by an earlier fixture (start_client) may still be connected then.
_ENDED: list[str] = []


async def new_store_url(request: pytest.FixtureRequest, kind: str, tmp_path: Path) -> str:
    """A new, empty store of that kind: a SQLite file path, or the URL of a new PostgreSQL database."""
    if kind == "postgresql":
        server: ThrowawayPostgres = request.getfixturevalue("postgres_server")
        while _ENDED:
            await server.drop_database(_ENDED.pop())
        url = await server.new_database()
        request.addfinalizer(lambda: _ENDED.append(url))
        return url
    return str(tmp_path / "store.sqlite3")


@pytest.fixture(params=STORES)
async def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return await new_store_url(request, str(request.param), tmp_path)


@pytest.fixture
async def database(store_url: str) -> AsyncIterator[Database]:
    opened = await connect(store_url)
    try:
        yield opened
    finally:
        await opened.close()
