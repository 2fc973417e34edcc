"""The Klondike solver: is this position winnable, and how? It reads every card, hidden ones included.

`solve(game, time_limit=2.0)` answers "winnable" (with a complete list of moves the engine accepts, draws
included, that wins from the position), "unwinnable" (a proof: the deadlock test of `deadlock.py`, or a search
that explored every position, with the reductions listed in `search_state.py`), or "unknown" (the time or node
limit came first). It works from any position, including a finished game (given up or ended with no progress),
which answers "was it still winnable?". The answer depends only on the position and the limits.

On random draw-three deals with 2 s each (one core), about 92% are decided; see `benchmarks/klondike.py`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.games.cards import SUITS
from bot.games.klondike.deadlock import is_blocked
from bot.games.klondike.engine import Klondike
from bot.games.klondike.layout import SUIT, FullPosition
from bot.games.klondike.moves import DRAW, FOUNDATION, WASTE, Move, column, foundation_of
from bot.games.klondike.search import UNKNOWN, UNWINNABLE, WINNABLE, Search
from bot.games.klondike.search_state import FOUNDATION_PLACE, WASTE_SOURCE, State, Step

__all__ = ["UNKNOWN", "UNWINNABLE", "WINNABLE", "SolveResult", "solve"]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The solver's answer.

    - `status`: "winnable", "unwinnable" (proved), or "unknown" (a limit came first).
    - `moves`: for "winnable", the moves that win from the position (draws and redeals included, as
      `Move("stock", "waste")`); None otherwise.
    - `nodes`: positions examined; `seconds`: time spent.
    """

    status: str
    moves: list[Move] | None
    nodes: int
    seconds: float

    @property
    def is_decided(self) -> bool:
        return self.status != UNKNOWN


def solve(
    game: Klondike | FullPosition, *, time_limit: float, node_limit: int | None = None, cpu_time: bool = False
) -> SolveResult:
    """Solve the current position of `game` (or a `FullPosition`) within `time_limit` seconds (and at most
    `node_limit` positions if given). Runs on the calling thread (call it off the event loop). `time_limit` is
    wall-clock time, or this process's CPU time with `cpu_time` (for benchmarks on a busy machine)."""
    clock = time.process_time if cpu_time else time.perf_counter
    started = clock()
    position = game.full_position() if isinstance(game, Klondike) else game
    if is_blocked(position):
        return SolveResult(UNWINNABLE, None, 0, clock() - started)
    search = Search(position, started + time_limit, node_limit, clock)
    status, line = search.run()
    moves = _engine_moves(line, position.options.draw) if status == WINNABLE else None
    return SolveResult(status, moves, search.nodes, clock() - started)


def _engine_moves(line: list[tuple[State, Step]], draw: int) -> list[Move]:
    """The search's winning line as engine moves: each waste step gets the draws (and redeals) before it."""
    moves: list[Move] = []
    for state, (source, target, count, card, waste_size, _) in line:
        if source == WASTE_SOURCE:
            length = len(state[3])
            size = state[4]
            while size != waste_size:
                size = 0 if size == length else min(size + draw, length)
                moves.append(DRAW)
            origin = WASTE
        elif source == FOUNDATION_PLACE:
            origin = foundation_of(SUITS[SUIT[card]])
        else:
            origin = column(source + 1)
        destination = FOUNDATION if target == FOUNDATION_PLACE else column(target + 1)
        moves.append(Move(origin, destination, count))
    return moves
