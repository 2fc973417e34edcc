"""The solver's search: depth-first with a transposition table over every card (hidden ones included).

A position is a tuple of bytes (`State`): the seven face-up runs, the face-down counts, the foundation ranks, the
talon (the waste bottom to top, then the stock in draw order) and the waste size. The face-down cards themselves
never change order, so a count says which ones are left.

What keeps the search small, each of it sound (it never loses a win, so "exhausted" proves "unwinnable"):

- Safe foundation moves from the columns are forced: a card goes up with no alternative when every card that
  could ever be built on it is already up (both foundations of the other colour at rank - 1 or more, the other
  foundation of its colour at rank - 2 or more; aces and twos always). Waste cards are never forced, because
  taking one out of the talon changes which cards later draws reach.
- Stock macro moves: drawing is never a search step. A move takes any waste card that drawing can bring to the
  top (with redeals) and plays it; the draws are added back when the solution is written out.
- Transposition table keyed on a canonical position: columns with no face-down card are sorted (they are
  interchangeable), and every waste size the plain draw cycle passes through (0, d, 2d, ..., the whole talon)
  counts as one: those positions reach each other by drawing alone.
- No idle shuffling. A tableau move that neither reveals a card nor empties its column (it uncovers a face-up
  card X) is only tried when X can be used at once, and the next move must use it (X to its foundation, or a card
  onto X). A move that empties a column is only tried when no column is empty yet and a king could come, and the
  next move must bring a king there. A card taken back from a foundation must receive a card at once. (A move
  whose effect is not used can always be delayed until just before the move that uses it, so some winning line,
  if any, has this shape.)
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable
from typing import Any, Final

from bot.games.klondike.layout import (
    CHILDREN_ALTERNATE,
    CHILDREN_ANY_COLOUR,
    KING,
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

# A search frame (see `Search.attempt`).
Frame = list[Any]

WASTE_SOURCE: Final = 7
FOUNDATION_PLACE: Final = 8
CHECK_EVERY: Final = 256

WINNABLE: Final = "winnable"
UNWINNABLE: Final = "unwinnable"
UNKNOWN: Final = "unknown"

_OTHER_COLOUR = tuple(
    tuple(other for other in range(4) if RED_SUIT[other] != RED_SUIT[suit]) for suit in range(4)
)
_SAME_COLOUR = tuple(
    next(other for other in range(4) if other != suit and RED_SUIT[other] == RED_SUIT[suit])
    for suit in range(4)
)
_ONE = tuple(bytes((card,)) for card in range(52))
_ALL_COLUMNS = range(7)
KING_IDS: Final = (KING - 1) * 4  # card ids from here on are kings
_RESTART: Final = "restart"
_DEEP: Final = 1 << 30  # "met nothing on the stack"
_first = operator.itemgetter(0)


def _luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (index from 1)."""
    power = 1  # the smallest k with 2 ** k - 1 >= index
    while (1 << power) - 1 < index:
        power += 1
    if (1 << power) - 1 == index:
        return 1 << (power - 1)
    return _luby(index - (1 << (power - 1)) + 1)


def strictly_safe(card: int, found: bytes | bytearray | list[int]) -> bool:
    """Whether `card` (which fits its foundation) may go up with no loss: nothing not yet up could be built on it."""
    rank = RANK[card]
    if rank <= 2:
        return True
    suit = SUIT[card]
    first, second = _OTHER_COLOUR[suit]
    return found[first] >= rank - 1 and found[second] >= rank - 1 and found[_SAME_COLOUR[suit]] >= rank - 2


class Search:
    """One search from a position; `run()` answers once."""

    # Move order: higher first (a reveal adds the column's face-down count; a waste move loses one per draw).
    to_foundation = 90
    waste_to_foundation = 85
    reveal = 80
    waste_to_column = 60
    waste_king = 55
    uncover = 50
    empty_column = 30
    from_foundation_priority = 10
    restart_unit = 1000  # nodes
    shuffle_noise = 100  # random priority spread of the restarts

    def __init__(
        self, position: FullPosition, deadline: float, node_limit: int | None, clock: Callable[[], float]
    ) -> None:
        self.draw = position.options.draw
        self.hosts = position.options.hosts
        self.children = CHILDREN_ANY_COLOUR if position.options.any_colour else CHILDREN_ALTERNATE
        self.face_down = position.face_down
        self.deadline = deadline
        self.clock = clock
        self.node_limit = node_limit
        self.nodes = 0
        self.noise = 0
        self.random = random.Random(0).random
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
        """The canonical key of a position without its waste size (see `seen_before`)."""
        columns, down, found, _, _ = state
        if down.count(0) < 2:
            return found + down + b"\xff".join(columns)
        # Columns with no face-down card are interchangeable: put their contents in sorted order.
        slots = [index for index in range(7) if not down[index]]
        ordered = list(columns)
        for index, cards in zip(slots, sorted(ordered[index] for index in slots), strict=True):
            ordered[index] = cards
        return found + down + b"\xff".join(ordered)

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
            check = _ALL_COLUMNS

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
                self.settle(columns, down, found, autos, _ALL_COLUMNS)
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
            for suit in range(4):
                rank = found[suit]
                if rank == KING:
                    continue
                following = rank * 4 + suit  # the next card of this foundation
                for index in range(7):
                    cards = columns[index]
                    start = cards.find(following) + 1
                    if 0 < start < len(cards):
                        base = cards[start]
                        for host in hosts[base]:
                            if host in tops:
                                append(
                                    (50, (index, tops[host], len(cards) - start, base, 0, ("X", following)))
                                )
                        break
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

    def run(self) -> tuple[str, list[tuple[State, Step]]]:
        """Search from the root: (status, the winning line as (position before, step) pairs when winnable).

        The search restarts now and then with a shuffled move order (node budgets of `RESTART_UNIT` times the
        Luby sequence 1, 1, 2, 1, 1, 2, 4, ...): a deal whose first choices lead into a long dead end is often won
        at once in another order. Positions whose whole subtree was explored are remembered across restarts as
        dead (unless the exploration met a position still in progress, i.e. a cycle), so a proof of
        unwinnability keeps its progress."""
        forced: list[Step] = []
        columns = list(self.root[0])
        self.settle(columns, bytearray(self.root[1]), bytearray(self.root[2]), forced, _ALL_COLUMNS)
        line: list[tuple[State, Step]] = []
        root = self.root
        for step in forced:
            line.append((root, step))
            root = self.apply_plain(root, step)
        if self.is_won(root):
            return WINNABLE, line + self.written_line([[root, [], 0, None, [], _DEEP, b"", 0]])
        dead: dict[bytes, int] = {}
        attempt = 0
        while True:
            attempt += 1
            self.noise = 0 if attempt == 1 else self.shuffle_noise
            status, won = self.attempt(root, dead, self.restart_unit * _luby(attempt))
            if status != _RESTART:
                return status, line + won

    def attempt(
        self, root: State, dead: dict[bytes, int], budget: int
    ) -> tuple[str, list[tuple[State, Step]]]:
        """One depth-first search with a node budget: its status (or `_RESTART`) and the winning line.

        A position whose subtree is explored goes to `dead` at once, unless the subtree met a position still on
        the stack (a cycle, e.g. a card up to its foundation and back): then it waits, Tarjan-style, until the
        shallowest such position is done, and goes to `dead` with it."""
        visited: dict[bytes, int] = {}
        active: dict[
            bytes, int
        ] = {}  # positions on the stack (their depth) or waiting (the depth they wait for)
        waiting: list[tuple[bytes, State]] = []
        root_key = self.key(root)
        self.visit(visited, root_key, root)
        active[root_key] = 0
        # Each frame: position, its moves, next move index, the step that led here, the forced steps after it,
        # the shallowest depth its subtree met on the stack, its key, the waiting list's length when pushed.
        stack: list[Frame] = [[root, self.steps(root, None), 0, None, [], _DEEP, root_key, 0]]
        deadline = self.deadline
        node_limit = self.node_limit
        stop = self.nodes + budget
        seen_before = self.seen_before
        visit = self.visit
        while stack:
            frame = stack[-1]
            steps = frame[1]
            if frame[2] == len(steps):
                stack.pop()
                depth = len(stack)
                if frame[5] >= depth:
                    visit(dead, frame[6], frame[0])
                    active.pop(frame[6], None)
                    mark = frame[7]
                    for key, state in waiting[mark:]:
                        visit(dead, key, state)
                        active.pop(key, None)
                    del waiting[mark:]
                else:
                    waiting.append((frame[6], frame[0]))
                    active[frame[6]] = frame[5]
                    if frame[5] < stack[-1][5]:
                        stack[-1][5] = frame[5]
                continue
            step = steps[frame[2]]
            frame[2] += 1
            child, autos = self.apply(frame[0], step)
            duty = None if autos else step[5]
            key = self.key(child)
            if seen_before(dead, key, child):
                continue
            if seen_before(visited, key, child):
                met = active.get(key, 0)
                if met < frame[5]:
                    frame[5] = met
                continue
            if duty is not None:
                key += b"%c%c" % (ord(duty[0]), duty[1])
                if seen_before(dead, key, child):
                    continue
                if seen_before(visited, key, child):
                    met = active.get(key, 0)
                    if met < frame[5]:
                        frame[5] = met
                    continue
            visit(visited, key, child)
            self.nodes += 1
            if self.is_won(child):
                stack.append([child, [], 0, step, autos, _DEEP, key, 0])
                return WINNABLE, self.written_line(stack)
            if self.nodes % CHECK_EVERY == 0 and self.clock() > deadline:
                return UNKNOWN, []
            if self.nodes >= stop:
                if node_limit is not None and self.nodes >= node_limit:
                    return UNKNOWN, []
                return _RESTART, []
            active[key] = len(stack)
            stack.append([child, self.steps(child, duty), 0, step, autos, _DEEP, key, len(waiting)])
        return UNWINNABLE, []

    @staticmethod
    def is_won(state: State) -> bool:
        """Won, or sure to be: nothing face down and nothing left in the talon (every card is then in a descending
        run, so the lowest missing card of each suit is always a column top)."""
        return not state[3] and not any(state[1])

    def written_line(self, stack: list[Frame]) -> list[tuple[State, Step]]:
        """The winning line from the stack: each step with the position before it, forced moves included, then
        the foundation moves that finish a position with every card face up."""
        line: list[tuple[State, Step]] = []
        for frame, following in itertools.pairwise(stack):
            state = frame[0]
            step = following[3]
            autos = following[4]
            assert step is not None
            for played in (step, *autos):
                line.append((state, played))
                state = self.apply_plain(state, played)
        state = stack[-1][0]
        while sum(state[2]) < 52:
            columns, _, found, _, _ = state
            index = next(
                i
                for i, cards in enumerate(columns)
                if cards and found[SUIT[cards[-1]]] == RANK[cards[-1]] - 1
            )
            step = (index, FOUNDATION_PLACE, 1, columns[index][-1], 0, None)
            line.append((state, step))
            state = self.apply_plain(state, step)
        return line
