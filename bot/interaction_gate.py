"""Which interactions a bot process takes: every one while it serves, none once it stops.

- Open: the interaction goes to discord.py as usual.
- Holding: the process's event loop stood still for a while (a frozen VM, a long pause, SIGSTOP): its shards may
  have been taken over meanwhile without it having heard yet. Interactions wait, in order, until its shard lock is
  checked (one query on the lock's connection); then they go on, or the shards are lost and they are dropped.
- Draining (a clean stop, SIGTERM): the interactions in flight finish and are saved, and a new one is answered with
  one private sentence, "The bot is restarting: try again in a moment.", in the player's language, without being
  parsed or acted on.
- Closed (the process lost its shards): a new interaction is dropped, unanswered. Another process holds the shards
  now and answers it; two answers to one interaction would be two processes acting on one table.

This wraps the INTERACTION_CREATE entry of discord.py's parser table (`ConnectionState.parsers`, discord.py 2.7.1),
like `bot/gateway_events.py`; tests/test_interaction_gate.py and tests/cluster/test_takeover.py fail if it stops
working.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.ui.i18n import t

log = logging.getLogger(__name__)

Parser = Callable[[dict[str, Any]], None]
# The event loop looks at the clock this often; a gap longer than STALL_LIMIT means it stood still.
TICK = 0.5
STALL_LIMIT = 2.0


class GateState(enum.Enum):
    OPEN = "open"
    HOLDING = "holding"
    DRAINING = "draining"
    CLOSED = "closed"


class InteractionGate:
    def __init__(self) -> None:
        self.state = GateState.OPEN
        self._connection: Any = None
        self._parse: Parser | None = None
        self._refusals: set[asyncio.Task[None]] = set()
        self._held: list[dict[str, Any]] = []
        self._verify: Callable[[], Awaitable[bool]] | None = None
        self._last_tick = 0.0
        self._ticker: asyncio.Task[None] | None = None
        self._checking: asyncio.Task[None] | None = None

    def install(self, connection: Any) -> bool:
        """Put the gate in front of a discord.py `ConnectionState`; False (nothing changed) when its parser table is
        not what this expects."""
        parsers = getattr(connection, "parsers", None)
        if not isinstance(parsers, dict) or not callable(parsers.get("INTERACTION_CREATE")):
            return False
        self._parse = parsers["INTERACTION_CREATE"]
        self._connection = connection
        parsers["INTERACTION_CREATE"] = self._on_interaction
        return True

    def watch(self, verify: Callable[[], Awaitable[bool]]) -> None:
        """Hold interactions after the event loop stood still, until ``verify()`` says the shards are still this
        process's (call once the loop runs)."""
        self._verify = verify
        loop = asyncio.get_running_loop()
        self._last_tick = loop.time()
        self._ticker = loop.create_task(self._tick())

    def stop_watching(self) -> None:
        for task in (self._ticker, self._checking):
            if task is not None:
                task.cancel()

    def _on_interaction(self, data: dict[str, Any]) -> None:
        if self.state is GateState.OPEN and self._stood_still():
            self._hold()
        if self.state is GateState.OPEN and self._parse is not None:
            self._parse(data)
        elif self.state is GateState.HOLDING:
            self._held.append(data)
        elif self.state is GateState.DRAINING:
            self._refuse(data)

    def _stood_still(self) -> bool:
        return self._verify is not None and asyncio.get_running_loop().time() - self._last_tick > STALL_LIMIT

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(TICK)
            if self._stood_still():
                self._hold()
            self._last_tick = loop.time()

    def _hold(self) -> None:
        if self.state is not GateState.OPEN or self._verify is None:
            return
        log.warning(
            "The event loop stood still for more than %s s: checking the shard lock before answering",
            STALL_LIMIT,
        )
        self.state = GateState.HOLDING
        self._checking = asyncio.get_running_loop().create_task(self._check(self._verify))

    async def _check(self, verify: Callable[[], Awaitable[bool]]) -> None:
        try:
            still_ours = await verify()
        except Exception:  # cannot tell: answer (the saves are fenced whatever happens)
            log.exception("Could not check the shard lock")
            still_ours = True
        held, self._held = self._held, []
        self._last_tick = asyncio.get_running_loop().time()  # checked: the stall is over
        if self.state is GateState.HOLDING:
            self.state = GateState.OPEN if still_ours else GateState.CLOSED
        for data in held:
            self._on_interaction(data)

    def drain(self) -> None:
        """A clean stop: new interactions are told to try again in a moment."""
        if self.state is GateState.OPEN:
            self.state = GateState.DRAINING

    def close(self) -> None:
        """The shards are lost: new interactions are left to the process that holds them now."""
        self.state = GateState.CLOSED

    async def settle(self) -> None:
        """Until every "restarting" answer went out."""
        while self._refusals:
            await asyncio.gather(*list(self._refusals), return_exceptions=True)

    def _refuse(self, data: dict[str, Any]) -> None:
        try:
            payload: Any = data
            interaction: discord.Interaction[Any] = discord.Interaction(data=payload, state=self._connection)
        except Exception:  # a payload discord.py cannot read: nothing to answer with
            log.warning("Could not read an interaction that came during a stop", exc_info=True)
            return
        task = asyncio.get_running_loop().create_task(self._answer(interaction))
        self._refusals.add(task)
        task.add_done_callback(self._refusals.discard)

    @staticmethod
    async def _answer(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message(t(interaction.locale, "error.restarting"), ephemeral=True)
        except discord.HTTPException as error:
            log.info("Could not answer an interaction during a stop: %s", error.status)
