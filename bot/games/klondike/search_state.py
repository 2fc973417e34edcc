"""The positions of the solver's search and the moves worth trying from them, over every card (hidden ones too).

A position is a tuple of bytes (`State`): the seven face-up runs, the face-down counts, the foundation ranks, the
talon (the waste bottom to top, then the stock in draw order) and the waste size. The face-down cards themselves
never change order, so a count says which ones are left.

What keeps the search small, each of it sound (it never loses a win, so an exhausted search proves the position
lost):

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
  - a card taken back from a foundation must receive a card at once, and never when it is safe up there.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import Final

from bot.games.klondike.layout import (
    CHILDREN_ALTERNATE,
    CHILDREN_ANY_COLOUR,
    KING,
    KING_IDS,
    RANK,
    RED_SUIT,
    SUIT,
    FullPosition,
)
from bot.games.klondike.progress import reachable_positions

# A position: face-up runs, face-down counts, foundation ranks, talon, waste size.
State = tuple[tuple[bytes, ...], bytes, bytes, bytes, int]
# What the next move must do: None, ("X", card) use the uncovered card, ("C", card) put a card on it, ("E", 0) a
# king to the empty column.
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
_first = operator.itemgetter(0)


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


class SearchSpace:
    """The positions reachable from one position and the steps between them (`Search` adds the search)."""

    # Move order: higher first (a reveal adds the column's face-down count; a waste move loses one per draw).
    to_foundation = 90
    waste_to_foundation = 85
    reveal = 80
    waste_to_column = 60
    waste_king = 55
    uncover = 50
    empty_column = 30
    from_foundation_priority = 10

    def __init__(self, position: FullPosition) -> None:
        self.draw = position.options.draw
        self.hosts = position.options.hosts
        self.children = CHILDREN_ANY_COLOUR if position.options.any_colour else CHILDREN_ALTERNATE
        self.face_down = position.face_down
        self.noise = 0.0  # random spread added to the move order's priorities
        self.random = random.Random(0).random
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

    # ------------------------------------------------------------------ moves

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

    def steps(self, state: State, duty: Duty) -> list[Step]:
        """The moves worth trying from `state`, most promising first (see the module docstring)."""
        columns, down, found, talon, size = state
        tops: dict[int, int] = {}
        empty = -1
        for index in range(7):
            cards = columns[index]
            if cards:
                tops[cards[-1]] = index
            elif empty < 0 and not down[index]:
                empty = index
        waste = self.waste_cards(talon, size)
        ranked: list[tuple[float, Step]] = []
        append = ranked.append
        hosts = self.hosts
        if duty is not None:
            self.duty_steps(state, duty, tops, empty, waste, ranked)
        else:
            king_may_come = -1  # unknown yet
            for index in range(7):
                cards = columns[index]
                if not cards:
                    continue
                top = cards[-1]
                if found[top & 3] == (top >> 2):
                    append((self.to_foundation, (index, FOUNDATION_PLACE, 1, top, 0, None)))
                base = cards[0]
                if down[index]:
                    if base >= KING_IDS:
                        if empty >= 0:
                            append((self.reveal + down[index], (index, empty, len(cards), base, 0, None)))
                        continue
                    for host in hosts[base]:
                        if host in tops:
                            append(
                                (self.reveal + down[index], (index, tops[host], len(cards), base, 0, None))
                            )
                elif empty < 0 and base < KING_IDS:
                    for host in hosts[base]:
                        if host in tops:
                            if king_may_come < 0:
                                king_may_come = self.king_may_come(columns, down, found, waste)
                            if king_may_come:
                                append(
                                    (self.empty_column, (index, tops[host], len(cards), base, 0, ("E", 0)))
                                )
            joined = b"\xff".join(columns)
            for suit in range(4):
                rank = found[suit]
                if rank == KING:
                    continue
                following = rank * 4 + suit  # the next card of this foundation
                at = joined.find(following)
                if at < 0:
                    continue
                end = joined.find(255, at + 1)
                if end < 0:
                    end = len(joined)
                if end == at + 1:
                    continue  # a column's top: it goes up as a move of its own
                base = joined[at + 1]
                index = joined.count(255, 0, at)
                for host in hosts[base]:
                    if host in tops:
                        append((self.uncover, (index, tops[host], end - at - 1, base, 0, ("X", following))))
            draw = self.draw
            length = len(talon) + 1
            for card, waste_size in waste:
                if found[card & 3] == (card >> 2):
                    append(
                        (
                            self.waste_to_foundation,
                            (WASTE_SOURCE, FOUNDATION_PLACE, 1, card, waste_size, None),
                        )
                    )
                penalty = (waste_size - size) % length // draw
                if card >= KING_IDS:
                    if empty >= 0:
                        append((self.waste_king - penalty, (WASTE_SOURCE, empty, 1, card, waste_size, None)))
                    continue
                for host in hosts[card]:
                    if host in tops:
                        append(
                            (
                                self.waste_to_column - penalty,
                                (WASTE_SOURCE, tops[host], 1, card, waste_size, None),
                            )
                        )
            for suit in range(4):
                if found[suit]:
                    card = (found[suit] - 1) * 4 + suit
                    if card >= KING_IDS:
                        if empty >= 0:
                            self.from_foundation(state, card, empty, waste, ranked)
                        continue
                    for host in hosts[card]:
                        if host in tops:
                            self.from_foundation(state, card, tops[host], waste, ranked)
        if self.noise:
            random = self.random
            noise = self.noise
            ranked = [(priority + noise * random(), step) for priority, step in ranked]
        ranked.sort(key=_first, reverse=True)
        return [step for _, step in ranked]

    @staticmethod
    def king_may_come(
        columns: tuple[bytes, ...], down: bytes, found: bytes, waste: list[tuple[int, int]]
    ) -> bool:
        """Whether a king could move to a column emptied now (from over face-down cards, the waste or a
        foundation)."""
        for index in range(7):
            if down[index] and columns[index] and columns[index][0] >= KING_IDS:
                return True
        return KING in found or any(card >= KING_IDS for card, _ in waste)

    def from_foundation(
        self,
        state: State,
        card: int,
        target: int,
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """Queue `card` from its foundation to column `target` if it is not safe there and a card could follow."""
        columns, _, found, _, _ = state
        if strictly_safe(card, found):
            return
        for child in self.children[card]:
            if found[child & 3] == (child >> 2) + 1 or any(child in cards for cards in columns):
                break
            if any(child == waste_card for waste_card, _ in waste):
                break
        else:
            return
        ranked.append((self.from_foundation_priority, (FOUNDATION_PLACE, target, 1, card, 0, ("C", card))))

    def duty_steps(
        self,
        state: State,
        duty: tuple[str, int],
        tops: dict[int, int],
        empty: int,
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """The moves that do what the last move requires (see `Duty`)."""
        columns, down, found, _, _ = state
        kind, card = duty
        if kind == "X":
            if card in tops:
                ranked.append((90, (tops[card], FOUNDATION_PLACE, 1, card, 0, None)))
            return
        if kind == "E":
            if empty < 0:
                return
            for index in range(7):
                cards = columns[index]
                if cards and down[index] and cards[0] >= KING_IDS:
                    ranked.append((80 + down[index], (index, empty, len(cards), cards[0], 0, None)))
            for king, waste_size in waste:
                if king >= KING_IDS:
                    ranked.append((60, (WASTE_SOURCE, empty, 1, king, waste_size, None)))
            for suit in range(4):
                if found[suit] == KING:
                    self.from_foundation(state, (KING - 1) * 4 + suit, empty, waste, ranked)
            return
        if card not in tops:
            return
        target = tops[card]
        for child in self.children[card]:
            for index in range(7):
                cards = columns[index]
                start = cards.find(child)
                if start < 0:
                    continue
                if start:
                    uncovered = cards[start - 1]
                    if found[uncovered & 3] == uncovered >> 2:
                        ranked.append((50, (index, target, len(cards) - start, child, 0, ("X", uncovered))))
                elif down[index]:
                    ranked.append((80 + down[index], (index, target, len(cards), child, 0, None)))
                elif empty < 0 and self.king_may_come(columns, down, found, waste):
                    ranked.append((30, (index, target, len(cards), child, 0, ("E", 0))))
                break
            else:
                for waste_card, waste_size in waste:
                    if waste_card == child:
                        ranked.append((60, (WASTE_SOURCE, target, 1, child, waste_size, None)))
                        break
                else:
                    if found[child & 3] == (child >> 2) + 1:
                        self.from_foundation(state, child, target, waste, ranked)

    # ------------------------------------------------------------------ search

    @staticmethod
    def is_won(state: State) -> bool:
        """Won, or sure to be: nothing face down and nothing left in the talon (every card is then in a descending
        run, so the lowest missing card of each suit is always a column top)."""
        return not state[3] and not any(state[1])
