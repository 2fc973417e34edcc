"""Crapette at a table: two players (two humans, or a human against the AI), the "Crapette!" call. Pure.

The opponent may call "Crapette!" during your turn: that action is accepted from the seat that is NOT on turn.
When the opponent is an AI seat, it checks after each of your actions whether you broke the priority rule and
calls at once (it never breaks the rule itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import ActionResult, Notice, Outcome, SeatResult, Session
from bot.games.crapette.ai import STRATEGIES, CrapetteStrategy
from bot.games.crapette.engine import Crapette
from bot.games.crapette.errors import IllegalMove
from bot.games.crapette.events import CrapetteCalled, GameDrawn, GameWon
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import CALL_CRAPETTE, CallCrapette, LoggedAction, Move, parse_action
from bot.games.crapette.words import describe, move_notice, top_card
from bot.games.errors import GameError

_STRONG: CrapetteStrategy = STRATEGIES["strong"]()


@dataclass(frozen=True, slots=True)
class CrapetteAction:
    """Any Crapette action: a move, turning the stock, discarding the turned card, ending the turn, a call."""

    action: LoggedAction


def read_action(text: str) -> CrapetteAction:
    action = parse_action(text)
    if action is None:
        raise GameError("crapette.unreadable_move", text=text[:20])
    return CrapetteAction(action)


@dataclass(frozen=True, slots=True)
class LastCall:
    """The last "Crapette!" call, as the table saw it: the board shows it until the end of the turn after it, so
    the player called on learns why their turn ended. `turn`: the turn being played once the call was made;
    a right call's `missed` move and its `card`, read before the move that broke the rule."""

    caller: int
    right: bool
    turn: int
    missed: Move | None = None
    card: str = "?"

    def to_dict(self) -> dict[str, Any]:
        return {
            "caller": self.caller,
            "right": self.right,
            "turn": self.turn,
            "missed": str(self.missed) if self.missed is not None else None,
            "card": self.card,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LastCall:
        missed = parse_action(str(data["missed"])) if data.get("missed") else None
        return cls(
            caller=int(data["caller"]),
            right=bool(data["right"]),
            turn=int(data["turn"]),
            missed=missed if isinstance(missed, Move) else None,
            card=str(data.get("card", "?")),
        )


class CrapetteSession(Session):
    def __init__(self, engine: Crapette, ai_seats: Sequence[int], last_call: LastCall | None = None) -> None:
        self.engine = engine
        self.ai_seats = frozenset(ai_seats)
        self.last_call = last_call
        # The card the last action should have moved first (see `_missed_card`); not saved.
        self._last_missed_card: OwnedCard | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"engine": self.engine.to_dict(), "ai_seats": sorted(self.ai_seats)}
        if self.last_call is not None:
            data["last_call"] = self.last_call.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrapetteSession:
        call = data.get("last_call")  # absent from games saved before calls were shown on the board
        return cls(
            Crapette.from_dict(dict(data["engine"])),
            [int(seat) for seat in data.get("ai_seats", [])],
            LastCall.from_dict(call) if call else None,
        )

    def to_act(self) -> tuple[int, ...]:
        return () if self.engine.is_over else (self.engine.current_player,)

    def progress(self) -> tuple[int, ...]:
        return (self.engine.turn_number, self.engine.current_player, int(self.engine.is_over))

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    # -- actions -----------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> ActionResult:
        if not isinstance(action, CrapetteAction):
            raise GameError("error.stale_button")
        engine = self.engine
        missed_card = self._missed_card(seat, action.action)
        try:
            events = engine.apply(seat, action.action)
        except IllegalMove as error:
            raise GameError(f"crapette.{error.code}") from error
        if not isinstance(action.action, CallCrapette):
            self._last_missed_card = missed_card
        events += self._ai_calls()
        called = [event for event in events if isinstance(event, CrapetteCalled)]
        if called:
            self.last_call = self._told(called[-1])
        notice = self._notice(caller_reads=isinstance(action.action, CallCrapette)) if called else None
        return ActionResult(events, notice=notice or Notice("crapette.done"), notice_with_board=bool(called))

    def _missed_card(self, seat: int, action: LoggedAction) -> OwnedCard | None:
        """The card the priority rule wanted moved before `action`, read before `action` moves or covers it (a
        right call names it after the turn has ended, when a turned card is already on the discard)."""
        engine = self.engine
        if isinstance(action, CallCrapette) or engine.refusal(seat, action) is not None:
            return None
        violation = engine.priority_violation(action)
        if violation is None:
            return None
        return top_card(engine, seat, violation.missed.source)

    def _told(self, event: CrapetteCalled) -> LastCall:
        turn = self.engine.turn_number
        if not event.right or event.missed is None:
            return LastCall(event.caller, False, turn)
        missed = event.missed.missed
        card = self._last_missed_card
        if card is None:  # a call after a restart: the card is read from the table as it is
            card = top_card(self.engine, 1 - event.caller, missed.source)
        return LastCall(event.caller, True, turn, missed, str(card) if card is not None else "?")

    def _notice(self, *, caller_reads: bool) -> Notice:
        """The verdict of the last call, for the player who acted: the caller, after a call; the player on turn,
        whom an AI called after their move."""
        call = self.last_call
        if call is None or not call.right or call.missed is None:
            return Notice("crapette.called_wrong")
        told = move_notice(call.card, call.missed, to_opponent=caller_reads)
        return Notice("crapette.called_right", {"missed": told})

    def _ai_calls(self) -> list[Any]:
        """An AI opponent calls "Crapette!" as soon as it sees the rule broken."""
        engine = self.engine
        if engine.is_over:
            return []
        opponent = 1 - engine.current_player
        calls = (
            opponent in self.ai_seats
            and engine.can_call_crapette(opponent)
            and _STRONG.should_call_crapette(engine.view(opponent))
        )
        return engine.call_crapette(opponent) if calls else []

    def play_ai(self, seat: int) -> list[Any]:
        engine = self.engine
        if engine.is_over or engine.current_player != seat:
            return []
        self._last_missed_card = None  # the AI never breaks the priority rule
        return engine.apply(seat, _STRONG.choose_action(engine.view(seat)))

    def hint(self, seat: int) -> Notice:
        engine = self.engine
        if engine.is_over or engine.current_player != seat:
            raise GameError("crapette.not_your_turn")
        action = _STRONG.choose_action(engine.view(seat))
        # In words, as the menu and the buttons say it (it was the move's code: "💡 cr>f3").
        told = (
            describe(engine, seat, action)
            if isinstance(action, Move)
            else Notice(f"crapette.button.{action}")
        )
        return Notice("crapette.hint", {"action": told})

    # -- results -----------------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        engine = self.engine
        winner = engine.winner
        left = (engine.cards_left(0), engine.cards_left(1))
        places = (1, 1) if winner is None else tuple(1 if seat == winner else 2 for seat in (0, 1))
        return Outcome(
            outcome="finished",
            score=min(left),
            turns=engine.turn_number,
            variant=engine.options.opponent_build + ("_strict" if engine.options.strict else ""),
            deal_code="",
            seats=tuple(
                SeatResult(
                    points=left[seat],
                    place=places[seat],
                    won=seat == winner,
                    calls=engine.crapettes_called(seat),
                )
                for seat in (0, 1)
            ),
            extra={"end_reason": engine.end_reason},
        )

    def public_log(self, events: Sequence[Any]) -> list[str]:
        return [repr(event) for event in events if isinstance(event, CrapetteCalled | GameWon | GameDrawn)]


__all__ = ["CALL_CRAPETTE", "CrapetteAction", "CrapetteSession", "Move", "read_action"]
