"""Crapette at a table: two players (two humans, or a human against the AI), the "Crapette!" call. Pure.

The opponent may call "Crapette!" during your turn, and on the discard that ended it before their first action
(see the engine). When the opponent is an AI seat, it checks after each of your actions whether you broke the
priority rule and calls at once (it never breaks the rule itself). After a call, the caller is told privately
whether it was right and why, and so is the player called on (see `calls.py`).

An AI turn is played a few moves at a time (`play_ai`, one step per call), each step shown on the board with its
moves told and outlined (`recent.py`): the first step after the table's usual pause, the next ones after
`AI_STEP_PAUSE` of that pause (a second at the usual 1.5 s), in bigger steps as the turn goes on, so that every move can be followed and a whole turn takes a
few seconds.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.base import ActionResult, Notice, Outcome, SeatResult, Session
from bot.games.crapette.ai import STRATEGIES, CrapetteStrategy
from bot.games.crapette.calls import LastCall, caller_notice, offender_notice
from bot.games.crapette.engine import Crapette
from bot.games.crapette.errors import IllegalMove
from bot.games.crapette.events import CrapetteCalled, EndlessTurnStopped, Event, GameDrawn, GameWon
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import (
    CALL_CRAPETTE,
    CallCrapette,
    DiscardTurned,
    LoggedAction,
    Move,
    parse_action,
)
from bot.games.crapette.priority import JudgedAction
from bot.games.crapette.recent import RecentMoves
from bot.games.crapette.words import describe, top_card
from bot.games.errors import GameError

_STRONG: CrapetteStrategy = STRATEGIES["strong"]()
# The pause between two steps of an AI turn, as a share of the table's usual pause (1.5 s by default, so a second:
# the board shows each step, and it is edited at most once a second).
AI_STEP_PAUSE: Final = 2 / 3


# The steps of an AI turn move at most 2, then 4, then 8 cards; the fourth plays the rest of the turn.
STEP_MOVES: Final = (2, 4, 8)


def step_moves(steps_taken: int) -> int:
    """The most cards an AI moves in a step, after `steps_taken` steps of its turn: a long turn takes four steps at
    most, so a whole turn takes the table's pause and three `AI_STEP_PAUSE`s at most."""
    return STEP_MOVES[steps_taken] if steps_taken < len(STEP_MOVES) else 1_000


@dataclass(frozen=True, slots=True)
class CrapetteAction:
    """Any Crapette action: a move, turning the stock, discarding the turned card, ending the turn, a call.
    `seen_card`: for a move chosen in a menu, the code of the card the menu showed at its source (`OwnedCard.code`);
    the move is refused, changing nothing, when another card is there now (the menu was drawn before a change)."""

    action: LoggedAction
    seen_card: str | None = None


def read_action(text: str, seen_card: str | None = None) -> CrapetteAction:
    action = parse_action(text)
    if action is None:
        raise GameError("crapette.unreadable_move", text=text[:20])
    return CrapetteAction(action, seen_card)


class CrapetteSession(Session):
    def __init__(
        self,
        engine: Crapette,
        ai_seats: Sequence[int],
        last_call: LastCall | None = None,
        recent: RecentMoves | None = None,
    ) -> None:
        self.engine = engine
        self.ai_seats = frozenset(ai_seats)
        self.last_call = last_call
        self.recent = recent
        # The card the last action should have moved first (see `_missed_card`); not saved.
        self._last_missed_card: OwnedCard | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"engine": self.engine.to_dict(), "ai_seats": sorted(self.ai_seats)}
        if self.last_call is not None:
            data["last_call"] = self.last_call.to_dict()
        if self.recent is not None:
            data["recent"] = self.recent.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrapetteSession:
        call = data.get("last_call")  # absent from games saved before calls were shown on the board
        recent = data.get("recent")  # absent from games saved before the board told the recent moves
        return cls(
            Crapette.from_dict(dict(data["engine"])),
            [int(seat) for seat in data.get("ai_seats", [])],
            LastCall.from_dict(call) if call else None,
            RecentMoves.from_dict(recent) if recent else None,
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
        if isinstance(action.action, CallCrapette):
            events = self._call(seat)
        else:
            if action.seen_card is not None and isinstance(action.action, Move):
                if not engine.is_over and engine.current_player != seat:
                    # Not on turn: say so, not that the menu is stale (it only shows what the player on turn may do).
                    raise GameError("crapette.not_your_turn")
                there = top_card(engine, seat, action.action.source)
                if there is None or there.code != action.seen_card:
                    raise GameError("error.board_changed")
            missed_card = self._missed_card(seat, action.action)
            turn = engine.turn_number
            try:
                events = engine.apply(seat, action.action)
            except IllegalMove as error:
                raise GameError(f"crapette.{error.code}") from error
            self._last_missed_card = missed_card
            self._record(seat, turn, events)
            events += self._ai_calls()
        called = any(isinstance(event, CrapetteCalled) for event in events)
        call = self.last_call
        if not called or call is None:
            stopped = next((event for event in events if isinstance(event, EndlessTurnStopped)), None)
            if stopped is not None:  # why the turn passed, for the player who went round in circles
                notice = Notice("crapette.endless_turn_stopped", {"count": stopped.count})
                return ActionResult(events, notice=notice, notice_with_board=True)
            return ActionResult(events)  # nothing to say: the board shows it
        if isinstance(action.action, CallCrapette):
            # The caller reads the verdict; the player called on is told what they missed, privately too.
            told = offender_notice(call)
            others = {call.offender: told} if told is not None and call.offender not in self.ai_seats else {}
            return ActionResult(
                events, notice=caller_notice(call), notice_with_board=True, notices_for=others
            )
        # The AI called on the player who just acted.
        return ActionResult(
            events, notice=offender_notice(call) or caller_notice(call), notice_with_board=True
        )

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

    def _call(self, caller: int) -> list[Event]:
        """ "Crapette!" by `caller`, remembered as `last_call` with what the verdicts need to tell."""
        engine = self.engine
        error = engine.refusal(caller, CALL_CRAPETTE)
        if error is not None:
            raise GameError(f"crapette.{error.code}")
        judged = engine.call_target(caller)
        did_card = self._placed_card(judged)
        turn = engine.turn_number  # the turn it was called in (a right call ends it)
        events: list[Event] = engine.call_crapette(caller)
        event = events[0]
        assert isinstance(event, CrapetteCalled)
        did = str(judged.action) if judged is not None else None
        late = judged is not None and judged.ended_turn
        if event.right and event.missed is not None:
            missed = event.missed.missed
            card = self._last_missed_card
            if card is None:  # a call after a restart: the card is read from the table as it is
                card = top_card(engine, 1 - caller, missed.source)
            self.last_call = LastCall(
                caller,
                True,
                turn,
                missed=missed,
                card=str(card) if card is not None else "?",
                reason=event.missed.reason,
                did=did,
                did_card=did_card,
                late=late,
            )
        else:
            self.last_call = LastCall(
                caller, False, turn, reason=event.wrong_reason, did=did, did_card=did_card, late=late
            )
        return events

    def _placed_card(self, judged: JudgedAction | None) -> str:
        """The card the judged action put down (read right after it, before the call changes anything), or "?"."""
        if judged is None:
            return "?"
        engine = self.engine
        seat = judged.seat
        action = judged.action
        if isinstance(action, DiscardTurned):
            discard = engine.discard(seat)
            return str(discard[-1]) if discard else "?"
        if not isinstance(action, Move):
            return "?"
        target = action.target
        if target in ("od", "oc"):
            pile = engine.discard(1 - seat) if target == "od" else engine.crapette_cards(1 - seat)
        else:
            number = int(target[1:]) - 1
            pile = engine.foundations[number] if target[0] == "f" else engine.side_piles[number]
        return str(pile[-1]) if pile else "?"

    def _ai_calls(self) -> list[Event]:
        """An AI seat calls "Crapette!" as soon as it sees the rule broken (on the discard that passed it the turn
        too)."""
        engine = self.engine
        for seat in sorted(self.ai_seats):
            if (
                not engine.is_over
                and engine.can_call_crapette(seat)
                and _STRONG.should_call_crapette(engine.view(seat))
            ):
                return self._call(seat)
        return []

    def _record(self, seat: int, turn: int, events: Sequence[Event]) -> None:
        """One step of `seat`'s turn `turn`, for the board's line of recent moves."""
        recent = self.recent
        if recent is None or recent.seat != seat or recent.turn != turn:
            recent = self.recent = RecentMoves(seat, turn)
        recent.add(events)

    def ai_pause(self) -> float:
        """The table's pause before an AI turn starts; `AI_STEP_PAUSE` of it between its steps."""
        engine = self.engine
        recent = self.recent
        going_on = (
            recent is not None
            and not engine.is_over
            and recent.seat == engine.current_player
            and recent.turn == engine.turn_number
        )
        return AI_STEP_PAUSE if going_on else 1.0

    def play_ai(self, seat: int) -> list[Any]:
        """One step of the AI's turn: actions until it has moved `step_moves` cards or its turn is over."""
        engine = self.engine
        if engine.is_over or engine.current_player != seat:
            return []
        self._last_missed_card = None  # the AI never breaks the priority rule
        turn = engine.turn_number
        recent = self.recent
        taken = recent.steps_taken if recent is not None and (recent.seat, recent.turn) == (seat, turn) else 0
        wanted = step_moves(taken)
        events: list[Event] = []
        moved = 0
        while not engine.is_over and engine.current_player == seat and engine.turn_number == turn:
            action = _STRONG.choose_action(engine.view(seat))
            events += engine.apply(seat, action)
            moved += isinstance(action, Move)
            if moved >= wanted:
                break
        self._record(seat, turn, events)
        return events

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
        return self._outcome(self.engine.winner, {"end_reason": self.engine.end_reason})

    def forfeit_outcome(self, forfeiters: Collection[int]) -> Outcome:
        """The player who gives the game up loses, whatever the cards left."""
        (forfeiter,) = forfeiters
        return self._outcome(1 - forfeiter, {"end_reason": "forfeit", "forfeit": [forfeiter]})

    def _outcome(self, winner: int | None, extra: Mapping[str, Any]) -> Outcome:
        engine = self.engine
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
            extra=extra,
        )

    def public_log(self, events: Sequence[Any]) -> list[str]:
        return [repr(event) for event in events if isinstance(event, CrapetteCalled | GameWon | GameDrawn)]


__all__ = ["CALL_CRAPETTE", "CrapetteAction", "CrapetteSession", "LastCall", "Move", "read_action"]
