"""The one small interface between the card table and a game.

The table (lobby, seats, locks, saving, timers, AI seats, results) knows no game's rules: it talks to a game through
two objects.

- A `GameRules` (one per game, registered in `bot/games/registry.py`): the game's key, its seat counts, its
  options, and how to start or restore a `Session`. It also names the module with the game's Discord views
  (`ui_module`), which only the interface layer imports.
- A `Session` (one per table in play): the engine's state plus whatever else the game remembers (The Game's
  markers, the last plays shown on the board...). It says who may act, applies an action for a seat, plays an AI
  seat, gives a hint, and, once over, the outcome the leaderboards record.

Sessions are pure (no Discord, no I/O) and convert to a plain dict and back. Anything a user did wrong is a
`GameError` raised before any change.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Notice:
    """A private sentence for the player who acted: a catalog key and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class InWords:
    """A notice's parameter for a small count written in words in the reader's language ("two", "zwei"), as The
    Game's turn lines write the counts of a turn; digits above ten."""

    value: int


@dataclass(slots=True)
class ActionResult:
    """What an action did. `changed` is False for a step that only changes what the actor sees (a card chosen,
    a confirmation asked); `hand_options` tell the actor's hand view how to show itself next. `notice_with_board`:
    the notice says something the board does not show (a Crapette call's verdict), so a click answered with the
    board gets it privately as well. `hands_changed`: what every player's hand shows changed although the turn did
    not (The Game's markers), so the players' hand messages are brought up to date."""

    events: list[Any] = field(default_factory=list)
    notice: Notice | None = None
    hand_options: dict[str, Any] = field(default_factory=dict)
    changed: bool = True
    notice_with_board: bool = False
    hands_changed: bool = False
    # Private sentences for other seats than the actor's (the player a Crapette call was made on), by seat.
    notices_for: dict[int, Notice] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result in a finished game. `place` is 1 for the winners (ties share a place)."""

    points: int
    place: int
    won: bool
    calls: int = 0  # Crapette: right "Crapette!" calls


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game, as the results tables store it.

    `outcome` is "won" or "lost" for a cooperative game (the team's result) and "finished" for a competitive one;
    `score` is the game's headline number (The Game: cards left; a competitive game: the winning total);
    `variant` and `deal_code` describe the deal for history and replays; `turns` counts turns, tricks or hands.
    """

    outcome: str
    score: int
    turns: int
    variant: str
    deal_code: str
    seats: tuple[SeatResult, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


class Session(ABC):
    """A game in progress at a table (see the module docstring)."""

    # The hint takes long enough (a solver) that the table answers "thinking…" and computes it off the loop.
    slow_hint = False

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; `GameRules.load` turns it back into an equal session."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several at once for a simultaneous step such as Hearts' pass)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def apply(self, seat: int, action: Any) -> ActionResult:
        """Apply a seat's action, or raise `GameError` and change nothing."""

    @abstractmethod
    def play_ai(self, seat: int) -> list[Any]:
        """Play an AI seat's whole turn (or its part of a simultaneous step, or a step of a long turn: the table
        asks again while the seat is to act); returns the events. It may only read what that seat can see."""

    @abstractmethod
    def hint(self, seat: int) -> Notice:
        """What the strong AI would do for this seat now, as a private sentence (GameError if not its turn)."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result, once `is_over`."""

    def forfeit_outcome(self, forfeiters: Collection[int]) -> Outcome | None:
        """The result if the seats `forfeiters` give the game up now (a rated game stopped by one of its players,
        or voted to an end while it waited for them): see `forfeit_places`. None (the default) for a game that
        has no such result: a cooperative or solo game, whose early end is only ever abandoned."""
        return None

    def hint_task(self, seat: int) -> Callable[[], Notice]:
        """The hint as a job the table runs off the event loop: checks happen now (GameError), the work later.
        A game whose hint is slow (a solver) prepares a copy of its state here; by default the hint is computed
        now."""
        advice = self.hint(seat)
        return lambda: advice

    def public_log(self, events: Sequence[Any]) -> list[str]:
        """One log line per event everyone saw (never a hand or a hidden card); nothing by default."""
        return []

    def ai_pause(self) -> float:
        """How many of the table's usual pauses to wait before an AI seat acts now: 1 by default, more while the
        table shows something to read first (the trick games: the end of a hand, before the next one's first
        card), less between the steps of one long AI turn (Crapette)."""
        return 1.0

    def progress(self) -> tuple[int, ...]:
        """A value that changes whenever the turn (or the trick, or the step) changes: the table uses it to know
        when to ping the next player and refresh the other players' private hands."""
        return self.to_act()


class GameRules(ABC):
    """Everything the table needs to know about a game before it is played."""

    key: str
    min_seats: int
    max_seats: int
    # True: the seats play together (The Game); False: each seat for itself, ranked by a rating.
    cooperative: bool
    # The module with the game's Discord views (imported by the interface layer only).
    ui_module: str
    # The game has a chat rule of its own (The Game's no-numbers rule).
    chat_rule: bool = False
    # AI players may take seats (Klondike has none: its AI only gives hints).
    ai_players: bool = True
    # The options of `/game new` that are this game's (an option of another game is refused, or picks that game).
    option_names: frozenset[str] = frozenset()

    @abstractmethod
    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validated options from what `/game new` received (unknown keys ignored); GameError when invalid."""

    def replay_options(self, variant: str) -> dict[str, Any]:
        """The `/game new` options that deal a stored game's rules again (`Outcome.variant`), for `/history`'s
        **Deal it again**."""
        return {}

    @abstractmethod
    def new_session(
        self, seats: int, seed: int, options: Mapping[str, Any], ai_seats: Sequence[int]
    ) -> Session:
        """Deal and start a game for `seats` seats; `ai_seats` are the seats the AI plays."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> Session:
        """The session saved by `Session.to_dict`; ValueError on bad data."""

    def copy(self, session: Session) -> Session:
        """An independent copy of `session`, equal to it (what a board shows later, while the game goes on). By
        default through its saved form; a game whose loading replays its log copies its state instead."""
        return self.load(session.to_dict())


def forfeit_places(places: Sequence[int], forfeiters: Collection[int]) -> tuple[int, ...]:
    """Places when `forfeiters` give the game up: they share the last place; the other seats keep their order of
    `places` (the game's standing now, ties sharing a place) and are placed among themselves."""
    staying = [place for seat, place in enumerate(places) if seat not in forfeiters]
    last = len(staying) + 1
    return tuple(
        last if seat in forfeiters else 1 + sum(other < place for other in staying)
        for seat, place in enumerate(places)
    )
