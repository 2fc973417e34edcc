"""The moves of the turn being played, or of the turn just ended until the next player acts, for the board: everyone
follows what was done (an AI's turn too, played a few moves at a time), and the places the latest step put cards on
are outlined on the picture. Saved with the session (the board is drawn from the saved table)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Notice
from bot.games.cards import Card
from bot.games.crapette.events import (
    CardMoved,
    DiscardRecycled,
    EndlessTurnStopped,
    Event,
    StockTurned,
    TurnedCardDiscarded,
)
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import parse_move
from bot.games.crapette.words import tell_step

# The most steps the board tells: an AI's long turn ends "… · the last ones".
SHOWN_STEPS = 8


def _owned(code: str) -> OwnedCard:
    text, _, owner = code.partition("/")
    return OwnedCard(Card.from_code(text), int(owner))


@dataclass(slots=True)
class RecentMoves:
    """`seat`'s moves in turn `turn`, as (kind, card code, move or count) entries in order: "moved", "turned",
    "discarded", "recycled", "stopped" (the turn went round in circles); the latest step (one action of a person,
    a few of an AI) starts at `step_start`."""

    seat: int
    turn: int
    entries: list[tuple[str, str, str]] = field(default_factory=list)
    step_start: int = 0
    steps_taken: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "turn": self.turn,
            "entries": [list(entry) for entry in self.entries],
            "step_start": self.step_start,
            "steps_taken": self.steps_taken,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RecentMoves:
        entries = [(str(kind), str(card), str(extra)) for kind, card, extra in data.get("entries", [])]
        return cls(
            int(data["seat"]),
            int(data["turn"]),
            entries,
            int(data.get("step_start", 0)),
            int(data.get("steps_taken", 0)),
        )

    def add(self, events: Sequence[Event]) -> None:
        """A new step: what `events` did (other seats' events and calls are left out)."""
        self.step_start = len(self.entries)
        self.steps_taken += 1
        for event in events:
            if isinstance(event, CardMoved) and event.seat == self.seat:
                self.entries.append(("moved", event.card.code, str(event.move)))
            elif isinstance(event, StockTurned) and event.seat == self.seat:
                self.entries.append(("turned", event.card.code, ""))
            elif isinstance(event, TurnedCardDiscarded) and event.seat == self.seat:
                self.entries.append(("discarded", event.card.code, ""))
            elif isinstance(event, DiscardRecycled) and event.seat == self.seat:
                self.entries.append(("recycled", "", str(event.count)))
            elif isinstance(event, EndlessTurnStopped) and event.seat == self.seat:
                self.entries.append(("stopped", "", str(event.count)))

    def events(self) -> list[Event]:
        """The entries as the events they came from."""
        events: list[Event] = []
        for kind, code, extra in self.entries:
            if kind == "moved":
                move = parse_move(extra)
                if move is not None:
                    events.append(CardMoved(self.seat, _owned(code), move))
            elif kind == "turned":
                events.append(StockTurned(self.seat, _owned(code)))
            elif kind == "discarded":
                events.append(TurnedCardDiscarded(self.seat, _owned(code)))
            elif kind == "recycled":
                events.append(DiscardRecycled(self.seat, int(extra)))
            elif kind == "stopped":
                events.append(EndlessTurnStopped(self.seat, int(extra)))
        return events

    def steps(self, opponent: str) -> list[Notice]:
        """The turn told step by step, as the full log tells it (`opponent`: the name of the mover's opponent)."""
        steps: list[Notice] = []
        for event in self.events():
            tell_step(steps, event, opponent)
        return steps

    def latest_places(self) -> frozenset[str]:
        """The places of the picture where the latest step put a card (see `bot/ui/render/crapette.py`)."""
        places: set[str] = set()
        other = 1 - self.seat
        for kind, _, extra in self.entries[self.step_start :]:
            if kind == "discarded":
                places.add(f"discard:{self.seat}")
            elif kind == "moved":
                target = extra.partition(">")[2]
                if target[0] == "f":
                    places.add(f"foundation:{target[1:]}")
                elif target[0] == "s":
                    places.add(f"side:{target[1:]}")
                elif target == "od":
                    places.add(f"discard:{other}")
                elif target == "oc":
                    places.add(f"crapette:{other}")
        return frozenset(places)
