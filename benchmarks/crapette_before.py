"""The Crapette AI as it was before issue #25 (commit cdc24b4), frozen for `benchmarks/crapette.py`'s "before" column.

A copy of that commit's `StrongStrategy`, changed only where the engine's interface changed since: the placement
functions take the table's options instead of the `alternate` flag, a card taken from the player's own discard (a
source from the rules version 2) is valued like the turned card, and the call is asked of `breach_to_call` (which
also covers the discard that ended a turn). Never imported by the bot.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from bot.games.crapette.board import Board, fits_foundation, fits_opponent, fits_side
from bot.games.crapette.engine import REPETITIONS_FOR_DRAW
from bot.games.crapette.layout import CrapetteOptions
from bot.games.crapette.moves import (
    CRAPETTE,
    DISCARD,
    FIRST_FOUNDATION,
    FIRST_SIDE,
    OPPONENT_CRAPETTE,
    OPPONENT_DISCARD,
    TURN_STOCK,
    TURNED,
    Action,
    Move,
    move_spots,
)
from bot.games.crapette.priority import allowed_actions
from bot.games.crapette.view import CrapetteView

# Move values (the strong strategy's weights). A move scores what its source, target and side effects are
# worth, plus LOOKAHEAD times the best allowed move it leads to (SEARCH_DEPTH moves deep); discarding the
# turned card or ending the turn is worth 0, so a move is made only when it scores above 0. Tuning these
# weights against first_legal moved the strict-table win share by less than the noise of 600 games; turning
# the stock first and the second move of lookahead each gained about 4 points.
FROM_CRAPETTE: Final = 100  # the crapette is the pile that is hardest to empty
FROM_TURNED: Final = 60
FROM_SIDE: Final = -6  # shuffling side piles is only worth what it opens up
TO_FOUNDATION: Final = 25
TO_OPPONENT_DISCARD: Final = 45  # one card less for us, one more for them
TO_OPPONENT_CRAPETTE: Final = 55  # ... and on the pile they find hardest to empty
FILL_EMPTY_SIDE: Final = -12  # an empty side pile is worth keeping for the crapette
FREE_SIDE: Final = 8
OPPONENT_CRAPETTE_FITS: Final = -20  # per new place where the opponent's crapette top could go next turn
LOOKAHEAD: Final = 0.8
SEARCH_DEPTH: Final = 2  # moves looked at after the one scored


def _opponent_openings(board: Board, opponent: int, alternate: bool) -> int:
    """How many places the opponent's crapette top fits now (foundations count double)."""
    pile = board.crapettes[opponent]
    if not pile:
        return 0
    card = pile[-1]
    count = 0
    for foundation in board.foundations:
        if fits_foundation(card, foundation):
            count += 2
            break
    for side in board.sides:
        if side and fits_side(card, side):
            count += 1
    if fits_opponent(card, board.discards[1 - opponent], alternate):
        count += 1
    if fits_opponent(card, board.crapettes[1 - opponent], alternate):
        count += 1
    return count


class BeforeStrategy:
    """Keeps the priority rule, calls every broken rule it sees, turns up its stock whenever it may, then plays
    the best-scoring move (a card out of its crapette or stock, onto the opponent's piles, without opening
    places for the opponent's crapette top) while one scores above 0; then it discards (or ends its turn)."""

    name = "before"

    def should_call_crapette(self, view: CrapetteView) -> bool:
        if view.is_over or view.breach_to_call() is None:
            return False
        # In a loop (this turn started on a table seen before), let the opponent play on: a right call would
        # end their turn on the same table again and the game would be drawn by repetition.
        return view.repetitions < REPETITIONS_FOR_DRAW - 1

    def choose_action(self, view: CrapetteView) -> Action:
        seat = view.seat
        board = view.board()
        options = view.options
        moved = view.moved_ids()
        allowed = allowed_actions(board, seat, list(view.legal_actions), options, moved)
        moves = [action for action in allowed if isinstance(action, Move)]
        other = [action for action in allowed if not isinstance(action, Move)]
        if TURN_STOCK in other:
            return TURN_STOCK  # free information: the card waits while every other move stays possible
        if not moves:
            return other[0]
        best: Action = other[0] if other else moves[0]
        best_score = 0.0 if other else float("-inf")
        for move in moves:
            score = self._score(board, seat, move, options, moved, depth=SEARCH_DEPTH)
            if score > best_score:
                best, best_score = move, score
        return best

    def _score(
        self,
        board: Board,
        seat: int,
        move: Move,
        options: CrapetteOptions,
        moved: Collection[int],
        depth: int,
    ) -> float:
        """The value of `move` on `board` (restored afterwards), looking `depth` allowed moves further."""
        source, target = move_spots(move)
        opponent = 1 - seat
        alternate = options.alternate
        value = float(_source_value(board, seat, source))
        if target >= FIRST_FOUNDATION:
            value += TO_FOUNDATION
        elif target >= FIRST_SIDE:
            if not board.sides[target - FIRST_SIDE]:
                value += FILL_EMPTY_SIDE
        elif target == OPPONENT_DISCARD:
            value += TO_OPPONENT_DISCARD
        else:
            value += TO_OPPONENT_CRAPETTE
        openings_before = _opponent_openings(board, opponent, alternate)
        card = board.move(seat, source, target)
        try:
            opened = _opponent_openings(board, opponent, alternate) - openings_before
            if target != OPPONENT_CRAPETTE and opened > 0:
                value += OPPONENT_CRAPETTE_FITS * opened
            if depth > 0:
                if source >= FIRST_SIDE and FIRST_SIDE <= target < FIRST_FOUNDATION:
                    next_moved: Collection[int] = {*moved, card}
                else:
                    next_moved = ()
                follow = allowed_actions(
                    board, seat, list(board.legal_moves(seat, options, next_moved)), options, next_moved
                )
                best = 0.0
                for action in follow:
                    if isinstance(action, Move):
                        best = max(best, self._score(board, seat, action, options, next_moved, depth - 1))
                value += LOOKAHEAD * best
        finally:
            board.unmove(seat, source, target, card)
        return value


def _source_value(board: Board, seat: int, source: int) -> int:
    if source == CRAPETTE:
        return FROM_CRAPETTE
    if source in (TURNED, DISCARD):
        return FROM_TURNED
    pile = board.sides[source - FIRST_SIDE]
    return FROM_SIDE + (FREE_SIDE if len(pile) == 1 else 0)
