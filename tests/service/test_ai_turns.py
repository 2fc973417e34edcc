"""The AI seats' scheduler asks the game how long to wait before each step (Crapette shortens the pause between the
steps of one AI turn)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service import ai_turns
from bot.service.ai_turns import AITurns
from bot.service.games import Change
from bot.service.table import TableStatus


class PacedSession:
    def ai_pause(self, delay: float) -> float:
        return delay / 3


class FakeGames:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.played: list[int] = []

    def get(self, table_id: int) -> Any:
        return self.table

    async def play_ai(self, table_id: int, seat: int) -> Change:
        self.played.append(seat)
        self.table.seats_to_act = ()
        return Change(self.table, changed=True)


async def test_the_pause_before_an_ai_step_is_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(ai_turns.asyncio, "sleep", sleep)
    table = SimpleNamespace(
        id=7,
        status=TableStatus.PLAYING,
        seats_to_act=(1,),
        seats=[SimpleNamespace(is_ai=False), SimpleNamespace(is_ai=True)],
        session=PacedSession(),
    )
    games = FakeGames(table)
    changes: list[Change] = []
    turns = AITurns(games, changes.append, delay=1.5)  # type: ignore[arg-type]
    turns.schedule(table)  # type: ignore[arg-type]
    await asyncio.gather(*turns._running.values())
    assert pauses == [0.5] and games.played == [1] and len(changes) == 1
