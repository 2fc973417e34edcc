"""Plays the AI seats, one table at a time, after a short pause so humans can follow (longer when the game asks
for it: `Session.ai_pause`).

It knows no game: it asks the table which seats may act, and lets the game play each AI seat among them (several
at once for a simultaneous step such as Hearts' pass).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.games.errors import GameError
from bot.service.games import Change, GameService, SaveFailed
from bot.service.table import Table, TableStatus
from bot.storage.fencing import ShardsLost

log = logging.getLogger(__name__)

# A failed AI turn is tried again after 1 s, then 2, 4... up to a minute.
RETRY_FIRST = 1.0
RETRY_LONGEST = 60.0


class AITurns:
    def __init__(self, games: GameService, after: Callable[[Change], None], *, delay: float) -> None:
        self._games = games
        self._after = after
        self._delay = delay
        self._running: dict[int, asyncio.Task[None]] = {}
        self._failures: dict[int, int] = {}
        self._retries: dict[int, asyncio.TimerHandle] = {}

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
            table = self._games.get(table_id)
            pause = table.session.ai_pause() if table is not None and table.session is not None else 1.0
            await asyncio.sleep(self._delay * pause)
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
        except GameError as error:
            if not isinstance(error, SaveFailed):
                return  # the table ended meanwhile (stopped, voted out): nothing left to play
            self._try_again(table_id)
        except ShardsLost:
            return  # another process runs this table now
        except Exception:
            log.exception("An AI turn failed in table %s", table_id)
            self._try_again(table_id)
        else:
            self._failures.pop(table_id, None)
        finally:
            self._running.pop(table_id, None)
        for change in changes:  # the moves saved before a failure are shown too
            self._after(change)

    def _try_again(self, table_id: int) -> None:
        """A failed AI turn (the database could not be written) is tried again later, sooner first, so the game
        carries on by itself once the database can be written again."""
        failures = self._failures.get(table_id, 0)
        self._failures[table_id] = failures + 1
        delay = min(RETRY_FIRST * 2**failures, RETRY_LONGEST)
        self._retries[table_id] = asyncio.get_running_loop().call_later(delay, self._retry, table_id)

    def _retry(self, table_id: int) -> None:
        self._retries.pop(table_id, None)
        table = self._games.get(table_id)
        if table is None:
            self._failures.pop(table_id, None)
        else:
            self.schedule(table)

    async def close(self) -> None:
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
