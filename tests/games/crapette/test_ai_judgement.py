"""The strong Crapette AI's judgement on constructed tables: what a card loaded onto the opponent is worth."""

from __future__ import annotations

from bot.games.crapette import STRATEGIES, Move
from bot.games.crapette.ai import StrongStrategy
from bot.games.crapette.moves import END_TURN
from bot.games.crapette.search import Weights
from tests.games.crapette.helpers import arranged

# Every side pile taken (no empty one for the crapette's king), no lone card that fits elsewhere.
BLOCKED_SIDES = ("9H 8S", "KH", "KD", "KS", "2H", "2D", "2C", "2S")


def test_strong_does_not_load_a_card_the_opponent_plays_straight_back() -> None:
    # Seat 0 has only its crapette's KC left, with no place; 8S could go from side pile 1 onto the opponent's 9S,
    # but they would put it straight back on 9H: a card that comes back is no card gained.
    game = arranged(
        crapettes=("KC", "5D/1 9S/1"), sides=BLOCKED_SIDES, stocks=("", "QC/1"), discards=("", "")
    )
    assert Move("s1", "oc") in game.legal_actions(0)
    assert STRATEGIES["strong"]().choose_action(game.view(0)) == END_TURN
    # Counting the loaded card as gone for good (the old judgement), the load looked like a card won.
    assert StrongStrategy(Weights(kept_if_played_back=1.0)).choose_action(game.view(0)) == Move("s1", "oc")
