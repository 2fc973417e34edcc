"""Hearts at a table: the engine plus the table's side (pass and moon actions, AI seats, hints). Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import ActionResult, Notice
from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.hearts.ai import STRATEGIES, HeartsStrategy
from bot.games.hearts.engine import Hearts
from bot.games.hearts.errors import IllegalMove
from bot.games.hearts.history import history
from bot.games.hearts.options import MoonChoice, Phase
from bot.games.hearts.rules import is_penalty
from bot.games.trick_log import LogEntry
from bot.games.trick_session import TrickSession, refused

_STRONG: HeartsStrategy = STRATEGIES["strong"]()


@dataclass(frozen=True, slots=True)
class PassCards:
    cards: tuple[Card, ...]
    hand_number: int | None = None


@dataclass(frozen=True, slots=True)
class ChooseMoon:
    choice: str  # "minus_self" | "plus_others"
    hand_number: int | None = None


class HeartsSession(TrickSession):
    engine: Hearts
    illegal_move = IllegalMove

    def __init__(self, engine: Hearts, ai_seats: Sequence[int]) -> None:
        super().__init__(engine, ai_seats)
        self.engine = engine

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HeartsSession:
        session = cls(Hearts.from_dict(data["engine"]), [int(seat) for seat in data.get("ai_seats", [])])
        session.restore_finished_hands(data)
        return session

    def history(self) -> list[LogEntry]:
        return history(self.engine)

    def is_penalty_card(self, hand: int, card: Card) -> bool:
        return is_penalty(card)

    def plays_cards_now(self) -> bool:
        return self.engine.phase is Phase.PLAYING

    def progress(self) -> tuple[int, ...]:
        phase = list(Phase).index(self.engine.phase)
        return (phase, *super().progress())

    # -- actions -----------------------------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> ActionResult:
        engine = self.engine
        if isinstance(action, PassCards | ChooseMoon):
            if action.hand_number is not None and action.hand_number != engine.hand_number:
                raise GameError("error.stale_button")
            try:
                if isinstance(action, PassCards):
                    events = engine.pass_cards(seat, action.cards)
                    cards = " ".join(str(card) for card in action.cards)
                    return ActionResult(events, notice=Notice("hearts.passed", {"cards": cards}))
                events = engine.choose_moon(seat, action.choice)
            except IllegalMove as error:
                raise refused(error) from error
            return ActionResult(events, notice=Notice(f"hearts.moon_chosen.{action.choice}"))
        return super().act(seat, action)

    # -- AI and hints ------------------------------------------------------------------------------------------
    def choose_card(self, seat: int) -> Card:
        return _STRONG.choose_card(self.engine.view(seat))

    def act_ai(self, seat: int) -> list[Any]:
        engine = self.engine
        if seat not in engine.to_act():
            return []
        view = engine.view(seat)
        if engine.phase is Phase.PASSING:
            return engine.pass_cards(seat, _STRONG.choose_pass(view))
        if engine.phase is Phase.MOON_CHOICE:
            return engine.choose_moon(seat, _STRONG.choose_moon(view))
        return engine.play(seat, _STRONG.choose_card(view))

    def hint(self, seat: int) -> Notice:
        engine = self.engine
        if seat not in engine.to_act():
            raise GameError("tricks.not_your_turn")
        view = engine.view(seat)
        if engine.phase is Phase.PASSING:
            cards = " ".join(str(card) for card in _STRONG.choose_pass(view))
            return Notice("hearts.hint_pass", {"cards": cards})
        if engine.phase is Phase.MOON_CHOICE:
            return Notice(f"hearts.hint_moon.{_STRONG.choose_moon(view)}")
        return Notice("tricks.hint_play", {"card": str(_STRONG.choose_card(view))})

    # -- results -----------------------------------------------------------------------------------------------
    def hands_played(self) -> Sequence[Any]:
        return self.engine.hand_history


__all__ = ["ChooseMoon", "HeartsSession", "MoonChoice", "PassCards"]
