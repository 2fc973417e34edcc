"""Klondike's table: options, cards as small ints, the deal, and the public views of columns.

Inside the package a card is an int `id = (low_rank - 1) * 4 + suit_index` (0..51), so `id // 4 + 1` is the rank
with the ace low and `id % 4` the suit in `SUITS` order (clubs, diamonds, hearts, spades). The public API only
shows `Card` values from `bot.games.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.cards import SUITS, Card

COLUMN_COUNT: Final = 7
CARD_COUNT: Final = 52
TABLEAU_CARDS: Final = COLUMN_COUNT * (COLUMN_COUNT + 1) // 2  # 28 cards dealt to the columns
KING: Final = 13
KING_IDS: Final = (KING - 1) * 4  # card ids from here on are kings

# Tables indexed by card id.
CARDS: Final[tuple[Card, ...]] = tuple(
    Card(SUITS[card_id % 4], 14 if card_id // 4 == 0 else card_id // 4 + 1) for card_id in range(CARD_COUNT)
)
CARD_ID: Final[dict[Card, int]] = {card: card_id for card_id, card in enumerate(CARDS)}
RANK: Final[tuple[int, ...]] = tuple(card_id // 4 + 1 for card_id in range(CARD_COUNT))
SUIT: Final[tuple[int, ...]] = tuple(card_id % 4 for card_id in range(CARD_COUNT))
IS_RED: Final[tuple[bool, ...]] = tuple(SUITS[card_id % 4] in ("D", "H") for card_id in range(CARD_COUNT))
RED_SUIT: Final[tuple[bool, ...]] = tuple(suit in ("D", "H") for suit in SUITS)
SUIT_INDEX: Final[dict[str, int]] = {suit: index for index, suit in enumerate(SUITS)}


def card_id(rank: int, suit: int) -> int:
    """The id of the card of `rank` (1..13, ace low) and suit index `suit` (0..3)."""
    return (rank - 1) * 4 + suit


def _hosts(any_colour: bool) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it may be put on in the tableau (one rank higher, other colour unless
    `any_colour`)."""
    table: list[tuple[int, ...]] = []
    for moving in range(CARD_COUNT):
        rank = RANK[moving]
        if rank == KING:
            table.append(())
            continue
        table.append(
            tuple(
                card_id(rank + 1, suit)
                for suit in range(4)
                if any_colour or IS_RED[card_id(rank + 1, suit)] != IS_RED[moving]
            )
        )
    return tuple(table)


HOSTS_ALTERNATE: Final = _hosts(False)
HOSTS_ANY_COLOUR: Final = _hosts(True)
# The reverse: the cards that may be put on a card.
CHILDREN_ALTERNATE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(child for child in range(CARD_COUNT) if host in HOSTS_ALTERNATE[child])
    for host in range(CARD_COUNT)
)
CHILDREN_ANY_COLOUR: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(child for child in range(CARD_COUNT) if host in HOSTS_ANY_COLOUR[child])
    for host in range(CARD_COUNT)
)


@dataclass(frozen=True, slots=True)
class KlondikeOptions:
    """How a game is played.

    - `draw`: 3 (default) turns three cards from the stock at a time, 1 turns one.
    - `any_colour`: False (default) builds the tableau down in alternating colours (red on black, black on red);
      True lets a card or run go on any card one rank higher, whatever the colours.
    """

    draw: int = 3
    any_colour: bool = False

    def __post_init__(self) -> None:
        if type(self.draw) is not int or self.draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {self.draw!r}.")
        if type(self.any_colour) is not bool:
            raise ValueError(f"any_colour must be true or false, not {self.any_colour!r}.")

    @property
    def hosts(self) -> tuple[tuple[int, ...], ...]:
        """For each card id, the card ids it may be put on in the tableau."""
        return HOSTS_ANY_COLOUR if self.any_colour else HOSTS_ALTERNATE

    @property
    def children(self) -> tuple[tuple[int, ...], ...]:
        """For each card id, the card ids that may be put on it in the tableau."""
        return CHILDREN_ANY_COLOUR if self.any_colour else CHILDREN_ALTERNATE

    def to_dict(self) -> dict[str, Any]:
        return {"draw": self.draw, "any_colour": self.any_colour}

    @classmethod
    def from_dict(cls, data: Any) -> KlondikeOptions:
        """The options saved by `to_dict` (missing keys take their defaults). ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"Klondike options must be a dict, not {type(data).__name__}.")
        unknown = set(data) - {"draw", "any_colour"}
        if unknown:
            raise ValueError(f"Unknown Klondike options: {sorted(unknown)}.")
        return cls(draw=data.get("draw", 3), any_colour=data.get("any_colour", False))


@dataclass(frozen=True, slots=True)
class Column:
    """One tableau column as players see it: how many cards lie face down, then the face-up cards
    (bottom first, top last; only these are known)."""

    face_down: int
    face_up: tuple[Card, ...]

    @property
    def is_empty(self) -> bool:
        return self.face_down == 0 and not self.face_up

    @property
    def top(self) -> Card | None:
        """The top card (the one a card or run may be put on), None for an empty column."""
        return self.face_up[-1] if self.face_up else None


def check_deck(cards: Sequence[Card]) -> tuple[int, ...]:
    """The card ids of a 52-card deck in the given order. ValueError unless each card is there exactly once."""
    ids: list[int] = []
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(f"A Klondike deck holds cards, not {type(card).__name__}.")
        ids.append(CARD_ID[card])
    if len(ids) != CARD_COUNT or len(set(ids)) != CARD_COUNT:
        raise ValueError("A Klondike deck must hold the 52 cards, each exactly once.")
    return tuple(ids)


def deal(deck: Sequence[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """Deal card ids the usual way: row by row, the first card to column 1 (face up), the next six to columns
    2..7 face down, then a row from column 2 (its first card face up) and so on; the 24 others form the stock,
    `deck[28]` being the first card drawn.

    Returns (face-down cards per column, bottom first; the face-up card per column; the stock as a list whose
    last element is drawn first).
    """
    face_down: list[list[int]] = [[] for _ in range(COLUMN_COUNT)]
    face_up: list[int] = [0] * COLUMN_COUNT
    position = 0
    for row in range(COLUMN_COUNT):
        for column in range(row, COLUMN_COUNT):
            if column == row:
                face_up[column] = deck[position]
            else:
                face_down[column].append(deck[position])
            position += 1
    stock = list(reversed(deck[TABLEAU_CARDS:]))
    return face_down, face_up, stock


@dataclass(frozen=True, slots=True)
class FullPosition:
    """Every card of a position, hidden ones included, as card ids: for the solver and tests, never to show.

    `face_down[i]` lists column i's face-down cards (bottom first: the last is turned up next), `face_up[i]` its
    face-up cards (bottom first), `foundations[s]` the top rank (0 empty) of suit index s, `talon` the waste
    (bottom to top) followed by the stock in the order it will be drawn, `waste_size` how many of the talon's
    first cards are on the waste (its top is `talon[waste_size - 1]`).
    """

    options: KlondikeOptions
    face_down: tuple[tuple[int, ...], ...]
    face_up: tuple[tuple[int, ...], ...]
    foundations: tuple[int, ...]
    talon: tuple[int, ...]
    waste_size: int


UNSEEN: Final = -1  # a card no player has seen yet, in a `SeenPosition`


@dataclass(frozen=True, slots=True)
class SeenPosition:
    """A position as the players know it: the fields of `FullPosition`, with `UNSEEN` for each card nobody at
    the table has seen yet (a face-down card never turned up, a stock card never drawn).

    A careful player remembers every card once seen, and where it went: a card an undo turned face down again is
    known, and so is the stock once drawn through (its order too: turning the waste over keeps it). What hints may
    read; equal for two deals that differ only in cards nobody has seen.
    """

    options: KlondikeOptions
    face_down: tuple[tuple[int, ...], ...]
    face_up: tuple[tuple[int, ...], ...]
    foundations: tuple[int, ...]
    talon: tuple[int, ...]
    waste_size: int

    def unseen_cards(self) -> tuple[int, ...]:
        """The card ids nobody has seen, in id order (they fill the `UNSEEN` places, in some unknown order)."""
        placed = {card for cards in (*self.face_down, *self.face_up, self.talon) for card in cards}
        placed.update(
            card_id(rank, suit) for suit, top in enumerate(self.foundations) for rank in range(1, top + 1)
        )
        return tuple(card for card in range(CARD_COUNT) if card not in placed)
