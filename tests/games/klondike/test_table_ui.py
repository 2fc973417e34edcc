"""Klondike's board on a phone: moves that say where their card comes from, controls that never move."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.base import Notice
from bot.games.errors import GameError
from bot.games.klondike import DRAW, Klondike, KlondikeOptions
from bot.games.klondike.history import history
from bot.games.klondike.session import MakeMove, UndoMove
from bot.games.klondike.table_ui import UI
from bot.games.klondike.wording import describe
from bot.service.table import TableStatus
from bot.ui.card_emojis import CARD_EMOJIS, card_emoji_name, cards_in_text, emoji_names
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t
from tests.games.klondike.tables import klondike_table, tour_game, tour_moves

ONLY_DRAW_SEED = 8  # a deal where no card can move before drawing

TOLD_EN = [
    "A♣ column 1 → foundation",
    "2♣ column 2 → foundation",
    "2♣ foundation → column 3",
    "9♠ column 4 → column 5",
    "draw from the stock",
    "8♥ waste → column 5",
    "10♥…8♥ column 5 → column 6 (3 cards)",
]
TOLD_FR = [
    "A♣ colonne 1 → fondation",
    "2♣ colonne 2 → fondation",
    "2♣ fondation → colonne 3",
    "9♠ colonne 4 → colonne 5",
    "piocher dans le talon",
    "8♥ défausse → colonne 5",
    "10♥…8♥ colonne 5 → colonne 6 (3 cartes)",
]


@pytest.mark.parametrize(("locale", "told"), [("en-US", TOLD_EN), ("fr", TOLD_FR)])
def test_every_move_names_where_its_cards_come_from(locale: str, told: list[str]) -> None:
    game = tour_game()
    said = []
    for move in tour_moves():
        said.append(render_notice(locale, describe(game, move)))
        game.play(move)
    assert said == told
    assert [render_notice(locale, notice) for notice in history(game)] == told  # the full log


def test_the_menu_the_suggestions_and_the_answer_use_the_same_words() -> None:
    game = tour_game()
    moves = tour_moves()
    for move in moves[:5]:
        game.play(move)
    table = klondike_table(game)
    menu = UI.move_menu(table)
    labels = [option.label for option in menu.item.options]
    assert "8♥ waste → column 5" in labels
    suggested = [choice.name for choice in UI.move_suggestions(table, 0, "waste", "en-US")]
    assert "8♥ waste → column 5 (w>c5)" in suggested
    result = table.require_session().apply(0, MakeMove(moves[5]))
    assert result.notice is not None
    assert render_notice("fr", result.notice) == "Joué\xa0: 8♥ défausse → colonne 5."


def layout_of(view: Any) -> list[tuple[int, int, str, str]]:
    """Each control's row, its place in the row, its kind and its custom id (without the table's step that Draw
    and Undo carry), as Discord lays them out."""
    laid = []
    for row, action_row in enumerate(view.to_components()):
        for place, component in enumerate(action_row["components"]):
            custom_id = re.sub(r"^(tg:g:\d+:(?:draw|undo))\.\d+$", r"\1", component["custom_id"])
            laid.append((row, place, str(component["type"]), custom_id))
    return laid


def positions_on_the_way() -> list[Klondike]:
    """Positions along a game with moves to make, a fresh deal where only the draw is left, and the next."""
    positions = [tour_game()]
    game = tour_game()
    for move in tour_moves():
        game.play(move)
        positions.append(game.copy())
    only_draw = Klondike.new(KlondikeOptions(draw=3), ONLY_DRAW_SEED)
    positions.append(only_draw.copy())
    only_draw.play(DRAW)
    positions.append(only_draw)
    return positions


@pytest.mark.parametrize(("players", "mode"), [(1, "solo"), (2, "turns"), (2, "together")])
def test_the_controls_keep_their_places_from_move_to_move(players: int, mode: str) -> None:
    layouts = []
    empty_menus = 0
    for game in positions_on_the_way():
        table = klondike_table(game, players=players, mode=mode)
        view = UI.controls(table)
        layouts.append(layout_of(view))
        menu = UI.move_menu(table)
        if menu.item.disabled:
            empty_menus += 1
            assert menu.item.placeholder == "No card can move: draw from the stock"
    assert empty_menus >= 1, "the series includes a position with nothing to choose in the menu"
    assert all(layout == layouts[0] for layout in layouts), "Hint and the other buttons never move"
    hint = next(item for item in layouts[0] if item[3] == "tg:hint:42")
    assert hint[:2] == (2, 0), "Hint opens the third row, before (Pass and) Give up"
    per_row = [sum(1 for item in layouts[0] if item[0] == row) for row in range(3)]
    assert per_row[0] == 1 and max(per_row[1:]) <= 3, "the menu alone, then three buttons a row at most"


def board_buttons(table: Any) -> dict[str, str]:
    """The board's game buttons, their name to their payload ("draw" -> "draw.3")."""
    payloads = [
        component["custom_id"].split(":")[3]
        for row in UI.controls(table).to_components()
        for component in row["components"]
        if component["custom_id"].startswith("tg:g:")
    ]
    return {payload.split(".")[0]: payload for payload in payloads}


def test_a_second_press_of_draw_or_undo_on_a_board_left_behind_changes_nothing() -> None:
    """A double tap on a slow phone, or a teammate pressing first: Draw and Undo carry the table's step, and a
    press from a board the table has left behind is refused in one sentence instead of drawing (or taking back)
    once more."""
    game = tour_game()
    table = klondike_table(game, players=2, mode="together")
    session = table.require_session()
    first = board_buttons(table)
    assert first["draw"] == "draw.0" and first["undo"] == "undo.0"
    session.apply(0, UI.action(table, first["draw"], [])[0])  # the first tap draws
    assert game.moves_made == 1
    before = game.to_dict()
    for payload in (first["draw"], first["undo"]):  # the second tap, from the same board
        with pytest.raises(GameError) as refused:
            session.apply(1, UI.action(table, payload, [])[0])
        assert refused.value.key == "error.board_changed_button"
        assert game.to_dict() == before, "nothing drawn, nothing taken back"
    assert t("fr", refused.value.key).startswith("La table a changé depuis l'affichage de ce bouton")
    now = board_buttons(table)
    assert now["draw"] == "draw.1" and now["undo"] == "undo.1"
    session.apply(1, UI.action(table, now["undo"], [])[0])  # the board as it is now: it takes the draw back
    assert game.undos_used == 1 and game.stock_count == 24
    assert board_buttons(table)["draw"] == "draw.2", "an undo is a change too"


def test_draw_and_undo_from_a_board_drawn_before_they_carried_the_step_still_answer() -> None:
    game = tour_game()
    table = klondike_table(game)
    session = table.require_session()
    assert UI.action(table, "draw", [])[0] == MakeMove(DRAW)
    assert UI.action(table, "undo", [])[0] == UndoMove()
    session.apply(0, UI.action(table, "draw", [])[0])
    session.apply(0, UI.action(table, "draw", [])[0])  # no step: played as before
    session.apply(0, UI.action(table, "undo", [])[0])
    assert (game.moves_made, game.undos_used) == (2, 1)


@pytest.mark.parametrize("payload", ["draw.", "draw.x", "draw.1.2", "undo.-1", "draw.0x1", "auto.3"])
def test_a_forged_step_is_a_stale_button(payload: str) -> None:
    table = klondike_table(tour_game())
    with pytest.raises(GameError) as refused:
        UI.action(table, payload, [])
    assert refused.value.key == "error.stale_button"


def test_an_empty_menu_says_why_in_french() -> None:
    table = klondike_table(Klondike.new(KlondikeOptions(draw=3), ONLY_DRAW_SEED), locale="fr")
    menu = UI.move_menu(table)
    assert menu.item.disabled and menu.item.placeholder == "Aucune carte ne peut bouger\xa0: pioche"


VERDICTS = {
    (
        "en-US",
        10,
    ): "🔎 Looking at every card, hidden ones included, the solver says this deal could have been won.",
    (
        "fr",
        149,
    ): "🔎 En regardant toutes les cartes, même cachées, le solveur a prouvé que cette donne ne pouvait pas "
    "être gagnée.",
}


@pytest.mark.parametrize(("locale", "seed"), list(VERDICTS))
async def test_the_after_game_verdict_says_it_read_every_card(locale: str, seed: int) -> None:
    """Hints never read a hidden card; the verdict after the game does, and says so."""
    game = Klondike.new(KlondikeOptions(draw=3), seed)
    if not game.is_over:
        game.give_up()
    table = klondike_table(game, locale=locale)
    table.seed, table.status = seed, TableStatus.FINISHED
    assert await UI.end_details(table) == VERDICTS[locale, seed]


def test_each_move_in_the_menu_shows_its_card_as_a_picture_once_uploaded() -> None:
    """♠ and ♣ hardly read in a menu on Discord's dark theme: each option shows the card that moves (the top of a
    run) as the bot's own card picture; until the pictures are uploaded, a foundation move keeps its ⬆️."""
    game = tour_game()
    for move in tour_moves()[:5]:
        game.play(move)
    table = klondike_table(game)
    before = UI.move_menu(table).item.options
    assert all(option.emoji is None or str(option.emoji) == "⬆️" for option in before)
    ids = {name: 1_300_000_000_000_000_000 + number for number, name in enumerate(emoji_names())}
    assert CARD_EMOJIS.install(ids)
    after = UI.move_menu(table).item.options
    for option in after:
        (moving, *_) = cards_in_text(option.label)
        assert option.emoji is not None and option.emoji.name == card_emoji_name(moving), option.label


@pytest.mark.parametrize(
    ("locale", "typed", "suggested"),
    [
        ("de", "s5", "8♥ Abwurf → Spalte 5 (w>s5)"),
        ("de", "Abwurf", "8♥ Abwurf → Spalte 5 (w>s5)"),
        ("de", "w>c5", "8♥ Abwurf → Spalte 5 (w>s5)"),  # the English code, from an English guide
        ("fr", "d>", "8♥ défausse → colonne 5 (d>c5)"),
        ("fr", "défausse", "8♥ défausse → colonne 5 (d>c5)"),
    ],
)
def test_the_suggestions_are_in_the_readers_shorthand(locale: str, typed: str, suggested: str) -> None:
    """A German reviewer typed `/zug zug:s4>s5` (s for Spalte) and was refused: the suggestions and the moves
    typed are in the reader's letters, and the move suggested is the move played."""
    game = tour_game()
    moves = tour_moves()
    for move in moves[:5]:
        game.play(move)
    table = klondike_table(game)
    choices = {choice.name: choice.value for choice in UI.move_suggestions(table, 0, typed, locale)}
    assert suggested in choices, list(choices)
    assert UI.parse_move(table, choices[suggested], locale) == MakeMove(moves[5])
    draw = {choice.value for choice in UI.move_suggestions(table, 0, "", locale)} & {"t", "s"}
    assert draw == {"t"}, "draw: t for Talon"


def test_an_unreadable_move_is_refused_with_the_readers_letters() -> None:
    table = klondike_table(tour_game())
    with pytest.raises(GameError) as refused:
        UI.parse_move(table, "s", "de")  # the English draw: in German, `s` is a Spalte
    params = UI.explain(table, refused.value.key, dict(refused.value.params), "de")
    assert render_notice("de", Notice(refused.value.key, params)) == (
        "„s“ kann ich nicht als Zug lesen: Schreib ihn wie w>s3, s3>a, s2>s5x3 (s Spalte, a Ablagestapel, w Abwurf;"
        " t allein zieht) oder wähl einen im Menü."
    )
    assert UI.parse_move(table, "t", "de") == MakeMove(DRAW)
