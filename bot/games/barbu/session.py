"""Barbu at a table: the engine plus the table's side (AI seats, hints, the outcome). Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.barbu.ai import STRATEGIES
from bot.games.barbu.engine import Barbu
from bot.games.barbu.errors import IllegalMove
from bot.games.barbu.history import history
from bot.games.cards import Card
from bot.games.trick_log import LogEntry
from bot.games.trick_session import TrickSession


class BarbuSession(TrickSession):
    engine: Barbu
    illegal_move = IllegalMove

    def __init__(self, engine: Barbu, ai_seats: Sequence[int]) -> None:
        super().__init__(engine, ai_seats)
        self.engine = engine

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BarbuSession:
        session = cls(Barbu.from_dict(dict(data["engine"])), [int(seat) for seat in data.get("ai_seats", [])])
        session.restore_finished_hands(data)
        return session

    def history(self) -> list[LogEntry]:
        return history(self.engine)

    def is_penalty_card(self, hand: int, card: Card) -> bool:
        return self.engine.options.contract_for(hand - 1).is_penalty_card(card)

    def choose_card(self, seat: int) -> Card:
        return STRATEGIES["strong"].choose_card(self.engine.view(seat))

    def hands_played(self) -> Sequence[Any]:
        return self.engine.hand_history

    def variant_name(self) -> str:
        return "full_cycle" if self.engine.options.full_cycle else "standard"
