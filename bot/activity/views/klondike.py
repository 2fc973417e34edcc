"""Klondike in the Activity: the stock, the waste, the four foundations and the seven columns drawn as cards, and the
moves a player may make now (to light up where a card can go while it is dragged).

Only what the board's picture shows reaches the page, in the picture's order (the foundations ♠ ♥ ♦ ♣): how many
cards the stock and each column hide (never which), the waste's cards the table shows fanned, the face-up cards. The
legal moves follow from those cards alone.

The page sends `{"kind": "move", "source": "column:3", "target": "column:5" | "foundation", "count": 2}` (a card or
a run dragged, or tapped then its target tapped), `draw` (the stock tapped) and `undo`, each with the `step` of the
state it was shown in (a tap on a page the table has left behind is refused), `auto`, `pass` (a team in turns) and
`give_up` (asked first, as the board's button does).
"""

from __future__ import annotations

from typing import Any

from bot.activity.views.base import Confirmation, require_int, require_text
from bot.games.errors import GameError
from bot.games.klondike.description import klondike_description
from bot.games.klondike.moves import DRAW, Move
from bot.games.klondike.session import AutoPlay, GiveUp, KlondikeSession, MakeMove, PassDeal, stepped
from bot.games.klondike.table_ui import layout
from bot.service.table import Table, TableStatus
from bot.ui.game_ui import ui_for
from bot.ui.i18n import t
from bot.ui.render.klondike import FOUNDATION_ORDER

# The largest run a column can hold (a king down to an ace, face up).
LONGEST_RUN = 13


def session_of(table: Table) -> KlondikeSession:
    session = table.require_session()
    assert isinstance(session, KlondikeSession)
    return session


class KlondikeView:
    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        session = session_of(table)
        engine = session.engine
        playing = table.status is TableStatus.PLAYING and not engine.is_over
        can_act = playing and seat is not None and seat in session.to_act()
        team = len(table.seats) > 1
        if not playing or not team:
            turn_line = ""
        elif session.mode == "turns":
            turn_line = t(locale, "klondike.turn_of", name=table.seats[session.current].name)
        else:
            turn_line = t(locale, "klondike.everyone")
        moves = [move for move in engine.legal_moves() if move != DRAW] if can_act else []
        state: dict[str, Any] = {
            "kind": "klondike",
            "stock": engine.stock_count,
            "waste": [card.code for card in engine.waste_shown],
            "waste_count": len(engine.waste),
            # In the board picture's order (♠ ♥ ♦ ♣: two of a colour never side by side), as the channel shows them.
            "foundations": [
                {
                    "suit": suit,
                    "card": card.code if (card := engine.foundations.get(suit)) is not None else None,
                }
                for suit in FOUNDATION_ORDER
            ],
            "columns": [
                {"down": column.face_down, "up": [card.code for card in column.face_up]}
                for column in engine.columns
            ],
            "description": klondike_description(layout(engine, locale), locale),
            "progress": t(
                locale,
                "klondike.progress",
                score=engine.score,
                moves=engine.moves_made,
                undos=engine.undos_used,
            ),
            "turn_line": turn_line,
            "options": ui_for(table).options_text(table, locale),
            "can_act": can_act,
            "moves": [{"source": move.source, "target": move.target, "count": move.count} for move in moves],
            "can_draw": can_act and bool(engine.stock_count or engine.waste),
            "can_auto": can_act and bool(engine.auto_moves()),
            "can_undo": can_act and engine.can_undo,
            "can_pass": can_act and session.mode == "turns" and team,
            "step": session.step,  # sent back with draw and undo: a tap on a page the table has left is refused
            "labels": {
                "stock": t(locale, "klondike.stock"),
                "waste": t(locale, "klondike.waste"),
                "draw": t(locale, "klondike.button.draw" if engine.stock_count else "klondike.button.redeal"),
                "auto": t(locale, "klondike.button.auto"),
                "undo": t(locale, "klondike.button.undo"),
                "pass": t(locale, "klondike.button.pass"),
                "give_up": t(locale, "klondike.button.give_up"),
                "columns": [
                    t(locale, "activity.klondike.column", number=number)
                    for number in range(1, len(engine.columns) + 1)
                ],
            },
            "seated": seat is not None,
        }
        return state

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        kind = message.get("kind")
        if kind == "move":
            source = require_text(message.get("source"))
            target = require_text(message.get("target"))
            count = require_int(message.get("count", 1))
            if not 1 <= count <= LONGEST_RUN:
                raise GameError("error.stale_button")
            # The card the page showed moving: the game refuses the move if another card is there now (a
            # teammate moved first, or the page had not caught up yet).
            card = message.get("card")
            seen_card = require_text(card) if card is not None else None
            try:
                return MakeMove(Move(source, target, count), seen_card)
            except ValueError:
                raise GameError("error.stale_button") from None
        if kind in ("draw", "undo"):
            # The table's step the page showed: a second tap before the page caught up (or a teammate's move
            # first) is refused instead of drawing or taking back once more. None: a page that does not send it.
            step = message.get("step")
            seen_step = require_int(step) if step is not None else None
            return stepped(kind, seen_step)
        simple = {"auto": AutoPlay(), "pass": PassDeal()}
        if kind in simple:
            return simple[str(kind)]
        if kind == "give_up":
            return GiveUp()
        raise GameError("error.stale_button")

    def confirmation(
        self, table: Table, seat: int, message: dict[str, Any], locale: str
    ) -> Confirmation | None:
        """**Give up** asks first, as on the board: it ends the deal for the whole team."""
        if message.get("kind") != "give_up" or message.get("confirmed") is True:
            return None
        return Confirmation(
            t(locale, "klondike.give_up_question", count=len(table.seats)),
            confirm=t(locale, "klondike.button.give_up_confirm"),
            cancel=t(locale, "activity.keep_playing"),
        )
