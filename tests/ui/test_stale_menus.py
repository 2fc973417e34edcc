"""A move chosen in a menu drawn before the table changed moves nothing.

Found in the playground: Crapette's menu offered "9♦ pile 1 → pile 5"; by the time the choice arrived, another card
lay on pile 1 (the board on the screen was older than the table), and the player read "That card must be one rank
above or below" about a card they had not chosen. A menu's value named places only, so a stale choice could just as
well have moved a card nobody chose (a Klondike teammate's move changes the columns under your menu). Each option
now carries the card it shows; a choice whose card is no longer there is refused with one sentence, nothing moved.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.crapette.moves import Move as CrapetteMove
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import UI as CRAPETTE_UI
from bot.games.crapette.table_ui import session_of as crapette_session
from bot.games.errors import GameError
from bot.games.klondike.table_ui import UI as KLONDIKE_UI
from bot.games.klondike.table_ui import session_of as klondike_session
from bot.ui.i18n import t
from bot.ui.menu_values import read_seen_card, with_seen_card
from tests.games.crapette.test_table_ui import crapette_table
from tests.games.klondike.tables import klondike_table, tour_game, tour_moves


def test_a_value_names_the_move_and_the_card_and_old_values_read_as_before() -> None:
    assert with_seen_card("c3>c5x2", "9D") == "c3>c5x2@9D"
    assert read_seen_card("c3>c5x2@9D") == ("c3>c5x2", "9D")
    assert read_seen_card("s1>f2@QS/0") == ("s1>f2", "QS/0")
    assert read_seen_card("w>c5") == ("w>c5", None)  # a menu drawn before this change
    assert with_seen_card("s", None) == "s"


def menu_values(board: dict[str, Any]) -> list[str]:
    items = [getattr(child, "item", child) for child in board["view"].children]
    menu = next(item for item in items if getattr(item, "options", None))
    return [option.value for option in menu.options]


def crapette_at_a_move() -> Any:
    table = crapette_table(seed=6)
    session = crapette_session(table)
    engine = session.engine
    while not any(isinstance(action, CrapetteMove) for action in engine.legal_actions(engine.current_player)):
        session.apply(engine.current_player, CrapetteAction(engine.legal_actions(engine.current_player)[0]))
    return table


def test_crapette_refuses_a_menu_move_whose_card_has_gone() -> None:
    table = crapette_at_a_move()
    session = crapette_session(table)
    engine = session.engine
    seat = engine.current_player
    values = menu_values(CRAPETTE_UI.board(table))
    assert all("@" in value for value in values), values
    chosen = values[0]
    code, card = read_seen_card(chosen)
    assert str(CRAPETTE_UI.action(table, "mv", [chosen])[0].action) == code
    # Another card is at the source now: as if the board on the screen were older than the table.
    forged = with_seen_card(code, "AS/1" if card != "AS/1" else "KH/0")
    before = engine.to_dict()
    with pytest.raises(GameError) as refused:
        session.apply(seat, CRAPETTE_UI.action(table, "mv", [forged])[0])
    assert refused.value.key == "error.board_changed"
    assert engine.to_dict() == before, "nothing moved"
    # The menu's own value plays.
    session.apply(seat, CRAPETTE_UI.action(table, "mv", [chosen])[0])
    assert engine.to_dict() != before


def test_crapette_still_plays_an_old_menus_value() -> None:
    table = crapette_at_a_move()
    engine = crapette_session(table).engine
    code, _ = read_seen_card(menu_values(CRAPETTE_UI.board(table))[0])
    before = len(engine.log)
    crapette_session(table).apply(engine.current_player, CRAPETTE_UI.action(table, "mv", [code])[0])
    assert len(engine.log) == before + 1


def test_klondike_refuses_a_teammates_stale_menu_move() -> None:
    """Two players at once: Bob's menu still offers a move of the card Alice just moved away."""
    game = tour_game()
    moves = tour_moves()
    for move in moves[:5]:
        game.play(move)
    table = klondike_table(game, players=2, mode="together")
    session = klondike_session(table)
    option = next(
        option
        for option in KLONDIKE_UI.move_menu(table).item.options
        if option.label == "8♥ waste → column 5"
    )
    assert option.value == "w>c5@8H"
    session.apply(0, KLONDIKE_UI.action(table, "mv", [option.value])[0])  # Alice plays it
    # Bob chose the same line on the board he still sees: the waste shows another card now (or none).
    before = game.to_dict()
    with pytest.raises(GameError) as refused:
        session.apply(1, KLONDIKE_UI.action(table, "mv", [option.value])[0])
    assert refused.value.key == "error.board_changed"
    assert game.to_dict() == before
    assert "nothing moved" in t("en-US", refused.value.key)


def test_a_crapette_menu_move_by_the_player_not_on_turn_says_it_is_not_their_turn() -> None:
    """Found in the playground: the other player, choosing in the board's menu during someone else's turn, was
    told the menu was stale; the reason is that it is not their turn."""
    table = crapette_at_a_move()
    session = crapette_session(table)
    engine = session.engine
    chosen = menu_values(CRAPETTE_UI.board(table))[0]
    before = engine.to_dict()
    with pytest.raises(GameError) as refused:
        session.apply(1 - engine.current_player, CRAPETTE_UI.action(table, "mv", [chosen])[0])
    assert refused.value.key == "crapette.not_your_turn"
    assert engine.to_dict() == before
