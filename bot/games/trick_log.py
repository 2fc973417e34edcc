"""A finished trick-taking game told hand by hand (Hearts, Barbu): what the summary's **Full log** shows.

Pure: each game replays its saved log into these entries (`bot.games.hearts.history`, `bot.games.barbu.history`),
and the table's UI writes them out. Only what every player saw is told: the cards played to each trick, who took
it, the points; never a hand, never the cards a player passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.cards import Card
from bot.games.tricks import TrickPlay


@dataclass(frozen=True, slots=True)
class HandBegins:
    """Hand `number` (1-based) is dealt; `about` is the game's own detail (Hearts: where it passes, Barbu: its
    contract and dealer), written out by the game's UI."""

    number: int
    about: Any


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """Trick `number` (1-based within its hand): the cards in the order played, who took it, for how many points."""

    number: int
    plays: tuple[TrickPlay, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class LogNote:
    """Something else every player saw (Hearts: the passes went round, a seat shot the moon and chose how it
    scores); `kind` and `seat` are written out by the game's UI."""

    kind: str
    seat: int | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class HandEnds:
    """The hand's points per seat and the totals after it."""

    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrickUnfinished:
    """The cards of a trick still on the table when the game was stopped."""

    number: int
    plays: tuple[TrickPlay, ...]


LogEntry = HandBegins | TrickTaken | LogNote | HandEnds | TrickUnfinished


@dataclass
class TrickLog:
    """Builds the entries while a game's events are replayed: what both games' events have in common (a card
    played, a trick taken, a hand dealt and scored); each game adds its own notes."""

    entries: list[LogEntry] = field(default_factory=list)
    _trick: list[TrickPlay] = field(default_factory=list)
    _tricks: int = 0

    def hand_dealt(self, number: int, about: Any) -> None:
        self._tricks = 0
        self.entries.append(HandBegins(number, about))

    def card_played(self, seat: int, card: Card) -> None:
        self._trick.append(TrickPlay(seat, card))

    def trick_taken(self, winner: int, points: int) -> None:
        self._tricks += 1
        self.entries.append(TrickTaken(self._tricks, tuple(self._trick), winner, points))
        self._trick = []

    def hand_scored(self, points: tuple[int, ...], totals: tuple[int, ...]) -> None:
        self.entries.append(HandEnds(points, totals))

    def note(self, kind: str, seat: int | None = None, detail: str = "") -> None:
        self.entries.append(LogNote(kind, seat, detail))

    def told(self) -> list[LogEntry]:
        """The entries, with the trick still on the table, if any."""
        if self._trick:
            return [*self.entries, TrickUnfinished(self._tricks + 1, tuple(self._trick))]
        return list(self.entries)
