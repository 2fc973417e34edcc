"""What every trick-taking game of the collection shares (Hearts, Barbu): dealing, following suit, who wins a trick.

Pure functions over `Card` values; no state of their own. With two decks two identical cards can meet in a trick:
the one played first ranks higher (the rules' choice for both games), which `trick_winner` implements by only
letting a strictly higher card take the lead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.games.cards import Card, sort_hand


@dataclass(frozen=True, slots=True)
class TrickPlay:
    seat: int
    card: Card


def deal_one_at_a_time(cards: Sequence[Card], players: int, per_player: int) -> list[tuple[Card, ...]]:
    """Deal `per_player` cards to each of `players` seats, one card at a time starting with seat 0.

    Returns the sorted hands; the cards after `players * per_player` are left undealt (set aside).
    """
    if players * per_player > len(cards):
        raise ValueError(f"cannot deal {per_player} cards to {players} players from {len(cards)} cards")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index in range(players * per_player):
        hands[index % players].append(cards[index])
    return [sort_hand(hand) for hand in hands]


def led_suit(plays: Sequence[TrickPlay]) -> str | None:
    return plays[0].card.suit if plays else None


def following_cards(hand: Iterable[Card], suit: str | None) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to a trick whose led suit is `suit` (None: leading, anything)."""
    cards = tuple(hand)
    if suit is None:
        return cards
    same = tuple(card for card in cards if card.suit == suit)
    return same if same else cards


def trick_winner(plays: Sequence[TrickPlay]) -> int:
    """The seat that wins a complete (or partial) trick: the highest card of the suit led; the earlier of two
    identical cards wins."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    best = plays[0]
    for play in plays[1:]:
        if play.card.suit == best.card.suit and play.card.rank > best.card.rank:
            best = play
    return best.seat


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat `step` places to the left (seats are numbered clockwise: the next seat is the left neighbour)."""
    return (seat + step) % players
