"""Barbu for 3 to 8 players: the pure engine, the seat views and the AI strategies (no Discord, no I/O).

Typical use::

    game = Barbu.new(BarbuOptions(players=4), seed=1234)
    seat = game.to_act()[0]
    events = game.play(seat, game.legal_cards(seat)[0])
    card = STRATEGIES["strong"].choose_card(game.view(seat))

Where the rules leave a choice, the engine does this (docs: /work/shared/rules/barbu.md):

- Decks: 3 players without 2♣ (17 cards each), 4 players a full deck (13), 5 without 2♣ and 2♠ (10); 6 to 8
  players two full decks dealt as far as everyone gets the same number (17, 14, 13), the rest (2 cards with 6
  players, 6 with 7) set aside face down, unseen by anyone and never played.
- The dealer deals one card at a time starting with its left neighbour, who leads the first trick. Seat 0 deals
  the first hand. The order of hands and dealers is in `BarbuOptions` (default: the deal passes left each hand).
- Two identical cards (two decks) in one trick: the one played first ranks higher (`bot.games.tricks`).
- Penalties (`contracts.py`): 5 per trick, 5 per heart, 20 per queen, 80 for the king of hearts; with two decks
  each copy counts. The salad counts all of them at once: the king of hearts costs 5 + 80, the queen of hearts
  5 + 20, on top of the trick's 5.
- `early_end` (off by default): a no-hearts, no-queens or barbu hand ends right after the trick that takes its
  last dealt penalty card (at once if none was dealt, which only happens when cards are set aside); fewest
  tricks and the salad are always played out.
- `contract_total()` counts only dealt cards; with 6 or 7 players it therefore tells how many penalty cards were
  set aside, so it is not in the seat views (show the per-unit penalties during a hand).
- After the last card of a hand the next hand is dealt at once (the same `play` call returns its `HandDealt`);
  the per-hand state (`tricks`, `last_trick`, `penalty_cards`, `hand_points`) then describes the new hand, and
  stays on the last hand once the game is over. The lowest total wins; equal lowest totals share the win.
- `legal_cards` lists each card once, even when a seat holds both copies.
"""

from bot.games.barbu.ai import STRATEGIES, BaselineStrategy, Strategy, StrongStrategy
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
from bot.games.barbu.engine import Barbu
from bot.games.barbu.errors import ErrorCode, IllegalMove
from bot.games.barbu.events import CardPlayed, Event, GameEnded, HandDealt, HandScored, TrickWon
from bot.games.barbu.options import BarbuOptions
from bot.games.barbu.persistence import FORMAT_VERSION
from bot.games.barbu.records import HandResult, Phase, Trick
from bot.games.barbu.view import BarbuView

__all__ = [
    "CONTRACT_ORDER",
    "FORMAT_VERSION",
    "HEART",
    "KING_OF_HEARTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "QUEEN",
    "STRATEGIES",
    "TRICK",
    "Barbu",
    "BarbuOptions",
    "BarbuView",
    "BaselineStrategy",
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
    "Strategy",
    "StrongStrategy",
    "Trick",
    "TrickWon",
    "cards_per_player",
    "deck_count",
    "removed_cards",
    "set_aside_count",
]
