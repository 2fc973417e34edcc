"""Helpers for the engine tests: decks arranged on purpose, and an independent brute-force oracle."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.thegame.engine import ALL_CARDS, Game, Variant


def make_deck(hands: Sequence[Sequence[int]], draw: Sequence[int] = ()) -> list[int]:
    """A deck dealing exactly `hands` (give full hands), then `draw` on top of the draw pile, then every other
    card in ascending order."""
    deck = [card for hand in hands for card in hand] + list(draw)
    assert len(set(deck)) == len(deck), "a card appears twice"
    rest = sorted(set(ALL_CARDS) - set(deck))
    return deck + rest


def game_from_hands(
    hands: Sequence[Sequence[int]], draw: Sequence[int] = (), variant: Variant | None = None
) -> Game:
    """A game dealing exactly these hands (their length must be the hand size)."""
    return Game.from_deck(len(hands), make_deck(hands, draw), variant or Variant())


def fits(pile: int, top: int, card: int) -> bool:
    """Oracle rule, written independently of the engine: pile 0, 1 ascending; 2, 3 descending."""
    if pile < 2:
        return card > top or card == top - 10
    return card < top or card == top + 10


def brute_force_sequence(hand: Sequence[int], tops: Sequence[int], length: int) -> bool:
    """Oracle: try every ordered choice of `length` (card, pile) plays."""
    if length == 0:
        return True
    for card in hand:
        for pile in range(4):
            if fits(pile, tops[pile], card):
                rest = [other for other in hand if other != card]
                new_tops = list(tops)
                new_tops[pile] = card
                if brute_force_sequence(rest, new_tops, length - 1):
                    return True
    return False


def tops(game: Game) -> list[int]:
    return [pile.top for pile in game.piles]
