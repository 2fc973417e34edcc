"""Klondike at a table: solo, or a team on one deal, in turns or all at once. Pure (no Discord, no I/O).

Modes (chosen at `/game new`): `solo` (one seat), `turns` (each seat makes moves, then passes the deal to the next
seat with **Pass**), `together` (every seat may move at any time; the table's lock orders simultaneous moves).
Klondike has no AI players: the solver gives hints and, at the end, says whether the deal could have been won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import ActionResult, Notice, Outcome, SeatResult, Session
from bot.games.errors import GameError
from bot.games.klondike.engine import Klondike
from bot.games.klondike.errors import IllegalMove
from bot.games.klondike.events import CardMoved, GameEnded, GameWon
from bot.games.klondike.jobs import HintJob
from bot.games.klondike.moves import DRAW, Move, parse_move
from bot.games.klondike.wording import describe, moving_cards

MODES = ("solo", "turns", "together")


@dataclass(frozen=True, slots=True)
class MakeMove:
    """A move. `seen_card`: for a move chosen in a menu, the code of the first card the menu showed moving; the
    move is refused, changing nothing, when another card is there now (the menu was drawn before a change).
    `seen_step`: for the board's **Draw**, the table's `step` when the button was drawn (see `UndoMove`)."""

    move: Move
    seen_card: str | None = None
    seen_step: int | None = None


@dataclass(frozen=True, slots=True)
class AutoPlay:
    """Every safe card to the foundations."""


@dataclass(frozen=True, slots=True)
class UndoMove:
    """Take back the last move. `seen_step`: the table's `step` when the button was drawn: a press from a board
    older than the table (a double tap, a teammate faster) is refused, changing nothing, instead of taking back a
    move nobody meant to (None: a button drawn before buttons carried it, or `/move`)."""

    seen_step: int | None = None


@dataclass(frozen=True, slots=True)
class GiveUp:
    pass


@dataclass(frozen=True, slots=True)
class PassDeal:
    """Team in turns: hand the deal to the next seat."""


def stepped(name: str, seen_step: int | None) -> MakeMove | UndoMove:
    """**Draw** ("draw") or **Undo** ("undo") pressed on a board (or a page) drawn at the table's `seen_step`."""
    return MakeMove(DRAW, seen_step=seen_step) if name == "draw" else UndoMove(seen_step)


def read_move(text: str) -> Move:
    move = parse_move(text)
    if move is None:
        raise GameError("klondike.unreadable_move", text=text[:20])
    return move


class KlondikeSession(Session):
    slow_hint = True

    def __init__(self, engine: Klondike, seats: int, mode: str, *, current: int = 0) -> None:
        self.engine = engine
        self.seats = seats
        self.mode = mode if seats > 1 else "solo"
        self.current = current  # the seat on turn in `turns` mode
        self.given_up_by: int | None = None  # the seat that pressed Give up, said in the summary

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine.to_dict(),
            "seats": self.seats,
            "mode": self.mode,
            "current": self.current,
            **({"given_up_by": self.given_up_by} if self.given_up_by is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KlondikeSession:
        mode = str(data.get("mode", "solo"))
        if mode not in MODES:
            raise ValueError(f"unknown Klondike mode {mode!r}")
        session = cls(
            Klondike.from_dict(data["engine"]), int(data["seats"]), mode, current=int(data.get("current", 0))
        )
        given_up_by = data.get("given_up_by")  # absent from games saved before it was kept
        session.given_up_by = None if given_up_by is None else int(given_up_by)
        return session

    # -- the table's questions ---------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.engine.is_over:
            return ()
        if self.mode == "together":
            return tuple(range(self.seats))
        return (self.current,)

    def progress(self) -> tuple[int, ...]:
        # A turn passes only when the deal changes hands: each move is not a new turn to announce.
        return (self.current, int(self.engine.is_over))

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    @property
    def step(self) -> int:
        """How many times the table has changed (moves and undos): what a board's **Draw** and **Undo** carry."""
        return self.engine.moves_made + self.engine.undos_used

    # -- actions -----------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> ActionResult:
        if seat not in self.to_act():
            raise GameError("klondike.game_over" if self.engine.is_over else "klondike.not_your_turn")
        engine = self.engine
        if isinstance(action, MakeMove | UndoMove) and action.seen_step not in (None, self.step):
            raise GameError("error.board_changed_button")
        try:
            if isinstance(action, MakeMove):
                if action.seen_card is not None:
                    moving = moving_cards(engine, action.move)
                    if not moving or moving[0].code != action.seen_card:
                        raise GameError("error.board_changed")
                told = describe(engine, action.move)  # from the position the move is played in
                events = engine.play(action.move)
                return ActionResult(events, notice=Notice("klondike.moved", {"move": told}))
            if isinstance(action, AutoPlay):
                events = engine.auto_play()
                moved = sum(isinstance(event, CardMoved) for event in events)
                if not moved:
                    raise GameError("klondike.nothing_safe")
                return ActionResult(events, notice=Notice("klondike.auto", {"count": moved}))
            if isinstance(action, UndoMove):
                return ActionResult(engine.undo(), notice=Notice("klondike.undone"))
            if isinstance(action, GiveUp):
                events = engine.give_up()
                self.given_up_by = seat
                return ActionResult(events, notice=Notice("klondike.gave_up"))
        except IllegalMove as error:
            raise GameError(f"klondike.{error.code}") from error
        if isinstance(action, PassDeal):
            if self.mode != "turns":
                raise GameError("klondike.no_pass")
            self.current = (self.current + 1) % self.seats
            return ActionResult(notice=Notice("klondike.passed"))
        raise GameError("error.stale_button")

    def play_ai(self, seat: int) -> list[Any]:
        return []  # no AI players in Klondike

    def hint(self, seat: int) -> Notice:
        return self.hint_task(seat)()

    def hint_task(self, seat: int) -> HintJob:
        """The hint as a job for the solver pool (it may take a second): it reads what the players have seen,
        never a hidden card."""
        if seat not in self.to_act():
            raise GameError("klondike.game_over" if self.engine.is_over else "klondike.not_your_turn")
        return HintJob(self.engine.seen_position(), self.engine.positions_on_the_way())

    # -- results -----------------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        engine = self.engine
        won = engine.is_won
        return Outcome(
            outcome="won" if won else "lost",
            score=engine.score,
            turns=engine.moves_made,
            variant=variant_name(engine.options.draw, engine.options.any_colour),
            deal_code="",
            seats=tuple(SeatResult(points=engine.score, place=1, won=won) for _ in range(self.seats)),
            extra={"undos": engine.undos_used, "end_reason": engine.end_reason},
        )

    def public_log(self, events: Sequence[Any]) -> list[str]:
        return [type(event).__name__ for event in events if isinstance(event, GameWon | GameEnded)]


def variant_name(draw: int, any_colour: bool) -> str:
    return f"draw{draw}" + ("_any" if any_colour else "")
