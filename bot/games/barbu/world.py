"""Barbu behind the `bot.games.trick_ai` protocols: what a seat knows (`BarbuInformation`) and one imagined deal
(`BarbuWorld`), so the shared determinized Monte Carlo search can play Barbu.

A sampled world deals the cards the seat has not seen to the other seats (as many as each holds) and to the cards
set aside, never giving a seat a card of a suit it showed it lacks. Rollouts play every seat with the rule-based
policy of `policy.py`; a world's outcome for a seat is minus the points it takes in the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Self

from bot.games.barbu.contracts import CARD_INDEX
from bot.games.barbu.policy import POINTS, TRICK_POINTS, choose, contract_index
from bot.games.barbu.view import BarbuView
from bot.games.cards import SUITS, Card

_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
# Every non-empty subset of the four suits, as bit masks (for the feasibility check of a constrained deal).
_SUIT_SUBSETS = tuple(range(1, 16))


class BarbuWorld:
    """One complete deal with every hand known, positioned at some seat's turn in the hand in progress."""

    __slots__ = (
        "_contract",
        "_hands",
        "_leader",
        "_penalty_left",
        "_players",
        "_points",
        "_to_act",
        "_trick",
    )

    def __init__(
        self,
        hands: list[list[int]],
        trick: list[int],
        leader: int,
        contract: int,
        points: list[int],
    ) -> None:
        self._hands = hands
        self._trick = trick
        self._leader = leader
        self._players = len(hands)
        self._to_act = (leader + len(trick)) % self._players
        self._contract = contract
        self._points = points
        table = POINTS[contract]
        self._penalty_left = sum(1 for hand in hands for card in hand if table[card]) + sum(
            1 for card in trick if table[card]
        )

    def copy(self) -> Self:
        world = object.__new__(type(self))
        world._hands = [list(hand) for hand in self._hands]
        world._trick = list(self._trick)
        world._leader = self._leader
        world._players = self._players
        world._to_act = self._to_act
        world._contract = self._contract
        world._points = list(self._points)
        world._penalty_left = self._penalty_left
        return world

    @property
    def finished(self) -> bool:
        """No card changes anyone's points any more (the hand is over or, outside fewest tricks and the salad,
        every penalty card has been taken)."""
        if not self._hands[self._to_act]:
            return True
        return self._penalty_left == 0 and TRICK_POINTS[self._contract] == 0

    def play(self, move: Card) -> None:
        self._play(CARD_INDEX[move])

    def _play(self, card: int) -> None:
        self._hands[self._to_act].remove(card)
        trick = self._trick
        trick.append(card)
        players = self._players
        if len(trick) < players:
            self._to_act = (self._to_act + 1) % players
            return
        lead = trick[0]
        low = lead - lead % 13
        high = low + 13
        best = 0
        for index in range(1, players):
            card = trick[index]
            if low <= card < high and card > trick[best]:
                best = index
        winner = (self._leader + best) % players
        table = POINTS[self._contract]
        cost = TRICK_POINTS[self._contract]
        for card in trick:
            if table[card]:
                cost += table[card]
                self._penalty_left -= 1
        self._points[winner] += cost
        self._trick = []
        self._leader = self._to_act = winner

    def rollout(self, rng: random.Random) -> None:
        """Plays the rest of the hand with the rule-based policy for every seat (deterministic: `rng` unused)."""
        contract = self._contract
        players = self._players
        hands = self._hands
        while not self.finished:
            trick = self._trick
            self._play(choose(hands[self._to_act], trick, players - len(trick) - 1, contract))

    def outcome(self, seat: int) -> float:
        """Minus the points `seat` takes in this hand (higher is better)."""
        return -float(self._points[seat])

    def points(self, seat: int) -> int:
        return self._points[seat]


class BarbuInformation:
    """What the seat of `view` knows when it must play, for `bot.games.trick_ai.choose_move`."""

    __slots__ = ("_constrained", "_counts", "_hand", "_unseen", "_view", "_voids")

    def __init__(self, view: BarbuView) -> None:
        if not view.is_my_turn or not view.legal_cards:
            raise ValueError("the seat of this view is not to play")
        self._view = view
        self._hand = [CARD_INDEX[card] for card in view.hand]
        self._unseen = [CARD_INDEX[card] for card in view.unseen_cards()]
        players = view.players
        # Holders of unseen cards: the other seats, then the cards set aside (index `players`, no constraint).
        self._counts = [0 if seat == view.seat else view.card_counts[seat] for seat in range(players)]
        self._counts.append(view.set_aside_count)
        self._voids = [0] * (players + 1)
        for seat in range(players):
            if seat != view.seat:
                for suit in view.known_voids[seat]:
                    self._voids[seat] |= 1 << _SUIT_INDEX[suit]
        self._constrained = any(self._voids)

    @property
    def seat(self) -> int:
        return self._view.seat

    def decision_seed(self) -> int:
        return self._view.fingerprint()

    def candidate_moves(self) -> Sequence[Card]:
        """The legal cards, leaving out a card when the next lower listed card of its suit costs the same and no
        card between them (nor a copy of either) is unseen: both then play exactly alike."""
        view = self._view
        contract = view.contract
        unseen = set(self._unseen)
        moves: list[Card] = []
        previous: Card | None = None
        for card in view.legal_cards:
            if (
                previous is not None
                and previous.suit == card.suit
                and contract.card_points(previous) == contract.card_points(card)
                and not any(CARD_INDEX[previous] <= other <= CARD_INDEX[card] for other in unseen)
            ):
                continue
            moves.append(card)
            previous = card
        return moves

    def sample_world(self, rng: random.Random) -> BarbuWorld:
        holdings = self._deal_unseen(rng)
        view = self._view
        hands = [sorted(holdings[seat]) for seat in range(view.players)]
        hands[view.seat] = list(self._hand)
        trick = [CARD_INDEX[play.card] for play in view.current_trick]
        leader = view.trick_leader
        assert leader is not None
        return BarbuWorld(hands, trick, leader, contract_index(view.contract), list(view.hand_points))

    def _deal_unseen(self, rng: random.Random) -> list[list[int]]:
        cards = list(self._unseen)
        rng.shuffle(cards)
        counts = self._counts
        if not self._constrained:
            holdings: list[list[int]] = []
            start = 0
            for count in counts:
                holdings.append(cards[start : start + count])
                start += count
            return holdings
        for _ in range(4):
            dealt = self._deal_greedy(cards, rng)
            if dealt is not None:
                return dealt
        return self._deal_checked(cards, rng)

    def _deal_greedy(self, cards: list[int], rng: random.Random) -> list[list[int]] | None:
        """Deal the most constrained suits first, each card to a random eligible holder weighted by the room it has
        left; None on a dead end."""
        voids = self._voids
        left = list(self._counts)
        holders = range(len(left))
        eligible_by_suit = [
            [holder for holder in holders if not voids[holder] >> suit & 1] for suit in range(4)
        ]
        ordered = sorted(cards, key=lambda card: len(eligible_by_suit[card // 13]))
        holdings: list[list[int]] = [[] for _ in holders]
        for card in ordered:
            options = [holder for holder in eligible_by_suit[card // 13] if left[holder]]
            if not options:
                return None
            total = sum(left[holder] for holder in options)
            pick = rng.randrange(total)
            for holder in options:
                pick -= left[holder]
                if pick < 0:
                    break
            holdings[holder].append(card)
            left[holder] -= 1
        return holdings

    def _deal_checked(self, cards: list[int], rng: random.Random) -> list[list[int]]:
        """Deal card by card, only to holders that keep the rest dealable (Hall's condition over suit sets)."""
        voids = self._voids
        left = list(self._counts)
        holders = range(len(left))
        remaining = [0, 0, 0, 0]
        for card in cards:
            remaining[card // 13] += 1
        holdings: list[list[int]] = [[] for _ in holders]
        for card in cards:
            suit = card // 13
            remaining[suit] -= 1
            options = []
            for holder in holders:
                if voids[holder] >> suit & 1 or not left[holder]:
                    continue
                left[holder] -= 1
                if _dealable(remaining, left, voids):
                    options.append(holder)
                left[holder] += 1
            holder = rng.choice(options)
            holdings[holder].append(card)
            left[holder] -= 1
        return holdings


def _dealable(remaining: list[int], room: list[int], voids: list[int]) -> bool:
    """Whether `remaining[suit]` cards of each suit fit holders with `room[holder]` places, never a suit a
    holder is void in (for every set of suits, their cards fit the room of the holders that accept one of them)."""
    for subset in _SUIT_SUBSETS:
        needed = sum(remaining[suit] for suit in range(4) if subset >> suit & 1)
        if needed and needed > sum(room[holder] for holder in range(len(room)) if subset & ~voids[holder]):
            return False
    return True
