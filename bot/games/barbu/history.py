"""A Barbu game told from its first deal (`bot.games.trick_log`), replayed from its seed and its saved plays."""

from __future__ import annotations

from bot.games.barbu.engine import Barbu
from bot.games.barbu.events import CardPlayed, HandDealt, HandScored, TrickWon
from bot.games.trick_log import HandBegins, HandEnds, LogEntry, TrickTaken, TrickUnfinished
from bot.games.tricks import TrickPlay


def history(game: Barbu) -> list[LogEntry]:
    """Every hand of `game` so far: its contract and dealer (`HandBegins.about`: `(contract, dealer)`), its
    tricks, its points."""
    replay = Barbu.from_dict({**game.to_dict(), "log": []})
    entries: list[LogEntry] = [HandBegins(replay.hand_number + 1, (replay.contract, replay.dealer))]
    trick: list[TrickPlay] = []
    tricks = 0
    for play in game.log:
        for event in replay.play(play.seat, play.card):
            if isinstance(event, CardPlayed):
                trick.append(TrickPlay(event.seat, event.card))
            elif isinstance(event, TrickWon):
                tricks += 1
                entries.append(TrickTaken(tricks, tuple(trick), event.seat, event.points))
                trick = []
            elif isinstance(event, HandScored):
                entries.append(HandEnds(event.points, event.totals))
            elif isinstance(event, HandDealt):
                tricks = 0
                entries.append(HandBegins(event.hand_number + 1, (event.contract, event.dealer)))
    if trick:
        entries.append(TrickUnfinished(tricks + 1, tuple(trick)))
    return entries
