"""What one player may know about a game: the only door from a `Game` into the strategies.

A strategy never reads other hands or the draw pile order; it builds a `PlayerView` and works from that alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.games.thegame.engine import ALL_CARDS, PILE_NAMES, Game, Status
from bot.games.thegame.engine import Variant as Variant

UP_PILES = (0, 1)
DOWN_PILES = (2, 3)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge: its own hand and everything public."""

    seat: int
    players: int
    variant: Variant
    hand: tuple[int, ...]  # sorted ascending
    tops: tuple[int, int, int, int]  # A, B (ascending), C, D (descending)
    histories: tuple[tuple[int, ...], ...]  # the cards played on each pile, in order
    draw_pile_count: int
    hand_sizes: tuple[int, ...]  # every seat's hand size (own included)
    hand_size: int  # the refill size
    is_my_turn: bool
    minimum: int  # this turn's minimum (meaningful when it is my turn)
    played_this_turn: int
    unseen: frozenset[int]  # cards neither on the piles nor in my hand: other hands + draw pile
    markers: Mapping[str, str]  # the teammates' markers, pile name -> kind

    @property
    def needed(self) -> int:
        """Plays still needed this turn to reach the minimum (0 once reached)."""
        return max(0, self.minimum - self.played_this_turn)

    @property
    def live(self) -> frozenset[int]:
        """Every card not yet on a pile (my hand + unseen)."""
        return self.unseen | frozenset(self.hand)


def player_view(game: Game, seat: int, markers: Mapping[str, str] | None = None) -> PlayerView:
    """The view of `seat`: own hand, piles and their history, counts, markers. Never other hands' contents."""
    histories = tuple(game.pile_cards(name) for name in PILE_NAMES)
    hand = tuple(game.hand(seat))
    played: set[int] = set()
    for history in histories:
        played.update(history)
    unseen = frozenset(card for card in ALL_CARDS if card not in played) - frozenset(hand)
    a, b, c, d = (pile.top for pile in game.piles)
    return PlayerView(
        seat=seat,
        players=game.players,
        variant=game.variant,
        hand=hand,
        tops=(a, b, c, d),
        histories=histories,
        draw_pile_count=game.draw_pile_count,
        hand_sizes=tuple(len(game.hand(other)) for other in range(game.players)),
        hand_size=game.hand_size,
        is_my_turn=game.status is Status.PLAYING and game.current_player == seat,
        minimum=game.turn_minimum,
        played_this_turn=game.played_this_turn if game.current_player == seat else 0,
        unseen=unseen,
        markers=dict(markers or {}),
    )
