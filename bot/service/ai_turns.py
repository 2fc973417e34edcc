"""Plays the AI seats, one table at a time, after a short pause so humans can follow.

It knows no game: it asks the table which seats may act, and lets the game play each AI seat among them (several
at once for a simultaneous step such as Hearts' pass).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.service.games import Change, GameService
from bot.service.table import Table, TableStatus

log = logging.getLogger(__name__)


class AITurns:
    def __init__(self, games: GameService, after: Callable[[Change], None], *, delay: float) -> None:
        self._games = games
        self._after = after
        self._delay = delay
        self._running: dict[int, asyncio.Task[None]] = {}

    def schedule(self, table: Table) -> None:
        """If an AI seat may act, play it soon (once: a table already scheduled is not scheduled again)."""
        if table.status is not TableStatus.PLAYING:
            return
        if not any(table.seats[seat].is_ai for seat in table.seats_to_act):
            return
        running = self._running.get(table.id)
        if running is not None and not running.done():
            return
        self._running[table.id] = asyncio.create_task(self._play(table.id), name=f"ai-turn-{table.id}")

    async def _play(self, table_id: int) -> None:
        changes: list[Change] = []
        try:
            await asyncio.sleep(self._delay)
            table = self._games.get(table_id)
            if table is None:
                return
            for seat in [seat for seat in table.seats_to_act if table.seats[seat].is_ai]:
                change = await self._games.play_ai(table_id, seat)
                if change.changed:
                    changes.append(change)
                if not change.table.status.is_active:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("An AI turn failed in table %s", table_id)
            return
        finally:
            self._running.pop(table_id, None)
        for change in changes:
            self._after(change)

    async def close(self) -> None:
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
