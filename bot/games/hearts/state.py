"""The state of a Hearts game and everything that can be read from it (`HeartsState`); the engine (`engine.Hearts`)
adds the refusals, the actions and saving on top.

A hand is dealt from (seed, hand number) only: `deal_seed`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Self

from bot.games.cards import Card, shuffled_decks
from bot.games.hearts.actions import Action
from bot.games.hearts.errors import IllegalMove, RefusalCode
from bot.games.hearts.events import Event, HandDealt, PlayStarted
from bot.games.hearts.options import HAND_SIZE, HeartsOptions, Phase, pass_offset_for
from bot.games.hearts.rules import card_points, first_leader, is_penalty, legal_plays
from bot.games.hearts.view import HeartsView
from bot.games.tricks import TrickPlay, deal_one_at_a_time


def deal_seed(seed: int, hand_number: int) -> int:
    """The shuffle seed of hand `hand_number` of the game with `seed`: depends on both only."""
    digest = hashlib.blake2b(f"hearts:{seed}:{hand_number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class HeartsState:
    """What a Hearts game holds, and the reading side of `Hearts` (see there)."""

    __slots__ = (
        "_arranged",
        "_chosen",
        "_current",
        "_first_hand_number",
        "_hand_number",
        "_hands",
        "_hearts_broken",
        "_history",
        "_last_trick",
        "_last_winner",
        "_leader",
        "_log",
        "_moon_shooter",
        "_options",
        "_pass_offset",
        "_penalty",
        "_penalty_dealt",
        "_phase",
        "_plays",
        "_received",
        "_scores",
        "_seed",
        "_trick",
        "_trick_number",
        "_tricks_taken",
        "_voids",
        "_winners",
    )

    _options: HeartsOptions
    _seed: int
    _arranged: tuple[tuple[Card, ...], ...] | None
    _first_hand_number: int
    _log: list[Action]
    _scores: list[int]
    _history: list[tuple[int, ...]]
    _moon_shooter: int | None
    _winners: tuple[int, ...]
    _hand_number: int
    _pass_offset: int | None
    _phase: Phase
    _hands: list[list[Card]]
    _chosen: list[tuple[Card, ...] | None]
    _received: list[tuple[Card, ...]]
    _trick: list[TrickPlay]
    _leader: int | None
    _current: int | None
    _trick_number: int
    _last_trick: tuple[TrickPlay, ...]
    _last_winner: int | None
    _hearts_broken: bool
    _tricks_taken: list[int]
    _penalty: list[list[Card]]
    _penalty_dealt: int
    _plays: list[TrickPlay]
    _voids: list[set[str]]

    @classmethod
    def _create(
        cls,
        options: HeartsOptions,
        seed: int,
        arranged: tuple[tuple[Card, ...], ...] | None,
        first_hand_number: int,
    ) -> Self:
        if not isinstance(options, HeartsOptions):
            raise TypeError(f"options must be HeartsOptions, not {type(options).__name__}.")
        if type(seed) is not int:
            raise TypeError(f"The seed must be an int, not {type(seed).__name__}.")
        game = object.__new__(cls)
        game._options = options
        game._seed = seed
        game._arranged = arranged
        game._first_hand_number = first_hand_number
        game._log = []
        game._scores = [0] * options.players
        game._history = []
        game._moon_shooter = None
        game._winners = ()
        game._deal(first_hand_number, [])
        return game

    def _deal(self, hand_number: int, events: list[Event]) -> None:
        players = self._options.players
        if self._arranged is not None and hand_number == self._first_hand_number:
            hands: Sequence[tuple[Card, ...]] = self._arranged
        else:
            deck = shuffled_decks(self._options.decks, deal_seed(self._seed, hand_number))
            hands = deal_one_at_a_time(deck, players, HAND_SIZE)
        self._hands = [list(hand) for hand in hands]
        self._hand_number = hand_number
        self._pass_offset = pass_offset_for(players, hand_number)
        self._chosen = [None] * players
        self._received = [()] * players
        self._trick = []
        self._leader = None
        self._current = None
        self._trick_number = 0
        self._last_trick = ()
        self._last_winner = None
        self._hearts_broken = False
        self._tricks_taken = [0] * players
        self._penalty = [[] for _ in range(players)]
        self._penalty_dealt = sum(is_penalty(card) for hand in hands for card in hand)
        self._plays = []
        self._voids = [set() for _ in range(players)]
        events.append(HandDealt(hand_number, self._pass_offset))
        if self._pass_offset is None:
            self._start_play(events)
        else:
            self._phase = Phase.PASSING

    def _start_play(self, events: list[Event]) -> None:
        self._phase = Phase.PLAYING
        leader = first_leader(self._hands)
        self._leader = leader
        self._current = leader
        events.append(PlayStarted(leader))

    # ------------------------------------------------------------------ reading

    @property
    def options(self) -> HeartsOptions:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def players(self) -> int:
        return self._options.players

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def hand_number(self) -> int:
        """The hand being played, 0-based."""
        return self._hand_number

    @property
    def pass_offset(self) -> int | None:
        """Where this hand's passes go: +1 left, -1 right, players // 2 across (odd counts: +2), None no pass."""
        return self._pass_offset

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The seat's cards, sorted (private: show it to that seat only)."""
        return tuple(self._hands[self._seat(seat)])

    def cards_in_hand(self, seat: int) -> int:
        return len(self._hands[self._seat(seat)])

    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now: every seat still to choose its pass, the seat to play, the moon shooter
        choosing, or nobody once the game is over."""
        if self._phase is Phase.PASSING:
            return tuple(seat for seat, chosen in enumerate(self._chosen) if chosen is None)
        if self._phase is Phase.PLAYING:
            return (self._current,) if self._current is not None else ()
        if self._phase is Phase.MOON_CHOICE and self._moon_shooter is not None:
            return (self._moon_shooter,)
        return ()

    def chosen_pass(self, seat: int) -> tuple[Card, ...] | None:
        """The 3 cards the seat chose to pass this hand (private), or None before it chose (or without passing)."""
        return self._chosen[self._seat(seat)]

    def received_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards the seat received this hand (private); empty before the exchange or without passing."""
        return self._received[self._seat(seat)]

    @property
    def current_trick(self) -> tuple[TrickPlay, ...]:
        return tuple(self._trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress; None outside play."""
        return self._leader

    @property
    def trick_number(self) -> int:
        """The trick in progress, 0-based (13 once the hand's tricks are all played)."""
        return self._trick_number

    @property
    def last_trick(self) -> tuple[TrickPlay, ...]:
        """The hand's last complete trick (empty before the first one is complete)."""
        return self._last_trick

    @property
    def last_trick_winner(self) -> int | None:
        return self._last_winner

    @property
    def hearts_broken(self) -> bool:
        return self._hearts_broken

    @property
    def plays_this_hand(self) -> tuple[TrickPlay, ...]:
        """Every card played this hand, in order."""
        return tuple(self._plays)

    def tricks_taken(self, seat: int) -> int:
        return self._tricks_taken[self._seat(seat)]

    def penalty_cards(self, seat: int) -> tuple[Card, ...]:
        """The hearts and queens of spades the seat took this hand, in the order taken."""
        return tuple(self._penalty[self._seat(seat)])

    def hand_points(self, seat: int) -> int:
        """The seat's penalty points taken this hand so far (before any moon)."""
        return sum(card_points(card) for card in self._penalty[self._seat(seat)])

    def known_voids(self, seat: int) -> frozenset[str]:
        """The suits the seat has publicly shown it lacks this hand (see `HeartsView`)."""
        return frozenset(self._voids[self._seat(seat)])

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals of the finished hands."""
        return tuple(self._scores)

    @property
    def hand_history(self) -> tuple[tuple[int, ...], ...]:
        """Each finished hand's points per seat (moon applied)."""
        return tuple(self._history)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over (several on a tie); empty before."""
        return self._winners

    @property
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon in the hand awaiting its choice or in the last finished hand, else None."""
        return self._moon_shooter

    @property
    def log(self) -> tuple[Action, ...]:
        """Every accepted action, in order."""
        return tuple(self._log)

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The distinct cards the seat may play now, sorted; empty when it is not that seat's turn to play."""
        if self._phase is not Phase.PLAYING or seat != self._current:
            return ()
        return legal_plays(
            self._hands[seat],
            self._trick,
            self._trick_number == 0,
            self._hearts_broken,
            self._options.rules_version,
        )

    def _seat(self, seat: int) -> int:
        problem = self._seat_problem(seat)
        if problem is not None:
            raise problem
        return seat

    def _seat_problem(self, seat: int) -> IllegalMove | None:
        if type(seat) is not int or not 0 <= seat < self._options.players:
            return IllegalMove(RefusalCode.UNKNOWN_SEAT, f"There is no seat {seat!r} at this table.")
        return None

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> HeartsView:
        """Exactly what `seat` can know (see `HeartsView`): what an AI seat reads."""
        self._seat(seat)
        players = range(self._options.players)
        return HeartsView(
            seat=seat,
            players=self._options.players,
            decks=self._options.decks,
            target=self._options.target,
            phase=self._phase,
            hand_number=self._hand_number,
            pass_offset=self._pass_offset,
            to_act=self.to_act(),
            hand=tuple(self._hands[seat]),
            legal_cards=self.legal_cards(seat),
            chosen_pass=self._chosen[seat],
            received_cards=self._received[seat],
            plays=tuple(self._plays),
            current_trick=tuple(self._trick),
            trick_leader=self._leader,
            trick_number=self._trick_number,
            hearts_broken=self._hearts_broken,
            tricks_taken=tuple(self._tricks_taken),
            penalty_cards=tuple(tuple(taken) for taken in self._penalty),
            hand_points=tuple(self.hand_points(other) for other in players),
            scores=tuple(self._scores),
            hand_history=tuple(self._history),
            card_counts=tuple(len(hand) for hand in self._hands),
            known_voids=tuple(frozenset(voids) for voids in self._voids),
            moon_shooter=self._moon_shooter,
            winners=self._winners,
            rules_version=self._options.rules_version,
        )
