"""The solver's work for the table, as values a pool of worker processes can run: pure, picklable, comparable.

Two equal jobs give the same answer, so a table that asks again while a job runs can wait for it and share it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Notice
from bot.games.klondike.engine import Klondike
from bot.games.klondike.hints import advice
from bot.games.klondike.layout import KlondikeOptions, SeenPosition
from bot.games.klondike.solver import solve

VERDICT_SECONDS = 2.0  # of the worker's CPU time: a busy machine does not make the verdict "unknown"


@dataclass(frozen=True, slots=True)
class HintJob:
    """The hint for a position as its players know it, and the positions the game went through (see
    `hints.py`). No hidden card reaches the worker."""

    seen: SeenPosition
    on_the_way: frozenset[int] = frozenset()

    def __call__(self) -> Notice:
        return advice(self.seen, self.on_the_way)


@dataclass(frozen=True, slots=True)
class VerdictJob:
    """After a lost game: could the deal have been won from the start? The solver reads every card of the deal
    (the verdict says so); `status` is "winnable", "unwinnable" or "unknown"."""

    options: KlondikeOptions
    seed: int

    def __call__(self) -> str:
        start = Klondike.new(self.options, self.seed)
        return solve(start, time_limit=VERDICT_SECONDS, cpu_time=True).status
