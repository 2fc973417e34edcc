"""The Game: state, rules and turn flow.

Internally everything is plain ints in mutable lists (hands sorted ascending, the draw pile as a position
in the dealt deck, the four piles as their top cards plus the cards played on each); the public views
(tuples, `Pile`, `Play`, events, actions) come from precomputed tables so the hot paths stay cheap. Every
action is validated completely before anything changes, so an `IllegalAction` leaves the game exactly as
it was.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from bot.games.thegame.engine.actions import (
    Action,
    ChooseFirstPlayer,
    EndTurn,
    Play,
    PlayCard,
    action_from_dict,
    action_to_dict,
)
from bot.games.thegame.engine.cards import (
    ALL_CARDS,
    BACKWARDS_STEP,
    CARD_COUNT,
    HIGHEST_CARD,
    PILE_BASES,
    PILE_DIRECTIONS,
    PILE_INDEX,
    PILE_NAMES,
    PILE_VIEWS,
    Direction,
    Pile,
)
from bot.games.thegame.engine.deal import SEED_LIMIT, seed_to_deal_code, shuffled_deck
from bot.games.thegame.engine.errors import ErrorCode, IllegalAction
from bot.games.thegame.engine.events import (
    ALL_CARDS_PLAYED,
    STUCK_AT_TURN_START,
    STUCK_MID_TURN,
    CardPlayed,
    Event,
    FirstPlayerChosen,
    GameEnded,
    PlayerSkipped,
    TurnStarted,
    turn_ended,
)
from bot.games.thegame.engine.search import can_play_sequence
from bot.games.thegame.engine.status import Rating, Status, rating_for
from bot.games.thegame.engine.variant import MAX_PLAYERS, STANDARD, Variant, check_players

FORMAT_VERSION = 1

_CHOOSING = Status.CHOOSING_FIRST
_PLAYING = Status.PLAYING
_WON = Status.WON
_LOST = Status.LOST
_STEP = BACKWARDS_STEP
_PILE_COUNT = len(PILE_NAMES)
_TABLE_SIZE = HIGHEST_CARD + 2  # tables indexed by card value 0..100

# Legal plays, shared by all games: _NORMAL_PLAYS[pile][card] and _BACKWARDS_PLAYS[pile][card].
_NORMAL_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, name, False) for card in range(_TABLE_SIZE)) for name in PILE_NAMES
)
_BACKWARDS_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, name, True) for card in range(_TABLE_SIZE)) for name in PILE_NAMES
)

_VIEWS_A, _VIEWS_B, _VIEWS_C, _VIEWS_D = PILE_VIEWS

# Actions and events are immutable, so the engine reuses them. A play's action and event, built lazily:
# _PLAY_CACHE[((player * 4 + pile) * 101 + card) * 2 + backwards] = (PlayCard, CardPlayed).
_PLAY_CACHE: list[tuple[PlayCard, CardPlayed] | None] = [None] * (MAX_PLAYERS * _PILE_COUNT * _TABLE_SIZE * 2)
_END_TURNS: tuple[EndTurn, ...] = tuple(EndTurn(player) for player in range(MAX_PLAYERS))
_SKIPPED: tuple[PlayerSkipped, ...] = tuple(PlayerSkipped(player) for player in range(MAX_PLAYERS))
# _TURN_STARTED[player * 4 + minimum]
_TURN_STARTED: tuple[TurnStarted, ...] = tuple(
    TurnStarted(index >> 2, index & 3) for index in range(MAX_PLAYERS * 4)
)


def _any_card_fits(hand: list[int], tops: list[int]) -> bool:
    """Whether a card of the sorted `hand` fits some pile now."""
    if not hand:
        return False
    a, b, c, d = tops
    if hand[0] < (c if c > d else d) or hand[-1] > (a if a < b else b):
        return True
    return (a - _STEP) in hand or (b - _STEP) in hand or (c + _STEP) in hand or (d + _STEP) in hand


def _can_play(hand: list[int], tops: list[int], count: int) -> bool:
    """Whether `count` cards of the sorted `hand` can be played in a row (the start-of-turn check)."""
    a, b, c, d = tops
    # Fast path: the cards below the higher descending top (a prefix of the sorted hand) and those above the
    # lower ascending top (a suffix) all fit now, and cards that all fit now can all be played (search.py).
    size = len(hand)
    fitting = bisect_left(hand, c if c > d else d) + size - bisect_right(hand, a if a < b else b)
    if fitting >= count and size >= count:
        return True
    return can_play_sequence(hand, tops, count)


def _card_word(count: int) -> str:
    return "card" if count == 1 else "cards"


class Game:
    """One game of The Game, from the deal to the end. Create it with `Game.new` or `Game.from_deck`."""

    __slots__ = (
        "__weakref__",  # views keep what they worked out about a position by game (bot/games/thegame/ui/moves.py)
        "_actor",
        "_cards_left",
        "_current",
        "_deck",
        "_draw_pos",
        "_end_reason",
        "_first",
        "_full_minimum",
        "_hand_size",
        "_hands",
        "_log",
        "_minimum",
        "_pile_cards",
        "_played",
        "_players",
        "_seed",
        "_status",
        "_tops",
        "_turn",
        "_variant",
    )

    _players: int
    _variant: Variant
    _seed: int | None
    _deck: tuple[int, ...]
    _hand_size: int
    _hands: list[list[int]]
    _draw_pos: int
    _tops: list[int]
    _pile_cards: list[list[int]]
    _full_minimum: int
    _status: Status
    _current: int | None
    _actor: int | None  # the current player while the game is being played, else None
    _first: int | None
    _played: int
    _minimum: int
    _turn: int
    _log: list[Action]
    _cards_left: int
    _end_reason: str | None

    def __init__(self) -> None:
        raise TypeError("Create a game with Game.new(players, seed) or Game.from_deck(players, deck).")

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, players: int, seed: int, variant: Variant = STANDARD) -> Game:
        """A game dealt from a uniform shuffle of the 98 cards, reproducible from `seed` (any int)."""
        if type(seed) is not int:
            raise TypeError(f"The seed must be an int, not {type(seed).__name__}.")
        check_players(players)
        return cls._deal(players, shuffled_deck(seed), variant, seed)

    @classmethod
    def from_deck(cls, players: int, deck: Sequence[int], variant: Variant = STANDARD) -> Game:
        """A game dealt from an explicit card order: player 0 gets deck[0:h], player 1 deck[h:2h], ...;
        the rest is the draw pile, drawn from the front. ValueError for a deck that is not a permutation of
        2..99 or a bad player count."""
        check_players(players)
        cards = tuple(deck)
        if len(cards) != CARD_COUNT or any(type(card) is not int for card in cards):
            raise ValueError(f"A deck must hold the {CARD_COUNT} cards 2 to 99, each exactly once.")
        if sorted(cards) != list(ALL_CARDS):
            raise ValueError(f"A deck must hold the {CARD_COUNT} cards 2 to 99, each exactly once.")
        return cls._deal(players, cards, variant, None)

    @classmethod
    def _deal(cls, players: int, deck: tuple[int, ...], variant: Variant, seed: int | None) -> Game:
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be a Variant, not {type(variant).__name__}.")
        game = object.__new__(cls)
        size = variant.hand_size(players)
        game._players = players
        game._variant = variant
        game._seed = seed
        game._deck = deck
        game._hand_size = size
        game._hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(players)]
        game._draw_pos = players * size
        game._tops = list(PILE_BASES)
        game._pile_cards = [[] for _ in PILE_NAMES]
        game._status = _CHOOSING
        game._current = None
        game._actor = None
        game._first = None
        game._played = 0
        game._full_minimum = variant.minimum(False)
        game._minimum = variant.minimum(game._draw_pos >= CARD_COUNT)
        game._turn = 0
        game._log = []
        game._cards_left = CARD_COUNT
        game._end_reason = None
        return game

    def copy(self) -> Game:
        """An independent copy of this game (same state, same log)."""
        game = object.__new__(Game)
        game._players = self._players
        game._variant = self._variant
        game._seed = self._seed
        game._deck = self._deck
        game._hand_size = self._hand_size
        game._hands = [list(hand) for hand in self._hands]
        game._draw_pos = self._draw_pos
        game._tops = list(self._tops)
        game._pile_cards = [list(cards) for cards in self._pile_cards]
        game._full_minimum = self._full_minimum
        game._status = self._status
        game._current = self._current
        game._actor = self._actor
        game._first = self._first
        game._played = self._played
        game._minimum = self._minimum
        game._turn = self._turn
        game._log = list(self._log)
        game._cards_left = self._cards_left
        game._end_reason = self._end_reason
        return game

    # ------------------------------------------------------------------ read-only state

    @property
    def players(self) -> int:
        return self._players

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def seed(self) -> int | None:
        """The seed the deck was shuffled from (None for a game made with `from_deck`)."""
        return self._seed

    @property
    def deal_code(self) -> str | None:
        """The deal code for this game's seed, or None without a seed or for a seed out of the code range."""
        seed = self._seed
        if seed is None or not 0 <= seed < SEED_LIMIT:
            return None
        return seed_to_deal_code(seed)

    @property
    def deck(self) -> tuple[int, ...]:
        """The initial order of the 98 cards (hands dealt from the front, then the draw pile)."""
        return self._deck

    @property
    def status(self) -> Status:
        return self._status

    @property
    def is_over(self) -> bool:
        status = self._status
        return status is _WON or status is _LOST

    @property
    def end_reason(self) -> str | None:
        """Why the game ended ("all_cards_played", "stuck_at_turn_start", "stuck_mid_turn"), None while on."""
        return self._end_reason

    @property
    def current_player(self) -> int | None:
        """Whose turn it is; None until the first player is chosen. Once the game is over it stays on the
        player who played last (the one who could not play the minimum, or who played the 98th card)."""
        return self._current

    @property
    def first_player(self) -> int | None:
        return self._first

    @property
    def piles(self) -> tuple[Pile, ...]:
        """The four piles, A, B (ascending) then C, D (descending)."""
        a, b, c, d = self._tops
        return (_VIEWS_A[a], _VIEWS_B[b], _VIEWS_C[c], _VIEWS_D[d])

    @property
    def tops(self) -> tuple[int, int, int, int]:
        """The four top cards, A, B, C, D (1 / 100 for an empty pile): `piles` without the objects."""
        a, b, c, d = self._tops
        return (a, b, c, d)

    def pile(self, name: str) -> Pile:
        """The pile called `name` ("A".."D"); ValueError for another name."""
        index = PILE_INDEX.get(name)
        if index is None:
            raise ValueError(f"There is no pile {name!r}; the piles are {', '.join(PILE_NAMES)}.")
        return PILE_VIEWS[index][self._tops[index]]

    def pile_cards(self, name: str) -> tuple[int, ...]:
        """The cards played on pile `name`, in the order they were played (the base card not included)."""
        index = PILE_INDEX.get(name)
        if index is None:
            raise ValueError(f"There is no pile {name!r}; the piles are {', '.join(PILE_NAMES)}.")
        return tuple(self._pile_cards[index])

    @property
    def played_cards(self) -> int:
        """How many cards are on the piles."""
        return CARD_COUNT - self._cards_left

    def hand(self, player: int) -> tuple[int, ...]:
        """The cards in `player`'s hand, sorted ascending; ValueError for a seat that is not in the game."""
        hands = self._hands
        if type(player) is int and 0 <= player < len(hands):
            return tuple(hands[player])
        raise ValueError(f"There is no player {player!r} in this game.")

    @property
    def hand_size(self) -> int:
        """The number of cards a hand is dealt and refilled to."""
        return self._hand_size

    @property
    def draw_pile_count(self) -> int:
        return CARD_COUNT - self._draw_pos

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The draw pile, next card first. Hidden information: for tests and post-game review only."""
        return self._deck[self._draw_pos :]

    @property
    def turn_minimum(self) -> int:
        """The minimum for the current turn (2, or 3 in the expert variant, while the draw pile has cards; 1
        once it is empty). Before the first turn: the minimum the first turn will have."""
        return self._minimum

    @property
    def played_this_turn(self) -> int:
        return self._played

    @property
    def turn_number(self) -> int:
        """1 for the first turn, +1 each time a turn starts; 0 until the first player is chosen."""
        return self._turn

    @property
    def cards_left(self) -> int:
        """The score: cards not played (all hands + draw pile); 0 is a total victory."""
        return self._cards_left

    @property
    def rating(self) -> Rating:
        return rating_for(self._cards_left)

    @property
    def action_count(self) -> int:
        """How many actions were applied so far: it changes with every change of the game's state."""
        return len(self._log)

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (refused actions are not logged)."""
        return tuple(self._log)

    # ------------------------------------------------------------------ queries

    def legal_plays(self, player: int | None = None) -> list[Play]:
        """Every card the current player may play now and where, sorted by card then pile (A, B, C, D).
        Empty when the game is not being played or when `player` is given and it is not their turn."""
        if self._status is not _PLAYING:
            return []
        current = self._current
        if player is not None and player != current:
            return []
        assert current is not None
        a, b, c, d = self._tops
        back_a = a - _STEP
        back_b = b - _STEP
        back_c = c + _STEP
        back_d = d + _STEP
        normal_a, normal_b, normal_c, normal_d = _NORMAL_PLAYS
        backwards_a, backwards_b, backwards_c, backwards_d = _BACKWARDS_PLAYS
        plays: list[Play] = []
        append = plays.append
        for card in self._hands[current]:
            if card > a:
                append(normal_a[card])
            elif card == back_a:
                append(backwards_a[card])
            if card > b:
                append(normal_b[card])
            elif card == back_b:
                append(backwards_b[card])
            if card < c:
                append(normal_c[card])
            elif card == back_c:
                append(backwards_c[card])
            if card < d:
                append(normal_d[card])
            elif card == back_d:
                append(backwards_d[card])
        return plays

    def is_legal_play(self, card: int, pile: str) -> bool:
        """Whether the current player may play `card` on `pile` now."""
        return self._play_error(self._current, card, pile) is None if self._status is _PLAYING else False

    def can_complete_minimum_after(self, card: int, pile: str) -> bool:
        """Whether the current player could still reach this turn's minimum after playing `card` on `pile`.

        False means this play dooms the turn: the game will end before the minimum is reached (it is also
        False for a play that is not legal). Uses the same sequence search as the start-of-turn check, so
        backwards moves that open the way for later cards count."""
        if self._status is not _PLAYING or self._play_error(self._current, card, pile) is not None:
            return False
        if self._cards_left == 1:
            return True  # this play is the 98th card: the game is won
        needed = self._minimum - self._played - 1
        if needed <= 0:
            return True
        current = self._current
        assert current is not None
        rest = [other for other in self._hands[current] if other != card]
        tops = list(self._tops)
        tops[PILE_INDEX[pile]] = card
        return can_play_sequence(rest, tops, needed)

    def can_end_turn(self) -> bool:
        """Whether the current player may end their turn now (the minimum is reached)."""
        return self._status is _PLAYING and self._played >= self._minimum

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Apply any action; returns the events it caused, in order. IllegalAction changes nothing."""
        if isinstance(action, PlayCard):
            return self.play(action.player, action.card, action.pile)
        if isinstance(action, EndTurn):
            return self.end_turn(action.player)
        if isinstance(action, ChooseFirstPlayer):
            return self.choose_first_player(action.player)
        raise TypeError(f"Not an action: {action!r}")

    def choose_first_player(self, player: int) -> list[Event]:
        """The team chose who starts: the first turn begins (and the engine checks it can be played)."""
        status = self._status
        if status is not _CHOOSING:
            if status is _PLAYING:
                self._check_player(player)
                raise IllegalAction(
                    ErrorCode.FIRST_PLAYER_ALREADY_CHOSEN,
                    f"The first player has already been chosen (player {self._first}).",
                )
            raise self._game_over_error()
        self._check_player(player)
        self._status = _PLAYING
        self._first = player
        self._log.append(ChooseFirstPlayer(player))
        events: list[Event] = [FirstPlayerChosen(player)]
        self._start_turn(player, events)
        return events

    def play(self, player: int, card: int, pile: str) -> list[Event]:
        """`player` puts `card` on `pile`. Ends the game when it was the 98th card (won) or when the player is
        still below the minimum and no card of their hand fits any pile any more (lost)."""
        if player != self._actor or type(player) is not int:
            raise self._turn_error(player)
        hand = self._hands[player]
        try:
            index = PILE_INDEX[pile]
            position = hand.index(card)
        except (KeyError, ValueError, TypeError):
            raise self._play_error_for(player, card, pile) from None
        if type(card) is not int:
            raise self._play_error_for(player, card, pile)
        tops = self._tops
        top = tops[index]
        if index < 2:
            if card > top:
                backwards = False
            elif card == top - _STEP:
                backwards = True
            else:
                raise self._play_error_for(player, card, pile)
        elif card < top:
            backwards = False
        elif card == top + _STEP:
            backwards = True
        else:
            raise self._play_error_for(player, card, pile)

        # Valid: change the state.
        del hand[position]
        tops[index] = card
        self._pile_cards[index].append(card)
        played = self._played = self._played + 1
        left = self._cards_left = self._cards_left - 1
        key = (((player << 2) + index) * _TABLE_SIZE + card) * 2 + backwards
        cached = _PLAY_CACHE[key]
        if cached is None:
            name = PILE_NAMES[index]
            cached = _PLAY_CACHE[key] = (
                PlayCard(player, card, name),
                CardPlayed(player, card, name, backwards),
            )
        self._log.append(cached[0])
        events: list[Event] = [cached[1]]
        if left == 0:
            self._finish(True, ALL_CARDS_PLAYED, events)
        elif played < self._minimum and not _any_card_fits(hand, tops):
            self._finish(False, STUCK_MID_TURN, events)
        return events

    def end_turn(self, player: int) -> list[Event]:
        """`player` ends their turn (only once the minimum is reached): they refill their hand from the draw
        pile as far as it allows, then the next seat with cards starts (empty hands are skipped)."""
        if player != self._actor or type(player) is not int:
            raise self._turn_error(player)
        if self._played < self._minimum:
            minimum = self._minimum
            raise IllegalAction(
                ErrorCode.BELOW_MINIMUM,
                f"Player {player} must play at least {minimum} {_card_word(minimum)} this turn before "
                f"ending it ({self._played} played so far).",
            )

        hands = self._hands
        hand = hands[player]
        position = self._draw_pos
        count = self._hand_size - len(hand)
        available = CARD_COUNT - position
        if count > available:
            count = available
        if count > 0:
            drawn = self._deck[position : position + count]
            self._draw_pos = position + count
            hand.extend(drawn)
            hand.sort()
        else:
            drawn = ()
        self._log.append(_END_TURNS[player])
        events: list[Event] = [turn_ended(player, drawn)]
        players = self._players
        following = player + 1
        if following == players:
            following = 0
        if not hands[following]:  # skip the seats without cards (there is always one with cards left)
            while not hands[following]:
                events.append(_SKIPPED[following])
                following += 1
                if following == players:
                    following = 0

        self._start_turn(following, events)
        return events

    # ------------------------------------------------------------------ internals

    def _start_turn(self, player: int, events: list[Event]) -> None:
        self._current = self._actor = player
        self._played = 0
        self._turn += 1
        minimum = self._minimum = self._full_minimum if self._draw_pos < CARD_COUNT else 1
        events.append(_TURN_STARTED[(player << 2) + minimum])
        if not _can_play(self._hands[player], self._tops, minimum):
            self._finish(False, STUCK_AT_TURN_START, events)

    def _finish(self, won: bool, reason: str, events: list[Event]) -> None:
        self._status = _WON if won else _LOST
        self._actor = None
        self._end_reason = reason
        events.append(GameEnded(won, self._cards_left, reason))

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self._players:
            raise IllegalAction(
                ErrorCode.UNKNOWN_PLAYER,
                f"There is no player {player!r} in this game "
                f"(players are numbered 0 to {self._players - 1}).",
            )

    def _game_over_error(self) -> IllegalAction:
        outcome = "won" if self._status is _WON else "lost"
        return IllegalAction(
            ErrorCode.GAME_OVER, f"The game is over ({outcome}); no more actions are possible."
        )

    def _turn_error(self, player: int) -> IllegalAction:
        """The error for an action by `player` when the game is not being played or it is not their turn."""
        status = self._status
        if status is _WON or status is _LOST:
            return self._game_over_error()
        self._check_player(player)
        if status is _CHOOSING:
            return IllegalAction(ErrorCode.FIRST_PLAYER_NOT_CHOSEN, "The team has not chosen who starts yet.")
        return IllegalAction(
            ErrorCode.NOT_YOUR_TURN, f"It is not player {player}'s turn; it is player {self._current}'s turn."
        )

    def _play_error(self, player: int | None, card: int, pile: str) -> IllegalAction | None:
        """Why `player` (assumed the current player) may not play `card` on `pile`, or None if they may."""
        index = PILE_INDEX.get(pile) if isinstance(pile, str) else None
        if index is None:
            return IllegalAction(
                ErrorCode.UNKNOWN_PILE, f"There is no pile {pile!r}; the piles are {', '.join(PILE_NAMES)}."
            )
        assert player is not None
        if type(card) is not int or card not in self._hands[player]:
            return IllegalAction(
                ErrorCode.CARD_NOT_IN_HAND, f"Card {card!r} is not in player {player}'s hand."
            )
        top = self._tops[index]
        if PILE_DIRECTIONS[index] is Direction.UP:
            if card > top or card == top - _STEP:
                return None
            rule = f"higher than {top}" + (f", or exactly {top - _STEP}" if top - _STEP >= 2 else "")
            kind = "ascending"
        else:
            if card < top or card == top + _STEP:
                return None
            rule = f"lower than {top}" + (
                f", or exactly {top + _STEP}" if top + _STEP <= HIGHEST_CARD else ""
            )
            kind = "descending"
        return IllegalAction(
            ErrorCode.CARD_DOES_NOT_FIT,
            f"Card {card} does not fit on {kind} pile {pile} (top {top}): a card there must be {rule}.",
        )

    def _play_error_for(self, player: int, card: int, pile: str) -> IllegalAction:
        error = self._play_error(player, card, pile)
        assert error is not None
        return error

    # ------------------------------------------------------------------ persistence

    def _state_dict(self) -> dict[str, Any]:
        return {
            "status": self._status.value,
            "end_reason": self._end_reason,
            "first_player": self._first,
            "current_player": self._current,
            "turn_number": self._turn,
            "turn_minimum": self._minimum,
            "played_this_turn": self._played,
            "hands": [list(hand) for hand in self._hands],
            "draw_pile": list(self._deck[self._draw_pos :]),
            "piles": {name: list(cards) for name, cards in zip(PILE_NAMES, self._pile_cards, strict=True)},
            "cards_left": self._cards_left,
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole game as a JSON-able dict: the deal (players, variant, seed, deck), the action log,
        and the resulting state (for readability; `from_dict` checks it against the log)."""
        return {
            "format_version": FORMAT_VERSION,
            "players": self._players,
            "variant": self._variant.to_dict(),
            "seed": self._seed,
            "deck": list(self._deck),
            "log": [action_to_dict(action) for action in self._log],
            "state": self._state_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """The game saved by `to_dict`: re-deals the deck and re-applies the log, then checks the saved state
        (if present) matches. ValueError on an unknown format_version or bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"A saved game must be a dict, not {type(data).__name__}.")
        version = data.get("format_version")
        if version != FORMAT_VERSION or type(version) is not int:
            raise ValueError(f"Unknown saved game format_version: {version!r} (expected {FORMAT_VERSION}).")
        try:
            variant = Variant.from_dict(data["variant"])
            game = cls.from_deck(data["players"], data["deck"], variant)
            seed = data.get("seed")
            if seed is not None and type(seed) is not int:
                raise ValueError(f"The saved seed must be an integer or null, not {seed!r}.")
            game._seed = seed
            log = data["log"]
            if not isinstance(log, list):
                raise ValueError("The saved log must be a list of actions.")
            for number, entry in enumerate(log, 1):
                action = action_from_dict(entry)
                try:
                    game.apply(action)
                except IllegalAction as error:
                    raise ValueError(f"Saved action {number} is not legal: {error.message}") from error
        except KeyError as error:
            raise ValueError(f"A saved game is missing {error.args[0]!r}.") from error
        except TypeError as error:
            raise ValueError(f"Bad saved game: {error}") from error
        state = data.get("state")
        if state is not None and state != game._state_dict():
            raise ValueError("The saved state does not match the state its log leads to.")
        return game

    def replay(self) -> Game:
        """A new game from the same deck (and seed) with the whole log re-applied; equal to this one."""
        game = Game._deal(self._players, self._deck, self._variant, self._seed)
        for action in self._log:
            game.apply(action)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Game players={self._players} status={self._status.value} turn={self._turn} "
            f"current={self._current} cards_left={self._cards_left}>"
        )
