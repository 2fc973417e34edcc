"""The Klondike engine: one game from the deal to the end: validated moves, events, undo, save and replay.

The position and its rules (public views, legal moves, refusals) live in `position.py`. Every move is validated
completely before anything changes, so an `IllegalMove` leaves the game exactly as it was. After each move the
engine turns up a column's top face-down card if needed, then checks for the end: the win (52 cards up), or no
progress possible any more (`progress.py` has the exact criterion).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS, Card, shuffled_decks
from bot.games.klondike.errors import ErrorCode, IllegalMove
from bot.games.klondike.events import (
    GAVE_UP,
    NO_PROGRESS,
    WON,
    CardMoved,
    CardRevealed,
    CardsDrawn,
    Event,
    GameEnded,
    GameWon,
    MoveUndone,
    WasteRecycled,
)
from bot.games.klondike.layout import CARD_COUNT, CARDS, SUIT, FullPosition, KlondikeOptions, check_deck, deal
from bot.games.klondike.moves import FOUNDATION, FOUNDATIONS, STOCK, WASTE, Move, parse_move
from bot.games.klondike.position import Position, Record
from bot.games.klondike.progress import can_progress, reachable_waste_cards

FORMAT_VERSION = 1
UNDO = "undo"
GIVE_UP = "give_up"


class Klondike(Position):
    """One game of Klondike. Create it with `Klondike.new(options, seed)` or `Klondike.from_deck(options, cards)`.

    The public state (`columns`, `waste`, `foundations`, `stock_count`, `score`, ...), `legal_moves`, `refusal`
    and `auto_moves` come from `Position`. A deal where nothing can ever move is over from the start
    (`end_reason` "no_progress", no event; about 1 deal in 400 with draw three, almost never with draw one).
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError(
            "Create a game with Klondike.new(options, seed) or Klondike.from_deck(options, cards)."
        )

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, options: KlondikeOptions, seed: int) -> Klondike:
        """A game dealt from a uniform shuffle, reproducible from `seed` (any int)."""
        if type(seed) is not int:
            raise TypeError(f"The seed must be an int, not {type(seed).__name__}.")
        return cls._deal(options, check_deck(shuffled_decks(1, seed)), seed)

    @classmethod
    def from_deck(cls, options: KlondikeOptions, cards: Sequence[Card]) -> Klondike:
        """A game dealt from an explicit order of the 52 cards (see `layout.deal`: cards[0:28] go to the columns
        row by row, cards[28] is the first card drawn). ValueError unless each card is there exactly once."""
        return cls._deal(options, check_deck(cards), None)

    @classmethod
    def _deal(cls, options: KlondikeOptions, deck: tuple[int, ...], seed: int | None) -> Klondike:
        if not isinstance(options, KlondikeOptions):
            raise TypeError(f"options must be KlondikeOptions, not {type(options).__name__}.")
        game = object.__new__(cls)
        game._options = options
        game._seed = seed
        game._deck = deck
        down, up, stock = deal(deck)
        game._down = down
        game._up = [[card] for card in up]
        game._found = [0, 0, 0, 0]
        game._stock = stock
        game._waste = []
        game._fan = 0
        game._start_counting()
        game._seen = set(up)
        game._check_end([])  # a deal where nothing can ever move ends at once (rare)
        return game

    def _start_counting(self) -> None:
        """No move made yet: an empty history and log, every counter at 0, the game not ended."""
        self._history = []
        self._log = []
        self._moves_made = 0
        self._undos_used = 0
        self._redeals = 0
        self._end_reason = None

    @classmethod
    def from_position(cls, position: FullPosition) -> Klondike:
        """A game that starts at `position`, with no deal behind it: for trying moves on a guessed deal (hints).
        It cannot be saved (`to_dict` raises ValueError), and it is not checked for its end before a move."""
        game = object.__new__(cls)
        game._options = position.options
        game._seed = None
        game._deck = ()
        game._down = [list(cards) for cards in position.face_down]
        game._up = [list(cards) for cards in position.face_up]
        game._found = list(position.foundations)
        game._waste = list(position.talon[: position.waste_size])
        game._stock = list(reversed(position.talon[position.waste_size :]))
        game._fan = min(len(game._waste), 1)
        game._start_counting()
        game._seen = {card for cards in game._up for card in cards} | set(game._waste)
        return game

    def copy(self) -> Klondike:
        """An independent copy (same deal, log and state)."""
        game = object.__new__(Klondike)
        game._options = self._options
        game._seed = self._seed
        game._deck = self._deck
        game._down = [list(cards) for cards in self._down]
        game._up = [list(cards) for cards in self._up]
        game._found = list(self._found)
        game._stock = list(self._stock)
        game._waste = list(self._waste)
        game._fan = self._fan
        game._history = list(self._history)
        game._log = list(self._log)
        game._moves_made = self._moves_made
        game._undos_used = self._undos_used
        game._redeals = self._redeals
        game._end_reason = self._end_reason
        game._seen = set(self._seen)
        return game

    # ------------------------------------------------------------------ actions

    def play(self, move: Move) -> list[Event]:
        """Play `move` (raises `IllegalMove`, changing nothing, if the rules refuse it). Returns the events: the
        draw or the cards moved, a card revealed, then the end of the game if the move ended it."""
        error = self.refusal(move)
        if error is not None:
            raise error
        events: list[Event] = []
        self._history.append(self._apply(move, events))
        self._log.append(move.code)
        self._moves_made += 1
        self._check_end(events)
        return events

    def _apply(self, move: Move, events: list[Event]) -> Record:
        """Carry out a validated move; the record `undo` needs."""
        fan = self._fan
        if move.source == STOCK:
            if not self._stock:
                count = len(self._waste)
                self._stock = self._waste[::-1]
                self._waste = []
                self._fan = 0
                self._redeals += 1
                events.append(WasteRecycled(count, self._redeals))
                return Record(move, count, fan, recycled=True)
            drawn = [self._stock.pop() for _ in range(min(self._options.draw, len(self._stock)))]
            self._waste.extend(drawn)
            self._seen.update(drawn)
            self._fan = len(drawn)
            events.append(CardsDrawn(tuple(CARDS[card] for card in drawn)))
            return Record(move, len(drawn), fan)
        revealed = 0
        source = move.source
        if source == WASTE:
            cards = [self._waste.pop()]
            self._fan = max(fan - 1, 0)
        elif source.startswith("column:"):
            index = int(source[7:]) - 1
            up = self._up[index]
            cards = up[len(up) - move.count :]
            del up[len(up) - move.count :]
            if not up and self._down[index]:
                up.append(self._down[index].pop())
                self._seen.add(up[0])
                revealed = 1
        else:
            suit = SUITS.index(source[-1])
            cards = [(self._found[suit] - 1) * 4 + suit]
            self._found[suit] -= 1
        if move.target == FOUNDATION:
            self._found[SUIT[cards[0]]] += 1
            target = FOUNDATIONS[SUIT[cards[0]]]
        else:
            self._up[int(move.target[7:]) - 1].extend(cards)
            target = move.target
        events.append(CardMoved(move, tuple(CARDS[card] for card in cards), target))
        if revealed:
            index = int(source[7:]) - 1
            events.append(CardRevealed(index + 1, CARDS[self._up[index][0]]))
        return Record(move, revealed, fan, card=cards[0])

    def undo(self) -> list[Event]:
        """Take back the last move (a draw or a redeal too; a card it revealed goes face down again). Counted in
        `undos_used`. Refused with `nothing_to_undo` at the start and `game_over` once the game is over."""
        if self._end_reason is not None:
            raise IllegalMove(ErrorCode.GAME_OVER, "The game is over.")
        if not self._history:
            raise IllegalMove(ErrorCode.NOTHING_TO_UNDO, "There is no move to take back.")
        record = self._history.pop()
        move = record.move
        if record.recycled:
            self._waste = self._stock[::-1]
            self._stock = []
            self._redeals -= 1
        elif move.source == STOCK:
            for _ in range(record.amount):
                self._stock.append(self._waste.pop())
        else:
            if move.target == FOUNDATION:
                self._found[SUIT[record.card]] -= 1
                cards = [record.card]
            else:
                up = self._up[int(move.target[7:]) - 1]
                cards = up[len(up) - move.count :]
                del up[len(up) - move.count :]
            source = move.source
            if source == WASTE:
                self._waste.extend(cards)
            elif source.startswith("column:"):
                index = int(source[7:]) - 1
                if record.amount:
                    self._down[index].append(self._up[index].pop())
                self._up[index].extend(cards)
            else:
                self._found[SUIT[record.card]] += 1
        self._fan = record.fan
        self._undos_used += 1
        self._log.append(UNDO)
        return [MoveUndone(move)]

    def positions_on_the_way(self) -> frozenset[int]:
        """The `position_key` of every position on the way to this one, the current one included (moves taken
        back are not on the way): hints avoid leading back to one, so following them never goes round in
        circles. About 10 µs a move played."""
        walker = self.copy()
        walker._end_reason = None
        keys = {walker.position_key()}
        while walker._history:
            walker.undo()
            keys.add(walker.position_key())
        return frozenset(keys)

    def give_up(self) -> list[Event]:
        """End the game now ("gave_up"); the score is the cards on the foundations."""
        if self._end_reason is not None:
            raise IllegalMove(ErrorCode.GAME_OVER, "The game is over.")
        self._end_reason = GAVE_UP
        self._log.append(GIVE_UP)
        return [GameEnded(GAVE_UP, self.score)]

    def auto_play(self) -> list[Event]:
        """Play the safe moves to the foundations (`auto_moves`) until none is left, each a counted move."""
        events: list[Event] = []
        while True:
            moves = self.auto_moves()
            if not moves:
                return events
            events.extend(self.play(moves[0]))

    def _check_end(self, events: list[Event]) -> None:
        """End the game if it is won, or if no move can ever change anything any more (`progress.py`)."""
        if self.score == CARD_COUNT:
            self._end_reason = WON
            events.append(GameWon(self._moves_made))
            events.append(GameEnded(WON, CARD_COUNT))
            return
        talon = self._waste + self._stock[::-1]
        waste_cards = reachable_waste_cards(talon, len(self._waste), self._options.draw)
        down = [len(cards) for cards in self._down]
        if not can_progress(down, self._up, self._found, waste_cards, self._options.hosts):
            self._end_reason = NO_PROGRESS
            events.append(GameEnded(NO_PROGRESS, self.score))

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """The whole game as a JSON-able dict: format_version, options, seed (or None), the dealt deck as card
        codes, and the log of actions (move codes, "undo", "give_up"). `from_dict` replays it (what the players
        have seen comes back with it). ValueError for a game made by `from_position`."""
        if not self._deck:
            raise ValueError("A game made from a position has no deal to save.")
        return {
            "format_version": FORMAT_VERSION,
            "options": self._options.to_dict(),
            "seed": self._seed,
            "deck": [CARDS[card].code for card in self._deck],
            "log": list(self._log),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Klondike:
        """The game saved by `to_dict`, rebuilt by dealing the deck (or the seed's deck when "deck" is missing)
        and replaying the log. ValueError on an unknown format_version or bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"A saved Klondike game must be a dict, not {type(data).__name__}.")
        version = data.get("format_version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise ValueError(
                f"Unknown saved Klondike format_version: {version!r} (expected {FORMAT_VERSION})."
            )
        options = KlondikeOptions.from_dict(data.get("options", {}))
        seed = data.get("seed")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"The saved seed must be an integer or null, not {seed!r}.")
        codes = data.get("deck")
        if codes is None:
            if seed is None:
                raise ValueError("A saved Klondike game needs its deck or its seed.")
            game = cls.new(options, seed)
        else:
            if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
                raise ValueError("The saved deck must be a list of card codes.")
            game = cls.from_deck(options, [Card.from_code(code) for code in codes])
            game._seed = seed
        log = data.get("log", [])
        if not isinstance(log, list):
            raise ValueError("The saved log must be a list.")
        for number, entry in enumerate(log, 1):
            try:
                game.apply_logged(entry)
            except IllegalMove as error:
                raise ValueError(
                    f"Saved action {number} ({entry!r}) is not legal: {error.message}"
                ) from error
        return game

    def apply_logged(self, entry: Any) -> None:
        """Play one entry of a saved log again (a move code, "undo" or "give_up")."""
        if entry == UNDO:
            self.undo()
        elif entry == GIVE_UP:
            self.give_up()
        else:
            move = parse_move(entry) if isinstance(entry, str) else None
            if move is None:
                raise ValueError(f"Unknown saved action {entry!r}.")
            self.play(move)

    def replay(self) -> Klondike:
        """A new game from the same deal with the whole log played again; equal to this one."""
        return Klondike.from_dict(self.to_dict())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Klondike):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Klondike draw={self._options.draw} score={self.score} moves={self._moves_made} "
            f"stock={len(self._stock)} waste={len(self._waste)} end={self._end_reason}>"
        )
