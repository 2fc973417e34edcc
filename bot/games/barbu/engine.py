"""The Barbu engine: a whole game (one cycle of the five contracts, or the full cycle), hand after hand.

Every hand is dealt from its own shuffle, derived from the game's seed and the hand number, so a game is
reproducible from its options, its seed and its log of plays; `to_dict`/`from_dict` save exactly that and rebuild
by replay. A play is validated completely before anything changes, so an `IllegalMove` leaves the game as it was.

The choices made where the rules are loose are listed in the package docstring (`bot/games/barbu/__init__.py`).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from bot.games.barbu.contracts import (
    CARD_INDEX,
    CARDS,
    MAX_PLAYERS,
    Contract,
    card_points_by_index,
    cards_per_player,
)
from bot.games.barbu.deal import deal_hand
from bot.games.barbu.errors import ErrorCode, IllegalMove
from bot.games.barbu.events import CardPlayed, Event, GameEnded, HandDealt, HandScored, TrickWon
from bot.games.barbu.options import BarbuOptions
from bot.games.barbu.persistence import read_saved, saved_form
from bot.games.barbu.records import HandResult, Phase, Trick
from bot.games.cards import SUITS, Card
from bot.games.tricks import TrickPlay, next_seat, trick_winner

if TYPE_CHECKING:
    from bot.games.barbu.view import BarbuView


_EARLY_END_CONTRACTS = frozenset({Contract.NO_HEARTS, Contract.NO_QUEENS, Contract.BARBU})
# Plays and their events are immutable, so the engine reuses them: _PLAYS[seat * 52 + card index], built lazily.
_PLAYS: list[tuple[TrickPlay, CardPlayed] | None] = [None] * (MAX_PLAYERS * 52)


class Barbu:
    """One game of Barbu. Create it with `Barbu.new(options, seed)` or `Barbu.from_dict(saved)`.

    Seats are numbered 0..players-1 clockwise: the next seat is the left neighbour. Seat 0 deals the first hand.
    """

    __slots__ = (
        "_contract",
        "_dealer",
        "_hand_number",
        "_hand_points",
        "_hands",
        "_history",
        "_leader",
        "_led",
        "_log",
        "_options",
        "_penalty_cards",
        "_penalty_left",
        "_phase",
        "_points_table",
        "_scores",
        "_seed",
        "_set_aside",
        "_to_act",
        "_trick",
        "_trick_cards",
        "_trick_points",
        "_tricks",
        "_tricks_taken",
        "_voids",
    )

    _options: BarbuOptions
    _seed: int
    _log: list[TrickPlay]
    _phase: Phase
    _hand_number: int
    _contract: Contract
    _dealer: int
    _hands: list[list[int]]  # card indexes (see contracts.CARDS), sorted
    _set_aside: tuple[Card, ...]
    _trick: list[TrickPlay]
    _trick_cards: list[int]  # the card indexes of the trick in progress
    _led: int  # the suit index (0..3) led in the trick in progress, -1 before its lead
    _points_table: tuple[int, ...]  # what taking each card (by index) costs in this hand's contract
    _trick_points: int  # what each trick costs in this hand's contract
    _leader: int | None
    _to_act: int | None
    _tricks: list[Trick]
    _tricks_taken: list[int]
    _penalty_cards: list[list[Card]]
    _hand_points: list[int]
    _penalty_left: int
    _voids: list[set[str]]
    _scores: list[int]
    _history: list[HandResult]

    def __init__(self) -> None:
        raise TypeError("Create a game with Barbu.new(options, seed) or Barbu.from_dict(saved).")

    @classmethod
    def new(cls, options: BarbuOptions | None = None, seed: int = 0) -> Barbu:
        """A new game, its first hand dealt by seat 0; every shuffle is reproducible from `seed` (any int)."""
        if options is None:
            options = BarbuOptions()
        if not isinstance(options, BarbuOptions):
            raise TypeError(f"options must be BarbuOptions, not {type(options).__name__}.")
        if type(seed) is not int:
            raise TypeError(f"The seed must be an int, not {type(seed).__name__}.")
        game = object.__new__(cls)
        game._options = options
        game._seed = seed
        game._log = []
        game._phase = Phase.PLAYING
        game._scores = [0] * options.players
        game._history = []
        game._start_hand(0, [])
        return game

    # ------------------------------------------------------------------ the game

    @property
    def options(self) -> BarbuOptions:
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
        """The hand being played (0-based); once the game is over, the last hand."""
        return self._hand_number

    @property
    def hands_total(self) -> int:
        return self._options.hands_total

    @property
    def contract(self) -> Contract:
        """The contract of the hand being played (of the last hand once the game is over)."""
        return self._contract

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the finished hands (the hand in progress not included)."""
        return tuple(self._scores)

    @property
    def hand_history(self) -> tuple[HandResult, ...]:
        """The finished hands, in order."""
        return tuple(self._history)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing the lowest total once the game is over (sorted); empty while it is played."""
        if self._phase is not Phase.OVER:
            return ()
        lowest = min(self._scores)
        return tuple(seat for seat, score in enumerate(self._scores) if score == lowest)

    @property
    def log(self) -> tuple[TrickPlay, ...]:
        """Every play accepted so far, in order."""
        return tuple(self._log)

    # ------------------------------------------------------------------ the hand in progress

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` holds, sorted (a copy may appear twice with two decks). Private to that seat."""
        return tuple([CARDS[index] for index in self._hands[self._check_seat(seat)]])

    def cards_in_hand(self, seat: int) -> int:
        return len(self._hands[self._check_seat(seat)])

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The cards left undealt this hand (6 or 7 players). Hidden: for tests and post-game review only."""
        return self._set_aside

    def to_act(self) -> tuple[int, ...]:
        """The seats expected to act: the one seat to play, or () once the game is over."""
        return () if self._to_act is None else (self._to_act,)

    @property
    def current_trick(self) -> tuple[TrickPlay, ...]:
        """The plays of the trick in progress, in order (empty before its lead)."""
        return tuple(self._trick)

    @property
    def trick_leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress; None once the game is over."""
        return self._leader

    @property
    def trick_number(self) -> int:
        """The trick in progress, 0-based (the number of completed tricks this hand)."""
        return len(self._tricks)

    @property
    def plays_this_hand(self) -> tuple[TrickPlay, ...]:
        """Every card played this hand with who played it, in order (the trick in progress last)."""
        return tuple(play for trick in self._tricks for play in trick.plays) + tuple(self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the hand in progress (of the last hand once the game is over)."""
        return tuple(self._tricks)

    @property
    def last_trick(self) -> tuple[TrickPlay, ...]:
        """The plays of the last completed trick of this hand; empty before the first trick is complete."""
        return self._tricks[-1].plays if self._tricks else ()

    @property
    def last_trick_winner(self) -> int | None:
        return self._tricks[-1].winner if self._tricks else None

    def tricks_taken(self, seat: int) -> int:
        """How many tricks `seat` took this hand."""
        return self._tricks_taken[self._check_seat(seat)]

    def penalty_cards(self, seat: int) -> tuple[Card, ...]:
        """The penalty cards of this hand's contract that `seat` took this hand, sorted (none in fewest tricks)."""
        return tuple(sorted(self._penalty_cards[self._check_seat(seat)]))

    def hand_points(self, seat: int) -> int:
        """The points `seat` took so far in the hand in progress (in the last hand once the game is over)."""
        return self._hand_points[self._check_seat(seat)]

    def known_voids(self, seat: int) -> frozenset[str]:
        """The suits `seat` showed it holds none of this hand (it did not follow one of them)."""
        return frozenset(self._voids[self._check_seat(seat)])

    def contract_total(self) -> int:
        """The points this hand distributes in all: its tricks (fewest tricks, salad) and the penalty cards dealt.

        Cards set aside (6 or 7 players) are not counted, so with those tables this figure says how many penalty
        cards were set aside: show it after the hand, or show the per-unit penalties instead."""
        dealt = [CARDS[index] for hand in self._hands for index in hand]
        dealt += [play.card for play in self._trick]
        dealt += [card for trick in self._tricks for card in trick.cards]
        total = sum(self._contract.card_points(card) for card in dealt)
        if self._contract.counts_tricks:
            total += 5 * cards_per_player(self.players)
        return total

    def legal_cards(self, seat: int) -> tuple[Card, ...]:
        """The distinct cards `seat` may play now, sorted; empty when it is not that seat's turn."""
        if seat != self._to_act or type(seat) is not int:
            return ()
        hand = self._hands[seat]
        led = self._led
        if led >= 0:
            start = bisect_left(hand, led * 13)
            end = bisect_left(hand, led * 13 + 13, start)
            if start < end:
                hand = hand[start:end]
        return tuple([CARDS[index] for index in dict.fromkeys(hand)])

    def refusal(self, seat: int, card: Card) -> IllegalMove | None:
        """Why `seat` may not play `card` now, or None when it may. Changes nothing."""
        if self._phase is Phase.OVER:
            return IllegalMove(ErrorCode.WRONG_PHASE, "The game is over; no more cards can be played.")
        if seat != self._to_act or type(seat) is not int:
            return IllegalMove(
                ErrorCode.NOT_YOUR_TURN, f"It is not seat {seat!r}'s turn; seat {self._to_act} is to play."
            )
        hand = self._hands[seat]
        index = CARD_INDEX.get(card) if isinstance(card, Card) else None
        if index is None or index not in hand:
            return IllegalMove(ErrorCode.CARD_NOT_IN_HAND, f"{card} is not in seat {seat}'s hand.")
        led = self._led
        if led >= 0 and index // 13 != led:
            position = bisect_left(hand, led * 13)
            if position < len(hand) and hand[position] < led * 13 + 13:
                return IllegalMove(
                    ErrorCode.MUST_FOLLOW_SUIT,
                    f"Seat {seat} must follow suit: {self._trick[0].card} was led.",
                )
        return None

    # ------------------------------------------------------------------ actions

    def play(self, seat: int, card: Card) -> list[Event]:
        """`seat` plays `card`; returns the events it caused. Raises IllegalMove (changing nothing) if refused."""
        error = self.refusal(seat, card)
        if error is not None:
            raise error
        index = CARD_INDEX[card]
        hand = self._hands[seat]
        hand.remove(index)
        trick = self._trick
        if not trick:
            self._led = index // 13
        elif index // 13 != self._led:
            self._voids[seat].add(SUITS[self._led])
        key = seat * 52 + index
        cached = _PLAYS[key]
        if cached is None:
            cached = _PLAYS[key] = (TrickPlay(seat, CARDS[index]), CardPlayed(seat, CARDS[index]))
        play = cached[0]
        trick.append(play)
        self._trick_cards.append(index)
        self._log.append(play)
        events: list[Event] = [cached[1]]
        players = self._options.players
        if len(trick) < players:
            self._to_act = next_seat(seat, players)
            return events

        winner = trick_winner(trick)
        table = self._points_table
        points = self._trick_points
        taken = []
        for taken_index in self._trick_cards:
            if table[taken_index]:
                points += table[taken_index]
                taken.append(CARDS[taken_index])
        cards = tuple([entry.card for entry in trick])
        self._tricks.append(Trick(tuple(trick), winner, points))
        self._tricks_taken[winner] += 1
        self._hand_points[winner] += points
        self._penalty_cards[winner].extend(taken)
        self._penalty_left -= len(taken)
        self._trick = []
        self._trick_cards = []
        self._led = -1
        self._leader = self._to_act = winner
        events.append(TrickWon(winner, cards, points))
        if not hand:
            self._finish_hand(events, ended_early=False)
        elif self._ends_early():
            self._finish_hand(events, ended_early=True)
        return events

    # ------------------------------------------------------------------ internals

    def _check_seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self._options.players:
            raise ValueError(f"There is no seat {seat!r} at this table of {self._options.players}.")
        return seat

    def _ends_early(self) -> bool:
        return self._options.early_end and self._contract in _EARLY_END_CONTRACTS and self._penalty_left == 0

    def _start_hand(self, hand_number: int, events: list[Event]) -> None:
        options = self._options
        players = options.players
        hands, set_aside = deal_hand(options, self._seed, hand_number)
        self._hand_number = hand_number
        self._contract = contract = options.contract_for(hand_number)
        self._dealer = dealer = options.dealer_for(hand_number)
        self._hands = [[CARD_INDEX[card] for card in hand] for hand in hands]
        self._set_aside = set_aside
        self._trick = []
        self._trick_cards = []
        self._led = -1
        self._points_table = table = card_points_by_index(contract)
        self._trick_points = 5 if contract.counts_tricks else 0
        self._leader = self._to_act = next_seat(dealer, players)
        self._tricks = []
        self._tricks_taken = [0] * players
        self._penalty_cards = [[] for _ in range(players)]
        self._hand_points = [0] * players
        self._penalty_left = sum(1 for hand in self._hands for index in hand if table[index])
        self._voids = [set() for _ in range(players)]
        events.append(HandDealt(hand_number, contract, dealer))
        if self._ends_early():
            self._finish_hand(events, ended_early=True)

    def _finish_hand(self, events: list[Event], *, ended_early: bool) -> None:
        points = tuple(self._hand_points)
        for seat, hand_points in enumerate(points):
            self._scores[seat] += hand_points
        self._history.append(HandResult(self._hand_number, self._contract, self._dealer, points))
        events.append(HandScored(self._contract, points, tuple(self._scores), ended_early))
        if self._hand_number + 1 < self._options.hands_total:
            self._start_hand(self._hand_number + 1, events)
            return
        self._phase = Phase.OVER
        self._leader = self._to_act = None
        events.append(GameEnded(self.winners, tuple(self._scores)))

    # ------------------------------------------------------------------ views and persistence

    def view(self, seat: int) -> BarbuView:
        """Exactly what `seat` can know: its own hand and everything public (see `BarbuView`)."""
        from bot.games.barbu.view import view_of

        return view_of(self, self._check_seat(seat))

    def to_dict(self) -> dict[str, Any]:
        """The game as a plain JSON-able dict: format_version (1), options, seed and the log of plays."""
        return saved_form(self._options, self._seed, self._log)

    @classmethod
    def from_dict(cls, data: object) -> Barbu:
        """The game saved by `to_dict`, rebuilt by replaying its log. ValueError on bad or unknown data."""
        options, seed, plays = read_saved(data)
        game = cls.new(options, seed)
        for number, play in enumerate(plays, 1):
            error = game.refusal(play.seat, play.card)
            if error is not None:
                raise ValueError(f"Saved play {number} is not legal: {error.message}")
            game.play(play.seat, play.card)
        return game

    def replay(self) -> Barbu:
        """A new game with the same options and seed and this game's log re-applied; equal to this one."""
        game = Barbu.new(self._options, self._seed)
        for play in self._log:
            game.play(play.seat, play.card)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Barbu):
            return NotImplemented
        return self._options == other._options and self._seed == other._seed and self._log == other._log

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Barbu players={self.players} hand={self._hand_number + 1}/{self.hands_total} "
            f"contract={self._contract.value} phase={self._phase.value} to_act={self._to_act}>"
        )
