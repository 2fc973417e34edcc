"""The solver's search: depth-first over the positions of `search_state.py`, with restarts.

The search restarts now and then with a shuffled move order (node budgets of `restart_unit` times the Luby
sequence 1, 1, 2, 1, 1, 2, 4, ...): a deal whose first choices lead into a long dead end is often won at once in
another order. A position whose whole subtree has been explored is remembered as dead across restarts, so a proof
that the position is lost keeps its progress; when the subtree met a position still being explored (a cycle,
e.g. a card up to its foundation and back), it waits, Tarjan-style, until that position is done.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Final

from bot.games.klondike.layout import RANK, SUIT, FullPosition
from bot.games.klondike.search_moves import SearchSpace
from bot.games.klondike.search_state import ALL_COLUMNS, FOUNDATION_PLACE, State, Step

# A search frame: position, its moves, next move index, the step that led here, the forced steps after it, the
# shallowest depth its subtree met on the stack, its key, the waiting list's length when pushed.
Frame = list[Any]

CHECK_EVERY: Final = 256  # nodes between clock readings

WINNABLE: Final = "winnable"
UNWINNABLE: Final = "unwinnable"
UNKNOWN: Final = "unknown"
_RESTART: Final = "restart"
_DEEP: Final = 1 << 30  # "met nothing on the stack"


def _luby(index: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (index from 1)."""
    power = 1  # the smallest k with 2 ** k - 1 >= index
    while (1 << power) - 1 < index:
        power += 1
    if (1 << power) - 1 == index:
        return 1 << (power - 1)
    return _luby(index - (1 << (power - 1)) + 1)


class Search(SearchSpace):
    """One search from a position; `run()` answers once."""

    restart_unit = 1000  # nodes
    shuffle_noise = 100.0  # random priority spread of the restarts

    def __init__(
        self, position: FullPosition, deadline: float, node_limit: int | None, clock: Callable[[], float]
    ) -> None:
        super().__init__(position)
        self.deadline = deadline
        self.clock = clock
        self.node_limit = node_limit
        self.nodes = 0

    def run(self) -> tuple[str, list[tuple[State, Step]]]:
        """Search from the root: (status, the winning line as (position before, step) pairs when winnable).

        The search restarts now and then with a shuffled move order (node budgets of `RESTART_UNIT` times the
        Luby sequence 1, 1, 2, 1, 1, 2, 4, ...): a deal whose first choices lead into a long dead end is often won
        at once in another order. Positions whose whole subtree was explored are remembered across restarts as
        dead (unless the exploration met a position still in progress, i.e. a cycle), so a proof of
        unwinnability keeps its progress."""
        forced: list[Step] = []
        columns = list(self.root[0])
        self.settle(columns, bytearray(self.root[1]), bytearray(self.root[2]), forced, ALL_COLUMNS)
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
        # positions on the stack (their depth) or waiting (the depth they wait for)
        active: dict[bytes, int] = {}
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
        if node_limit is not None:
            stop = min(stop, node_limit)
        visit = self.visit
        apply = self.apply
        make_key = self.key
        steps_from = self.steps
        is_won = self.is_won
        draw = self.draw
        reached_from = self.reached_from
        nodes = self.nodes
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
            child, autos = apply(frame[0], step)
            # Seen before at a waste size from which drawing reaches this one (see `Positions.seen_before`).
            size = child[4]
            if size == len(child[3]) or size % draw == 0:
                reaching, bit = -1, 1
            else:
                reaching, bit = reached_from[size], 1 << size
            key = make_key(child)
            if dead.get(key, 0) & reaching:
                continue
            if visited.get(key, 0) & reaching:
                met = active.get(key, 0)
                if met < frame[5]:
                    frame[5] = met
                continue
            duty = None if autos else step[5]
            if duty is not None:
                key += duty[0].encode() + duty[1].to_bytes(2, "big")
                if dead.get(key, 0) & reaching:
                    continue
                if visited.get(key, 0) & reaching:
                    met = active.get(key, 0)
                    if met < frame[5]:
                        frame[5] = met
                    continue
            visited[key] = visited.get(key, 0) | bit
            nodes += 1
            if is_won(child):
                self.nodes = nodes
                stack.append([child, [], 0, step, autos, _DEEP, key, 0])
                return WINNABLE, self.written_line(stack)
            if nodes >= stop or (nodes % CHECK_EVERY == 0 and self.clock() > deadline):
                self.nodes = nodes
                if nodes < stop or (node_limit is not None and nodes >= node_limit):
                    return UNKNOWN, []
                return _RESTART, []
            active[key] = len(stack)
            stack.append([child, steps_from(child, duty), 0, step, autos, _DEEP, key, len(waiting)])
        self.nodes = nodes
        return UNWINNABLE, []

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
