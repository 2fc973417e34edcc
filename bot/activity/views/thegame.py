"""The Game in the Activity: the four piles with their markers, the draw pile, whose turn and how far it is, the last
plays, and the player's own hand with every move's size and kind (as the private hand shows them)."""

from __future__ import annotations

from typing import Any

from bot.activity.views.base import require_int, require_text
from bot.games.errors import GameError
from bot.games.thegame.engine import PILE_NAMES, Direction, Status
from bot.games.thegame.session import MARKER_KINDS, ChooseFirst, FinishTurn, PlayOnPile, SetMarker
from bot.games.thegame.ui.board import session_of
from bot.games.thegame.ui.format import game_progress, plain_name
from bot.games.thegame.ui.moves import best_first, moves_now
from bot.service.table import Table
from bot.ui.i18n import t


class TheGameView:
    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        session = session_of(table)
        game = session.game
        choosing = game.status is Status.CHOOSING_FIRST
        playing = game.status is Status.PLAYING and not game.is_over
        current = game.current_player if playing else None
        piles = []
        for pile in game.piles:
            kind = session.markers.get(pile.name)
            setter = session.marker_by.get(pile.name)
            piles.append(
                {
                    "name": pile.name,
                    "up": pile.direction is Direction.UP,
                    "top": pile.top,
                    "count": len(game.pile_cards(pile.name)),
                    "marker": kind,
                    "marker_text": (
                        t(
                            locale,
                            "activity.thegame.marker",
                            marker=t(locale, f"marker.{kind}"),
                            name=plain_name(table, setter if setter is not None else -1),
                        )
                        if kind
                        else None
                    ),
                }
            )
        if choosing:
            status = t(locale, "activity.thegame.choosing")
        elif current is not None:
            status = t(
                locale,
                "activity.thegame.turn",
                name=plain_name(table, current),
                progress=game_progress(locale, game),
            )
        else:
            status = ""
        state: dict[str, Any] = {
            "kind": "thegame",
            "piles": piles,
            "draw_pile": game.draw_pile_count,
            "draw_pile_text": t(locale, "activity.thegame.draw_pile", count=game.draw_pile_count),
            "minimum": game.turn_minimum,
            "played": game.played_this_turn,
            "turn": game.turn_number,
            "choosing": choosing,
            "current": current,
            "status_line": status,
            "cards_in_hands": [len(game.hand(index)) for index in range(game.players)],
            "recent": [
                {"name": plain_name(table, player), "card": card, "pile": pile, "backwards": backwards}
                for player, card, pile, backwards in session.recent_plays
            ],
        }
        if seat is not None:
            state["hand"] = self._hand(table, seat, locale)
        return state

    @staticmethod
    def _hand(table: Table, seat: int, locale: str) -> dict[str, Any]:
        """The seat's own cards, and on its turn every legal move of each card, best first."""
        session = session_of(table)
        game = session.game
        cards = list(game.hand(seat))
        drawn = sorted(set(session.last_drawn.get(seat, [])) & set(cards))
        my_turn = game.status is Status.PLAYING and not game.is_over and game.current_player == seat
        moves: dict[str, list[dict[str, Any]]] = {}
        order: list[int] = []
        if my_turn:
            for card, options in best_first(moves_now(game, session.markers_seen_by(seat))):
                order.append(card)
                moves[str(card)] = [
                    {
                        "pile": move.pile,
                        "size": move.size,
                        "kind": move.kind,
                        "ends_game": move.ends_game,
                        "against": move.against,
                    }
                    for move in options
                ]
        return {
            "cards": cards,
            "drawn": drawn,
            "my_turn": my_turn,
            "moves": moves,
            "best_order": order,
            "can_end_turn": my_turn and game.can_end_turn(),
            "can_choose_first": game.status is Status.CHOOSING_FIRST,
            "start": (
                t(locale, f"hand.start.{session.start_quality(seat)}")
                if game.status is Status.CHOOSING_FIRST and cards
                else None
            ),
        }

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        kind = message.get("kind")
        if kind == "play":
            pile = require_text(message.get("pile"), PILE_NAMES)
            confirmed = message.get("confirmed", False)
            if not isinstance(confirmed, bool):
                raise GameError("error.stale_button")
            return PlayOnPile(require_int(message.get("card")), pile, confirmed)
        if kind == "end_turn":
            return FinishTurn()
        if kind == "choose_first":
            starter = message.get("seat")
            return ChooseFirst(None if starter is None else require_int(starter))
        if kind == "marker":
            pile = require_text(message.get("pile"), PILE_NAMES)
            marker = message.get("marker")
            return SetMarker(pile, None if marker is None else require_text(marker, MARKER_KINDS))
        raise GameError("error.stale_button")

    def confirmation(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> None:
        return None
