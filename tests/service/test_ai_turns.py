"""AI seats play after the table's usual pause, longer when the game asks for it (a trick game's finished hand still
on the board before the next hand's first card)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games.trick_session import HAND_END_PAUSE, TrickSession
from bot.service import ai_turns
from bot.service.ai_turns import AITurns
from bot.service.games import Change
from bot.service.table import Table
from tests.games.test_hand_recap import play_to_the_end_of_hand
from tests.games.test_trick_tables import table_at

DELAY = 1.5


class Games:
    """Just enough of the game service: the table, and AI plays that change nothing."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.played: list[int] = []

    def get(self, table_id: int) -> Table | None:
        return self.table if table_id == self.table.id else None

    async def play_ai(self, table_id: int, seat: int) -> Change:
        self.played.append(seat)
        return Change(self.table, changed=False)


class RecordedSleep:
    """`asyncio` as the AI turns use it, with `sleep` recorded instead of waited."""

    def __init__(self) -> None:
        self.slept: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)


async def pause_before_ai(table: Table, monkeypatch: pytest.MonkeyPatch) -> float:
    recorded = RecordedSleep()
    monkeypatch.setattr(ai_turns, "asyncio", recorded)
    games = Games(table)
    turns = AITurns(games, lambda change: None, delay=DELAY)  # type: ignore[arg-type]
    turns.schedule(table)
    await turns._running[table.id]
    assert games.played, "the AI seat played"
    (slept,) = recorded.slept
    return slept


async def test_an_ai_seat_waits_the_usual_pause_in_the_middle_of_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = table_at("barbu", 4, seed=3, steps=2)  # an AI seat to play
    assert table.seats[table.seats_to_act[0]].is_ai
    assert await pause_before_ai(table, monkeypatch) == DELAY


async def test_an_ai_seat_waits_longer_before_the_first_card_of_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = table_at("barbu", 4, seed=3, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    play_to_the_end_of_hand(session)  # hand 2 is led by seat 2, an AI seat
    assert table.seats[table.seats_to_act[0]].is_ai
    assert await pause_before_ai(table, monkeypatch) == DELAY * HAND_END_PAUSE
