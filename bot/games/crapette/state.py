"""What a Crapette game looks like, read-only: the base of `Crapette` (engine.py adds the actions)."""

from __future__ import annotations

from typing import Final

from bot.games.cards import Card
from bot.games.crapette.board import Board
from bot.games.crapette.errors import ErrorCode, IllegalMove
from bot.games.crapette.layout import NO_CARD, OWNED_CARDS, SEATS, CrapetteOptions, OwnedCard
from bot.games.crapette.moves import Action, CallCrapette, LoggedAction, Move
from bot.games.crapette.priority import (
    JudgedAction,
    MissedMove,
    missed_move,
    required_moves,
    turned_card_moves,
)
from bot.games.crapette.rules import action_refusal, legal_actions
from bot.games.crapette.view import CrapetteView, PlayerView

WON: Final = "won"


class CrapetteState:
    """The state of a game and every read-only question about it (see `Crapette` for the actions)."""

    __slots__ = (
        "_board",
        "_calls_right",
        "_calls_wrong",
        "_closing",
        "_current",
        "_decks",
        "_end_reason",
        "_first_player",
        "_last_action",
        "_last_missed",
        "_last_rule",
        "_log",
        "_lowest_left",
        "_moved",
        "_opening",
        "_options",
        "_penalties",
        "_positions",
        "_quiet_turns",
        "_recycles",
        "_repetitions",
        "_seed",
        "_side_positions",
        "_stock_seen",
        "_turn",
        "_turn_missed",
        "_winner",
    )

    _options: CrapetteOptions
    _seed: int | None
    _decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    _board: Board
    _first_player: int
    _opening: int  # how many crapette cards were compared to choose who starts
    _current: int
    _turn: int
    _penalties: list[int]
    _calls_right: list[int]
    _calls_wrong: list[int]
    _winner: int | None
    _end_reason: str | None
    _log: list[tuple[int, LoggedAction]]
    _last_action: Action | None  # the current turn's latest action
    _last_missed: MissedMove | None  # how that action broke the priority rule
    _last_rule: str | None  # the rule in force before that action (a reason), or None
    _turn_missed: MissedMove | None  # the current turn's latest action that broke it
    # The action that ended the previous turn by its player's choice (a discard, an end of turn), open to a call by
    # their opponent until the next action (rules version 2 on).
    _closing: JudgedAction | None
    _moved: set[int]  # the first rules: cards moved between side piles since the last move of another kind
    # The side piles seen during this run of moves between side piles, and how often (rules version 2 on: the same
    # table a third time within a turn draws the game)
    _side_positions: dict[tuple[tuple[int, ...], ...], int]
    _lowest_left: list[int]  # per seat, the fewest cards left so far (progress for the draw rule)
    _recycles: list[int]  # per seat, discards turned over since the last progress
    # per seat, whether the stock was made of a discard turned over: every card of it was seen face up
    _stock_seen: list[bool]
    _quiet_turns: int  # turns ended since the last progress
    _repetitions: int  # how often the table at this turn's start was seen since the last progress (1: first)
    # the tables seen at a turn start since the last progress, and how often
    _positions: dict[tuple[object, ...], int]

    # ------------------------------------------------------------------ the game

    @property
    def options(self) -> CrapetteOptions:
        return self._options

    @property
    def seed(self) -> int | None:
        """The seed of `Crapette.new` (None for `from_decks`)."""
        return self._seed

    @property
    def decks(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The two decks as dealt (hidden information: for replays and post-game review)."""
        return self._decks

    @property
    def first_player(self) -> int:
        return self._first_player

    @property
    def opening_cards(self) -> tuple[tuple[OwnedCard, OwnedCard], ...]:
        """The crapette cards compared to choose who starts, as (seat 0's, seat 1's) pairs from the top; more
        than one pair only after ties."""
        return tuple(
            (OwnedCard(self._decks[0][depth], 0), OwnedCard(self._decks[1][depth], 1))
            for depth in range(self._opening)
        )

    @property
    def current_player(self) -> int:
        """Whose turn it is (once the game is over: who played last)."""
        return self._current

    @property
    def turn_number(self) -> int:
        """1 for the first turn, +1 for each turn played (skipped turns do not count)."""
        return self._turn

    @property
    def penalties(self) -> tuple[int, int]:
        """Turns each seat must still skip."""
        return (self._penalties[0], self._penalties[1])

    @property
    def is_over(self) -> bool:
        return self._end_reason is not None

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def end_reason(self) -> str | None:
        """None while playing; "won", "repetition", "endless_turn", "no_progress" or "turn_limit"."""
        return self._end_reason

    @property
    def repetitions(self) -> int:
        """How many times this turn's starting table (every pile in order, the player on turn, the penalties)
        has occurred since the last progress, this time included; the third time draws the game."""
        return self._repetitions

    @property
    def log(self) -> tuple[tuple[int, LoggedAction], ...]:
        """Every accepted action as (seat, action), calls included."""
        return tuple(self._log)

    @property
    def last_missed(self) -> MissedMove | None:
        """The latest action of the current turn that broke the priority rule (even if later ones did not)."""
        return self._turn_missed

    def crapettes_called(self, seat: int) -> int:
        """Right "Crapette!" calls by `seat`."""
        return self._calls_right[seat]

    def wrong_calls(self, seat: int) -> int:
        return self._calls_wrong[seat]

    # ------------------------------------------------------------------ the table

    def crapette_count(self, seat: int) -> int:
        return len(self._board.crapettes[seat])

    def crapette_top(self, seat: int) -> OwnedCard | None:
        pile = self._board.crapettes[seat]
        return OWNED_CARDS[pile[-1]] if pile else None

    def stock_count(self, seat: int) -> int:
        return len(self._board.stocks[seat])

    def stock_turned(self, seat: int) -> OwnedCard | None:
        card = self._board.turned[seat]
        return None if card == NO_CARD else OWNED_CARDS[card]

    def nothing_to_turn(self, seat: int) -> bool:
        """No card turned up and none left to turn up (stock and discard empty): `seat`'s turn can only end
        (`end`), until the opponent puts a card on their discard."""
        board = self._board
        return board.turned[seat] == NO_CARD and not board.stocks[seat] and not board.discards[seat]

    def discard(self, seat: int) -> tuple[OwnedCard, ...]:
        """`seat`'s discard, face up, top last."""
        return tuple(OWNED_CARDS[card] for card in self._board.discards[seat])

    def player(self, seat: int) -> PlayerView:
        """All of `seat`'s own piles as everyone sees them."""
        return PlayerView(
            self.crapette_count(seat),
            self.crapette_top(seat),
            self.stock_count(seat),
            self.stock_turned(seat),
            self.discard(seat),
            self.stock_cards(seat) if self._stock_seen[seat] else None,
        )

    @property
    def side_piles(self) -> tuple[tuple[OwnedCard, ...], ...]:
        """Side piles 1..8 (1-4 on seat 0's side), each bottom first."""
        return tuple(tuple(OWNED_CARDS[card] for card in pile) for pile in self._board.sides)

    @property
    def foundations(self) -> tuple[tuple[OwnedCard, ...], ...]:
        """Foundations F1..F8, each from its ace up."""
        return tuple(tuple(OWNED_CARDS[card] for card in pile) for pile in self._board.foundations)

    def cards_left(self, seat: int) -> int:
        """Crapette + stock + discard + turned card: 0 wins."""
        return self._board.cards_left(seat)

    def crapette_cards(self, seat: int) -> tuple[OwnedCard, ...]:
        """Hidden information (tests, post-game review): `seat`'s whole crapette, bottom first."""
        return tuple(OWNED_CARDS[card] for card in self._board.crapettes[seat])

    def stock_cards(self, seat: int) -> tuple[OwnedCard, ...]:
        """Hidden information (tests, post-game review): `seat`'s stock, bottom first (the next card last)."""
        return tuple(OWNED_CARDS[card] for card in self._board.stocks[seat])

    # ------------------------------------------------------------------ what may be done

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything `seat` may do now (empty unless it is their turn): the legal moves in the canonical
        order (see `Board.legal_moves`), then `turn`, `discard` or `end`, whichever applies."""
        if self._end_reason is not None or seat != self._current:
            return []
        return legal_actions(self._board, seat, self._options, self._moved)

    def legal_moves(self, seat: int) -> list[Move]:
        """The moves among `legal_actions(seat)`."""
        return [action for action in self.legal_actions(seat) if isinstance(action, Move)]

    def priority_violation(self, action: Action) -> MissedMove | None:
        """How `action` by the player on turn would break the priority rule now, or None (see
        `priority.py`)."""
        return missed_move(self._board, self._current, action, self._options, self._moved)

    def rule_asks(self) -> tuple[str, list[Move]] | None:
        """What the priority rule asks of the player on turn now: ("foundation", the foundation moves) or
        ("free_side_pile", the freeing moves), or None (see `priority.py`)."""
        return required_moves(self._board, self._current, self._options, self._moved)

    def turned_card_moves(self) -> list[Move]:
        """The places of the turned card of the player on turn, when the rules say it must be placed rather than
        discarded (version 2 on); otherwise none."""
        return turned_card_moves(self._board, self._current, self._options)

    @property
    def closing(self) -> JudgedAction | None:
        """The action that ended the previous turn by its player's choice (a discard, an end of turn), while their
        opponent may still call "Crapette!" on it: until the next action (rules version 2 on; None otherwise)."""
        return self._closing

    def call_target(self, caller: int) -> JudgedAction | None:
        """The action a "Crapette!" by `caller` would be judged on now: the turn-ending action of `caller`'s
        opponent while it is open to a call (`closing`), else, during the opponent's turn, their latest action
        (None before their first)."""
        closing = self._closing
        if closing is not None and closing.seat != caller:
            return closing
        if caller == self._current or self._last_action is None:
            return None
        return JudgedAction(self._current, self._last_action, self._last_rule, self._last_missed)

    def refusal(self, seat: int, action: LoggedAction) -> IllegalMove | None:
        """Why `seat` may not do `action` now (a "Crapette!" call included), or None if they may."""
        if self._end_reason is not None:
            return IllegalMove(ErrorCode.GAME_OVER, "The game is over; no more actions are possible.")
        if type(seat) is not int or seat not in SEATS:
            return IllegalMove(ErrorCode.UNKNOWN_SEAT, f"There is no seat {seat!r}; the seats are 0 and 1.")
        if isinstance(action, CallCrapette):
            closing = self._closing
            if seat == self._current and (closing is None or closing.seat == seat):
                return IllegalMove(
                    ErrorCode.NOT_OPPONENTS_TURN,
                    "You can only call Crapette during your opponent's turn, or on the move that ended it before"
                    " your first.",
                )
            return None
        if seat != self._current:
            return IllegalMove(
                ErrorCode.NOT_YOUR_TURN, f"It is seat {self._current}'s turn, not seat {seat}'s."
            )
        return action_refusal(self._board, seat, action, self._options, self._moved)

    def can_call_crapette(self, seat: int) -> bool:
        """Whether `seat` may press "Crapette!" now (the opponent is on turn); says nothing of being right."""
        return self.refusal(seat, CallCrapette()) is None

    def view(self, seat: int) -> CrapetteView:
        """What `seat` knows (see `CrapetteView`)."""
        return CrapetteView(
            seat=seat,
            options=self._options,
            players=(self.player(0), self.player(1)),
            side_piles=self.side_piles,
            foundations=self.foundations,
            current_player=self._current,
            turn_number=self._turn,
            penalties=self.penalties,
            is_over=self.is_over,
            winner=self._winner,
            legal_actions=tuple(self.legal_actions(self._current)),
            last_action=self._last_action,
            last_missed=self._last_missed,
            closing=self._closing,
            repetitions=self._repetitions,
            moved_between_side_piles=frozenset(OWNED_CARDS[card] for card in self._moved),
            side_tables_seen=frozenset(self._side_positions),
        )

    def __repr__(self) -> str:
        return (
            f"<Crapette turn={self._turn} current={self._current} "
            f"left={self.cards_left(0)}/{self.cards_left(1)} end={self._end_reason}>"
        )
