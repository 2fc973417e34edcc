"""A Klondike game told move by move for the summary's **Full log**, replayed from its deal and its saved log."""

from __future__ import annotations

from bot.games.base import Notice
from bot.games.klondike.engine import GIVE_UP, UNDO, Klondike
from bot.games.klondike.moves import parse_move
from bot.games.klondike.wording import describe


def history(game: Klondike) -> list[Notice]:
    """Every action of `game` in words, in order, each described from the position it was played in."""
    saved = game.to_dict()
    replay = Klondike.from_dict({**saved, "log": []})
    told = []
    for entry in saved["log"]:
        if entry == UNDO:
            told.append(Notice("klondike.log.undo"))
        elif entry == GIVE_UP:
            told.append(Notice("klondike.log.gave_up"))
        else:
            move = parse_move(entry)
            if move is None:
                raise ValueError(f"Unknown saved action {entry!r}.")
            told.append(describe(replay, move))
        replay.apply_logged(entry)
    return told
