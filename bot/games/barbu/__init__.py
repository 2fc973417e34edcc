"""Barbu for 3 to 8 players: the pure engine, the seat views and the AI strategies (no Discord, no I/O).

Typical use::

    game = Barbu.new(BarbuOptions(players=4), seed=1234)
    seat = game.to_act()[0]
    events = game.play(seat, game.legal_cards(seat)[0])
    card = STRATEGIES["strong"].choose_card(game.view(seat))

See `bot/games/barbu/engine.py` for the rules choices and `contracts.py` for the penalties.
"""

from bot.games.barbu.contracts import (
    CONTRACT_ORDER,
    HEART,
    KING_OF_HEARTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    QUEEN,
    TRICK,
    Contract,
    Penalty,
    cards_per_player,
    deck_count,
    removed_cards,
    set_aside_count,
)
from bot.games.barbu.engine import FORMAT_VERSION, Barbu, HandResult, Phase, Trick
from bot.games.barbu.errors import ErrorCode, IllegalMove
from bot.games.barbu.events import CardPlayed, Event, GameEnded, HandDealt, HandScored, TrickWon
from bot.games.barbu.options import BarbuOptions
from bot.games.barbu.view import BarbuView

__all__ = [
    "CONTRACT_ORDER",
    "FORMAT_VERSION",
    "HEART",
    "KING_OF_HEARTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "QUEEN",
    "TRICK",
    "Barbu",
    "BarbuOptions",
    "BarbuView",
    "CardPlayed",
    "Contract",
    "ErrorCode",
    "Event",
    "GameEnded",
    "HandDealt",
    "HandResult",
    "HandScored",
    "IllegalMove",
    "Penalty",
    "Phase",
    "Trick",
    "TrickWon",
    "cards_per_player",
    "deck_count",
    "removed_cards",
    "set_aside_count",
]
