"""pytest fixtures for end-to-end tests against the emulator (registered for the whole suite by tests/conftest.py).

- ``emulator``: a running :class:`Emulator` with an empty world, discord.py pointed at it, stopped at teardown
  (teardown fails the test if Discord rules were broken and nobody reported it).
- ``start_client``: ``running = await start_client(make_bot)``; every client still running at teardown is stopped
  and checked.
- ``run_client``: the :func:`bot.emulator.run_client` context manager bound to the ``emulator`` fixture:
  ``async with run_client(make_bot) as running:``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot.emulator.emulator import Emulator
from bot.emulator.runner import RunningClient
from bot.emulator.runner import run_client as _run_client
from bot.emulator.runner import start_client as _start_client

StartClient = Callable[..., Any]


@pytest.fixture
def emulator_options() -> dict[str, Any]:
    """Keyword arguments for :class:`Emulator` (override this fixture to inject a ``clock`` or a ``world``)."""
    return {}


@pytest_asyncio.fixture
async def emulator(emulator_options: dict[str, Any]) -> AsyncIterator[Emulator]:
    emu = Emulator(**emulator_options)
    await emu.start()
    failures: list[str] = []
    try:
        with emu.patch_discord():
            yield emu
            failures = await _stop_clients(emu)
    finally:
        await emu.stop()
    leftover = emu.pending_violations()
    for v in leftover:
        v.reported = True
    if leftover:
        failures.append("Discord rules broken:\n  - " + "\n  - ".join(str(v) for v in leftover))
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


async def _stop_clients(emu: Emulator) -> list[str]:
    """Stop (and check) every client still running on ``emu``, including ones started by ``restart()``."""
    failures: list[str] = []
    for running in list(emu.clients):
        if running.stopped:
            continue
        try:
            await running.stop()
        except AssertionError as exc:
            failures.append(str(exc))
    return failures


@pytest_asyncio.fixture
async def start_client(emulator: Emulator) -> AsyncIterator[StartClient]:
    async def start(factory: Callable[[], discord.Client], **options: Any) -> RunningClient[Any]:
        return await _start_client(emulator, factory, **options)

    yield start
    failures = await _stop_clients(emulator)
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


@pytest.fixture
def run_client(emulator: Emulator) -> Callable[..., AbstractAsyncContextManager[RunningClient[Any]]]:
    """``async with run_client(make_bot) as running:`` (or ``run_client(emulator, make_bot)``, like the function)."""

    def bound(*args: Any, **options: Any) -> AbstractAsyncContextManager[RunningClient[Any]]:
        if len(args) == 2:
            emu, factory = args
        elif len(args) == 1:
            emu, factory = emulator, args[0]
        else:
            raise TypeError("run_client(factory) or run_client(emulator, factory)")
        return _run_client(emu, factory, **options)

    return bound
