"""What Hearts and Barbu share at a table: a session around a trick-taking engine (pure, no Discord).

The engines (`bot.games.hearts.Hearts`, `bot.games.barbu.Barbu`) have the same shape: `to_act()`, `hand(seat)`,
`legal_cards(seat)`, `refusal(seat, card)`, `play(seat, card)`, `view(seat)`, `scores`, `winners`, and an
`IllegalMove` with a stable `code`. A session adds the table's side: actions from buttons, AI seats, hints and the
outcome. Each game's session subclasses `TrickSession` for its own steps (Hearts' pass and moon choice).

Between two hands: the action that finishes a hand adds a `HandRecap` to its events (one per hand it finished), for
the table to tell the channel, and the session keeps those recaps (`finished_hands`, saved with the game) so the
board shows the finished hand until the next one's first card; the AI waits longer before playing that card
(`ai_pause`), so people can read it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.base import ActionResult, Notice, Outcome, SeatResult, Session, forfeit_places
from bot.games.cards import Card
from bot.games.errors import EngineRefusal, GameError
from bot.games.hand_recap import HandRecap, recaps_from_history
from bot.games.trick_log import LogEntry
from bot.games.tricks import TrickPlay

# The saved session's shape: 1 had only the engine and the AI seats; 2 adds the finished hands' recaps.
SESSION_FORMAT = 2
# How many of the table's usual AI pauses an AI waits before the first card of a hand, while the board still shows
# the hand before it (with the usual 1.5 s: 6 s to read it).
HAND_END_PAUSE = 4.0


class TrickEngine(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def current_trick(self) -> tuple[TrickPlay, ...]: ...
    @property
    def plays_this_hand(self) -> tuple[TrickPlay, ...]: ...
    def to_act(self) -> tuple[int, ...]: ...
    def hand_points(self, seat: int) -> int: ...
    def tricks_taken(self, seat: int) -> int: ...
    def penalty_cards(self, seat: int) -> tuple[Card, ...]: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def legal_cards(self, seat: int) -> tuple[Card, ...]: ...
    def play(self, seat: int, card: Card) -> list[Any]: ...
    def view(self, seat: int) -> Any: ...
    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class PlayTrickCard:
    """Play `card`; `hand_number` is the hand the button was shown in (a button from an earlier hand is stale)."""

    card: Card
    hand_number: int | None = None


def refused(error: Exception) -> GameError:
    """An engine's IllegalMove as the GameError the table answers with (its code names the catalog key, its
    params fill the sentence)."""
    params = error.params if isinstance(error, EngineRefusal) else {}
    return GameError(f"tricks.{getattr(error, 'code', 'illegal')}", **params)


def places(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition places for penalty scores: the lowest total is 1st, equal totals share a place."""
    return tuple(1 + sum(other < score for other in scores) for score in scores)


class TrickSession(Session):
    """A trick-taking game at a table. Subclasses set `illegal_move` and say how the AI chooses a card."""

    engine: TrickEngine
    # The engine's refusal exception (its `code` names the catalog key `tricks.<code>`).
    illegal_move: type[Exception] = ValueError

    def __init__(self, engine: TrickEngine, ai_seats: Sequence[int]) -> None:
        self.engine = engine
        self.ai_seats = frozenset(ai_seats)
        # The hands the latest hand-ending action finished (usually one; a Barbu hand with no penalty card dealt
        # ends at once after the one before it), oldest first.
        self.finished_hands: tuple[HandRecap, ...] = ()

    # -- persistence -------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format_version": SESSION_FORMAT,
            "engine": self.engine.to_dict(),
            "ai_seats": sorted(self.ai_seats),
            "finished_hands": [recap.to_dict() for recap in self.finished_hands],
        }

    def restore_finished_hands(self, data: Mapping[str, Any]) -> None:
        """The finished hands from a saved session (`to_dict`). A session saved before they were (format 1) gets
        the last finished hand from its log when the board would show it (no card of the next hand played yet)."""
        if data.get("format_version", 1) >= SESSION_FORMAT:
            self.finished_hands = tuple(
                HandRecap.from_dict(recap) for recap in data.get("finished_hands", [])
            )
        elif self.hands_played() and not self.engine.plays_this_hand:
            self.finished_hands = recaps_from_history(self.history(), 1, self.is_penalty_card)

    # -- the table's questions ---------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.engine.to_act()

    @property
    def is_over(self) -> bool:
        return self.engine.is_over

    def progress(self) -> tuple[int, ...]:
        engine = self.engine
        return (engine.hand_number, len(engine.current_trick), *engine.to_act(), sum(map(len, self._hands())))

    def _hands(self) -> list[tuple[Card, ...]]:
        return [self.engine.hand(seat) for seat in range(self.engine.players)]

    # -- the hands told ----------------------------------------------------------------------------------------
    def history(self) -> list[LogEntry]:
        """The game told hand by hand (`bot.games.trick_log`), replayed from the engine's saved log."""
        raise NotImplementedError

    def is_penalty_card(self, hand: int, card: Card) -> bool:
        """Whether taking `card` cost points in hand `hand` (1-based)."""
        raise NotImplementedError

    def shown_hand(self) -> HandRecap | None:
        """The finished hand the board shows: from the end of a hand until the next one's first card (Hearts' pass
        included), the last one that had a trick; None otherwise (and once the game is over: its summary shows)."""
        engine = self.engine
        finished = self.finished_hands
        if (
            not finished
            or engine.is_over
            or engine.plays_this_hand
            or finished[-1].number != engine.hand_number
        ):
            return None
        return next((recap for recap in reversed(finished) if recap.last_trick), finished[-1])

    def _note_finished_hands(self, hands_before: int, events: list[Any]) -> None:
        """After an action: the hands it finished become `finished_hands`, and a `HandRecap` event each."""
        finished = len(self.hands_played()) - hands_before
        if finished > 0:
            self.finished_hands = recaps_from_history(self.history(), finished, self.is_penalty_card)
            events.extend(self.finished_hands)

    # -- actions -----------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> ActionResult:
        hands_before = len(self.hands_played())
        result = self.act(seat, action)
        self._note_finished_hands(hands_before, result.events)
        return result

    def act(self, seat: int, action: Any) -> ActionResult:
        """Apply a seat's action (`apply` adds what the hands it finished); a game adds its own actions."""
        if isinstance(action, PlayTrickCard):
            return self.play_card(seat, action)
        raise GameError("error.stale_button")

    def play_card(self, seat: int, action: PlayTrickCard) -> ActionResult:
        engine = self.engine
        if action.hand_number is not None and action.hand_number != engine.hand_number:
            raise GameError("error.stale_button")
        try:
            events = engine.play(seat, action.card)
        except self.illegal_move as error:
            raise refused(error) from error
        return ActionResult(events, notice=Notice("tricks.played", {"card": str(action.card)}))

    # -- AI and hints ------------------------------------------------------------------------------------------
    def choose_card(self, seat: int) -> Card:
        """The strong AI's card for `seat`, from that seat's view only."""
        raise NotImplementedError

    def play_ai(self, seat: int) -> list[Any]:
        hands_before = len(self.hands_played())
        events = self.act_ai(seat)
        self._note_finished_hands(hands_before, events)
        return events

    def act_ai(self, seat: int) -> list[Any]:
        """The AI's step for `seat` (a card; a game adds its own steps)."""
        if seat not in self.engine.to_act():
            return []
        return self.engine.play(seat, self.choose_card(seat))

    def ai_pause(self) -> float:
        """Longer before the first card of a hand while the board shows the hand before it (`shown_hand`)."""
        return HAND_END_PAUSE if self.plays_cards_now() and self.shown_hand() is not None else 1.0

    def plays_cards_now(self) -> bool:
        """Whether the next step is a card played (Hearts: not its pass)."""
        return True

    def hint(self, seat: int) -> Notice:
        if seat not in self.engine.to_act():
            raise GameError("tricks.not_your_turn")
        return Notice("tricks.hint_play", {"card": str(self.choose_card(seat))})

    # -- results -----------------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        return self._outcome(places(self.engine.scores), set(self.engine.winners))

    def forfeit_outcome(self, forfeiters: Collection[int]) -> Outcome:
        """The totals as they stand, the forfeiting seats last (the others placed by their totals)."""
        ranked = forfeit_places(places(self.engine.scores), forfeiters)
        return self._outcome(
            ranked, {seat for seat, place in enumerate(ranked) if place == 1}, {"forfeit": sorted(forfeiters)}
        )

    def _outcome(
        self, ranked: Sequence[int], winners: Collection[int], extra: Mapping[str, Any] | None = None
    ) -> Outcome:
        scores = self.engine.scores
        return Outcome(
            outcome="finished",
            score=min(scores) if scores else 0,
            turns=len(self.hands_played()),
            variant=self.variant_name(),
            deal_code="",
            seats=tuple(
                SeatResult(points=score, place=place, won=seat in winners)
                for seat, (score, place) in enumerate(zip(scores, ranked, strict=True))
            ),
            extra=extra or {},
        )

    def hands_played(self) -> Sequence[Any]:
        raise NotImplementedError

    def variant_name(self) -> str:
        return "standard"

    def public_log(self, events: Sequence[Any]) -> list[str]:
        """Card plays, tricks and scores are public; a pass is not (only that a seat chose)."""
        lines = []
        for event in events:
            name = type(event).__name__
            if name in ("CardPlayed", "TrickWon", "HandScored", "GameEnded", "MoonChosen", "PassesExchanged"):
                fields: Mapping[str, Any] = {
                    key: getattr(event, key) for key in getattr(event, "__dataclass_fields__", {})
                }
                shown = ", ".join(f"{key}={_text(value)}" for key, value in fields.items())
                lines.append(f"{name}({shown})")
        return lines


def _text(value: Any) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return "(" + " ".join(_text(item) for item in value) + ")"
    return str(value)
