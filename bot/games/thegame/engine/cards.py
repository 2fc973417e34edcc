"""Cards and piles: the fixed material of the game."""

from __future__ import annotations

import enum
from dataclasses import dataclass

LOWEST_CARD = 2
HIGHEST_CARD = 99
ALL_CARDS: tuple[int, ...] = tuple(range(LOWEST_CARD, HIGHEST_CARD + 1))
CARD_COUNT = len(ALL_CARDS)  # 98
BACKWARDS_STEP = 10  # the backwards move ("rétro"): exactly 10 back

ASCENDING_BASE = 1
DESCENDING_BASE = 100


class Direction(enum.StrEnum):
    UP = "up"
    DOWN = "down"


PILE_NAMES: tuple[str, ...] = ("A", "B", "C", "D")  # A, B ascending from 1; C, D descending from 100
PILE_DIRECTIONS: tuple[Direction, ...] = (Direction.UP, Direction.UP, Direction.DOWN, Direction.DOWN)
PILE_BASES: tuple[int, ...] = (ASCENDING_BASE, ASCENDING_BASE, DESCENDING_BASE, DESCENDING_BASE)
PILE_INDEX: dict[str, int] = {name: index for index, name in enumerate(PILE_NAMES)}


def fits(direction: Direction, top: int, card: int) -> bool:
    """Whether `card` may go on a pile of this direction with top card `top` (normal or backwards move)."""
    if not LOWEST_CARD <= card <= HIGHEST_CARD:
        return False
    if direction is Direction.UP:
        return card > top or card == top - BACKWARDS_STEP
    return card < top or card == top + BACKWARDS_STEP


@dataclass(frozen=True, slots=True)
class Pile:
    """One of the four piles as seen from outside: its name, direction and top card (1 / 100 when empty)."""

    name: str
    direction: Direction
    top: int

    @property
    def is_ascending(self) -> bool:
        return self.direction is Direction.UP

    @property
    def base(self) -> int:
        """The base card the pile starts from: 1 for an ascending pile, 100 for a descending one."""
        return ASCENDING_BASE if self.direction is Direction.UP else DESCENDING_BASE

    @property
    def is_empty(self) -> bool:
        """True while only the base card shows."""
        return self.top == self.base

    def accepts(self, card: int) -> bool:
        """Whether `card` may be played here now, by the normal rule or as a backwards move."""
        return fits(self.direction, self.top, card)

    def is_backwards(self, card: int) -> bool:
        """Whether `card` here is a backwards move: exactly 10 lower (ascending) / higher (descending)."""
        target = self.backwards_target
        return target is not None and card == target

    @property
    def backwards_target(self) -> int | None:
        """The card that would be a backwards move here now; None if that is not a card (off 2..99)."""
        step = -BACKWARDS_STEP if self.direction is Direction.UP else BACKWARDS_STEP
        target = self.top + step
        return target if LOWEST_CARD <= target <= HIGHEST_CARD else None


# Every Pile a game can show, built once: PILE_VIEWS[pile_index][top]. Immutable, so games share them.
PILE_VIEWS: tuple[tuple[Pile, ...], ...] = tuple(
    tuple(Pile(name, direction, top) for top in range(DESCENDING_BASE + 1))
    for name, direction in zip(PILE_NAMES, PILE_DIRECTIONS, strict=True)
)
