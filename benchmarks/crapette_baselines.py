"""The players `benchmarks/crapette.py` measures the Crapette AI against, written for the benchmark: none of them
uses the AI's code. They read what their seat sees (a `CrapetteView`), ask the engine's own rule check
(`view.priority_violation`) where they keep the priority rule, and call "Crapette!" whenever the engine says a call
would be right (`view.breach_to_call`), so an AI that broke the rule would be caught.

- `first legal`: the first legal action in the engine's canonical order.
- `random legal`: any legal action, at random.
- `random, keeps the rule`: any legal action that keeps the priority rule, at random.
- `greedy`: keeps the rule; prefers a card onto a foundation, then loading the opponent's discard or crapette,
  then a card from its own piles (crapette, turned card, discard) onto a side pile; otherwise turns its stock,
  discards or ends its turn. It never moves a card between side piles unless the rule asks for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from bot.games.crapette.moves import Action, Move
from bot.games.crapette.view import CrapetteView


class Player(Protocol):
    name: str

    def choose_action(self, view: CrapetteView) -> Action: ...

    def should_call_crapette(self, view: CrapetteView) -> bool: ...


class _Caller:
    def should_call_crapette(self, view: CrapetteView) -> bool:
        return view.breach_to_call() is not None


class FirstLegal(_Caller):
    name = "first legal"

    def __init__(self, seed: int) -> None:
        pass

    def choose_action(self, view: CrapetteView) -> Action:
        return view.legal_actions[0]


class RandomLegal(_Caller):
    name = "random legal"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose_action(self, view: CrapetteView) -> Action:
        return self._random.choice(view.legal_actions)


def _keeping_the_rule(view: CrapetteView) -> list[Action]:
    return [action for action in view.legal_actions if view.priority_violation(action) is None]


class RandomKeepingTheRule(_Caller):
    name = "random, keeps the rule"

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose_action(self, view: CrapetteView) -> Action:
        return self._random.choice(_keeping_the_rule(view))


_OWN_PILES: Final = ("cr", "st", "di")


def _greedy_rank(action: Action) -> int:
    """Lower is better; 9: not a move the greedy player makes unless nothing else is allowed."""
    if not isinstance(action, Move):
        return 8
    if action.target[0] == "f":
        return 0 if action.source in _OWN_PILES else 1
    if action.target in ("od", "oc"):
        return 2 if action.source in _OWN_PILES else 3
    if action.source in _OWN_PILES:
        return 4
    return 9


class Greedy(_Caller):
    name = "greedy"

    def __init__(self, seed: int) -> None:
        pass

    def choose_action(self, view: CrapetteView) -> Action:
        allowed = _keeping_the_rule(view)
        return min(allowed, key=_greedy_rank)  # the first of the best kind, in the canonical order


BASELINES: Final[tuple[Callable[[int], Player], ...]] = (
    FirstLegal,
    RandomLegal,
    RandomKeepingTheRule,
    Greedy,
)
