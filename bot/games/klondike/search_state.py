"""The positions of the solver's search (every card known, hidden ones too), and what keeps the search small.

A position is a tuple of bytes (`State`): the seven face-up runs, the face-down counts, the foundation ranks, the
talon (the waste bottom to top, then the stock in draw order) and the waste size. The face-down cards themselves
never change order, so a count says which ones are left.

What keeps the search small (`search_moves.py` generates the moves), each of it sound: it never loses a win, so
an exhausted search proves the position lost. The arguments are informal; the tests compare the solver with a
search that has none of these reductions.

- Safe foundation moves from the columns are forced: a card goes up with no alternative when every card that
  could ever be built on it is already up (both foundations of the other colour at rank - 1 or more, the other
  foundation of its colour at rank - 2 or more; aces and twos always). Waste cards are never forced, because
  taking one out of the talon changes which cards later draws reach.
- Stock macro moves: drawing is never a search step. A step takes any waste card that drawing can bring to the
  top (with redeals) and plays it; the draws are added back when the solution is written out.
- Canonical keys: columns with no face-down card are interchangeable, so their contents are sorted. The waste
  size is kept apart: a position is skipped when the same one was seen at a waste size from which drawing
  reaches this one (every size of the plain draw cycle 0, d, 2d, ..., the whole talon reaches every other).
- No idle shuffling (a move whose effect is not used at once can be delayed until just before the move that
  uses it, so some winning line, if any, has the shapes below):
  - a run moved off a face-up card X (neither revealing a card nor emptying the column) is only tried when X
    then goes to its foundation, which must be the next move. (Putting a card of the moved run's rank on X
    instead is never needed: that card could have gone where the run went, which leaves the same runs on the
    same kinds of cards.)
  - a move that empties a column is only tried when no column is empty yet and a king could come; the next
    move must bring a king there;
  - a card taken back from a foundation must at once receive a card, or be followed down by the card it
    uncovered on the foundation (that is how a low card up there comes back); never a card safe up there.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Final

from bot.games.klondike.layout import (
    CHILDREN_ALTERNATE,
    CHILDREN_ANY_COLOUR,
    RANK,
    RED_SUIT,
    SUIT,
    FullPosition,
)
from bot.games.klondike.progress import reachable_positions

# A position: face-up runs, face-down counts, foundation ranks, talon, waste size.
State = tuple[tuple[bytes, ...], bytes, bytes, bytes, int]
# What the next move must do: None, ("X", card) the uncovered card to its foundation, ("C", card) a card onto it
# (or the card below it on its foundation down too), ("E", 0) a king to the empty column.
Duty = tuple[str, int] | None
# A search move: source (0..6 a column, 7 the waste, 8 a foundation), target (0..6, or 8 the foundation), how many
# cards, the (first) card, the waste size where the card is the waste top (waste moves), the duty that follows.
Step = tuple[int, int, int, int, int, Duty]

WASTE_SOURCE: Final = 7
FOUNDATION_PLACE: Final = 8

_OTHER_COLOUR = tuple(
    tuple(other for other in range(4) if RED_SUIT[other] != RED_SUIT[suit]) for suit in range(4)
)
_SAME_COLOUR = tuple(
    next(other for other in range(4) if other != suit and RED_SUIT[other] == RED_SUIT[suit])
    for suit in range(4)
)
_ONE = tuple(bytes((card,)) for card in range(52))
ALL_COLUMNS = range(7)


Split = tuple[
    Callable[[tuple[bytes, ...]], tuple[bytes, ...]], Callable[[tuple[bytes, ...]], tuple[bytes, ...]]
]
_NO_SPLIT: Final[Split] = (tuple, tuple)


def _getter(indexes: list[int]) -> Callable[[tuple[bytes, ...]], tuple[bytes, ...]]:
    """A fast function picking these columns, as a tuple."""
    if len(indexes) >= 2:
        return operator.itemgetter(*indexes)
    if indexes:
        only = indexes[0]
        return lambda columns: (columns[only],)
    return lambda columns: ()


def _column_split(down: bytes) -> Split:
    """Getters for the columns with face-down cards and for the others, or `_NO_SPLIT` if at most one column has
    none (then nothing needs sorting)."""
    free = [index for index in range(7) if not down[index]]
    if len(free) < 2:
        return _NO_SPLIT
    return _getter([index for index in range(7) if down[index]]), _getter(free)


def strictly_safe(card: int, found: bytes | bytearray | list[int]) -> bool:
    """Whether `card` (which fits its foundation) may go up with no loss: nothing not yet up could be built on it."""
    rank = RANK[card]
    if rank <= 2:
        return True
    suit = SUIT[card]
    first, second = _OTHER_COLOUR[suit]
    return found[first] >= rank - 1 and found[second] >= rank - 1 and found[_SAME_COLOUR[suit]] >= rank - 2


class Positions:
    """The positions reachable from one position: keys, forced moves, applying a step (`SearchSpace` adds the
    moves worth trying, `Search` the search)."""

    def __init__(self, position: FullPosition) -> None:
        self.draw = position.options.draw
        self.hosts = position.options.hosts
        self.children = CHILDREN_ANY_COLOUR if position.options.any_colour else CHILDREN_ALTERNATE
        self.face_down = position.face_down
        self.splits: dict[bytes, Split] = {}
        self.waste_cache: dict[tuple[bytes, int], list[tuple[int, int]]] = {}
        # reached_from[s]: the bits of the waste sizes s, s - d, s - 2d, ... (above 0)
        self.reached_from = [sum(1 << lower for lower in range(size, 0, -self.draw)) for size in range(53)]
        self.root: State = (
            tuple(bytes(cards) for cards in position.face_up),
            bytes(len(cards) for cards in position.face_down),
            bytes(position.foundations),
            bytes(position.talon),
            position.waste_size,
        )

    # ------------------------------------------------------------------ positions

    def key(self, state: State) -> bytes:
        """The canonical key of a position without its waste size (see `seen_before`): columns with no face-down
        card are interchangeable, so their contents are sorted."""
        columns, down, found, _, _ = state
        split = self.splits.get(down)
        if split is None:
            split = self.splits[down] = _column_split(down)
        if split is _NO_SPLIT:
            return found + down + b"\xff".join(columns)
        fixed, free = split
        return found + down + b"\xff".join(fixed(columns)) + b"\xfe" + b"\xff".join(sorted(free(columns)))

    def seen_before(self, visited: dict[bytes, int], key: bytes, state: State) -> bool:
        """Whether a position with this key was visited at a waste size from which drawing reaches this one's.

        `visited` maps a key to a bit set of waste sizes, bit 0 standing for every size of the plain draw cycle
        (0, d, 2d, ..., the whole talon), which all reach each other. Any size reaches that cycle; a size s off the
        cycle is reached from s - d, s - 2d, ... only."""
        size = state[4]
        mask = visited.get(key, 0)
        if size == len(state[3]) or size % self.draw == 0:
            return mask != 0
        return mask & self.reached_from[size] != 0

    def visit(self, visited: dict[bytes, int], key: bytes, state: State) -> None:
        size = state[4]
        bit = 1 if size == len(state[3]) or size % self.draw == 0 else 1 << size
        visited[key] = visited.get(key, 0) | bit

    def settle(
        self,
        columns: list[bytes],
        down: bytearray,
        found: bytearray,
        steps: list[Step],
        check: range | tuple[int, ...],
    ) -> None:
        """Play the forced safe moves from the columns (in place), appending them to `steps`. Only the columns in
        `check` can have a new safe top; once a card goes up, every column is looked at again."""
        face_down = self.face_down
        while True:
            for index in check:
                cards = columns[index]
                if not cards:
                    continue
                top = cards[-1]
                below = top >> 2  # the rank below the card's
                suit = top & 3
                if found[suit] != below:
                    continue
                if below >= 2:
                    first, second = _OTHER_COLOUR[suit]
                    if found[first] < below or found[second] < below or found[_SAME_COLOUR[suit]] < below - 1:
                        continue
                found[suit] += 1
                steps.append((index, FOUNDATION_PLACE, 1, top, 0, None))
                if len(cards) == 1 and down[index]:
                    down[index] -= 1
                    columns[index] = _ONE[face_down[index][down[index]]]
                else:
                    columns[index] = cards[:-1]
                break
            else:
                return
            check = ALL_COLUMNS

    def apply_plain(self, state: State, step: Step) -> State:
        """The position after `step` alone."""
        return self.apply(state, step, settle=False)[0]

    def apply(self, state: State, step: Step, settle: bool = True) -> tuple[State, list[Step]]:
        """The position after `step` and the forced moves that follow (which the search lists as steps too)."""
        columns_tuple, down_bytes, found_bytes, talon, size = state
        source, target, count, card, waste_size, _ = step
        columns = list(columns_tuple)
        down = bytearray(down_bytes)
        found = bytearray(found_bytes)
        if source < WASTE_SOURCE:
            cards = columns[source]
            moving = cards[-count:]
            rest = cards[:-count]
            if not rest and down[source]:
                down[source] -= 1
                rest = _ONE[self.face_down[source][down[source]]]
            columns[source] = rest
        elif source == WASTE_SOURCE:
            talon = talon[: waste_size - 1] + talon[waste_size:]
            size = waste_size - 1
            moving = _ONE[card]
        else:
            found[SUIT[card]] -= 1
            moving = _ONE[card]
        if target == FOUNDATION_PLACE:
            found[SUIT[card]] += 1
        else:
            columns[target] += moving
        autos: list[Step] = []
        if settle and source != FOUNDATION_PLACE:
            if target == FOUNDATION_PLACE:
                self.settle(columns, down, found, autos, ALL_COLUMNS)
            elif source == WASTE_SOURCE:
                self.settle(columns, down, found, autos, (target,))
            else:
                self.settle(columns, down, found, autos, (source, target))
        return (tuple(columns), bytes(down), bytes(found), talon, size), autos

    def waste_cards(self, talon: bytes, size: int) -> list[tuple[int, int]]:
        """The waste cards drawing can bring to the top, each once with the waste size where it first is the top."""
        key = (talon, size)
        found = self.waste_cache.get(key)
        if found is None:
            seen: dict[int, int] = {}
            for waste_size in reachable_positions(len(talon), size, self.draw):
                seen.setdefault(talon[waste_size - 1], waste_size)
            found = self.waste_cache[key] = list(seen.items())
        return found

    @staticmethod
    def is_won(state: State) -> bool:
        """Won, or sure to be: nothing face down and nothing left in the talon (every card is then in a descending
        run, so the lowest missing card of each suit is always a column top)."""
        return not state[3] and not any(state[1])
