"""The Barbu AI strategies. Each reads only a `BarbuView` (what its seat can know) and returns a legal card.

- `baseline`: the rule-based player of `policy.py` (duck under the winning card, dump the dangerous cards when
  void, lead low in short safe suits).
- `strong`: determinized Monte Carlo through `bot.games.trick_ai`: it deals the unseen cards many times in ways
  consistent with what its seat knows, plays each candidate card in each deal, finishes the hand with the
  baseline policy for every seat, and keeps the card that costs its seat the fewest points on average.

Both are deterministic: the same view gives the same card (the strong strategy seeds its sampling from the view).
"""

from __future__ import annotations

from typing import Final, Protocol

from bot.games.barbu.contracts import CARD_INDEX, CARDS
from bot.games.barbu.policy import choose, contract_index
from bot.games.barbu.view import BarbuView
from bot.games.barbu.world import BarbuInformation
from bot.games.cards import Card
from bot.games.trick_ai import SearchSettings, choose_move


class Strategy(Protocol):
    """An AI player: `choose_card(view)` returns one of `view.legal_cards` (the view's seat must be to play)."""

    @property
    def name(self) -> str: ...

    def choose_card(self, view: BarbuView) -> Card: ...


def _check_turn(view: BarbuView) -> None:
    if not view.is_my_turn or not view.legal_cards:
        raise ValueError(f"Seat {view.seat} is not to play.")


class BaselineStrategy:
    """The rule-based player (see `policy.py`)."""

    name: Final = "baseline"

    def choose_card(self, view: BarbuView) -> Card:
        _check_turn(view)
        if len(view.legal_cards) == 1:
            return view.legal_cards[0]
        hand = [CARD_INDEX[card] for card in view.hand]
        trick = [CARD_INDEX[play.card] for play in view.current_trick]
        after_me = view.players - len(trick) - 1
        return CARDS[choose(hand, trick, after_me, contract_index(view.contract))]


STRONG_SETTINGS: Final = SearchSettings(rollouts=160, min_samples=8, max_samples=40)


class StrongStrategy:
    """Determinized Monte Carlo over the baseline policy (see the module docstring)."""

    name: Final = "strong"

    def __init__(self, settings: SearchSettings = STRONG_SETTINGS) -> None:
        self.settings = settings

    def choose_card(self, view: BarbuView) -> Card:
        _check_turn(view)
        if len(view.legal_cards) == 1:
            return view.legal_cards[0]
        return choose_move(BarbuInformation(view), self.settings)


STRATEGIES: Final[dict[str, Strategy]] = {
    "baseline": BaselineStrategy(),
    "strong": StrongStrategy(),
}
