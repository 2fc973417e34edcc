"""Klondike told move by move for **Full log**: each action in words, from the position it was played in."""

from __future__ import annotations

import random

from bot.games.base import Notice
from bot.games.klondike import Klondike, KlondikeOptions
from bot.games.klondike.history import history
from bot.games.klondike.moves import DRAW
from bot.games.klondike.wording import describe


def test_every_action_is_told_from_the_position_it_was_played_in() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), seed=7)
    rng = random.Random(7)
    expected: list[Notice] = []
    for _ in range(40):
        moves = [move for move in game.legal_moves() if move != DRAW] or game.legal_moves()
        if not moves or game.is_over:
            break
        move = rng.choice(moves)
        expected.append(describe(game, move))
        game.play(move)
    assert len(expected) >= 10
    game.undo()
    expected.append(Notice("klondike.log.undo"))
    game.give_up()
    expected.append(Notice("klondike.log.gave_up"))
    assert history(game) == expected
    assert len(history(game)) == len(game.to_dict()["log"])
