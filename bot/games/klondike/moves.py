"""Moves: small frozen values, and their compact text form for custom ids, autocomplete and saved logs.

Places are named the way the renderer names them: `stock`, `waste`, `foundation:S` (a suit letter),
`column:1` .. `column:7`. A move goes from a source to a target:

| move                                   | value                                   | text      |
|----------------------------------------|-----------------------------------------|-----------|
| draw (or turn the waste over)          | Move("stock", "waste")                  | `s`       |
| waste top to its foundation            | Move("waste", "foundation")             | `w>f`     |
| waste top to column 3                  | Move("waste", "column:3")               | `w>c3`    |
| top of column 3 to its foundation      | Move("column:3", "foundation")          | `c3>f`    |
| the top 2 cards of column 3 to column 5 | Move("column:3", "column:5", 2)        | `c3>c5x2` |
| the top of the hearts foundation to 2  | Move("foundation:H", "column:2")        | `f♥>c2`   |

`format_move` writes the suit symbol (`f♥>c2`), `Move.code` the ASCII letter (`fH>c2`); `parse_move` reads both,
in any case, spaces ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bot.games.cards import SUIT_SYMBOL, SUITS, SYMBOL_SUIT
from bot.games.klondike.layout import COLUMN_COUNT

STOCK: Final = "stock"
WASTE: Final = "waste"
FOUNDATION: Final = "foundation"
COLUMNS: Final[tuple[str, ...]] = tuple(f"column:{number}" for number in range(1, COLUMN_COUNT + 1))
FOUNDATIONS: Final[tuple[str, ...]] = tuple(f"foundation:{suit}" for suit in SUITS)
SOURCES: Final = frozenset({STOCK, WASTE, *COLUMNS, *FOUNDATIONS})
TARGETS: Final = frozenset({WASTE, FOUNDATION, *COLUMNS})

_PATTERN = re.compile(r"^(w|c[1-7]|f[cdhs♣♦♥♠])>(f|c[1-7])(?:x([1-9][0-9]?))?$")


def column(number: int) -> str:
    """The place name of column `number` (1..7)."""
    return COLUMNS[number - 1]


def foundation_of(suit: str) -> str:
    """The place name of the foundation of `suit` (a suit letter), as a move's source."""
    return f"foundation:{suit}"


def column_index(place: str) -> int | None:
    """0..6 for `column:1` .. `column:7`, None for another place."""
    if place.startswith("column:"):
        return int(place[7:]) - 1
    return None


@dataclass(frozen=True, slots=True)
class Move:
    """One move: `count` cards from `source` to `target`.

    Sources: `stock` (draw, or turn the waste over when the stock is empty; its target is `waste`), `waste`,
    `column:N`, `foundation:S`. Targets: `column:N`, or `foundation` (the foundation of the moving card's suit).
    `count` is how many cards leave a column (the top `count` face-up cards, moved as one run); it is 1 for
    every other source. A move that names unknown places raises ValueError; a well-formed move the position does
    not allow is refused by the game with an `IllegalMove` code.
    """

    source: str
    target: str
    count: int = 1

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"Unknown move source {self.source!r}.")
        if self.target not in TARGETS:
            raise ValueError(f"Unknown move target {self.target!r}.")
        if type(self.count) is not int:
            raise ValueError(f"A move's count must be an int, not {self.count!r}.")

    @property
    def is_draw(self) -> bool:
        return self.source == STOCK

    @property
    def code(self) -> str:
        """The compact ASCII text of the move (`s`, `w>f`, `c3>c5x2`, `fH>c2`), what `parse_move` reads back."""
        return _text(self, symbol=False)

    def __str__(self) -> str:
        return _text(self, symbol=True)


DRAW: Final = Move(STOCK, WASTE)


def _place_text(place: str, symbol: bool) -> str:
    if place == WASTE:
        return "w"
    if place == FOUNDATION:
        return "f"
    if place.startswith("column:"):
        return "c" + place[7:]
    suit = place[-1]
    return "f" + (SUIT_SYMBOL[suit] if symbol else suit)


def _text(move: Move, symbol: bool) -> str:
    if move.source == STOCK:
        return "s" if move.target == WASTE else f"s>{_place_text(move.target, symbol)}"
    text = f"{_place_text(move.source, symbol)}>{_place_text(move.target, symbol)}"
    return text if move.count == 1 else f"{text}x{move.count}"


def format_move(move: Move) -> str:
    """The compact text of a move with the suit symbol: `s`, `w>f`, `w>c3`, `c3>f`, `c3>c5x2`, `f♥>c2`."""
    return _text(move, symbol=True)


def _place(text: str) -> str:
    if text == "w":
        return WASTE
    if text == "f":
        return FOUNDATION
    if text[0] == "c":
        return f"column:{text[1:]}"
    suit = text[1].upper()
    return f"foundation:{SYMBOL_SUIT.get(suit, suit)}"


def parse_move(text: str) -> Move | None:
    """The move written as `format_move` or `Move.code` writes it (case and spaces ignored), else None."""
    cleaned = "".join(char for char in text.lower() if not char.isspace()).replace("\ufe0f", "")
    if cleaned == "s":
        return DRAW
    match = _PATTERN.match(cleaned)
    if match is None:
        return None
    source, target, count = match.groups()
    return Move(_place(source), _place(target), int(count) if count else 1)
