"""The Crapette engine: turns, the priority rule, "Crapette!" calls, the end of a game, saving, replay.

A game plays by the rules version of its options (`CrapetteOptions.rules_version`): new games by the sources'
rules with a turn that goes round in circles cut short (3), games saved earlier by the sources' rules with such
a turn drawing the game (2) or by the first reading (1). What differs is said below.

Turn flow. The player on turn makes moves (see `moves.py`), turns up their stock (`turn_stock`) and places the
turned card with a move; other moves stay allowed while a card is turned up, but a second card cannot be
turned before the first is placed (`must_place_turned_card`). The turn ends when they put the turned card on
their discard (`discard_turned`), or with `end_turn` when stock and discard are both empty, or when the
opponent calls "Crapette!" rightly. When the stock is empty, `turn_stock` first turns the discard over into a
new stock. From version 2, the top card of the player's own discard is a source like the others, and
discarding a turned card that could be placed breaks the priority rule (see `priority.py`).

Side piles. From version 2 they may be rearranged freely, as the sources say nothing against it: a card may move
between side piles as often as the player likes, a lone card onto an empty pile included. A turn may not go on for
ever: when the player on turn brings the same side piles back for the `REPETITIONS_IN_A_TURN`th time
during one run of moves between side piles (nothing else can change while only side piles move), from version 3
their turn ends there (`EndlessTurnStopped`, then their turned card, if any, goes to their discard and the turn
passes, with nothing for the opponent to call); in version 2 the game was drawn (`endless_turn`, below), which let
a player about to lose force a draw. The first rules had two guards instead: moving the only
card of a side pile onto an empty side pile was refused (`pointless_move`), and a card that moved between side
piles could not do so again until a move of another kind or a turn of the stock (`already_moved`).

"Crapette!" (`call_crapette`, by the player not on turn). The call is judged on the last action of the player
on turn: right when it broke the priority rule (see `priority.py`): their turn ends at once (a turned card goes
to their discard) and the caller plays. Otherwise the caller gets a penalty: their next turn is skipped (penalties
add up; a penalty is served whenever the turn would pass to that player, including after a right call of theirs),
and the event says why the call was wrong. From version 2, the action that ended a turn (a discard, an end of
turn) may still be called by the opponent before the next action, their own first: right, it counts as a right
call and changes nothing else (the turn has already passed, which is all a right call does). On strict tables an
action that breaks the rule is refused (`priority_rule`), so every call is wrong.

The end. A player wins as soon as their crapette, stock and discard are empty with no turned card. A game that
can no longer change is drawn:
- `repetition`: a turn starts on exactly the same table (every pile in order, the same player on turn, the
  same penalties) for the third time;
- `endless_turn` (version 2 only): a turn that would never end (see "Side piles");
- `no_progress`: at the end of a turn, at least four turns have passed since the last progress and each player
  has since turned their discard over twice (or has nothing left to turn): a full pass through both stocks
  changed nothing. Progress is a card going to a foundation, or a player reaching a new lowest count of cards
  left;
- `turn_limit`: a backstop, once `MAX_TURNS` turns have been played (games last about 40 to 120 turns).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from bot.games.cards import Card, full_deck
from bot.games.crapette.board import Board
from bot.games.crapette.errors import ErrorCode, IllegalMove
from bot.games.crapette.events import (
    ENDLESS_TURN,
    KEPT_RULE,
    NO_PROGRESS,
    NOTHING_PLAYED,
    NOTHING_REQUIRED,
    REPETITION,
    TOO_LATE,
    TURN_LIMIT,
    CardMoved,
    CrapetteCalled,
    CrapetteRevealed,
    DiscardRecycled,
    EndlessTurnStopped,
    Event,
    GameDrawn,
    GameWon,
    StockTurned,
    TurnedCardDiscarded,
    TurnEnded,
)
from bot.games.crapette.layout import (
    NO_CARD,
    OWNED_CARDS,
    SEATS,
    CrapetteOptions,
    check_deck,
    deal,
    starting_seat,
)
from bot.games.crapette.moves import (
    CALL_CRAPETTE,
    CRAPETTE,
    DISCARD_TURNED,
    END_TURN,
    FIRST_FOUNDATION,
    TURN_STOCK,
    Action,
    CallCrapette,
    DiscardTurned,
    EndTurn,
    LoggedAction,
    Move,
    TurnStock,
    format_action,
    is_side,
    move_spots,
    parse_action,
)
from bot.games.crapette.priority import JudgedAction, MissedMove, judge
from bot.games.crapette.state import WON, CrapetteState
from bot.games.crapette.view import CrapetteView

FORMAT_VERSION: Final = 1
MAX_TURNS: Final = 2000
REPETITIONS_FOR_DRAW: Final = 3
# Within one turn only the player on turn moves: side piles they bring back this often end their turn (version 3;
# the game in version 2): a guard against a turn that never ends, far more than anyone rearranging on purpose would.
REPETITIONS_IN_A_TURN: Final = 20
QUIET_TURNS_FOR_DRAW: Final = 4
RECYCLES_FOR_DRAW: Final = 2


def priority_violation(state: CrapetteState | CrapetteView, action: Action) -> MissedMove | None:
    """How `action` by the player on turn breaks the priority rule in `state` (a game, or any seat's view of
    it, before the action), or None. See `priority.py` for the rule as the engine reads it."""
    return state.priority_violation(action)


class Crapette(CrapetteState):
    """One game of Crapette between seats 0 and 1. Create it with `Crapette.new` or `Crapette.from_decks`."""

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError(
            "Create a game with Crapette.new(options, seed) or Crapette.from_decks(options, deck0, deck1)."
        )

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, options: CrapetteOptions | None = None, seed: int = 0) -> Crapette:
        """A game where each seat's deck is shuffled from `seed` (any int): the same seed, the same deal."""
        if type(seed) is not int:
            raise TypeError(f"The seed must be an int, not {type(seed).__name__}.")
        rng = random.Random(seed)
        decks: list[list[Card]] = []
        for _ in SEATS:
            deck = full_deck()
            rng.shuffle(deck)
            decks.append(deck)
        game = cls.from_decks(options or CrapetteOptions(), decks[0], decks[1])
        game._seed = seed
        return game

    @classmethod
    def from_decks(cls, options: CrapetteOptions, deck0: Sequence[Card], deck1: Sequence[Card]) -> Crapette:
        """A game dealt from two explicit 52-card decks (order: see `layout.py`); ValueError for a bad
        deck."""
        if not isinstance(options, CrapetteOptions):
            raise TypeError(f"options must be CrapetteOptions, not {type(options).__name__}.")
        decks = (check_deck(deck0), check_deck(deck1))
        game = object.__new__(cls)
        game._options = options
        game._seed = None
        game._decks = decks
        game._board = Board.dealt(deal(decks[0], 0), deal(decks[1], 1))
        game._first_player, game._opening = starting_seat(*decks)
        game._current = game._first_player
        game._turn = 1
        game._penalties = [0, 0]
        game._calls_right = [0, 0]
        game._calls_wrong = [0, 0]
        game._winner = None
        game._end_reason = None
        game._log = []
        game._last_action = None
        game._last_missed = None
        game._last_rule = None
        game._turn_missed = None
        game._closing = None
        game._moved = set()
        game._side_positions = {}
        game._lowest_left = [game._board.cards_left(seat) for seat in SEATS]
        game._recycles = [0, 0]
        game._stock_seen = [False, False]
        game._quiet_turns = 0
        game._positions = {game._position(): 1}
        game._repetitions = 1
        return game

    # ------------------------------------------------------------------ actions

    def apply(self, seat: int, action: LoggedAction) -> list[Event]:
        """Do any action for `seat`; returns the events. IllegalMove changes nothing."""
        if isinstance(action, Move):
            return self.play(seat, action)
        if isinstance(action, TurnStock):
            return self.turn_stock(seat)
        if isinstance(action, DiscardTurned):
            return self.discard_turned(seat)
        if isinstance(action, EndTurn):
            return self.end_turn(seat)
        if isinstance(action, CallCrapette):
            return self.call_crapette(seat)
        raise self.refusal(seat, action) or IllegalMove(
            ErrorCode.NOT_AN_ACTION, f"{action!r} is not a Crapette action."
        )

    def play(self, seat: int, move: Move) -> list[Event]:
        """Move a card (see `moves.py`)."""
        self._check(seat, move)
        judged = self._judge(move)
        board = self._board
        source, target = move_spots(move)
        between_sides = is_side(source) and is_side(target)
        sources_rules = self._options.sources_rules
        if between_sides and sources_rules and not self._side_positions:
            self._side_positions[self._sides_key()] = 1
        card = board.move(seat, source, target)
        events: list[Event] = [CardMoved(seat, OWNED_CARDS[card], move)]
        if source == CRAPETTE and board.crapettes[seat]:
            events.append(CrapetteRevealed(seat, OWNED_CARDS[board.crapettes[seat][-1]]))
        if not between_sides:
            if self._moved:
                self._moved = set()
            if self._side_positions:
                self._side_positions = {}
        elif not sources_rules:
            self._moved.add(card)
        if target >= FIRST_FOUNDATION:
            self._progress()
        self._after(seat, move, judged, events)
        if between_sides and sources_rules and self._end_reason is None:
            key = self._sides_key()
            seen = self._side_positions[key] = self._side_positions.get(key, 0) + 1
            if seen >= REPETITIONS_IN_A_TURN:
                if self._options.loop_ends_turn:
                    events.append(EndlessTurnStopped(seat, seen))
                    self._end_turn(events)
                else:
                    self._end_reason = ENDLESS_TURN
                    events.append(GameDrawn(ENDLESS_TURN))
        return events

    def turn_stock(self, seat: int) -> list[Event]:
        """Turn up the top stock card (turning the discard over into a new stock first if the stock is
        empty)."""
        self._check(seat, TURN_STOCK)
        judged = self._judge(TURN_STOCK)
        board = self._board
        events: list[Event] = []
        if not board.stocks[seat]:
            board.stocks[seat] = board.discards[seat][::-1]
            board.discards[seat] = []
            self._recycles[seat] += 1
            self._stock_seen[seat] = True
            events.append(DiscardRecycled(seat, len(board.stocks[seat])))
        card = board.stocks[seat].pop()
        board.turned[seat] = card
        self._moved = set()
        self._side_positions = {}
        events.append(StockTurned(seat, OWNED_CARDS[card]))
        self._after(seat, TURN_STOCK, judged, events)
        return events

    def discard_turned(self, seat: int) -> list[Event]:
        """Put the turned card on your discard; your turn ends."""
        self._check(seat, DISCARD_TURNED)
        judged = self._judge(DISCARD_TURNED)
        board = self._board
        card = board.turned[seat]
        board.turned[seat] = NO_CARD
        board.discards[seat].append(card)
        events: list[Event] = [TurnedCardDiscarded(seat, OWNED_CARDS[card])]
        self._after(seat, DISCARD_TURNED, judged, events)
        self._close_turn(judged, events)
        return events

    def end_turn(self, seat: int) -> list[Event]:
        """End your turn when your stock and discard are both empty (nothing to turn up)."""
        self._check(seat, END_TURN)
        judged = self._judge(END_TURN)
        events: list[Event] = []
        self._after(seat, END_TURN, judged, events)
        self._close_turn(judged, events)
        return events

    def call_crapette(self, caller: int) -> list[Event]:
        """ "Crapette!" by `caller` (see the module docstring for right and wrong calls)."""
        self._check(caller, CALL_CRAPETTE)
        self._log.append((caller, CALL_CRAPETTE))
        judged = self.call_target(caller)
        self._closing = None
        if judged is None or judged.missed is None:
            self._calls_wrong[caller] += 1
            self._penalties[caller] += 1
            return [CrapetteCalled(caller, False, None, judged, self._wrong_reason(judged))]
        self._calls_right[caller] += 1
        events: list[Event] = [CrapetteCalled(caller, True, judged.missed, judged)]
        if not judged.ended_turn:
            self._end_turn(events)
        return events

    # ------------------------------------------------------------------ internals

    def _check(self, seat: int, action: LoggedAction) -> None:
        error = self.refusal(seat, action)
        if error is not None:
            raise error

    def _judge(self, action: Action) -> JudgedAction:
        """The checked `action` of the player on turn against the priority rule, before it is made."""
        seat = self._current
        rule, missed = judge(self._board, seat, action, self._options, self._moved)
        return JudgedAction(seat, action, rule, missed)

    def _wrong_reason(self, judged: JudgedAction | None) -> str:
        if judged is None:
            return NOTHING_PLAYED
        if not judged.ended_turn and self._turn_missed is not None:
            return TOO_LATE
        return NOTHING_REQUIRED if judged.rule is None else KEPT_RULE

    def _sides_key(self) -> tuple[tuple[int, ...], ...]:
        return tuple(map(tuple, self._board.sides))

    def _close_turn(self, judged: JudgedAction, events: list[Event]) -> None:
        """The player on turn ended it (discard, end of turn): from version 2 their opponent may call that."""
        self._end_turn(events)
        if self._options.sources_rules and self._end_reason is None:
            self._closing = JudgedAction(
                judged.seat, judged.action, judged.rule, judged.missed, ended_turn=True
            )

    def _position(self) -> tuple[object, ...]:
        """The table at a turn start, for the repetition rule (foundations left out: they only grow, and
        growing clears the record)."""
        board = self._board
        return (
            self._current,
            *self._penalties,
            *map(tuple, board.crapettes),
            *map(tuple, board.stocks),
            *map(tuple, board.discards),
            *map(tuple, board.sides),
        )

    def _progress(self) -> None:
        self._positions.clear()  # a table after progress differs from every earlier one
        self._recycles = [0, 0]
        self._quiet_turns = -1  # this turn is not quiet

    def _after(self, seat: int, action: Action, judged: JudgedAction, events: list[Event]) -> None:
        self._log.append((seat, action))
        self._closing = None
        self._last_action = action
        self._last_missed = missed = judged.missed
        self._last_rule = judged.rule
        if missed is not None:
            self._turn_missed = missed
        left = self._board.cards_left(seat)
        if left < self._lowest_left[seat]:
            self._lowest_left[seat] = left
            self._progress()
        if left == 0:
            self._winner = seat
            self._end_reason = WON
            events.append(GameWon(seat))

    def _end_turn(self, events: list[Event]) -> None:
        if self._end_reason is not None:
            return
        board = self._board
        seat = self._current
        card = board.turned[seat]
        if card != NO_CARD:
            board.turned[seat] = NO_CARD
            board.discards[seat].append(card)
            events.append(TurnedCardDiscarded(seat, OWNED_CARDS[card]))
        following = 1 - seat
        skipped: list[int] = []
        while self._penalties[following] > 0:
            self._penalties[following] -= 1
            skipped.append(following)
            following = 1 - following
        events.append(TurnEnded(seat, following, tuple(skipped)))
        self._current = following
        self._turn += 1
        self._last_action = self._last_missed = self._turn_missed = self._last_rule = None
        self._moved = set()
        self._side_positions = {}
        self._quiet_turns += 1
        nothing_to_turn = [not board.stocks[s] and not board.discards[s] for s in SEATS]
        position = self._position()
        seen = self._repetitions = self._positions[position] = self._positions.get(position, 0) + 1
        if seen >= REPETITIONS_FOR_DRAW:
            self._end_reason = REPETITION
            events.append(GameDrawn(REPETITION))
        elif self._quiet_turns >= QUIET_TURNS_FOR_DRAW and all(
            self._recycles[s] >= RECYCLES_FOR_DRAW or nothing_to_turn[s] for s in SEATS
        ):
            self._end_reason = NO_PROGRESS
            events.append(GameDrawn(NO_PROGRESS))
        elif self._turn > MAX_TURNS:
            self._end_reason = TURN_LIMIT
            events.append(GameDrawn(TURN_LIMIT))

    # ------------------------------------------------------------------ saving and replay

    def _summary(self) -> dict[str, Any]:
        return {
            "current_player": self._current,
            "turn_number": self._turn,
            "winner": self._winner,
            "end_reason": self._end_reason,
            "penalties": list(self._penalties),
            "cards_left": [self.cards_left(seat) for seat in SEATS],
            "crapettes_called": list(self._calls_right),
            "wrong_calls": list(self._calls_wrong),
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-able data: options, seed, the two decks, the log of (seat, action) with
        actions as their short strings, and a summary of the resulting state (checked by `from_dict`)."""
        return {
            "format_version": FORMAT_VERSION,
            "options": self._options.to_dict(),
            "seed": self._seed,
            "decks": [[card.code for card in deck] for deck in self._decks],
            "log": [[seat, format_action(action)] for seat, action in self._log],
            "state": self._summary(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Crapette:
        """The game saved by `to_dict`, rebuilt by replaying its log; ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"A saved Crapette game must be a dict, not {type(data).__name__}.")
        version = data.get("format_version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise ValueError(
                f"Unknown saved Crapette format_version: {version!r} (expected {FORMAT_VERSION})."
            )
        try:
            options = CrapetteOptions.from_dict(data["options"])
            decks = data["decks"]
            if not isinstance(decks, list) or len(decks) != 2 or not all(isinstance(d, list) for d in decks):
                raise ValueError("The saved decks must be two lists of card codes.")
            game = cls.from_decks(options, *([Card.from_code(code) for code in deck] for deck in decks))
            seed = data.get("seed")
            if seed is not None and type(seed) is not int:
                raise ValueError(f"The saved seed must be an integer or null, not {seed!r}.")
            game._seed = seed
            log = data["log"]
            if not isinstance(log, list):
                raise ValueError("The saved log must be a list.")
            for number, entry in enumerate(log, 1):
                if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str):
                    raise ValueError(f"Saved action {number} is not a [seat, action] pair: {entry!r}.")
                action = parse_action(entry[1])
                if action is None:
                    raise ValueError(f"Saved action {number} is not an action: {entry[1]!r}.")
                try:
                    game.apply(entry[0], action)
                except IllegalMove as error:
                    raise ValueError(f"Saved action {number} is not legal: {error.message}") from error
        except KeyError as error:
            raise ValueError(f"A saved Crapette game is missing {error.args[0]!r}.") from error
        except (TypeError, AttributeError) as error:
            raise ValueError(f"Bad saved Crapette game: {error}") from error
        state = data.get("state")
        if state is not None and state != game._summary():
            raise ValueError("The saved state does not match the state its log leads to.")
        return game

    def replay(self) -> Crapette:
        """A new game from the same decks with the whole log applied again: equal to this one."""
        game = Crapette.from_decks(self._options, *self._decks)
        game._seed = self._seed
        for seat, action in self._log:
            game.apply(seat, action)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Crapette):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable
