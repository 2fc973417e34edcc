"""The five Barbu contracts, what each one penalises, and which cards a table of each size plays with.

Pure values and functions over `Card`; no state. A contract penalises some of these units:

- `trick`: every trick taken (5 points),
- `heart`: every heart taken (5 points; the king and queen of hearts are hearts too),
- `queen`: every queen taken (20 points),
- `king_of_hearts`: the king of hearts, the "barbu" (80 points).

With two decks (6 to 8 players) each copy of a card counts. The salad counts all four units at once, so the king of
hearts taken in the salad costs 5 (a heart) + 80 (the barbu) and the queen of hearts 5 + 20, besides the trick.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from bot.games.cards import Card, full_deck

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8

TRICK: Final = "trick"
HEART: Final = "heart"
QUEEN: Final = "queen"
KING_OF_HEARTS: Final = "king_of_hearts"

KING_OF_HEARTS_CARD: Final = Card("H", 13)

# Cards as small ints, for the engine's and the AI's inner loops: index = suit * 13 + rank - 2 with the suits in
# the order C, D, H, S (0 is 2♣, 51 is A♠), so `index // 13` is the suit and sorting ints sorts like `Card`s.
CARDS: Final = tuple(full_deck())
CARD_INDEX: Final = {card: index for index, card in enumerate(CARDS)}


@dataclass(frozen=True, slots=True)
class Penalty:
    """`points` for each `unit` taken (`unit` is one of "trick", "heart", "queen", "king_of_hearts")."""

    unit: str
    points: int


class Contract(enum.Enum):
    """The five contracts, in the order they are played (`CONTRACT_ORDER`)."""

    FEWEST_TRICKS = "fewest_tricks"
    NO_HEARTS = "no_hearts"
    NO_QUEENS = "no_queens"
    BARBU = "barbu"
    SALAD = "salad"

    @property
    def penalties(self) -> tuple[Penalty, ...]:
        """What this contract penalises, for the board: e.g. `(Penalty("trick", 5),)` is "5 per trick"."""
        return _PENALTIES[self]

    @property
    def counts_tricks(self) -> bool:
        """Whether every trick taken costs points (fewest tricks and salad)."""
        return self in (Contract.FEWEST_TRICKS, Contract.SALAD)

    def card_points(self, card: Card) -> int:
        """The points `card` costs whoever takes it in this contract (the trick's own points not included)."""
        return _CARD_POINTS[self][CARD_INDEX[card]]

    def is_penalty_card(self, card: Card) -> bool:
        """Whether taking `card` costs points in this contract (never true in fewest tricks)."""
        return _CARD_POINTS[self][CARD_INDEX[card]] > 0

    def trick_points(self, cards: Iterable[Card]) -> int:
        """The points a trick made of `cards` costs the seat that takes it."""
        table = _CARD_POINTS[self]
        points = sum(table[CARD_INDEX[card]] for card in cards)
        return points + (_TRICK_POINTS if self.counts_tricks else 0)


CONTRACT_ORDER: Final = (
    Contract.FEWEST_TRICKS,
    Contract.NO_HEARTS,
    Contract.NO_QUEENS,
    Contract.BARBU,
    Contract.SALAD,
)

_TRICK_POINTS: Final = 5
_HEART_POINTS: Final = 5
_QUEEN_POINTS: Final = 20
_KING_OF_HEARTS_POINTS: Final = 80

_PENALTIES: Final = {
    Contract.FEWEST_TRICKS: (Penalty(TRICK, _TRICK_POINTS),),
    Contract.NO_HEARTS: (Penalty(HEART, _HEART_POINTS),),
    Contract.NO_QUEENS: (Penalty(QUEEN, _QUEEN_POINTS),),
    Contract.BARBU: (Penalty(KING_OF_HEARTS, _KING_OF_HEARTS_POINTS),),
    Contract.SALAD: (
        Penalty(TRICK, _TRICK_POINTS),
        Penalty(HEART, _HEART_POINTS),
        Penalty(QUEEN, _QUEEN_POINTS),
        Penalty(KING_OF_HEARTS, _KING_OF_HEARTS_POINTS),
    ),
}


def _card_points_table(contract: Contract) -> tuple[int, ...]:
    units = {penalty.unit: penalty.points for penalty in _PENALTIES[contract]}
    table = []
    for card in CARDS:
        points = 0
        if card.suit == "H":
            points += units.get(HEART, 0)
        if card.rank == 12:
            points += units.get(QUEEN, 0)
        if card == KING_OF_HEARTS_CARD:
            points += units.get(KING_OF_HEARTS, 0)
        table.append(points)
    return tuple(table)


_CARD_POINTS: Final = {contract: _card_points_table(contract) for contract in Contract}


def card_points_by_index(contract: Contract) -> tuple[int, ...]:
    """What taking each card costs in `contract`, indexed by card index (see `CARDS`)."""
    return _CARD_POINTS[contract]


def check_players(players: object) -> int:
    """`players` if it is a valid table size (an int from 3 to 8), else ValueError."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Barbu is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")
    return players


def deck_count(players: int) -> int:
    """How many 52-card decks the table uses: one for 3 to 5 players, two for 6 to 8."""
    return 1 if check_players(players) <= 5 else 2


def removed_cards(players: int) -> tuple[Card, ...]:
    """The cards taken out before the shuffle: 2♣ for 3 players, 2♣ and 2♠ for 5, none otherwise."""
    check_players(players)
    if players == 3:
        return (Card("C", 2),)
    if players == 5:
        return (Card("C", 2), Card("S", 2))
    return ()


def _playing_deck(players: int) -> tuple[Card, ...]:
    removed = set(removed_cards(players))
    return tuple(card for card in CARDS if card not in removed) * deck_count(players)


_PLAYING_DECKS: Final = {players: _playing_deck(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def playing_deck(players: int) -> tuple[Card, ...]:
    """The cards a table of `players` shuffles (fixed order): one or two decks without the removed cards."""
    return _PLAYING_DECKS[check_players(players)]


def cards_per_player(players: int) -> int:
    """17 for 3 players, 13 for 4, 10 for 5, then 17, 14 and 13 for 6, 7 and 8 (two decks, 104 cards)."""
    return len(playing_deck(players)) // players


def set_aside_count(players: int) -> int:
    """How many cards are left undealt, face down (2 with 6 players, 6 with 7, otherwise none)."""
    return len(playing_deck(players)) - players * cards_per_player(players)
