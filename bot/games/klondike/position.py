"""A Klondike position and what the rules allow in it: the public views, the legal moves, the refusals.

`Klondike` (engine.py) builds on it with the actions (play, undo, give up), the end checks and saving. Internally
cards are ids (see `layout.py`) in plain lists; the public views use `Card` values.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.games.cards import SUITS, Card
from bot.games.klondike.errors import ErrorCode, IllegalMove
from bot.games.klondike.events import WON
from bot.games.klondike.layout import (
    CARDS,
    COLUMN_COUNT,
    IS_RED,
    KING,
    KING_IDS,
    RANK,
    RED_SUIT,
    SUIT,
    UNSEEN,
    Column,
    FullPosition,
    KlondikeOptions,
    SeenPosition,
)
from bot.games.klondike.moves import COLUMNS, DRAW, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Move


@functools.cache
def cached_move(source: str, target: str, count: int = 1) -> Move:
    """The Move value (moves are immutable, so they are shared)."""
    return Move(source, target, count)


@dataclass(frozen=True, slots=True)
class Record:
    """What `undo` needs: the move, how many cards it drew (a draw) or whether it revealed a card (1 or 0, a
    column move), whether it turned the waste over, the first card it moved, and the waste's fan before it."""

    move: Move
    amount: int
    fan: int
    recycled: bool = False
    card: int = -1


def _colour(card: int) -> str:
    return "red" if IS_RED[card] else "black"


class Position:
    """A Klondike position and what the rules allow in it; `Klondike` (engine.py) adds the actions, undo and
    saving. Not created directly."""

    __slots__ = (
        "_deck",
        "_down",
        "_end_reason",
        "_fan",
        "_found",
        "_history",
        "_log",
        "_moves_made",
        "_options",
        "_redeals",
        "_seed",
        "_seen",
        "_stock",
        "_undos_used",
        "_up",
        "_waste",
    )

    _options: KlondikeOptions
    _seed: int | None
    _deck: tuple[int, ...]
    _down: list[list[int]]
    _up: list[list[int]]
    _found: list[int]
    _stock: list[int]
    _waste: list[int]
    _seen: set[int]  # every card that has been face up (dealt up, drawn or turned up), even if undone since
    _fan: int
    _history: list[Record]
    _log: list[str]
    _moves_made: int
    _undos_used: int
    _redeals: int
    _end_reason: str | None

    # ------------------------------------------------------------------ public state

    @property
    def options(self) -> KlondikeOptions:
        return self._options

    @property
    def seed(self) -> int | None:
        """The seed of `Klondike.new`, None for a game made with `from_deck`."""
        return self._seed

    @property
    def deck(self) -> tuple[Card, ...]:
        """The dealt order of the 52 cards (reveals every hidden card: never show it during a game)."""
        return tuple(CARDS[card] for card in self._deck)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def waste(self) -> tuple[Card, ...]:
        """The whole waste, top card last; only the top may be played."""
        return tuple(CARDS[card] for card in self._waste)

    @property
    def waste_shown(self) -> tuple[Card, ...]:
        """The waste cards a real table shows fanned, top last: with draw 3, those of the latest draw still on
        the waste (at least the top card); with draw 1, the top card. Empty for an empty waste."""
        shown = max(self._fan, 1) if self._waste else 0
        return tuple(CARDS[card] for card in self._waste[len(self._waste) - shown :])

    @property
    def foundations(self) -> dict[str, Card | None]:
        """Each suit letter's foundation top card (None while empty), in `SUITS` order."""
        return {
            suit: CARDS[(rank - 1) * 4 + index] if rank else None
            for index, (suit, rank) in enumerate(zip(SUITS, self._found, strict=True))
        }

    @property
    def columns(self) -> tuple[Column, ...]:
        """The seven columns, column 1 first: face-down count and face-up cards (bottom first)."""
        return tuple(
            Column(len(down), tuple(CARDS[card] for card in up))
            for down, up in zip(self._down, self._up, strict=True)
        )

    @property
    def moves_made(self) -> int:
        """Every move accepted so far, draws and automatic moves included; an undo does not lower it."""
        return self._moves_made

    @property
    def undos_used(self) -> int:
        return self._undos_used

    @property
    def redeals(self) -> int:
        """How many times the waste has been turned over to form the stock again (unlimited)."""
        return self._redeals

    @property
    def score(self) -> int:
        """Cards on the foundations, 0..52."""
        return sum(self._found)

    @property
    def is_won(self) -> bool:
        return self._end_reason == WON

    @property
    def is_over(self) -> bool:
        return self._end_reason is not None

    @property
    def end_reason(self) -> str | None:
        """None while playing, else "won", "no_progress" or "gave_up"."""
        return self._end_reason

    @property
    def log(self) -> tuple[str, ...]:
        """The actions so far as saved: move codes (`Move.code`), "undo" and "give_up"."""
        return tuple(self._log)

    @property
    def can_undo(self) -> bool:
        return not self.is_over and bool(self._history)

    def full_position(self) -> FullPosition:
        """Every card of the position, hidden ones included (for the solver and tests; never show it)."""
        return FullPosition(
            options=self._options,
            face_down=tuple(tuple(cards) for cards in self._down),
            face_up=tuple(tuple(cards) for cards in self._up),
            foundations=tuple(self._found),
            talon=tuple(self._waste) + tuple(reversed(self._stock)),
            waste_size=len(self._waste),
        )

    def position_key(self) -> int:
        """A number for the position, from what everyone sees (the columns, the foundations, the waste size): two
        positions of one deal with the same key are the same, up to the order of the columns with no face-down
        card (a king's run moved from one empty column to another changes nothing). The talon's cards and order
        follow from the rest. The same in every process (it hashes ints only)."""
        down = tuple(len(cards) for cards in self._down)
        fixed = tuple(tuple(cards) if down[index] else () for index, cards in enumerate(self._up))
        free = tuple(sorted(tuple(cards) for index, cards in enumerate(self._up) if not down[index]))
        return hash((fixed, free, down, tuple(self._found), len(self._waste)))

    def seen_position(self) -> SeenPosition:
        """The position as the players know it: every card they have seen, where it lies now; `UNSEEN` for the
        others (what hints may read)."""
        seen = self._seen

        def known(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
            return tuple(card if card in seen else UNSEEN for card in cards)

        return SeenPosition(
            options=self._options,
            face_down=tuple(known(cards) for cards in self._down),
            face_up=tuple(tuple(cards) for cards in self._up),
            foundations=tuple(self._found),
            talon=known(tuple(self._waste) + tuple(reversed(self._stock))),
            waste_size=len(self._waste),
        )

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self) -> list[Move]:
        """Every move `play` accepts now: to the foundations first, then waste to tableau, tableau to tableau
        (every run length that fits), foundation to tableau, and the draw last. Empty once the game is over."""
        if self._end_reason is not None:
            return []
        hosts = self._options.hosts
        found = self._found
        up = self._up
        tops = {cards[-1]: index for index, cards in enumerate(up) if cards}
        empty = [index for index in range(COLUMN_COUNT) if not up[index] and not self._down[index]]
        moves: list[Move] = []
        waste_top = self._waste[-1] if self._waste else -1
        if waste_top >= 0 and found[SUIT[waste_top]] == RANK[waste_top] - 1:
            moves.append(cached_move(WASTE, FOUNDATION))
        for index, cards in enumerate(up):
            if cards and found[SUIT[cards[-1]]] == RANK[cards[-1]] - 1:
                moves.append(cached_move(COLUMNS[index], FOUNDATION))
        if waste_top >= 0:
            for target in self._targets(waste_top, -1, tops, empty, hosts):
                moves.append(cached_move(WASTE, COLUMNS[target]))
        for index, cards in enumerate(up):
            size = len(cards)
            source = COLUMNS[index]
            for start, base in enumerate(cards):
                if base >= KING_IDS:
                    for target in empty:
                        if target != index:
                            moves.append(cached_move(source, COLUMNS[target], size - start))
                    continue
                # A run's base never fits its own column's top (which is lower), so no check for that.
                targets = [tops[host] for host in hosts[base] if host in tops]
                if len(targets) > 1:
                    targets.sort()
                for target in targets:
                    moves.append(cached_move(source, COLUMNS[target], size - start))
        for suit, rank in enumerate(found):
            if rank:
                for target in self._targets((rank - 1) * 4 + suit, -1, tops, empty, hosts):
                    moves.append(cached_move(FOUNDATIONS[suit], COLUMNS[target]))
        if self._stock or self._waste:
            moves.append(DRAW)
        return moves

    @staticmethod
    def _targets(
        card: int, source: int, tops: dict[int, int], empty: list[int], hosts: tuple[tuple[int, ...], ...]
    ) -> list[int]:
        """The columns `card` (heading a run from column `source`, -1 if not a column) may go to."""
        if RANK[card] == KING:
            return [index for index in empty if index != source]
        return sorted(tops[host] for host in hosts[card] if host in tops and tops[host] != source)

    def refusal(self, move: Move) -> IllegalMove | None:
        """Why `play(move)` would be refused, or None if it is legal. Never changes anything."""
        if self._end_reason is not None:
            return IllegalMove(ErrorCode.GAME_OVER, "The game is over.")
        if move.source == STOCK:
            if move.target != WASTE:
                return IllegalMove(ErrorCode.BAD_TARGET, "The stock can only be turned onto the waste.")
            if move.count != 1:
                return IllegalMove(ErrorCode.BAD_COUNT, "A draw is one move; its count must be 1.")
            if not self._stock and not self._waste:
                return IllegalMove(ErrorCode.EMPTY_SOURCE, "The stock and the waste are both empty.")
            return None
        if move.target == WASTE:
            return IllegalMove(ErrorCode.BAD_TARGET, "Only the stock is turned onto the waste.")
        moving, error = self._moving_cards(move)
        if error is not None:
            return error
        card = moving[0]
        if move.target == FOUNDATION:
            if move.source.startswith("foundation:"):
                return IllegalMove(ErrorCode.BAD_TARGET, "That card is already on its foundation.")
            if move.count != 1:
                return IllegalMove(ErrorCode.BAD_COUNT, "Cards go to a foundation one at a time.")
            if self._found[SUIT[card]] != RANK[card] - 1:
                return IllegalMove(
                    ErrorCode.FOUNDATION_MISMATCH, f"{CARDS[card]} is not the next card of its foundation."
                )
            return None
        target = COLUMNS.index(move.target)
        if move.source == move.target:
            return IllegalMove(ErrorCode.SAME_COLUMN, "A run cannot move onto its own column.")
        if not self._up[target]:
            if RANK[card] != KING:
                return IllegalMove(
                    ErrorCode.NOT_A_KING, "Only a king, or a run headed by a king, may go to an empty column."
                )
            return None
        top = self._up[target][-1]
        if RANK[top] != RANK[card] + 1:
            return IllegalMove(
                ErrorCode.WRONG_RANK,
                f"{CARDS[card]} can only go on a card one rank higher, not on {CARDS[top]}.",
            )
        if not self._options.any_colour and IS_RED[top] == IS_RED[card]:
            return IllegalMove(
                ErrorCode.WRONG_COLOUR,
                f"{CARDS[card]} can only go on a {'black' if IS_RED[card] else 'red'} card, not on {CARDS[top]} ({_colour(top)}).",
            )
        return None

    def _moving_cards(self, move: Move) -> tuple[list[int], IllegalMove | None]:
        """The card ids `move` takes from its source (bottom first), or the refusal."""
        source = move.source
        if source == WASTE:
            if move.count != 1:
                return [], IllegalMove(ErrorCode.BAD_COUNT, "Only the waste's top card may be played.")
            if not self._waste:
                return [], IllegalMove(ErrorCode.EMPTY_SOURCE, "The waste is empty.")
            return [self._waste[-1]], None
        if source.startswith("foundation:"):
            suit = SUITS.index(source[-1])
            if move.count != 1:
                return [], IllegalMove(ErrorCode.BAD_COUNT, "Only a foundation's top card may be taken back.")
            if not self._found[suit]:
                return [], IllegalMove(ErrorCode.EMPTY_SOURCE, "That foundation is empty.")
            return [(self._found[suit] - 1) * 4 + suit], None
        index = COLUMNS.index(source)
        up = self._up[index]
        if not up:
            return [], IllegalMove(ErrorCode.EMPTY_SOURCE, f"Column {index + 1} is empty.")
        if move.count < 1 or move.count > len(up) + len(self._down[index]):
            return [], IllegalMove(
                ErrorCode.BAD_COUNT, f"Column {index + 1} has no run of {move.count} cards."
            )
        if move.count > len(up):
            return [], IllegalMove(
                ErrorCode.FACE_DOWN_CARD, f"Column {index + 1} has only {len(up)} face-up cards to move."
            )
        return up[len(up) - move.count :], None

    def auto_moves(self) -> list[Move]:
        """The safe moves to the foundations available now, from the waste top and the column tops: aces and
        twos always; another card when both foundations of the other colour have reached its rank - 1."""
        if self._end_reason is not None:
            return []
        moves: list[Move] = []
        if self._waste and self._is_safe(self._waste[-1]):
            moves.append(cached_move(WASTE, FOUNDATION))
        for index, cards in enumerate(self._up):
            if cards and self._is_safe(cards[-1]):
                moves.append(cached_move(COLUMNS[index], FOUNDATION))
        return moves

    def _is_safe(self, card: int) -> bool:
        rank = RANK[card]
        found = self._found
        if found[SUIT[card]] != rank - 1:
            return False
        if rank <= 2:
            return True
        return all(found[suit] >= rank - 1 for suit in range(4) if RED_SUIT[suit] != IS_RED[card])
