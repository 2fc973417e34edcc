"""Cards with their owner, the deal, who starts, and the table's options.

Every card exists twice on a Crapette table, once in each player's deck, so a card on the table is an
`OwnedCard`: the `Card` and the seat whose deck it came from. Inside the engine a card is a small int, its
*id*: `owner * 52 + suit_index * 13 + (low_rank - 1)` (suits in `SUITS` order, the ace low), and the tables
below give its suit, rank and colour without building objects. `UNKNOWN` stands for a face-down card whose
identity the holder of a view does not know; it fits nowhere.

Deck order (what `Crapette.from_decks` reads), each deck read from its top:

- cards 0..12 make the crapette, card 0 on top (face up);
- cards 13..16 go face up on the dealer's four side piles (seat 0: piles 1..4, seat 1: piles 5..8);
- cards 17..51 make the stock, card 17 on top (the first turned up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.cards import SUITS, Card, full_deck

SEATS: Final = (0, 1)
CARDS_PER_DECK: Final = 52
CARD_COUNT: Final = 2 * CARDS_PER_DECK
CRAPETTE_SIZE: Final = 13
SIDE_PILES_PER_SEAT: Final = 4
SIDE_PILE_COUNT: Final = 2 * SIDE_PILES_PER_SEAT
FOUNDATION_COUNT: Final = 8
KING: Final = 13  # the highest low rank; the ace is 1

UNKNOWN: Final = CARD_COUNT  # a face-down card the viewer cannot see; fits nowhere
NO_CARD: Final = -1  # no turned card

OPPONENT_BUILDS: Final = ("suit", "alternate")
# The rules a game plays by; a saved game keeps the version it started with.
# 1: the first reading: your own discard is not a source, a placeable turned card may be discarded, a card moves
#    between side piles once until a move of another kind, and a lone side card may not go to an empty side pile.
# 2: the sources' rules: your discard's top card is a source, a turned card that can be placed must be, and side
#    piles may be rearranged freely (the draw by repetition ends endless play).
# 3: as 2, but a turn that keeps bringing the same side piles back ends there instead of drawing the game: a
#    player about to lose could otherwise force a draw by moving one card back and forth.
FIRST_RULES: Final = 1
RULES_VERSION: Final = 3


@dataclass(frozen=True, slots=True)
class OwnedCard:
    """A card on the table and the seat whose deck it came from (0 or 1)."""

    card: Card
    owner: int

    def __str__(self) -> str:
        return str(self.card)

    @property
    def code(self) -> str:
        """A short ASCII code, `QS/0` for seat 0's queen of spades."""
        return f"{self.card.code}/{self.owner}"


def _id_of(card: Card, owner: int) -> int:
    return owner * CARDS_PER_DECK + SUITS.index(card.suit) * KING + card.low_rank - 1


def _card_of(card_id: int) -> Card:
    face = card_id % CARDS_PER_DECK
    rank = face % KING + 1
    return Card(SUITS[face // KING], 14 if rank == 1 else rank)


# Per-id tables (index UNKNOWN included): suit index, low rank, colour, the OwnedCard.
CARD_SUIT: Final[tuple[int, ...]] = (*((i % CARDS_PER_DECK) // KING for i in range(CARD_COUNT)), -1)
CARD_RANK: Final[tuple[int, ...]] = (*(i % KING + 1 for i in range(CARD_COUNT)), -100)
CARD_RED: Final[tuple[bool, ...]] = (*(_card_of(i).is_red for i in range(CARD_COUNT)), False)
OWNED_CARDS: Final[tuple[OwnedCard, ...]] = tuple(
    OwnedCard(_card_of(i), i // CARDS_PER_DECK) for i in range(CARD_COUNT)
)
_IDS: Final[dict[OwnedCard, int]] = {owned: index for index, owned in enumerate(OWNED_CARDS)}


def card_id(owned: OwnedCard) -> int:
    """The engine's int for an owned card (KeyError for a value that is not one)."""
    return _IDS[owned]


@dataclass(frozen=True, slots=True)
class CrapetteOptions:
    """How a table plays.

    - `opponent_build`: how cards go on the opponent's discard and crapette. "suit" (default, the rules'
      choice): same suit, one rank higher or lower. "alternate": the other colour, one rank higher or lower.
    - `strict`: True refuses any action that breaks the priority rule (error `priority_rule`) instead of
      letting the opponent call "Crapette!".
    - `rules_version`: the rules the game plays by (`RULES_VERSION` for a new game; see its comment).
    """

    opponent_build: str = "suit"
    strict: bool = False
    rules_version: int = RULES_VERSION

    def __post_init__(self) -> None:
        if self.opponent_build not in OPPONENT_BUILDS:
            raise ValueError(f"opponent_build must be one of {OPPONENT_BUILDS}, not {self.opponent_build!r}.")
        if type(self.strict) is not bool:
            raise ValueError("The option strict must be true or false.")
        if type(self.rules_version) is not int or not FIRST_RULES <= self.rules_version <= RULES_VERSION:
            raise ValueError(f"Unknown Crapette rules version {self.rules_version!r}.")

    @property
    def alternate(self) -> bool:
        return self.opponent_build == "alternate"

    @property
    def sources_rules(self) -> bool:
        """The sources' rules (version 2 on): the discard is a source, a placeable turned card must be placed,
        side piles may be rearranged freely."""
        return self.rules_version >= 2

    @property
    def loop_ends_turn(self) -> bool:
        """Version 3 on: a turn that brings the same side piles back too often ends (version 2: the game is
        drawn)."""
        return self.rules_version >= 3

    def to_dict(self) -> dict[str, Any]:
        return {
            "opponent_build": self.opponent_build,
            "strict": self.strict,
            "rules_version": self.rules_version,
        }

    @classmethod
    def from_dict(cls, data: object) -> CrapetteOptions:
        """The options saved by `to_dict`; ValueError on bad data. A missing build or strictness takes its
        default; a missing rules version is a game saved before there were versions: the first rules."""
        if not isinstance(data, dict):
            raise ValueError(f"Saved Crapette options must be a dict, not {type(data).__name__}.")
        unknown = set(data) - {"opponent_build", "strict", "rules_version"}
        if unknown:
            raise ValueError(f"Unknown Crapette options: {sorted(unknown)}.")
        return cls(
            opponent_build=data.get("opponent_build", "suit"),
            strict=data.get("strict", False),
            rules_version=data.get("rules_version", FIRST_RULES),
        )


def check_deck(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The deck as a tuple; ValueError unless it holds the 52 cards once each."""
    cards = tuple(deck)
    if len(cards) != CARDS_PER_DECK or any(not isinstance(card, Card) for card in cards):
        raise ValueError("A Crapette deck must hold the 52 cards, each exactly once.")
    if sorted(cards) != sorted(full_deck()):
        raise ValueError("A Crapette deck must hold the 52 cards, each exactly once.")
    return cards


@dataclass(frozen=True, slots=True)
class Deal:
    """One seat's dealt cards as ids, each pile listed bottom first (top last)."""

    crapette: list[int]
    side: list[int]
    stock: list[int]


def deal(deck: Sequence[Card], owner: int) -> Deal:
    """Deal one seat's deck (see the module docstring for the order)."""
    ids = [_id_of(card, owner) for card in deck]
    crapette = ids[:CRAPETTE_SIZE]
    side = ids[CRAPETTE_SIZE : CRAPETTE_SIZE + SIDE_PILES_PER_SEAT]
    stock = ids[CRAPETTE_SIZE + SIDE_PILES_PER_SEAT :]
    return Deal(crapette[::-1], side, stock[::-1])


def starting_seat(deck0: Sequence[Card], deck1: Sequence[Card]) -> tuple[int, int]:
    """Who starts and how many crapette cards were compared: the higher crapette top (ace low, king high); on
    a tie the next cards down, and so on; seat 0 if all 13 tie."""
    for depth in range(CRAPETTE_SIZE):
        rank0, rank1 = deck0[depth].low_rank, deck1[depth].low_rank
        if rank0 != rank1:
            return (0 if rank0 > rank1 else 1), depth + 1
    return 0, CRAPETTE_SIZE
