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
from bot.games.trick_log import LogEntry, TrickLog


def history(game: Hearts) -> list[LogEntry]:
    """Every hand of `game` so far: its pass direction (`HandBegins.about`: the pass offset, None for no pass),
    its tricks, the passes exchanged and moon shots as notes, its points."""
    saved = game.to_dict()
    replay = Hearts.from_dict({**saved, "log": []})
    log = TrickLog()
    log.hand_dealt(replay.hand_number + 1, replay.pass_offset)
    for entry in saved["log"]:
        for event in replay.apply(action_from_dict(entry)):
            if isinstance(event, CardPlayed):
                log.card_played(event.seat, event.card)
            elif isinstance(event, TrickWon):
                log.trick_taken(event.seat, event.points)
            elif isinstance(event, PassesExchanged):
                log.note("passed")
            elif isinstance(event, MoonShot):
                log.note("moon", event.seat)
            elif isinstance(event, MoonChosen):
                log.note("moon_choice", event.seat, event.choice)
            elif isinstance(event, HandScored):
                log.hand_scored(event.points, event.totals)
            elif isinstance(event, HandDealt):
                log.hand_dealt(event.hand_number + 1, event.pass_offset)
    return log.told()
