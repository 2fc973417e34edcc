"""What a player does: moves (a card from one spot to another) and the other actions, as short strings.

Spots are named from the mover's side, so one string means the same thing for either seat:

- `cr` your crapette, `st` the card turned up from your stock, `di` your discard;
- `oc` the opponent's crapette, `os` the opponent's stock, `od` the opponent's discard;
- `s1`..`s8` the side piles (1..4 on seat 0's side, 5..8 on seat 1's side), `f1`..`f8` the foundations.

A move is written `source>target`: `cr>f3`, `st>od`, `s4>s7`. Sources a player may take from: `cr`, `st`, `di`
(from the rules version 2 on: the first rules did not let a player take from their own discard), a side pile.
Targets: a foundation, a side pile, `od`, `oc`. Other spots parse (so a refusal can say why: taking from the
opponent's piles is `not_your_pile`) but are never legal.

The other actions: `turn` (turn up the top stock card), `discard` (put the turned card on your discard, which
ends your turn), `end` (end your turn when there is nothing left to turn up), and `call` ("Crapette!", by the
player who is not on turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CRAPETTE: Final = 0
TURNED: Final = 1
DISCARD: Final = 2
OPPONENT_CRAPETTE: Final = 3
OPPONENT_STOCK: Final = 4
OPPONENT_DISCARD: Final = 5
FIRST_SIDE: Final = 6  # s1 is spot 6, s8 is spot 13
FIRST_FOUNDATION: Final = 14  # f1 is spot 14, f8 is spot 21

SIDE_NAMES: Final = tuple(f"s{number}" for number in range(1, 9))
FOUNDATION_NAMES: Final = tuple(f"f{number}" for number in range(1, 9))
SPOT_NAMES: Final = ("cr", "st", "di", "oc", "os", "od", *SIDE_NAMES, *FOUNDATION_NAMES)
SPOT_INDEX: Final = {name: index for index, name in enumerate(SPOT_NAMES)}
SOURCE_SPOTS: Final = (CRAPETTE, TURNED, DISCARD, *range(FIRST_SIDE, FIRST_FOUNDATION))
FIRST_SOURCE_SPOTS: Final = (CRAPETTE, TURNED, *range(FIRST_SIDE, FIRST_FOUNDATION))  # the first rules'


def is_side(spot: int) -> bool:
    return FIRST_SIDE <= spot < FIRST_FOUNDATION


@dataclass(frozen=True, slots=True)
class Move:
    """Take the top card of `source` and put it on `target` (spot names, see the module docstring)."""

    source: str
    target: str

    def __post_init__(self) -> None:
        if self.source not in SPOT_INDEX or self.target not in SPOT_INDEX:
            raise ValueError(f"Unknown spot in move {self.source!r}>{self.target!r}.")

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"

    @property
    def to_foundation(self) -> bool:
        return self.target[0] == "f"

    @property
    def from_side_pile(self) -> bool:
        return self.source in SIDE_NAMES  # (not `st`, the turned card)

    @property
    def to_side_pile(self) -> bool:
        return self.target in SIDE_NAMES


@dataclass(frozen=True, slots=True)
class TurnStock:
    """Turn up the top card of your stock (your discard is turned over into a new stock first if it is
    empty)."""

    def __str__(self) -> str:
        return "turn"


@dataclass(frozen=True, slots=True)
class DiscardTurned:
    """Put the turned-up card on your discard; your turn ends."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End your turn; only when your stock and discard are empty (otherwise you end it by discarding)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class CallCrapette:
    """ "Crapette!": the player not on turn says the player on turn broke the priority rule."""

    def __str__(self) -> str:
        return "call"


Action = Move | TurnStock | DiscardTurned | EndTurn
LoggedAction = Action | CallCrapette

TURN_STOCK: Final = TurnStock()
DISCARD_TURNED: Final = DiscardTurned()
END_TURN: Final = EndTurn()
CALL_CRAPETTE: Final = CallCrapette()
_WORD_ACTIONS: Final[dict[str, LoggedAction]] = {
    "turn": TURN_STOCK,
    "discard": DISCARD_TURNED,
    "end": END_TURN,
    "call": CALL_CRAPETTE,
}

# MOVE_TABLE[source spot][target spot]: the shared Move values (the diagonal holds moves refused as
# same_pile).
MOVE_TABLE: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(Move(source, target) for target in SPOT_NAMES) for source in SPOT_NAMES
)


def move_spots(move: Move) -> tuple[int, int]:
    """The source and target spot numbers of a move."""
    return SPOT_INDEX[move.source], SPOT_INDEX[move.target]


def format_move(move: Move) -> str:
    """`cr>f3`."""
    return f"{move.source}>{move.target}"


def parse_move(text: str) -> Move | None:
    """The move written `source>target` (case and spaces ignored; `-` also separates), or None."""
    cleaned = "".join(text.split()).lower().replace("-", ">")
    source, separator, target = cleaned.partition(">")
    if not separator or source not in SPOT_INDEX or target not in SPOT_INDEX or source == target:
        return None
    return MOVE_TABLE[SPOT_INDEX[source]][SPOT_INDEX[target]]


def format_action(action: LoggedAction) -> str:
    """A move's `source>target`, or `turn`, `discard`, `end`, `call`."""
    return str(action)


def parse_action(text: str) -> LoggedAction | None:
    """The inverse of `format_action`, or None."""
    word = text.strip().lower()
    if word in _WORD_ACTIONS:
        return _WORD_ACTIONS[word]
    return parse_move(word)
