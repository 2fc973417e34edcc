"""The Hearts engine: one game from the first deal to the end, as the shared rules (hearts.md) describe it.

Every action is checked completely before anything changes: a refused action raises `IllegalMove` and leaves the
game exactly as it was. Every action returns the events it caused, in order. The game is deterministic: the deal
of hand k comes from (seed, k) only, so the seed and the action log rebuild the whole game (`to_dict`,
`from_dict`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS, Card, shuffled_decks, sort_hand
from bot.games.hearts.actions import (
    Action,
    ChooseMoon,
    PassCards,
    PlayCard,
    action_from_dict,
    action_to_dict,
)
from bot.games.hearts.errors import IllegalMove, RefusalCode
from bot.games.hearts.events import (
    CardPlayed,
    Event,
    GameEnded,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    PassesExchanged,
    PlayStarted,
    TrickWon,
)
from bot.games.hearts.options import HAND_SIZE, PASS_SIZE, HeartsOptions, MoonChoice, Phase, pass_offset_for
from bot.games.hearts.rules import HEARTS, card_points, first_leader, is_penalty, legal_plays, play_refusal
from bot.games.hearts.scoring import game_winners, moon_points, moon_shooter, reached_target
from bot.games.hearts.view import HeartsView
from bot.games.tricks import TrickPlay, deal_one_at_a_time, next_seat, trick_winner

FORMAT_VERSION = 1
_MOON_CHOICES = frozenset(choice.value for choice in MoonChoice)

# The values a play creates are immutable, so the engine reuses them: (seat, suit, rank) -> (the trick's entry,
# the logged action, the event). At most 8 seats x 52 cards.
_PLAY_VALUES: dict[tuple[int, str, int], tuple[TrickPlay, PlayCard, CardPlayed]] = {}


def _play_values(seat: int, card: Card) -> tuple[TrickPlay, PlayCard, CardPlayed]:
    key = (seat, card.suit, card.rank)
    values = _PLAY_VALUES.get(key)
    if values is None:
        values = _PLAY_VALUES[key] = (TrickPlay(seat, card), PlayCard(seat, card), CardPlayed(seat, card))
    return values


def deal_seed(seed: int, hand_number: int) -> int:
    """The shuffle seed of hand `hand_number` of the game with `seed`: depends on both only."""
    digest = hashlib.blake2b(f"hearts:{seed}:{hand_number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Hearts:
    """One game of Hearts. Create it with `Hearts.new(options, seed)` (or `Hearts.arranged` for a chosen deal)."""

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

    def __init__(self) -> None:
        raise TypeError("Create a game with Hearts.new(options, seed) or Hearts.arranged(options, hands).")

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, options: HeartsOptions, seed: int) -> Hearts:
        """A game whose every deal is a uniform shuffle derived from `seed` (any int) and the hand number."""
        return cls._create(options, seed, None, 0)

    @classmethod
    def arranged(
        cls,
        options: HeartsOptions,
        hands: Sequence[Sequence[Card]],
        seed: int = 0,
        first_hand_number: int = 0,
    ) -> Hearts:
        """A game whose first hand is dealt as `hands` (13 cards per seat, from the decks in use) and numbered
        `first_hand_number` (which sets its pass direction: 3 is a hand without passing); later hands are dealt
        from `seed`. For tests, puzzles and replays of a known deal. ValueError on impossible hands."""
        if len(hands) != options.players:
            raise ValueError(f"Expected {options.players} hands, got {len(hands)}.")
        arranged = tuple(sort_hand(list(hand)) for hand in hands)
        if any(len(hand) != HAND_SIZE for hand in arranged):
            raise ValueError(f"Every hand must hold {HAND_SIZE} cards.")
        counts = Counter(card for hand in arranged for card in hand)
        if any(not isinstance(card, Card) or count > options.decks for card, count in counts.items()):
            raise ValueError(f"The hands must come from {options.decks} deck(s) of 52 cards.")
        if type(first_hand_number) is not int or first_hand_number < 0:
            raise ValueError("first_hand_number must be a whole number, 0 or more.")
        return cls._create(options, seed, arranged, first_hand_number)

    @classmethod
    def _create(
        cls,
        options: HeartsOptions,
        seed: int,
        arranged: tuple[tuple[Card, ...], ...] | None,
        first_hand_number: int,
    ) -> Hearts:
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
        return legal_plays(self._hands[seat], self._trick, self._trick_number == 0, self._hearts_broken)

    # ------------------------------------------------------------------ refusals (never raise)

    def refusal(self, seat: int, card: Card) -> IllegalMove | None:
        """Why the seat cannot play `card` now, or None if it can (the UI disables a card and says why)."""
        problem = self._seat_problem(seat) or self._phase_problem(Phase.PLAYING)
        if problem is not None:
            return problem
        if seat != self._current:
            return IllegalMove(RefusalCode.NOT_YOUR_TURN, "It is not your turn to play.")
        found = play_refusal(
            self._hands[seat], self._trick, self._trick_number == 0, self._hearts_broken, card
        )
        return None if found is None else IllegalMove(*found)

    def pass_refusal(self, seat: int, cards: Sequence[Card]) -> IllegalMove | None:
        """Why the seat cannot pass `cards` now, or None if it can."""
        problem = self._seat_problem(seat) or self._phase_problem(Phase.PASSING)
        if problem is not None:
            return problem
        if self._chosen[seat] is not None:
            return IllegalMove(RefusalCode.ALREADY_CHOSEN, "You have already chosen the cards you pass.")
        if len(cards) != PASS_SIZE:
            return IllegalMove(RefusalCode.WRONG_CARD_COUNT, f"Choose exactly {PASS_SIZE} cards to pass.")
        held = Counter(self._hands[seat])
        for card, count in Counter(cards).items():
            if not isinstance(card, Card) or held[card] < count:
                return IllegalMove(RefusalCode.CARD_NOT_IN_HAND, f"{card} is not in your hand.")
        return None

    def moon_refusal(self, seat: int, choice: str) -> IllegalMove | None:
        """Why the seat cannot make this moon choice now, or None if it can."""
        problem = self._seat_problem(seat) or self._phase_problem(Phase.MOON_CHOICE)
        if problem is not None:
            return problem
        if seat != self._moon_shooter:
            return IllegalMove(RefusalCode.NOT_YOUR_TURN, "Only the player who shot the moon chooses.")
        if choice not in _MOON_CHOICES:
            return IllegalMove(RefusalCode.UNKNOWN_MOON_CHOICE, "Choose minus_self or plus_others.")
        return None

    def _seat(self, seat: int) -> int:
        problem = self._seat_problem(seat)
        if problem is not None:
            raise problem
        return seat

    def _seat_problem(self, seat: int) -> IllegalMove | None:
        if type(seat) is not int or not 0 <= seat < self._options.players:
            return IllegalMove(RefusalCode.UNKNOWN_SEAT, f"There is no seat {seat!r} at this table.")
        return None

    def _phase_problem(self, wanted: Phase) -> IllegalMove | None:
        if self._phase is wanted:
            return None
        return IllegalMove(
            RefusalCode.WRONG_PHASE, f"That is not possible now: the game is {self._phase.value}."
        )

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Apply a logged action (see `pass_cards`, `play`, `choose_moon`)."""
        if isinstance(action, PassCards):
            return self.pass_cards(action.seat, action.cards)
        if isinstance(action, PlayCard):
            return self.play(action.seat, action.card)
        if isinstance(action, ChooseMoon):
            return self.choose_moon(action.seat, action.choice)
        raise TypeError(f"Not a Hearts action: {action!r}")

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """The seat chooses the 3 cards it passes (final once made; two identical cards are allowed with two
        decks). When the last seat chooses, every pass is exchanged at once and play starts."""
        problem = self.pass_refusal(seat, cards)
        if problem is not None:
            raise problem
        chosen = sort_hand(list(cards))
        self._chosen[seat] = chosen
        self._log.append(PassCards(seat, chosen))
        events: list[Event] = [PassChosen(seat)]
        if any(choice is None for choice in self._chosen) or self._pass_offset is None:
            return events
        offset = self._pass_offset
        players = self._options.players
        for giver, choice in enumerate(self._chosen):
            assert choice is not None
            for card in choice:
                self._hands[giver].remove(card)
        for giver, choice in enumerate(self._chosen):
            assert choice is not None
            receiver = next_seat(giver, players, offset)
            self._hands[receiver].extend(choice)
            self._received[receiver] = choice
        for hand in self._hands:
            hand.sort()
        events.append(PassesExchanged(offset))
        self._start_play(events)
        return events

    def play(self, seat: int, card: Card) -> list[Event]:
        """The seat plays `card` to the trick in progress (see `refusal` for why it may not)."""
        problem = self.refusal(seat, card)
        if problem is not None:
            raise problem
        trick = self._trick
        players = self._options.players
        first_trick = self._trick_number == 0
        if trick:
            led = trick[0].card.suit
            if card.suit != led:
                self._voids[seat].add(led)
                if first_trick and is_penalty(card):  # it held nothing but penalty cards
                    self._voids[seat].update(("C", "D"))
        elif card.suit == HEARTS and not self._hearts_broken:  # hearts led unbroken: it held only hearts
            self._voids[seat].update(suit for suit in SUITS if suit != HEARTS)
        elif first_trick and is_penalty(card):  # a penalty card led on the first trick: nothing else held
            self._voids[seat].update(("C", "D"))
        self._hands[seat].remove(card)
        played, action, event = _play_values(seat, card)
        trick.append(played)
        self._plays.append(played)
        self._log.append(action)
        events: list[Event] = [event]
        if card.suit == HEARTS and not self._hearts_broken:
            self._hearts_broken = True
            events.append(HeartsBroken(seat))
        if len(trick) < players:
            self._current = next_seat(seat, players)
            return events
        winner = trick_winner(trick)
        cards = tuple(play.card for play in trick)
        self._tricks_taken[winner] += 1
        self._penalty[winner].extend(card for card in cards if is_penalty(card))
        self._last_trick = tuple(trick)
        self._last_winner = winner
        self._trick = []
        self._trick_number += 1
        events.append(TrickWon(winner, cards, sum(card_points(card) for card in cards)))
        if self._trick_number < HAND_SIZE:
            self._leader = winner
            self._current = winner
            return events
        self._leader = None
        self._current = None
        shooter = moon_shooter([len(taken) for taken in self._penalty], self._penalty_dealt)
        self._moon_shooter = shooter
        if shooter is not None:
            self._phase = Phase.MOON_CHOICE
            events.append(MoonShot(shooter))
            return events
        self._score_hand(tuple(self.hand_points(seat) for seat in range(players)), events)
        return events

    def choose_moon(self, seat: int, choice: str) -> list[Event]:
        """The moon shooter chooses "minus_self" (its hand scores -26, -52 with two decks) or "plus_others" (every
        other seat scores +26 / +52); then the hand is scored."""
        problem = self.moon_refusal(seat, choice)
        if problem is not None:
            raise problem
        choice = MoonChoice(choice).value
        self._log.append(ChooseMoon(seat, choice))
        events: list[Event] = [MoonChosen(seat, choice)]
        self._score_hand(moon_points(self._options.players, seat, choice, self._options.moon_award), events)
        return events

    def _score_hand(self, points: tuple[int, ...], events: list[Event]) -> None:
        for seat, value in enumerate(points):
            self._scores[seat] += value
        self._history.append(points)
        totals = tuple(self._scores)
        events.append(HandScored(self._hand_number, points, totals))
        if reached_target(totals, self._options.target):
            self._phase = Phase.OVER
            self._winners = game_winners(totals)
            events.append(GameEnded(self._winners, totals))
            return
        self._deal(self._hand_number + 1, events)

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
        )

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: format_version, options, seed, the arranged first deal (or None) and the log."""
        arranged = None
        if self._arranged is not None:
            arranged = {
                "hands": [[card.code for card in hand] for hand in self._arranged],
                "first_hand_number": self._first_hand_number,
            }
        return {
            "format_version": FORMAT_VERSION,
            "options": self._options.to_dict(),
            "seed": self._seed,
            "arranged": arranged,
            "log": [action_to_dict(action) for action in self._log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Hearts:
        """The game saved by `to_dict`, rebuilt by replaying its log; ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"A saved Hearts game must be a dict, not {type(data).__name__}.")
        version = data.get("format_version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise ValueError(f"Unknown saved Hearts format_version {version!r} (expected {FORMAT_VERSION}).")
        try:
            options = HeartsOptions.from_dict(data["options"])
            seed = data["seed"]
            if type(seed) is not int:
                raise ValueError(f"The saved seed must be an integer, not {seed!r}.")
            arranged = data.get("arranged")
            if arranged is None:
                game = cls.new(options, seed)
            else:
                hands = [[Card.from_code(code) for code in hand] for hand in arranged["hands"]]
                game = cls.arranged(options, hands, seed, arranged["first_hand_number"])
            log = data["log"]
            if not isinstance(log, list):
                raise ValueError("The saved log must be a list of actions.")
            for number, entry in enumerate(log, 1):
                try:
                    game.apply(action_from_dict(entry))
                except IllegalMove as error:
                    raise ValueError(f"Saved action {number} is not legal: {error.message}") from None
        except KeyError as error:
            raise ValueError(f"A saved Hearts game is missing {error.args[0]!r}.") from None
        except (TypeError, AttributeError) as error:
            raise ValueError(f"Bad saved Hearts game: {error}") from None
        return game

    def replay(self) -> Hearts:
        """A new game rebuilt from the seed, the arranged deal and the log: equal to this one."""
        return Hearts.from_dict(self.to_dict())

    def _snapshot(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hearts):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Hearts players={self._options.players} hand={self._hand_number} phase={self._phase.value} "
            f"to_act={self.to_act()} scores={self._scores}>"
        )
