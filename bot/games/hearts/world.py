"""The strong AI's imagined deals: a seat's information (`HeartsInformationSet`, built from its `HeartsView`
only) and complete deals consistent with it (`HeartsWorld`), for `bot.games.trick_ai`.

A sampled deal puts the cards this seat has not seen into the other hands (and the set-aside pile), respecting
each seat's card count, the suits it is known to lack, and the cards this seat passed (they stay in the receiver's
hand until played). Rollouts play the rest of the hand with the rule-based policy for every seat.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from itertools import combinations

from bot.games.cards import SUITS, Card
from bot.games.hearts.card_ints import (
    CARD_TO_INT,
    HEART_SUIT,
    INT_TO_CARD,
    QUEEN_OF_SPADES,
    is_penalty_int,
    points_int,
    to_ints,
)
from bot.games.hearts.policy import choose_play
from bot.games.hearts.view import HeartsView

_ALL_INTS = sorted(INT_TO_CARD)
_POINTS = [points_int(card) for card in range(64)]
_SUIT_SUBSETS = [subset for size in range(1, 5) for subset in combinations(range(4), size)]


class HeartsWorld:
    """One complete deal with every hand known, positioned at a decision; plays on ints, fast to copy."""

    __slots__ = (
        "first_trick",
        "hands",
        "hearts_broken",
        "moon_award",
        "penalty_in_hands",
        "penalty_taken",
        "penalty_total",
        "players",
        "points",
        "queens_unplayed",
        "rules_version",
        "seat_to_play",
        "trick",
        "trick_seats",
    )

    players: int
    hands: list[list[int]]
    trick: list[int]
    trick_seats: list[int]
    seat_to_play: int
    first_trick: bool
    hearts_broken: bool
    points: list[int]
    penalty_taken: list[int]
    penalty_total: int
    penalty_in_hands: int
    queens_unplayed: int
    moon_award: int
    rules_version: int

    def copy(self) -> HeartsWorld:
        world = object.__new__(HeartsWorld)
        world.players = self.players
        world.hands = [hand[:] for hand in self.hands]
        world.trick = self.trick[:]
        world.trick_seats = self.trick_seats[:]
        world.seat_to_play = self.seat_to_play
        world.first_trick = self.first_trick
        world.hearts_broken = self.hearts_broken
        world.points = self.points[:]
        world.penalty_taken = self.penalty_taken[:]
        world.penalty_total = self.penalty_total
        world.penalty_in_hands = self.penalty_in_hands
        world.queens_unplayed = self.queens_unplayed
        world.moon_award = self.moon_award
        world.rules_version = self.rules_version
        return world

    def play(self, move: Card) -> None:
        """The seat to play plays `move` (one of its legal cards)."""
        self.play_int(CARD_TO_INT[move])

    def play_int(self, card: int) -> None:
        """`play` on the int form of a card: completes the trick (points, next leader) when it is full."""
        seat = self.seat_to_play
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if card >> 4 == HEART_SUIT:
            self.hearts_broken = True
            self.penalty_in_hands -= 1
        elif card == QUEEN_OF_SPADES:
            self.queens_unplayed -= 1
            self.penalty_in_hands -= 1
        if len(trick) < self.players:
            self.seat_to_play = seat + 1 if seat + 1 < self.players else 0
            return
        led = trick[0] >> 4
        best = 0
        for index in range(1, len(trick)):
            if trick[index] >> 4 == led and trick[index] > trick[best]:
                best = index
        winner = self.trick_seats[best]
        taken = 0
        for played in trick:
            if is_penalty_int(played):
                taken += 1
                self.points[winner] += points_int(played)
        self.penalty_taken[winner] += taken
        self.trick = []
        self.trick_seats = []
        self.first_trick = False
        self.seat_to_play = winner

    def rollout(self, rng: random.Random) -> None:
        """Play the hand with the rule-based policy for every seat (deterministic: `rng` unused) until its outcome
        cannot change any more: the end of the hand, or the end of the trick after the last penalty card.

        The same steps as `play_int`, inlined on local variables: this loop is the AI's hot path."""
        hands = self.hands
        players = self.players
        trick = self.trick
        trick_seats = self.trick_seats
        points = self.points
        penalty_taken = self.penalty_taken
        seat = self.seat_to_play
        first_trick = self.first_trick
        hearts_broken = self.hearts_broken
        queens = self.queens_unplayed
        penalty_left = self.penalty_in_hands
        rules_version = self.rules_version
        hand = hands[seat]
        while hand:
            card = choose_play(
                hand, trick, first_trick, hearts_broken, players - 1 - len(trick), queens, rules_version
            )
            hand.remove(card)
            trick.append(card)
            trick_seats.append(seat)
            if card >> 4 == HEART_SUIT:
                hearts_broken = True
                penalty_left -= 1
            elif card == QUEEN_OF_SPADES:
                queens -= 1
                penalty_left -= 1
            if len(trick) < players:
                seat += 1
                if seat == players:
                    seat = 0
            else:
                best = trick[0]
                led = best >> 4
                seat = trick_seats[0]
                for index in range(1, players):
                    played = trick[index]
                    if played > best and played >> 4 == led:
                        best = played
                        seat = trick_seats[index]
                taken = 0
                for played in trick:
                    value = _POINTS[played]
                    if value:
                        points[seat] += value
                        taken += 1
                penalty_taken[seat] += taken
                trick.clear()
                trick_seats.clear()
                first_trick = False
                if not penalty_left:
                    break
            hand = hands[seat]
        self.seat_to_play = seat
        self.first_trick = first_trick
        self.hearts_broken = hearts_broken
        self.queens_unplayed = queens
        self.penalty_in_hands = penalty_left

    def outcome(self, seat: int) -> float:
        """The other seats' average hand points minus this seat's (a moon counts -award for the shooter, which
        both moon choices give relative to the others)."""
        points = self.points
        for shooter, taken in enumerate(self.penalty_taken):
            if taken == self.penalty_total and taken > 0:
                points = [-self.moon_award if other == shooter else 0 for other in range(self.players)]
                break
        own = points[seat]
        return (sum(points) - own) / (self.players - 1) - own


class HeartsInformationSet:
    """What one seat knows when it must play, from its `HeartsView` only (the `trick_ai.InformationSet`)."""

    def __init__(self, view: HeartsView) -> None:
        self.view = view
        self._seat = view.seat
        self._hand = to_ints(view.hand)
        unseen = Counter(dict.fromkeys(_ALL_INTS, view.decks))
        unseen.subtract(self._hand)
        unseen.subtract(CARD_TO_INT[play.card] for play in view.plays)
        self._known: dict[int, list[int]] = {}
        receiver = view.pass_receiver
        if view.passes_exchanged and view.chosen_pass and receiver is not None:
            still_held = Counter(to_ints(view.chosen_pass))
            still_held.subtract(CARD_TO_INT[play.card] for play in view.plays if play.seat == receiver)
            known = sorted(still_held.elements())
            self._known[receiver] = known
            unseen.subtract(known)
        self._pool = sorted(unseen.elements())
        self._voids = [frozenset(SUITS.index(suit) for suit in voids) for voids in view.known_voids]

    @property
    def seat(self) -> int:
        return self._seat

    def candidate_moves(self) -> list[Card]:
        """The legal cards, leaving out a card when a lower card of the same suit with nothing between them
        (no unseen card, no card of the trick in progress) is listed; the queen of spades always stands alone."""
        view = self.view
        blocking = Counter(self._pool)
        for cards in self._known.values():
            blocking.update(cards)
        blocking.update(CARD_TO_INT[play.card] for play in view.current_trick)
        moves: list[Card] = []
        previous = -1
        for card in view.legal_cards:
            value = CARD_TO_INT[card]
            same_run = (
                previous >= 0
                and previous >> 4 == value >> 4
                and QUEEN_OF_SPADES not in (previous, value)
                and all(blocking[between] == 0 for between in range(previous + 1, value))
            )
            if not same_run:
                moves.append(card)
            previous = value
        return moves

    def decision_seed(self) -> int:
        digest = hashlib.blake2b(self.view.fingerprint().encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def sample_world(self, rng: random.Random) -> HeartsWorld:
        """A complete deal consistent with the view, positioned at this seat's turn."""
        view = self.view
        players = view.players
        hands = [list(self._known.get(seat, ())) for seat in range(players)]
        hands[self._seat] = self._hand[:]
        others = [seat for seat in range(players) if seat != self._seat]
        capacity = {seat: view.card_counts[seat] - len(hands[seat]) for seat in others}
        aside = len(self._pool) - sum(capacity.values())
        deal = _deal_unseen(self._pool, capacity, aside, self._voids, rng)
        for seat, cards in deal.items():
            hands[seat].extend(cards)
        world = object.__new__(HeartsWorld)
        world.players = players
        world.hands = hands
        world.trick = [CARD_TO_INT[play.card] for play in view.current_trick]
        world.trick_seats = [play.seat for play in view.current_trick]
        world.seat_to_play = self._seat
        world.first_trick = view.trick_number == 0
        world.hearts_broken = view.hearts_broken
        world.points = list(view.hand_points)
        world.penalty_taken = [len(cards) for cards in view.penalty_cards]
        in_hands = sum(is_penalty_int(card) for hand in hands for card in hand)
        in_trick = sum(is_penalty_int(card) for card in world.trick)
        world.penalty_total = sum(world.penalty_taken) + in_hands + in_trick
        world.penalty_in_hands = in_hands
        world.queens_unplayed = sum(hand.count(QUEEN_OF_SPADES) for hand in hands)
        world.moon_award = 26 * view.decks
        world.rules_version = view.rules_version
        return world


def _deal_unseen(
    pool: list[int],
    capacity: dict[int, int],
    aside: int,
    voids: list[frozenset[int]],
    rng: random.Random,
) -> dict[int, list[int]]:
    """Split `pool` into the seats' missing cards (`capacity`), the rest set aside, never giving a seat a card of
    a suit it is known to lack."""
    seats = sorted(capacity)
    if not any(voids[seat] for seat in seats if capacity[seat]):
        cards = pool[:]
        rng.shuffle(cards)
        deal: dict[int, list[int]] = {}
        start = 0
        for seat in seats:
            deal[seat] = cards[start : start + capacity[seat]]
            start += capacity[seat]
        return deal
    for _ in range(20):
        attempt = _greedy_deal(pool, capacity, aside, voids, rng, check=False)
        if attempt is not None:
            return attempt
    checked = _greedy_deal(pool, capacity, aside, voids, rng, check=True)
    if checked is None:
        raise ValueError("the view is inconsistent: no deal fits the known voids")
    return checked


def _greedy_deal(
    pool: list[int],
    capacity: dict[int, int],
    aside: int,
    voids: list[frozenset[int]],
    rng: random.Random,
    check: bool,
) -> dict[int, list[int]] | None:
    """Give each card (the most constrained suits first) to a random seat that may hold it, weighted by the room
    left. With `check`, only choose seats that keep the rest feasible (Hall's condition on suits), which always
    succeeds when a deal exists; without it, may fail (None)."""
    room = {seat: count for seat, count in capacity.items() if count > 0}
    room[-1] = aside  # the set-aside pile takes any suit
    eligible = {
        seat: frozenset(range(4)) - voids[seat] if seat >= 0 else frozenset(range(4)) for seat in room
    }
    left = Counter(card >> 4 for card in pool)
    cards = pool[:]
    rng.shuffle(cards)
    cards.sort(key=lambda card: sum(1 for seat in room if card >> 4 in eligible[seat]))
    deal: dict[int, list[int]] = {seat: [] for seat in capacity}
    for card in cards:
        suit = card >> 4
        choices = [seat for seat, count in room.items() if count > 0 and suit in eligible[seat]]
        left[suit] -= 1
        if check:
            choices = [seat for seat in choices if _feasible_after(room, seat, eligible, left)]
        if not choices:
            return None
        total = sum(room[seat] for seat in choices)
        pick = rng.randrange(total)
        for seat in choices:
            pick -= room[seat]
            if pick < 0:
                break
        room[seat] -= 1
        if seat >= 0:
            deal[seat].append(card)
    return deal


def _feasible_after(
    room: dict[int, int], seat: int, eligible: dict[int, frozenset[int]], left: Counter[int]
) -> bool:
    """Whether the cards `left` (per suit) still fit once `seat` takes one card (Hall's condition)."""
    for subset in _SUIT_SUBSETS:
        need = sum(left[suit] for suit in subset)
        if need == 0:
            continue
        space = sum(
            count - (1 if other == seat else 0)
            for other, count in room.items()
            if not eligible[other].isdisjoint(subset)
        )
        if need > space:
            return False
    return True
