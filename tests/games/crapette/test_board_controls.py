"""Crapette's board buttons keep their places, as a reviewer on a 390 px phone asked: with the move menu showing the
row read "Turn a card | Hint"; once every move of the menu was played the menu went away and the row became "Hint",
then "Turn a card" under it, so a tap aimed at Turn landed on Hint; on a strict table Turn was missing at the start
of a turn. Now the menu stays on row 0 (disabled, saying what is left, when no card can move), Turn (End turn in its
place) and Discard on row 1, Hint and Crapette! on row 2, each greyed when it cannot be used; How to play (and Open the table
beside it) on row 3."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.crapette import CrapetteOptions
from bot.games.crapette.moves import DISCARD_TURNED, END_TURN, TURN_STOCK, Move
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import UI, session_of
from bot.service.table import Table
from bot.ui.activity_button import add_open_table_button
from bot.ui.i18n import t
from tests.games.crapette.helpers import arranged
from tests.games.crapette.test_table_ui import crapette_table

TABLE = 11


def rows(table: Table) -> list[list[dict[str, Any]]]:
    """The board's components, row by row, as Discord receives them (the Open the table button included)."""
    content = UI.board(table)
    add_open_table_button(content, table)
    return [list(row["components"]) for row in content["view"].to_components()]


def places(table: Table) -> list[list[str]]:
    """Each row's controls by what they are: Turn and End turn share their place (End turn takes it once nothing
    is left to turn)."""
    slot = {f"tg:g:{TABLE}:end": f"tg:g:{TABLE}:turn"}
    return [[slot.get(c["custom_id"], c["custom_id"]) for c in row] for row in rows(table)]


def enabled(table: Table) -> set[str]:
    """What can be pressed: the game's payloads ("mv", "turn"...), "hint", "howto", "activity"."""
    names = [c["custom_id"].split(":") for row in rows(table) for c in row if not c.get("disabled")]
    return {parts[3] if parts[1] in ("g", "gs") else parts[1] for parts in names}


def menu(table: Table) -> dict[str, Any]:
    (found,) = [c for row in rows(table) for c in row if c["type"] == 3]
    return found


def moves_within_the_rule(table: Table) -> list[Move]:
    """The menu's moves that keep the priority rule (the AI would call the others), but those between side piles
    (they could go on for ever)."""
    engine = session_of(table).engine
    legal = engine.legal_actions(engine.current_player)
    return [
        a
        for a in legal
        if isinstance(a, Move)
        and engine.priority_violation(a) is None
        and not (a.from_side_pile and a.to_side_pile)
    ]


def play_every_move(table: Table) -> None:
    """Play the menu's moves until none is left (the reviewer's "every move of the menu")."""
    session = session_of(table)
    seat = session.engine.current_player
    for _ in range(200):
        moves = moves_within_the_rule(table)
        if not moves or session.engine.current_player != seat:
            return
        session.apply(seat, CrapetteAction(moves[0]))
    raise AssertionError("the menu never emptied")


KINGS = ("KS", "KH", "KD", "KC")
NO_PLACE = (*KINGS, *(f"{king}/1" for king in KINGS))  # side piles no card of the tests' goes on


def with_only(table: Table, action: object) -> Table:
    """`table` set to a position where Alice, on turn, can only Turn (`turn`), Discard (`discard`) or end her
    turn (`end`): no card can move."""
    stock, turned = {TURN_STOCK: ("5C 6C", ""), DISCARD_TURNED: ("6C", "5C"), END_TURN: ("", "")}[action]
    session_of(table).engine = arranged(
        crapettes=("9H", ""),
        stocks=(stock, "QC/1"),
        turned=(turned, ""),
        sides=NO_PLACE,
        options=session_of(table).engine.options,
    )
    assert session_of(table).engine.legal_actions(0) == [action]
    return table


def to_a_human_with_moves(table: Table) -> None:
    session = session_of(table)
    engine = session.engine
    for _ in range(400):
        seat = engine.current_player
        legal = engine.legal_actions(seat)
        if not table.seats[seat].is_ai and any(isinstance(action, Move) for action in legal):
            return
        session.apply(seat, CrapetteAction(legal[-1] if table.seats[seat].is_ai else legal[0]))
    raise AssertionError("no turn with a move")


def places_along_a_turn(table: Table) -> list[tuple[str, list[list[str]]]]:
    """The board's places along a turn: moves in the menu, after the menu's moves, a card turned up, and the next
    player's (an AI's, or the other person's) turn."""
    session = session_of(table)
    engine = session.engine
    seen = []

    def look(what: str) -> None:
        seen.append((what, places(table)))

    to_a_human_with_moves(table)
    look("moves")
    play_every_move(table)
    look("after the moves")
    seat = engine.current_player
    while engine.current_player == seat and TURN_STOCK in engine.legal_actions(seat):
        session.apply(seat, CrapetteAction(TURN_STOCK))
        look("turned")
        if DISCARD_TURNED in engine.legal_actions(seat):
            session.apply(seat, CrapetteAction(DISCARD_TURNED))
            break
        play_every_move(table)
    look("next player")
    return seen


EXPECTED = [
    [f"tg:gs:{TABLE}:mv"],
    [f"tg:g:{TABLE}:turn", f"tg:g:{TABLE}:discard"],
    [f"tg:hint:{TABLE}", f"tg:g:{TABLE}:call"],
    ["tg:howto:crapette", f"tg:activity:{TABLE}"],
]


@pytest.mark.parametrize("ai", [False, True])
@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("seed", [5, 6])
def test_every_control_keeps_its_row_and_place_through_a_turn(ai: bool, strict: bool, seed: int) -> None:
    table = crapette_table(ai=ai, seed=seed, strict=strict)
    expected = [[i for i in row if not (strict and i.endswith(":call"))] for row in EXPECTED]
    for what, shown in places_along_a_turn(table):
        assert shown == expected, what
    for only in (TURN_STOCK, DISCARD_TURNED, END_TURN):
        assert places(with_only(table, only)) == expected, only


def test_what_can_be_pressed_follows_the_turn() -> None:
    """Turn before a card is turned, Discard after, End turn once nothing is left to turn; the call for the person
    watching."""
    table = crapette_table()
    to_a_human_with_moves(table)
    assert enabled(table) == {"mv", "turn", "hint", "call", "howto", "activity"}
    assert enabled(with_only(table, TURN_STOCK)) == {"turn", "hint", "call", "howto", "activity"}
    assert enabled(with_only(table, DISCARD_TURNED)) == {"discard", "hint", "call", "howto", "activity"}
    assert enabled(with_only(table, END_TURN)) == {"end", "hint", "call", "howto", "activity"}


def test_while_the_ai_plays_only_the_call_can_be_pressed() -> None:
    """Its moves are not offered, nor a hint (only the player on turn may ask); on your own turn the AI watches
    and calls itself, so Crapette! is greyed."""
    table = crapette_table(ai=True, seed=6)
    to_a_human_with_moves(table)
    assert "call" not in enabled(table) and {"mv", "hint"} <= enabled(table)
    session = session_of(table)
    while session.engine.current_player == 0:
        session.apply(0, CrapetteAction(session.engine.legal_actions(0)[-1]))
    assert enabled(table) == {"call", "howto", "activity"}


def test_a_strict_turn_that_must_move_first_shows_turn_greyed() -> None:
    """The reviewer's strict table: Turn was missing at the start of a turn (the priority rule asks for a move
    first); it is there, greyed, until the rule lets the player turn."""
    game = arranged(
        crapettes=("AH", ""), stocks=("5C 6C", "QC/1"), sides=("KS",), options=CrapetteOptions(strict=True)
    )
    table = crapette_table(strict=True)
    session_of(table).engine = game
    assert TURN_STOCK not in game.legal_actions(0)
    assert places(table)[1] == [f"tg:g:{TABLE}:turn", f"tg:g:{TABLE}:discard"]
    assert "turn" not in enabled(table) and "mv" in enabled(table)


@pytest.mark.parametrize("locale", ["en-US", "de", "fr"])
def test_with_nothing_left_to_turn_end_turn_takes_turns_place(locale: str) -> None:
    table = with_only(crapette_table(locale), END_TURN)
    (turn_place, discard) = rows(table)[1]
    assert turn_place["custom_id"] == f"tg:g:{TABLE}:end" and not turn_place["disabled"]
    assert turn_place["label"] == t(locale, "crapette.button.end") and discard["disabled"]
    shown = menu(table)
    assert shown["disabled"] and shown["placeholder"] == t(locale, "crapette.no_move.end")


@pytest.mark.parametrize("locale", ["en-US", "de", "fr"])
def test_a_menu_with_no_move_says_what_is_left_in_the_tables_language(locale: str) -> None:
    table = crapette_table(locale, ai=True, seed=6)
    to_a_human_with_moves(table)
    assert (
        menu(table)["placeholder"] == t(locale, "crapette.move_placeholder") and not menu(table)["disabled"]
    )
    session = session_of(table)
    while session.engine.current_player == 0:
        session.apply(0, CrapetteAction(session.engine.legal_actions(0)[-1]))
    shown = menu(table)
    assert shown["disabled"] and shown["placeholder"] == t(locale, "crapette.no_move.ai")
    assert len(shown["options"]) == 1, "Discord asks a disabled menu for one option all the same"
    for only in (TURN_STOCK, DISCARD_TURNED, END_TURN):
        shown = menu(with_only(table, only))
        assert shown["disabled"] and shown["placeholder"] == t(locale, f"crapette.no_move.{only}")
    assert all(len(t(locale, f"crapette.no_move.{key}")) <= 150 for key in ("turn", "discard", "end", "ai"))


def test_old_boards_buttons_still_answer() -> None:
    """The custom ids did not change: a board drawn before still acts."""
    table = crapette_table()
    for payload in ("turn", "discard", "end", "call"):
        assert UI.action(table, payload, []) is not None
