"""A finished hand of a trick game (Hearts, Barbu) as the table tells it before the next one: its last trick and who
took it, each seat's tricks, penalty cards and points, the totals after it, and a moon or an early end.

Pure: built from the game told hand by hand (`bot.games.trick_log`), so it says only what every player saw. The
session keeps the hands its latest action finished (`TrickSession.finished_hands`) and saves them with the game, so
the board can still show the end of a hand after a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games.cards import Card
from bot.games.trick_log import HandBegins, HandEnds, LogEntry, LogNote, TrickTaken
from bot.games.tricks import TrickPlay


@dataclass(frozen=True, slots=True)
class HandRecap:
    """Hand `number` (1-based) once scored. `points` are the hand's points (a moon applied), `totals` the totals
    after it; `moon` is the seat that took every penalty card and `moon_choice` how it scored (Hearts);
    `ended_early` says the hand stopped once its penalty cards were all taken (Barbu's `early_end`)."""

    number: int
    last_trick: tuple[TrickPlay, ...]
    last_winner: int | None
    tricks_taken: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon: int | None = None
    moon_choice: str | None = None
    ended_early: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "last_trick": [[play.seat, play.card.code] for play in self.last_trick],
            "last_winner": self.last_winner,
            "tricks_taken": list(self.tricks_taken),
            "penalty_cards": [[card.code for card in cards] for cards in self.penalty_cards],
            "points": list(self.points),
            "totals": list(self.totals),
            "moon": self.moon,
            "moon_choice": self.moon_choice,
            "ended_early": self.ended_early,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecap:
        """The recap saved by `to_dict`; ValueError on bad data."""
        try:
            winner = data["last_winner"]
            moon = data.get("moon")
            choice = data.get("moon_choice")
            return cls(
                number=int(data["number"]),
                last_trick=tuple(
                    TrickPlay(int(seat), Card.from_code(str(code))) for seat, code in data["last_trick"]
                ),
                last_winner=None if winner is None else int(winner),
                tricks_taken=tuple(int(count) for count in data["tricks_taken"]),
                penalty_cards=tuple(
                    tuple(Card.from_code(str(code)) for code in cards) for cards in data["penalty_cards"]
                ),
                points=tuple(int(points) for points in data["points"]),
                totals=tuple(int(total) for total in data["totals"]),
                moon=None if moon is None else int(moon),
                moon_choice=None if choice is None else str(choice),
                ended_early=bool(data.get("ended_early", False)),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"Bad saved hand recap: {error!r}") from None


@dataclass
class _HandTold:
    """A hand being read from the log."""

    number: int
    tricks: list[TrickTaken] = field(default_factory=list)
    moon: int | None = None
    moon_choice: str | None = None
    ended_early: bool = False


def recaps_from_history(
    entries: Sequence[LogEntry], last: int, is_penalty: Callable[[int, Card], bool]
) -> tuple[HandRecap, ...]:
    """The `last` finished hands of a game told hand by hand, oldest first. `is_penalty(hand, card)` says whether
    taking `card` cost points in hand `hand` (1-based): the cards the recap shows as taken."""
    recaps: list[HandRecap] = []
    hand: _HandTold | None = None
    for entry in entries:
        if isinstance(entry, HandBegins):
            hand = _HandTold(entry.number)
        elif hand is None:
            continue
        elif isinstance(entry, TrickTaken):
            hand.tricks.append(entry)
        elif isinstance(entry, LogNote):
            if entry.kind == "moon":
                hand.moon = entry.seat
            elif entry.kind == "moon_choice":
                hand.moon_choice = entry.detail
            elif entry.kind == "ended_early":
                hand.ended_early = True
        elif isinstance(entry, HandEnds):
            recaps.append(_recap(hand, entry, is_penalty))
            hand = None
    return tuple(recaps[-last:]) if last > 0 else ()


def _recap(hand: _HandTold, scored: HandEnds, is_penalty: Callable[[int, Card], bool]) -> HandRecap:
    seats = len(scored.points)
    tricks = [0] * seats
    taken: list[list[Card]] = [[] for _ in range(seats)]
    for trick in hand.tricks:
        tricks[trick.winner] += 1
        taken[trick.winner] += [play.card for play in trick.plays if is_penalty(hand.number, play.card)]
    last = hand.tricks[-1] if hand.tricks else None
    return HandRecap(
        number=hand.number,
        last_trick=last.plays if last is not None else (),
        last_winner=last.winner if last is not None else None,
        tricks_taken=tuple(tricks),
        penalty_cards=tuple(tuple(sorted(cards)) for cards in taken),
        points=scored.points,
        totals=scored.totals,
        moon=hand.moon,
        moon_choice=hand.moon_choice,
        ended_early=hand.ended_early,
    )
