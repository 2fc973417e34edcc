"""Crapette (Russian Bank) for two players: the pure engine, its AI and a simulator. No Discord, no drawing.

Start with `Crapette.new(CrapetteOptions(), seed)`; act with `play` / `turn_stock` / `discard_turned` /
`end_turn` / `call_crapette` (or `apply(seat, action)`), each returning events; ask `refusal(seat, action)`
first to explain a refusal without raising; read the table through the public properties or `view(seat)`; save
with `to_dict()` and restore with `Crapette.from_dict`. The AI: `STRATEGIES[name]()` then
`choose_action(view)` and `should_call_crapette(view)`.
"""

from bot.games.crapette.ai import STRATEGIES, CrapetteStrategy, FirstLegalStrategy, StrongStrategy
from bot.games.crapette.board import Board
from bot.games.crapette.engine import FORMAT_VERSION, MAX_TURNS, Crapette, priority_violation
from bot.games.crapette.errors import ErrorCode, IllegalMove
from bot.games.crapette.events import (
    ENDLESS_TURN,
    NO_PROGRESS,
    REPETITION,
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
from bot.games.crapette.layout import OPPONENT_BUILDS, CrapetteOptions, OwnedCard
from bot.games.crapette.moves import (
    CALL_CRAPETTE,
    DISCARD_TURNED,
    END_TURN,
    FOUNDATION_NAMES,
    SIDE_NAMES,
    TURN_STOCK,
    Action,
    CallCrapette,
    DiscardTurned,
    EndTurn,
    LoggedAction,
    Move,
    TurnStock,
    format_action,
    format_move,
    parse_action,
    parse_move,
)
from bot.games.crapette.priority import FOUNDATION_FIRST, FREE_SIDE_PILE, MissedMove
from bot.games.crapette.state import WON
from bot.games.crapette.view import CrapetteView, PlayerView

__all__ = [
    "CALL_CRAPETTE",
    "DISCARD_TURNED",
    "ENDLESS_TURN",
    "END_TURN",
    "FORMAT_VERSION",
    "FOUNDATION_FIRST",
    "FOUNDATION_NAMES",
    "FREE_SIDE_PILE",
    "MAX_TURNS",
    "NO_PROGRESS",
    "OPPONENT_BUILDS",
    "REPETITION",
    "SIDE_NAMES",
    "STRATEGIES",
    "TURN_LIMIT",
    "TURN_STOCK",
    "WON",
    "Action",
    "Board",
    "CallCrapette",
    "CardMoved",
    "Crapette",
    "CrapetteCalled",
    "CrapetteOptions",
    "CrapetteRevealed",
    "CrapetteStrategy",
    "CrapetteView",
    "DiscardRecycled",
    "DiscardTurned",
    "EndTurn",
    "EndlessTurnStopped",
    "ErrorCode",
    "Event",
    "FirstLegalStrategy",
    "GameDrawn",
    "GameWon",
    "IllegalMove",
    "LoggedAction",
    "MissedMove",
    "Move",
    "OwnedCard",
    "PlayerView",
    "StockTurned",
    "StrongStrategy",
    "TurnEnded",
    "TurnStock",
    "TurnedCardDiscarded",
    "format_action",
    "format_move",
    "parse_action",
    "parse_move",
    "priority_violation",
]
