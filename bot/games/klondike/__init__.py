"""Klondike (solitaire): the pure engine, its solver and hints. No Discord, no drawing.

- `Klondike` (engine.py, position.py): a game; `KlondikeOptions(draw=3, any_colour=False)`.
- `Move`, `parse_move`, `format_move` (moves.py): moves and their compact text (`s`, `w>f`, `c3>c5x2`, `f♥>c2`).
- Events (events.py) returned by every action; `IllegalMove` (errors.py) with a stable `code`.
- `solve` (solver.py): winnable / unwinnable / unknown, with the winning moves; `hint` (hints.py).
"""

from bot.games.klondike.engine import FORMAT_VERSION, Klondike
from bot.games.klondike.errors import ErrorCode, IllegalMove
from bot.games.klondike.events import (
    END_REASONS,
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
from bot.games.klondike.hints import Hint, hint
from bot.games.klondike.layout import Column, KlondikeOptions
from bot.games.klondike.moves import (
    COLUMNS,
    DRAW,
    FOUNDATION,
    FOUNDATIONS,
    STOCK,
    WASTE,
    Move,
    column,
    format_move,
    foundation_of,
    parse_move,
)
from bot.games.klondike.search import UNKNOWN, UNWINNABLE, WINNABLE
from bot.games.klondike.solver import SolveResult, solve

__all__ = [
    "COLUMNS",
    "DRAW",
    "END_REASONS",
    "FORMAT_VERSION",
    "FOUNDATION",
    "FOUNDATIONS",
    "GAVE_UP",
    "NO_PROGRESS",
    "STOCK",
    "UNKNOWN",
    "UNWINNABLE",
    "WASTE",
    "WINNABLE",
    "WON",
    "CardMoved",
    "CardRevealed",
    "CardsDrawn",
    "Column",
    "ErrorCode",
    "Event",
    "GameEnded",
    "GameWon",
    "Hint",
    "IllegalMove",
    "Klondike",
    "KlondikeOptions",
    "Move",
    "MoveUndone",
    "SolveResult",
    "WasteRecycled",
    "column",
    "format_move",
    "foundation_of",
    "hint",
    "parse_move",
    "solve",
]
