"""Crapette's table drawn as cards in the Activity (`bot/activity/views/crapette.py`): only what the board's picture
shows reaches the page (never a stock's cards or a crapette's hidden ones), the viewer's own piles at the bottom,
the moves of the player on turn with those the priority rule asks for first marked, none for the player waiting;
a card dragged is the game's own move, checked against the card the page showed; a forged move changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.activity.views import view_for
from bot.activity.views.base import table_state
from bot.games.crapette.moves import CALL_CRAPETTE, Move
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import session_of
from bot.games.crapette.words import top_card
from bot.games.errors import GameError
from bot.service.table import Table
from tests.activity.test_crapette_view import at_a_breach_to_avoid
from tests.games.crapette.test_table_ui import crapette_table

ALICE, BOB, SPECTATOR = 100, 101, 555
VIEW = view_for("crapette")


def at_a_move() -> tuple[Table, int, Move]:
    """A table where the player on turn has moves, the priority rule asking for some first: the table, the seat on
    turn and its first legal move."""
    table = crapette_table(seed=6)
    at_a_breach_to_avoid(table)
    engine = session_of(table).engine
    seat = engine.current_player
    return table, seat, next(action for action in engine.legal_actions(seat) if isinstance(action, Move))


def play_of(table: Any, user_id: int, locale: str = "en-US") -> dict[str, Any]:
    play: dict[str, Any] = table_state(VIEW, table, user_id, locale)["play"]
    return play


def test_the_page_gets_the_face_up_cards_only() -> None:
    table = crapette_table(seed=6)
    at_a_breach_to_avoid(table)
    engine = session_of(table).engine
    for viewer in (ALICE, BOB, SPECTATOR):
        sent = json.dumps(play_of(table, viewer))
        for seat in (0, 1):
            shown = {card.code for card in engine.discard(seat)[-1:]}
            shown |= {card.code for card in (engine.crapette_top(seat), engine.stock_turned(seat)) if card}
            hidden = {card.code for card in engine.stock_cards(seat) + engine.crapette_cards(seat)} - shown
            assert hidden and not [code for code in hidden if f'"{code}"' in sent], (viewer, seat)
    play = play_of(table, ALICE)
    across, own = play["players"]
    assert (own["name"], own["you"], across["name"], across["you"]) == ("Alice", True, "Bob", False)
    assert own["crapette"] == {"count": engine.crapette_count(0), "top": engine.crapette_top(0).code}  # type: ignore[union-attr]
    assert across["stock"] == engine.stock_count(1) and isinstance(across["stock"], int)
    assert play["sides"] == [[card.code for card in pile] for pile in engine.side_piles]
    assert play["foundations"] == [pile[-1].code if pile else None for pile in engine.foundations]
    assert [player["name"] for player in play_of(table, BOB)["players"]] == ["Alice", "Bob"], (
        "Bob's at the bottom"
    )
    assert [player["name"] for player in play_of(table, SPECTATOR)["players"]] == ["Bob", "Alice"]


def test_the_moves_are_the_player_on_turns_with_the_rules_first_marked() -> None:
    table = crapette_table(seed=6)
    at_a_breach_to_avoid(table)
    engine = session_of(table).engine
    seat = engine.current_player
    on_turn, waiting = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    moves = play_of(table, on_turn, "fr")["moves"]
    legal = [action for action in engine.legal_actions(seat) if isinstance(action, Move)]
    assert [(move["source"], move["target"]) for move in moves] == [(m.source, m.target) for m in legal]
    asked = engine.rule_asks()
    assert asked is not None
    assert {(move["source"], move["target"]) for move in moves if move["first"]} == {
        (m.source, m.target) for m in asked[1]
    }
    assert play_of(table, waiting)["moves"] == [] and play_of(table, SPECTATOR)["moves"] == []
    assert play_of(table, on_turn, "fr")["labels"]["sides"][1] == "pile 2"


def test_a_card_dragged_is_the_games_move_checked_against_the_card_shown() -> None:
    table, seat, move = at_a_move()
    session = session_of(table)
    engine = session.engine
    card = top_card(engine, seat, move.source)
    assert card is not None
    sent = {"kind": "move", "source": move.source, "target": move.target, "card": card.code}
    action = VIEW.action(table, seat, sent, "en-US")
    assert action == CrapetteAction(move, card.code)
    # The card shown is not there any more (a page drawn before a change): refused, nothing moves.
    before = engine.to_dict()
    stale = VIEW.action(table, seat, {**sent, "card": "AS/1" if card.code != "AS/1" else "AH/1"}, "en-US")
    with pytest.raises(GameError) as refused:
        session.apply(seat, stale)
    assert refused.value.key == "error.board_changed" and engine.to_dict() == before
    with pytest.raises(GameError) as waiting:
        session.apply(1 - seat, VIEW.action(table, 1 - seat, sent, "en-US"))
    assert waiting.value.key == "crapette.not_your_turn" and engine.to_dict() == before
    session.apply(seat, action)
    assert engine.to_dict() != before


@pytest.mark.parametrize(
    "forged",
    [
        {"kind": "move", "source": "xx", "target": "f1"},
        {"kind": "move", "source": "cr", "target": 3},
        {"kind": "move", "source": "cr", "target": "f1", "card": ["QS/0"]},
        {"kind": "move", "source": "cr"},
        {"kind": "control", "id": "tg:g:11:nothing", "values": []},
        {"kind": "dance"},
    ],
)
def test_a_forged_move_is_refused_as_a_stale_button(forged: dict[str, Any]) -> None:
    table = crapette_table(seed=6)
    with pytest.raises(GameError) as refused:
        VIEW.action(table, 0, forged, "en-US")
    assert refused.value.key == "error.stale_button"


def test_the_places_the_latest_step_used_are_named_from_each_readers_side_and_a_wrong_call_shows() -> None:
    table, seat, move = at_a_move()
    session = session_of(table)
    engine = session.engine
    on_turn, waiting = (ALICE, BOB) if seat == 0 else (BOB, ALICE)
    session.apply(seat, CrapetteAction(move))
    across = {"od": "di", "oc": "cr"}
    assert play_of(table, on_turn)["recent"] == [move.target]
    assert play_of(table, waiting)["recent"] == [across.get(move.target, move.target)]
    # A wrong call by the player waiting: they miss their next turn, and the page says so beside their name.
    assert engine.last_missed is None
    session.apply(1 - seat, CrapetteAction(CALL_CRAPETTE))
    players = {player["name"]: player for player in play_of(table, SPECTATOR, "fr")["players"]}
    caller, mover = table.seats[1 - seat].name, table.seats[seat].name
    assert players[caller]["status"] == "passe 1 tour" and players[mover]["status"] == ""
