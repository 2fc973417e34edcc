"""The Hearts engine: one game from the first deal to the end, as the shared rules (hearts.md) describe it.

Every action is checked completely before anything changes: a refused action raises `IllegalMove` and leaves the
game exactly as it was. Every action returns the events it caused, in order. The game is deterministic: the deal
of hand k comes from (seed, k) only, so the seed and the action log rebuild the whole game (`to_dict`,
`from_dict`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS, Card, sort_hand
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
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    PassesExchanged,
    TrickWon,
)
from bot.games.hearts.options import (
    CLUB_LEAD_RULES,
    HAND_SIZE,
    PASS_SIZE,
    HeartsOptions,
    MoonChoice,
    Phase,
)
from bot.games.hearts.rules import HEARTS, card_points, is_penalty, play_refusal
from bot.games.hearts.scoring import game_winners, moon_points, moon_shooter, reached_target
from bot.games.hearts.state import HeartsState
from bot.games.tricks import TrickPlay, next_seat, trick_winner

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


class Hearts(HeartsState):
    """One game of Hearts. Create it with `Hearts.new(options, seed)` (or `Hearts.arranged` for a chosen deal).

    Reading the game (hands, trick, scores, views...) is inherited from `HeartsState`; this class adds what may be
    done: the refusals (which never raise), the actions (which raise `IllegalMove` and change nothing when refused),
    and saving.
    """

    __slots__ = ()

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

    # ------------------------------------------------------------------ refusals (never raise)

    def refusal(self, seat: int, card: Card) -> IllegalMove | None:
        """Why the seat cannot play `card` now, or None if it can (the UI disables a card and says why)."""
        problem = self._seat_problem(seat) or self._phase_problem(Phase.PLAYING)
        if problem is not None:
            return problem
        if seat != self._current:
            return IllegalMove(RefusalCode.NOT_YOUR_TURN, "It is not your turn to play.")
        return play_refusal(
            self._hands[seat],
            self._trick,
            self._trick_number == 0,
            self._hearts_broken,
            self._options.rules_version,
            card,
        )

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
        elif first_trick and self._options.rules_version >= CLUB_LEAD_RULES:
            pass  # the first lead is the lowest card in play, whatever else the leader holds: it tells nothing
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

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: format_version, options (with the rules version), seed, the arranged first deal (or
        None) and the log."""
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
        """The game saved by `to_dict`, rebuilt by replaying its log under the rules it was started with (a game
        saved before rules versions existed keeps the original rules); ValueError on bad data."""
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
        return tuple(getattr(self, name) for name in HeartsState.__slots__)

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
