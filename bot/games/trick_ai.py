"""A determinized Monte Carlo player for trick-taking games (Perfect Information Monte Carlo, as in Sturtevant's
Hearts work), shared by Hearts and Barbu.

The idea: a player cannot see the other hands, so it imagines many complete deals that agree with everything it
knows (its own hand, the cards played, who is known to be void in a suit, the cards it passed...), plays each
candidate move in every imagined deal, finishes the deal with a fast policy for every seat, and keeps the move
with the best average result. Everything game-specific sits behind two small protocols a game implements:

`InformationSet` -- what one seat knows when it must move (built from that seat's view, never from the engine):

- `seat`: the seat that decides.
- `candidate_moves()`: the moves to compare, in a fixed order (the first best move wins ties). It may leave out
  moves that are provably equivalent to a listed one (Hearts leaves out a card when a touching card of the same
  suit, with no unseen card between them, is listed), but must list at least one legal move.
- `sample_world(rng)`: one complete deal consistent with what the seat knows, as a `World` positioned at the
  decision (the seat is to move). Use only `rng` for randomness.
- `decision_seed()`: an integer derived from the seat's information only (a stable hash, e.g. `hashlib`, of its
  hand, the public plays, the scores...; never Python's `hash()` of a str, which changes between processes). The
  same information gives the same seed, hence the same decision: decisions are reproducible and provably use no
  hidden information.

`World` -- one imagined complete deal, with perfect information, cheap to copy:

- `copy()`: an independent copy (the search plays every candidate in its own copy).
- `play(move)`: the acting seat plays `move` (a move returned by `candidate_moves`); the world advances to the
  next seat, completing tricks as needed.
- `rollout(rng)`: plays the rest of the deal to its end with a fast policy for every seat (the rollout policy
  should model the opponents reasonably: a simple rule-based player is far better than random play).
- `outcome(seat)`: how good the finished deal is for `seat`, higher is better (Hearts: the other seats' average
  penalty points minus the seat's own, with a moon counted).

Determinism: the search draws everything from a `random.Random` seeded with `decision_seed()`, and each sampled
world is rolled out with the same rollout seed for every candidate move (common random numbers), so candidates
are compared on exactly the same imagined futures.

Cost: about `rollouts` (default 160) rollouts per decision, split evenly among the candidates, with at least
`min_samples` and at most `max_samples` sampled worlds. A decision with one candidate costs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, Self, TypeVar

MoveT = TypeVar("MoveT", bound=Hashable)
MoveT_contra = TypeVar("MoveT_contra", bound=Hashable, contravariant=True)


class World(Protocol[MoveT_contra]):
    """One imagined complete deal with every hand known (see the module docstring)."""

    def copy(self) -> Self: ...

    def play(self, move: MoveT_contra) -> None: ...

    def rollout(self, rng: random.Random) -> None: ...

    def outcome(self, seat: int) -> float: ...


class InformationSet(Protocol[MoveT]):
    """What one seat knows when it must move (see the module docstring)."""

    @property
    def seat(self) -> int: ...

    def candidate_moves(self) -> Sequence[MoveT]: ...

    def sample_world(self, rng: random.Random) -> World[MoveT]: ...

    def decision_seed(self) -> int: ...


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How much work one decision does: about `rollouts` rollouts, split among the candidate moves, with between
    `min_samples` and `max_samples` sampled worlds."""

    rollouts: int = 160
    min_samples: int = 8
    max_samples: int = 40

    def samples_for(self, candidates: int) -> int:
        """The number of sampled worlds for a decision among `candidates` moves."""
        return max(self.min_samples, min(self.max_samples, self.rollouts // max(1, candidates)))


DEFAULT_SETTINGS = SearchSettings()


def evaluate_moves(
    information: InformationSet[MoveT], settings: SearchSettings = DEFAULT_SETTINGS
) -> list[tuple[MoveT, float]]:
    """Every candidate move with its average outcome for the deciding seat, in the candidates' order.

    With a single candidate, no world is sampled and its value is 0.0.
    """
    moves = list(information.candidate_moves())
    if not moves:
        raise ValueError("no candidate moves: the seat cannot move now")
    if len(moves) == 1:
        return [(moves[0], 0.0)]
    rng = random.Random(information.decision_seed())
    samples = settings.samples_for(len(moves))
    seat = information.seat
    totals = [0.0] * len(moves)
    for _ in range(samples):
        world = information.sample_world(rng)
        rollout_seed = rng.getrandbits(64)
        for index, move in enumerate(moves):
            future = world.copy()
            future.play(move)
            future.rollout(random.Random(rollout_seed))
            totals[index] += future.outcome(seat)
    return [(move, total / samples) for move, total in zip(moves, totals, strict=True)]


def choose_move(information: InformationSet[MoveT], settings: SearchSettings = DEFAULT_SETTINGS) -> MoveT:
    """The candidate move with the best average outcome (the first listed among equals)."""
    scored = evaluate_moves(information, settings)
    best_move, best_value = scored[0]
    for move, value in scored[1:]:
        if value > best_value:
            best_move, best_value = move, value
    return best_move
