"""Which interactions a bot process takes: every one while it serves, none once it stops.

- Open: the interaction goes to discord.py as usual.
- Draining (a clean stop, SIGTERM): the interactions in flight finish and are saved, and a new one is answered with
  one private sentence, "The bot is restarting: try again in a moment.", in the player's language, without being
  parsed or acted on.
- Closed (the process lost its shards): a new interaction is dropped, unanswered. Another process holds the shards
  now and answers it; two answers to one interaction would be two processes acting on one table.

This wraps the INTERACTION_CREATE entry of discord.py's parser table (`ConnectionState.parsers`, discord.py 2.7.1),
like `bot/gateway_events.py`; tests/cluster/test_clean_stop.py fails if it stops working.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.ui.i18n import t

log = logging.getLogger(__name__)

Parser = Callable[[dict[str, Any]], None]


class GateState(enum.Enum):
    OPEN = "open"
    DRAINING = "draining"
    CLOSED = "closed"


class InteractionGate:
    def __init__(self) -> None:
        self.state = GateState.OPEN
        self._connection: Any = None
        self._refusals: set[asyncio.Task[None]] = set()

    def install(self, connection: Any) -> bool:
        """Put the gate in front of a discord.py `ConnectionState`; False (nothing changed) when its parser table is
        not what this expects."""
        parsers = getattr(connection, "parsers", None)
        if not isinstance(parsers, dict) or not callable(parsers.get("INTERACTION_CREATE")):
            return False
        parse: Parser = parsers["INTERACTION_CREATE"]
        self._connection = connection

        def parse_interaction_create(data: dict[str, Any]) -> None:
            if self.state is GateState.OPEN:
                parse(data)
            elif self.state is GateState.DRAINING:
                self._refuse(data)

        parsers["INTERACTION_CREATE"] = parse_interaction_create
        return True

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
