"""A Barbu game told from its first deal (`bot.games.trick_log`), replayed from its seed and its saved plays."""

from __future__ import annotations

from bot.games.barbu.engine import Barbu
from bot.games.barbu.events import CardPlayed, HandDealt, HandScored, TrickWon
from bot.games.trick_log import LogEntry, TrickLog


def history(game: Barbu) -> list[LogEntry]:
    """Every hand of `game` so far: its contract and dealer (`HandBegins.about`: `(contract, dealer)`), its
    tricks, its points."""
    replay = Barbu.from_dict({**game.to_dict(), "log": []})
    log = TrickLog()
    log.hand_dealt(replay.hand_number + 1, (replay.contract, replay.dealer))
    for play in game.log:
        for event in replay.play(play.seat, play.card):
            if isinstance(event, CardPlayed):
                log.card_played(event.seat, event.card)
            elif isinstance(event, TrickWon):
                log.trick_taken(event.seat, event.points)
            elif isinstance(event, HandScored):
                if event.ended_early:
                    log.note("ended_early")
                log.hand_scored(event.points, event.totals)
            elif isinstance(event, HandDealt):
                log.hand_dealt(event.hand_number + 1, (event.contract, event.dealer))
    return log.told()
