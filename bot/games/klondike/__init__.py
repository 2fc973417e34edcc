"""Klondike (solitaire): the pure engine, its solver and hints. No Discord, no drawing."""

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
    "WASTE",
    "WON",
    "CardMoved",
    "CardRevealed",
    "CardsDrawn",
    "Column",
    "ErrorCode",
    "Event",
    "GameEnded",
    "GameWon",
    "IllegalMove",
    "Klondike",
    "KlondikeOptions",
    "Move",
    "MoveUndone",
    "WasteRecycled",
    "column",
    "format_move",
    "foundation_of",
    "parse_move",
]
