"""A Hearts game told from its first deal (`bot.games.trick_log`), replayed from its seed and its saved log."""

from __future__ import annotations

from bot.games.hearts.actions import action_from_dict
from bot.games.hearts.engine import Hearts
from bot.games.hearts.events import (
    CardPlayed,
    HandDealt,
    HandScored,
    MoonChosen,
    MoonShot,
    PassesExchanged,
    TrickWon,
)
from bot.games.trick_log import HandBegins, HandEnds, LogEntry, LogNote, TrickTaken, TrickUnfinished
from bot.games.tricks import TrickPlay


def history(game: Hearts) -> list[LogEntry]:
    """Every hand of `game` so far: its pass direction (`HandBegins.about`: the pass offset, None for no pass),
    its tricks, the passes exchanged and moon shots as notes, its points."""
    saved = game.to_dict()
    replay = Hearts.from_dict({**saved, "log": []})
    entries: list[LogEntry] = [HandBegins(replay.hand_number + 1, replay.pass_offset)]
    trick: list[TrickPlay] = []
    tricks = 0
    for entry in saved["log"]:
        for event in replay.apply(action_from_dict(entry)):
            if isinstance(event, CardPlayed):
                trick.append(TrickPlay(event.seat, event.card))
            elif isinstance(event, TrickWon):
                tricks += 1
                entries.append(TrickTaken(tricks, tuple(trick), event.seat, event.points))
                trick = []
            elif isinstance(event, PassesExchanged):
                entries.append(LogNote("passed"))
            elif isinstance(event, MoonShot):
                entries.append(LogNote("moon", event.seat))
            elif isinstance(event, MoonChosen):
                entries.append(LogNote("moon_choice", event.seat, event.choice))
            elif isinstance(event, HandScored):
                entries.append(HandEnds(event.points, event.totals))
            elif isinstance(event, HandDealt):
                tricks = 0
                entries.append(HandBegins(event.hand_number + 1, event.pass_offset))
    if trick:
        entries.append(TrickUnfinished(tricks + 1, tuple(trick)))
    return entries
