"""Crapette in the Activity: the table drawn as cards (each player's crapette, stock, turned card and discard, the
eight foundations and the eight side piles), a card dragged (or tapped, then its place tapped) where it goes, and
the board's own text and buttons under it (the move menu, Turn a card, Discard, Hint, Crapette!: `GenericView`).

Only what the board's picture shows reaches the page: each crapette's top card and size, each stock's size (never
its cards), the turned cards, each discard's top card and size, every card of the foundations' tops and the side
piles. The viewer's own piles are drawn at the bottom, near the thumb (a spectator sees seat 0 there, as the
picture's order goes). While the viewer is on turn, the page gets their legal moves, those the priority rule asks
for first marked (`first`), to light up where a held card may go.

The page sends `{"kind": "move", "source": "cr", "target": "s5", "card": "QS/0"}` (the spots of
`bot.games.crapette.moves`, named from the mover's side; `card`: the card the page showed at the source, so a move
drawn before a change is refused instead of moving another card); the buttons and the menu are the board's own
controls (`{"kind": "control", ...}`), read by `GenericView`.
"""

from __future__ import annotations

from typing import Any

from bot.activity.views.base import require_text
from bot.activity.views.generic import GenericView
from bot.games.crapette.engine import Crapette
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import Move
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import session_of
from bot.games.errors import GameError
from bot.service.table import Table, TableStatus
from bot.ui.format import plural
from bot.ui.i18n import t


def _code(card: OwnedCard | None) -> str | None:
    """`QS/0`: the card (its face: `QS`) and the deck it came from."""
    return card.code if card is not None else None


def _playing(table: Table, engine: Crapette) -> bool:
    return table.status is TableStatus.PLAYING and not engine.is_over


def _player(table: Table, engine: Crapette, seat: int, viewer: int | None, locale: str) -> dict[str, Any]:
    discard = engine.discard(seat)
    penalty = engine.penalties[seat]
    return {
        "name": table.seats[seat].name,
        "ai": table.seats[seat].is_ai,
        "you": seat == viewer,
        "to_play": _playing(table, engine) and engine.current_player == seat,
        "crapette": {"count": engine.crapette_count(seat), "top": _code(engine.crapette_top(seat))},
        "stock": engine.stock_count(seat),
        "turned": _code(engine.stock_turned(seat)),
        "discard": {"count": len(discard), "top": _code(discard[-1] if discard else None)},
        "status": plural(locale, "crapette.skips", penalty) if penalty else "",
    }


def recent_spots(table: Table, bottom: int) -> list[str]:
    """Where the latest step put a card (the places the picture outlines), as the page names them: from the side of
    the player at the bottom (`cr`, `di` theirs, `oc`, `od` the other's, `f3`, `s5`)."""
    recent = session_of(table).recent
    if recent is None:
        return []
    spots = []
    for place in sorted(recent.latest_places()):
        kind, _, number = place.partition(":")
        if kind in ("foundation", "side"):
            spots.append(f"{kind[0]}{number}")
        else:
            own = int(number) == bottom
            spots.append({"discard": "di" if own else "od", "crapette": "cr" if own else "oc"}[kind])
    return spots


def moves_of(table: Table, engine: Crapette, seat: int | None) -> list[dict[str, Any]]:
    """The viewer's legal moves while they are on turn (none otherwise), those the priority rule asks for first
    marked."""
    if (
        seat is None
        or not _playing(table, engine)
        or engine.current_player != seat
        or table.seats[seat].is_ai
    ):
        return []
    asked = engine.rule_asks()
    first = set(asked[1]) if asked is not None else set()
    return [
        {"source": action.source, "target": action.target, "first": action in first}
        for action in engine.legal_actions(seat)
        if isinstance(action, Move)
    ]


class CrapetteTableView(GenericView):
    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        state = super().state(table, seat, locale)
        engine = session_of(table).engine
        bottom = seat if seat is not None else 0
        state.update(
            {
                "kind": "crapette",
                "picture": False,  # the table is drawn as cards
                # The board's text without its title: the page's header names the game already.
                "board": [block for block in state["board"] if block["text"]],
                # The opponent's piles across the table, the viewer's at the bottom.
                "players": [_player(table, engine, side, seat, locale) for side in (1 - bottom, bottom)],
                "foundations": [_code(pile[-1] if pile else None) for pile in engine.foundations],
                "sides": [[_code(card) for card in pile] for pile in engine.side_piles],
                "moves": moves_of(table, engine, seat),
                "recent": recent_spots(table, bottom),
                "labels": {
                    "crapette": t(locale, "crapette.label.crapette"),
                    "stock": t(locale, "crapette.label.stock"),
                    "turned": t(locale, "crapette.label.turned"),
                    "discard": t(locale, "crapette.label.discard"),
                    "sides": [t(locale, "crapette.spot.side", number=number) for number in range(1, 9)],
                    "foundations": [
                        t(locale, "crapette.spot.foundation", number=number) for number in range(1, 9)
                    ],
                    "first": t(locale, "crapette.menu.first"),
                },
            }
        )
        return state

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        if message.get("kind") != "move":
            return super().action(table, seat, message, locale)
        source = require_text(message.get("source"))
        target = require_text(message.get("target"))
        card = message.get("card")
        seen_card = require_text(card) if card is not None else None
        try:
            move = Move(source, target)
        except ValueError:
            raise GameError("error.stale_button") from None
        return CrapetteAction(move, seen_card)
