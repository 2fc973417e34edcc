"""The deal of each hand: its own seeded shuffle, dealt one card at a time from the dealer's left."""

from __future__ import annotations

import hashlib

from bot.games.barbu.contracts import cards_per_player, deck_count, removed_cards
from bot.games.barbu.options import BarbuOptions
from bot.games.cards import Card, shuffled_decks
from bot.games.tricks import deal_one_at_a_time, next_seat


def hand_seed(seed: int, hand_number: int) -> int:
    """The shuffle seed of hand `hand_number` of the game seeded `seed` (a stable hash of both)."""
    digest = hashlib.sha256(f"barbu:{seed}:{hand_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_hand(
    options: BarbuOptions, seed: int, hand_number: int
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The hands (indexed by seat, sorted) and the cards set aside for hand `hand_number`.

    The cards are dealt one at a time starting with the dealer's left neighbour."""
    players = options.players
    removed = removed_cards(players)
    cards = [
        card
        for card in shuffled_decks(deck_count(players), hand_seed(seed, hand_number))
        if card not in removed
    ]
    per_player = cards_per_player(players)
    dealt = deal_one_at_a_time(cards, players, per_player)
    first = next_seat(options.dealer_for(hand_number), players)
    hands = [dealt[(seat - first) % players] for seat in range(players)]
    return hands, tuple(cards[players * per_player :])
