"""Hearts AI players. Each reads only a seat's `HeartsView` (never the engine), and decides the same way for the
same view.

- `BaselineStrategy` ("baseline"): rule-based. Passes the most dangerous cards (queen, king, ace of spades, high
  hearts); plays by `policy.choose_play` (duck under the trick's best card, dump the queen of spades and high hearts
  when void, lead low).
- `StrongStrategy` ("strong"): determinized Monte Carlo (`bot.games.trick_ai`): samples the unseen cards into the
  other hands many times, plays each candidate card in every sample, finishes the hand with the rule-based policy
  for every seat, and keeps the card with the best average. Passes by a hand-evaluation rule (keep a guarded queen
  of spades, empty a short suit, shed high hearts and unguarded high spades).

Both choose the moon option by `moon_choice_for` (see there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Protocol

from bot.games.cards import Card
from bot.games.hearts.card_ints import INT_TO_CARD, to_ints
from bot.games.hearts.engine import Hearts
from bot.games.hearts.events import Event
from bot.games.hearts.options import PASS_SIZE, MoonChoice, Phase
from bot.games.hearts.policy import choose_play
from bot.games.hearts.rules import HEARTS, QUEEN_OF_SPADES
from bot.games.hearts.view import HeartsView
from bot.games.hearts.world import HeartsInformationSet
from bot.games.trick_ai import SearchSettings, choose_move

PassChoice = tuple[Card, Card, Card]

# The strong strategy's work per decision: about 64 rollouts (at least 6 and at most 24 sampled deals), about
# 5-10 ms of CPU per decision on a 2020s server core, strong enough to beat the baseline by a wide margin.
HEARTS_SEARCH = SearchSettings(rollouts=64, min_samples=6, max_samples=24)


class HeartsStrategy(Protocol):
    """An AI player: one decision per call, from one seat's view."""

    name: str

    def choose_pass(self, view: HeartsView) -> PassChoice: ...

    def choose_card(self, view: HeartsView) -> Card: ...

    def choose_moon(self, view: HeartsView) -> str: ...


def moon_choice_for(view: HeartsView) -> str:
    """The moon option that is better for the shooter's standing.

    Relative to every other seat both options move the shooter by the same amount, so only the end of the game
    tells them apart. In order: an option that ends the game (someone reaches the target) with the shooter alone
    in the lead, then one that ends it with the shooter sharing the lead; never one that ends it with the shooter
    behind when the other does not. When neither ends the game: "plus_others" if the shooter has the lowest total
    (it brings the end closer while ahead), else "minus_self" (it keeps the game going).
    """
    shooter = view.seat
    award = 26 * view.decks

    def value(choice: MoonChoice) -> tuple[int, int]:
        if choice is MoonChoice.MINUS_SELF:
            totals = [total - award if seat == shooter else total for seat, total in enumerate(view.scores)]
        else:
            totals = [total if seat == shooter else total + award for seat, total in enumerate(view.scores)]
        margin = min(total for seat, total in enumerate(totals) if seat != shooter) - totals[shooter]
        if any(total >= view.target for total in totals):
            return (4 if margin > 0 else 3 if margin == 0 else 0), margin
        ahead = margin > 0
        return (2 if ahead == (choice is MoonChoice.PLUS_OTHERS) else 1), margin

    minus, plus = value(MoonChoice.MINUS_SELF), value(MoonChoice.PLUS_OTHERS)
    return MoonChoice.PLUS_OTHERS.value if plus > minus else MoonChoice.MINUS_SELF.value


def _danger(card: Card) -> int:
    if card == QUEEN_OF_SPADES:
        return 100
    if card.suit == "S" and card.rank > 12:
        return 80 + card.rank
    if card.suit == HEARTS:
        return 40 + card.rank
    return card.rank


def _three(cards: Sequence[Card]) -> PassChoice:
    first, second, third = cards
    return first, second, third


class BaselineStrategy:
    """The rule-based player (see the module docstring)."""

    name = "baseline"

    def choose_pass(self, view: HeartsView) -> PassChoice:
        ranked = sorted(view.hand, key=lambda card: (-_danger(card), card))
        return _three(ranked[:PASS_SIZE])

    def choose_card(self, view: HeartsView) -> Card:
        return baseline_card(view)

    def choose_moon(self, view: HeartsView) -> str:
        return moon_choice_for(view)


def baseline_card(view: HeartsView) -> Card:
    """The rule-based policy's card for the view's seat (which must be the seat to play)."""
    if not view.legal_cards:
        raise ValueError("this seat cannot play now")
    trick = to_ints(play.card for play in view.current_trick)
    queens_played = sum(play.card == QUEEN_OF_SPADES for play in view.plays)
    card = choose_play(
        to_ints(view.hand),
        trick,
        view.trick_number == 0,
        view.hearts_broken,
        view.players - 1 - len(trick),
        view.decks - queens_played,
        view.rules_version,
    )
    return INT_TO_CARD[card]


def kept_hand_liability(kept: Sequence[Card]) -> float:
    """How dangerous a hand is to keep (lower is better): an unguarded queen of spades, high spades without enough
    low spades, high hearts, and high cards in long plain suits cost; an empty plain suit helps."""
    spades = [card.rank for card in kept if card.suit == "S"]
    low_spades = sum(rank < 12 for rank in spades)
    liability = 0.0
    if 12 in spades:
        liability += 13.0 if low_spades < 4 else 3.0
    for rank in spades:
        if rank > 12:
            liability += (6.0 if 12 not in spades else 3.0) if low_spades < 3 else 1.5
    for suit in ("C", "D", "H"):
        ranks = [card.rank for card in kept if card.suit == suit]
        weight = 1.0 if suit == HEARTS else 0.5
        liability += sum(max(0, rank - 9) * weight for rank in ranks)
        if suit != HEARTS and not ranks:
            liability -= 4.0
        elif suit != HEARTS and len(ranks) == 1:
            liability -= 1.0
        if suit == HEARTS:
            liability -= 0.3 * sum(rank <= 5 for rank in ranks)
    return liability


class StrongStrategy:
    """The Monte Carlo player (see the module docstring). `settings` sets the work per decision."""

    name = "strong"

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or HEARTS_SEARCH

    def choose_pass(self, view: HeartsView) -> PassChoice:
        best: tuple[float, PassChoice] | None = None
        for chosen in combinations(range(len(view.hand)), PASS_SIZE):
            kept = [card for index, card in enumerate(view.hand) if index not in chosen]
            score = kept_hand_liability(kept)
            if best is None or score < best[0]:
                best = score, _three([view.hand[index] for index in chosen])
        assert best is not None
        return best[1]

    def choose_card(self, view: HeartsView) -> Card:
        if not view.legal_cards:
            raise ValueError("this seat cannot play now")
        return choose_move(HeartsInformationSet(view), self.settings)

    def choose_moon(self, view: HeartsView) -> str:
        return moon_choice_for(view)


STRATEGIES: dict[str, Callable[[], HeartsStrategy]] = {
    "baseline": BaselineStrategy,
    "strong": StrongStrategy,
}


def act(game: Hearts, seat: int, strategy: HeartsStrategy) -> list[Event]:
    """Let `strategy` take the seat's part of the current step (its pass, its card or its moon choice), reading
    only the seat's view; returns the engine's events. ValueError when the seat has nothing to do now."""
    if seat not in game.to_act():
        raise ValueError(f"seat {seat} has nothing to do now")
    view = game.view(seat)
    if view.phase is Phase.PASSING:
        return game.pass_cards(seat, strategy.choose_pass(view))
    if view.phase is Phase.PLAYING:
        return game.play(seat, strategy.choose_card(view))
    return game.choose_moon(seat, strategy.choose_moon(view))
