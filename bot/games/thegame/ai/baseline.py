"""The baseline strategy: always the legal play with the smallest gap, exactly the minimum, no markers."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.thegame.ai.search import PILE_LABELS, fits, gap
from bot.games.thegame.ai.types import TurnPlan
from bot.games.thegame.ai.view import PlayerView, player_view
from bot.games.thegame.engine import Game


class BaselineStrategy:
    """Greedy, one card at a time: the play that moves a pile the least (a backwards move counts as -10).

    It plays exactly the minimum (one more card only if nothing else is legal is never needed), ignores markers
    and sets none. When the smallest-gap card would leave the rest of the minimum impossible, it takes the next
    smallest that keeps the turn alive.
    """

    name = "baseline"

    def plan_turn(self, game: Game, seat: int, markers: Mapping[str, str]) -> TurnPlan:
        return self.plan_view(player_view(game, seat, markers))

    def plan_view(self, view: PlayerView) -> TurnPlan:
        hand = list(view.hand)
        tops = list(view.tops)
        plays: list[tuple[int, str]] = []
        need = view.needed
        backwards_pile: str | None = None
        while len(plays) < need:
            options = sorted(
                (gap(pile, tops[pile], card), card, pile)
                for card in hand
                for pile in range(4)
                if fits(pile, tops[pile], card)
            )
            if not options:
                break
            chosen = options[0]
            for option in options:
                rest = [card for card in hand if card != option[1]]
                after = list(tops)
                after[option[2]] = option[1]
                if _can_play(rest, after, need - len(plays) - 1):
                    chosen = option
                    break
            size, card, pile = chosen
            if size < 0 and backwards_pile is None:
                backwards_pile = PILE_LABELS[pile]
            hand.remove(card)
            tops[pile] = card
            plays.append((card, PILE_LABELS[pile]))
        if backwards_pile is not None:
            return TurnPlan(tuple(plays), "backwards_move", backwards_pile)
        return TurnPlan(tuple(plays), "smallest_gaps" if len(plays) >= need else "forced")


def _can_play(hand: list[int], tops: list[int], length: int) -> bool:
    if length <= 0:
        return True
    for index, card in enumerate(hand):
        for pile in range(4):
            if fits(pile, tops[pile], card):
                top = tops[pile]
                tops[pile] = card
                found = _can_play(hand[:index] + hand[index + 1 :], tops, length - 1)
                tops[pile] = top
                if found:
                    return True
    return False


def baseline_strategy() -> BaselineStrategy:
    return BaselineStrategy()
