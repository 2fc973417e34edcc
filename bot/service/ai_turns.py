"""Plays the AI seats' turns, one at a time per table, after a short pause so humans can follow."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping

from bot.games.thegame.ai import TurnPlan, strong_strategy
from bot.games.thegame.engine import Game
from bot.service.games import Change, GameService
from bot.service.table import Table, TableStatus

log = logging.getLogger(__name__)


class AITurns:
    def __init__(self, games: GameService, after: Callable[[Change], None], *, delay: float) -> None:
        self._games = games
        self._after = after
        self._delay = delay
        self._strategy = strong_strategy()
        self._running: dict[int, asyncio.Task[None]] = {}
        self._marker_tasks: set[asyncio.Task[None]] = set()

    def plan(self, game: Game, seat: int, markers: Mapping[str, str]) -> TurnPlan:
        return self._strategy.plan_turn(game, seat, markers)

    def refresh_markers(self, table: Table) -> None:
        """After a turn passed, AI seats update their table talk (markers) from their hands and the piles."""
        if not table.has_ai or table.status is not TableStatus.PLAYING:
            return
        task = asyncio.create_task(self._refresh_markers(table.id), name=f"ai-markers-{table.id}")
        self._marker_tasks.add(task)
        task.add_done_callback(self._marker_tasks.discard)

    async def _refresh_markers(self, table_id: int) -> None:
        try:
            change = await self._games.refresh_ai_markers(table_id, self._strategy.desired_markers)
        except Exception:
            log.exception("AI markers failed in table %s", table_id)
            return
        if change is not None:
            self._after(change)

    def schedule(self, table: Table) -> None:
        """If an AI seat is on turn, play it soon (once: a turn already scheduled is not scheduled again)."""
        seat = table.current_seat
        if seat is None or not seat.is_ai or table.status is not TableStatus.PLAYING:
            return
        running = self._running.get(table.id)
        if running is not None and not running.done():
            return
        self._running[table.id] = asyncio.create_task(self._play(table.id), name=f"ai-turn-{table.id}")

    async def _play(self, table_id: int) -> None:
        try:
            await asyncio.sleep(self._delay)
            table = self._games.get(table_id)
            if table is None or table.current_seat is None or not table.current_seat.is_ai:
                return
            game = table.require_game()
            seat = game.current_player
            if seat is None:
                return
            change = await self._games.play_ai_seat(table_id, seat, self.plan)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("An AI turn failed in table %s", table_id)
            return
        finally:
            self._running.pop(table_id, None)
        self._after(change)

    async def close(self) -> None:
        tasks = [*self._running.values(), *self._marker_tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
