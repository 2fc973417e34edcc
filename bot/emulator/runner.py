"""Run an unmodified discord.py client against the emulator, and fail the test when it misbehaves."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager, asynccontextmanager
from typing import Any, Generic, TypeVar

import discord

from bot.emulator.emulator import Emulator
from bot.emulator.records import Violation

ClientT = TypeVar("ClientT", bound=discord.Client)

IGNORED_LOGGERS = ("bot.emulator",)
# The root logger sees everything that propagates; these are watched too in case an application turns propagation
# off for its own loggers (records seen twice are counted once).
WATCHED_LOGGERS = ("", "discord", "bot", "cogs")


class EmulatorCheckFailed(AssertionError):
    """The bot logged errors, crashed, called a route the emulator does not know or broke a Discord rule."""

    def __init__(
        self, problems: list[str], violations: list[Violation], errors: list[logging.LogRecord]
    ) -> None:
        super().__init__("the bot misbehaved:\n  - " + "\n  - ".join(problems))
        self.problems = problems
        self.violations = violations
        self.errors = errors


class ErrorCapture(logging.Handler):
    """Collects log records at ERROR or above (from any logger but the emulator's own)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(IGNORED_LOGGERS) and not any(r is record for r in self.records):
            self.records.append(record)

    def install(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).addHandler(self)

    def uninstall(self) -> None:
        for name in WATCHED_LOGGERS:
            logging.getLogger(name).removeHandler(self)


def _format_record(record: logging.LogRecord) -> str:
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        exc = record.exc_info[1]
        text += f" [{type(exc).__name__}: {exc}]"
    return text


class RunningClient(Generic[ClientT]):
    """A client connected to the emulator. ``stop()`` closes it and checks it behaved (see :meth:`problems`)."""

    def __init__(
        self, emulator: Emulator, client: ClientT, factory: Callable[[], ClientT], options: dict[str, Any]
    ):
        self.emulator = emulator
        self.client = client
        self.factory = factory
        self.options = options
        self.task: asyncio.Task[None] | None = None
        self.capture = ErrorCapture()
        self.errors_expected = False
        self.stopped = False
        self._patch: AbstractContextManager[None] | None = None

    def __repr__(self) -> str:
        return f"<RunningClient {type(self.client).__name__} ready={self.client.is_ready()} stopped={self.stopped}>"

    # -- checks --------------------------------------------------------------------------------------------------

    @property
    def errors(self) -> list[logging.LogRecord]:
        return list(self.capture.records)

    def take_errors(self) -> list[logging.LogRecord]:
        """Return the ERROR records logged so far and forget them (they will not fail the test)."""
        out = list(self.capture.records)
        self.capture.records.clear()
        return out

    @contextlib.contextmanager
    def expect_errors(self) -> Iterator[list[logging.LogRecord]]:
        """``with running.expect_errors() as errors:`` — errors logged inside the block are collected in the list
        instead of failing the test."""
        before = len(self.capture.records)
        collected: list[logging.LogRecord] = []
        try:
            yield collected
        finally:
            collected.extend(self.capture.records[before:])
            del self.capture.records[before:]

    def problems(self) -> tuple[list[str], list[Violation], list[logging.LogRecord]]:
        problems: list[str] = []
        errors = [] if self.errors_expected else list(self.capture.records)
        problems += [f"logged {_format_record(r)}" for r in errors]
        task = self.task
        if task is not None and task.done() and not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            problems.append(f"client.connect() died: {type(exc).__name__}: {exc}")
        violations = self.emulator.pending_violations()
        problems += [f"broke a Discord rule: {v}" for v in violations]
        return problems, violations, errors

    def check(self) -> None:
        """Raise :class:`EmulatorCheckFailed` if the bot misbehaved so far (and mark what was reported)."""
        problems, violations, errors = self.problems()
        for v in violations:
            v.reported = True
        self.capture.records.clear()
        if problems:
            raise EmulatorCheckFailed(problems, violations, errors)

    # -- lifecycle -----------------------------------------------------------------------------------------------

    async def _start(self, ready_timeout: float) -> None:
        emulator, client = self.emulator, self.client
        self._patch = emulator.patch_discord()
        self._patch.__enter__()
        self.capture.install()
        try:
            client._connection.guild_ready_timeout = self.options["guild_ready_timeout"]
            if self.options["skip_identify_delay"] and (
                type(client).before_identify_hook is discord.Client.before_identify_hook
            ):
                # Client.before_identify_hook sleeps 5 s before every re-IDENTIFY (Discord's identify rate limit).
                async def no_delay(shard_id: int | None, *, initial: bool = False) -> None:
                    return None

                client.before_identify_hook = no_delay  # type: ignore[method-assign]
            await asyncio.wait_for(client.login(emulator.token), ready_timeout)
            self.task = asyncio.create_task(client.connect(reconnect=True), name="emulated-client-connect")
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {self.task, ready}, timeout=ready_timeout, return_when="FIRST_COMPLETED"
            )
            if ready not in done:
                ready.cancel()
                if self.task in done:
                    exc = self.task.exception()
                    raise RuntimeError(f"the client stopped before it was ready: {exc!r}") from exc
                raise TimeoutError(f"the client was not ready after {ready_timeout}s")
        except BaseException:
            await self._shutdown()
            raise

    async def _shutdown(self) -> None:
        client = self.client
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.close(), 10)
        if self.task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self.task), 5)
            except (TimeoutError, asyncio.CancelledError):
                self.task.cancel()
                with contextlib.suppress(BaseException):
                    await self.task
            except Exception:
                pass  # reported by problems()
        self.capture.uninstall()
        if self._patch is not None:
            self._patch.__exit__(None, None, None)
            self._patch = None
        self.stopped = True

    async def stop(self, *, check: bool = True) -> None:
        """Close the client (its websocket with 1000, its HTTP session) and, by default, :meth:`check` it."""
        if not self.stopped:
            await self._shutdown()
        if check:
            self.check()

    async def restart(self, factory: Callable[[], ClientT] | None = None) -> RunningClient[ClientT]:
        """Stop this client (checking it) and start a fresh one from ``factory`` (default: the same factory) on
        the same world — like restarting the bot process."""
        await self.stop()
        return await start_client(self.emulator, factory or self.factory, **self.options)


async def start_client(
    emulator: Emulator,
    factory: Callable[[], ClientT],
    *,
    ready_timeout: float = 10.0,
    guild_ready_timeout: float = 0.05,
    skip_identify_delay: bool = True,
) -> RunningClient[ClientT]:
    """Build a client with ``factory()`` (unstarted ``discord.Client``/``commands.Bot``), log it in (which runs its
    ``setup_hook``), connect it and wait for ``on_ready``. Stop it with ``await running.stop()``."""
    options = {"guild_ready_timeout": guild_ready_timeout, "skip_identify_delay": skip_identify_delay}
    running = RunningClient(emulator, factory(), factory, options)
    emulator.clients.append(running)
    await running._start(ready_timeout)
    return running


@asynccontextmanager
async def run_client(
    emulator: Emulator,
    factory: Callable[[], ClientT],
    *,
    ready_timeout: float = 10.0,
    guild_ready_timeout: float = 0.05,
    skip_identify_delay: bool = True,
    check: bool = True,
) -> AsyncIterator[RunningClient[ClientT]]:
    """``async with run_client(emulator, make_bot) as running:`` — the client is ready inside the block, stopped
    after it, and the block fails with :class:`EmulatorCheckFailed` if the bot misbehaved."""
    running = await start_client(
        emulator,
        factory,
        ready_timeout=ready_timeout,
        guild_ready_timeout=guild_ready_timeout,
        skip_identify_delay=skip_identify_delay,
    )
    try:
        yield running
    except BaseException:
        await running.stop(check=False)
        raise
    await running.stop(check=check)
