"""French-suited playing cards shared by the card games (Hearts, Barbu, Klondike, Crapette): pure values, no I/O.

A `Card` is a small immutable value: a rank from 2 to 14 (11 J, 12 Q, 13 K, 14 A) and a suit letter
(`C` clubs, `D` diamonds, `H` hearts, `S` spades). Games where the ace is low (solitaires) read rank 14 as their
ace through `Card.low_rank`. Cards print the way players write them (`Q♠`, `10♥`) and parse from what players type
(`Q♠`, `qs`, `10h`, `10♥`, `♥10`, and `D♠` for the French dame).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Final

SUITS: Final = (
    "C",
    "D",
    "H",
    "S",
)  # clubs < diamonds < hearts < spades (Hearts' order for "the lowest card")
RANKS: Final = tuple(range(2, 15))
SUIT_SYMBOL: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SYMBOL_SUIT: Final = {symbol: suit for suit, symbol in SUIT_SYMBOL.items()}
RED_SUITS: Final = frozenset({"D", "H"})
RANK_LABEL: Final = {11: "J", 12: "Q", 13: "K", 14: "A"}
LABEL_RANK: Final = {"J": 11, "Q": 12, "K": 13, "A": 14}
# French letters (valet, dame, roi), read only before a suit symbol: `D♠` is the queen of spades, `DS` is refused.
_FRENCH_RANK: Final = {"V": 11, "D": 12, "R": 13}
_HOLLOW: Final = {"♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"}
_RANK_FIRST = re.compile(r"^(10|[2-9JQKAVDR])([CDHS]|[♣♦♥♠])$")
_SUIT_FIRST = re.compile(r"^([CDHS]|[♣♦♥♠])(10|[2-9JQKA])$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Ordered by suit (C < D < H < S), then rank, which is the order a hand is shown in."""

    suit: str
    rank: int

    def __post_init__(self) -> None:
        if self.suit not in SUITS:
            raise ValueError(f"unknown suit {self.suit!r}")
        if self.rank not in RANKS:
            raise ValueError(f"unknown rank {self.rank!r}")

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def low_rank(self) -> int:
        """The rank with the ace low (1..13), for solitaires."""
        return 1 if self.rank == 14 else self.rank

    @property
    def label(self) -> str:
        """The rank as printed: 2..10, J, Q, K, A."""
        return RANK_LABEL.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """A short ASCII code for custom ids and saved games: `QS`, `10H`."""
        return f"{self.label}{self.suit}"

    def __str__(self) -> str:
        return f"{self.label}{SUIT_SYMBOL[self.suit]}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The inverse of `code` (strict: what the bot wrote itself). Raises ValueError."""
        if len(code) < 2 or code[-1] not in SUITS:
            raise ValueError(f"not a card code: {code!r}")
        label = code[:-1]
        if label in LABEL_RANK:
            return cls(code[-1], LABEL_RANK[label])
        if not label.isdigit():
            raise ValueError(f"not a card code: {code!r}")
        return cls(code[-1], int(label))


def parse_card(text: str) -> Card | None:
    """What a player typed, or None: `Q♠`, `q♠`, `QS`, `qs`, `10h`, `10♥`, `♥10`, `S Q` (spaces ignored).

    The French letters V (valet), D (dame), R (roi) are read as J, Q, K before a suit symbol (`D♠` is the queen of
    spades); before a suit letter `D` would be ambiguous, so `DS` is refused.
    """
    cleaned = "".join(_HOLLOW.get(char, char) for char in text.upper() if not char.isspace())
    cleaned = cleaned.replace("\ufe0f", "").replace(
        "\ufe0e", ""
    )  # presentation selectors: ♥️ (emoji), ♠︎ (text)
    match = _RANK_FIRST.match(cleaned)
    if match:
        label, suit_text = match.groups()
    else:
        match = _SUIT_FIRST.match(cleaned)
        if match is None:
            return None
        suit_text, label = match.groups()
    suit = SYMBOL_SUIT.get(suit_text, suit_text)
    if label in _FRENCH_RANK:
        if suit_text not in SYMBOL_SUIT:
            return None
        rank = _FRENCH_RANK[label]
    else:
        rank = LABEL_RANK[label] if label in LABEL_RANK else int(label)
    return Card(suit, rank)


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (suit, then rank)."""
    return [Card(suit, rank) for suit in SUITS for rank in RANKS]


def shuffled_decks(decks: int, seed: int) -> list[Card]:
    """`decks` full decks shuffled together with a seeded uniform shuffle (deterministic for a seed)."""
    cards = full_deck() * decks
    random.Random(seed).shuffle(cards)
    return cards


def sort_hand(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """A hand in display order: by suit (♣ ♦ ♥ ♠... as SUITS), then rank."""
    return tuple(sorted(cards))
