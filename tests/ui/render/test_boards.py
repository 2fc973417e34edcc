"""The boards' shapes: valid PNGs of the announced size, long piles inside the picture, highlights where asked,
texts that never spill, and the shipped fonts."""

from __future__ import annotations

from dataclasses import replace

from bot.games.cards import Card, full_deck
from bot.ui.render import (
    ColumnLayout,
    render_cards_row,
    render_crapette,
    render_klondike,
    render_thegame,
)
from bot.ui.render.card_faces import CARD_HEIGHT, CARD_WIDTH
from bot.ui.render.crapette import crapette_size
from bot.ui.render.crapette import place_box as crapette_place
from bot.ui.render.examples import cards, crapette_example, klondike_example, thegame_example
from bot.ui.render.fonts import BOLD_FILE, BOOK_FILE, FONT_DIRECTORY
from bot.ui.render.klondike import klondike_size
from bot.ui.render.klondike import place_box as klondike_place
from bot.ui.render.row import cards_row_size
from bot.ui.render.text import drawable, font_length
from bot.ui.render.thegame import thegame_size
from bot.ui.render.theme import DEFAULT_SCALE, FELT, HIGHLIGHT
from tests.ui.render.helpers import colours, decode, distance, scaled

SCALE = DEFAULT_SCALE
RUN = cards("KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D AS")  # the longest run a pile can hold


def test_pngs_decode_at_the_announced_size() -> None:
    klondike, crapette, thegame = klondike_example(), crapette_example(), thegame_example()
    assert decode(render_klondike(klondike)).size == klondike_size(klondike)
    assert decode(render_crapette(crapette)).size == crapette_size(crapette)
    assert decode(render_thegame(thegame)).size == thegame_size()
    assert decode(render_cards_row(RUN)).size == cards_row_size(len(RUN))
    assert decode(render_klondike(klondike, scale=1)).size == klondike_size(klondike, scale=1)


def test_boards_are_sharp_on_desktop_and_fit_discord() -> None:
    for width, _ in (klondike_size(klondike_example()), crapette_size(crapette_example()), thegame_size()):
        assert 780 <= width <= 1000


def test_a_long_klondike_column_stays_inside_the_picture() -> None:
    columns = list(klondike_example().columns)
    columns[6] = ColumnLayout(6, RUN)
    layout = replace(klondike_example(), columns=tuple(columns))
    board = decode(render_klondike(layout))
    box = klondike_place(layout, "column:7")
    assert box is not None
    left, _, right, bottom = scaled(box, SCALE)
    assert bottom < board.height
    last_card_body = (
        left + 4 * SCALE,
        bottom - CARD_HEIGHT * SCALE // 2,
        right - 4 * SCALE,
        bottom - 4 * SCALE,
    )
    assert any(distance(colour, FELT) > 100 for _, colour in colours(board, last_card_body))
    below = (left, bottom + 1, right, board.height)
    assert all(distance(colour, FELT) < 20 for _, colour in colours(board, below))


def test_an_absurdly_long_column_still_fits() -> None:
    columns = list(klondike_example().columns)
    columns[0] = ColumnLayout(20, tuple(full_deck()[:30]))
    layout = replace(klondike_example(), columns=tuple(columns))
    box = klondike_place(layout, "column:1")
    assert box is not None
    assert box[3] * SCALE < klondike_size(layout)[1]
    assert decode(render_klondike(layout)).size == klondike_size(layout)


def test_a_full_crapette_run_stays_inside_above_the_bottom_player() -> None:
    layout = replace(crapette_example(), side_piles=(RUN,) * 8)
    pile = crapette_place(layout, "side:8")
    bottom_player = crapette_place(layout, "crapette:1")
    assert pile is not None and bottom_player is not None
    assert pile[3] < bottom_player[1]
    assert bottom_player[3] * SCALE < crapette_size(layout)[1]
    assert decode(render_crapette(layout)).size == crapette_size(layout)


def gold_pixels(board_png: bytes, box: tuple[int, int, int, int]) -> int:
    left, top, right, bottom = scaled(box, SCALE)
    frame = (left - 3 * SCALE, top - 3 * SCALE, right + 3 * SCALE, bottom + 3 * SCALE)
    return sum(
        number for number, colour in colours(decode(board_png), frame) if distance(colour, HIGHLIGHT) < 30
    )


def test_highlighted_places_get_a_gold_frame_and_others_do_not() -> None:
    layout = klondike_example()  # highlights the waste and column 3
    png = render_klondike(layout)
    for place in ("waste", "column:3"):
        box = klondike_place(layout, place)
        assert box is not None and gold_pixels(png, box) > 500
    for place in ("stock", "column:5", "foundation:S"):
        box = klondike_place(layout, place)
        assert box is not None and gold_pixels(png, box) < 50


def test_unknown_places_are_ignored() -> None:
    layout = replace(klondike_example(), highlight=frozenset({"column:9", "nowhere", "foundation:X"}))
    assert decode(render_klondike(layout)).size == klondike_size(layout)
    assert crapette_place(crapette_example(), "side:0") is None


def test_crapette_side_piles_and_foundations_can_be_highlighted() -> None:
    layout = replace(crapette_example(), current_player=None, highlight=frozenset({"foundation:2", "side:1"}))
    png = render_crapette(layout)
    for place in ("foundation:2", "side:1"):
        box = crapette_place(layout, place)
        assert box is not None and gold_pixels(png, box) > 500
    box = crapette_place(layout, "side:2")
    assert box is not None and gold_pixels(png, box) < 50


def test_long_names_and_titles_never_spill_out() -> None:
    long_name = "Maximilienne-Alexandrine de la Tour" * 3
    klondike = replace(klondike_example(), title=long_name)
    players = crapette_example().players
    crapette = replace(crapette_example(), players=(replace(players[0], name=long_name), players[1]))
    thegame = replace(thegame_example(), turn_text=long_name)
    assert decode(render_klondike(klondike)).size == klondike_size(klondike)
    assert decode(render_crapette(crapette)).size == crapette_size(crapette)
    assert decode(render_thegame(thegame)).size == thegame_size()


def test_emoji_the_font_lacks_are_left_out_instead_of_empty_boxes() -> None:
    assert drawable("🤖 Bob") == "Bob"
    assert drawable("Q♠ ▲ ↩ 13 · café") == "Q♠ ▲ ↩ 13 · café"


def test_french_no_break_spaces_are_drawn() -> None:
    """Seen in a French The Game picture: "Pioche: 82" where the catalog says "Pioche\u00a0: 82" (the no-break
    space, not printable to Python, was taken out with the emoji). It stays, a space wide, and a run of spaces
    an emoji leaves is one space, no-break where one was."""
    assert drawable("Pioche\u00a0: 82") == "Pioche\u00a0: 82"
    assert drawable("«\u00a0Q♠\u00a0» · 1\u202f000 pts") == "«\u00a0Q♠\u00a0» · 1\u202f000 pts"
    assert drawable("Grace\u00a0🤖 : 3") == "Grace\u00a0: 3"
    assert drawable("\u00a0🤖 Bob\u00a0") == "Bob"
    assert drawable("Alice\nBob") == "Alice Bob", "a line break is a space, never words glued together"
    assert font_length("a\u00a0b", 20, True) == font_length("a b", 20, True) > font_length("ab", 20, True)
    french = replace(thegame_example(), labels=replace(thegame_example().labels, draw_pile="Pioche\u00a0"))
    squeezed = replace(thegame_example(), labels=replace(thegame_example().labels, draw_pile="Pioche"))
    assert render_thegame(french) != render_thegame(squeezed)


def test_the_fonts_ship_with_the_package_with_their_licence() -> None:
    assert BOLD_FILE.parent == FONT_DIRECTORY and BOOK_FILE.parent == FONT_DIRECTORY
    assert BOLD_FILE.is_file() and BOOK_FILE.is_file()
    licence = (FONT_DIRECTORY / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "Arev" in licence


def test_an_empty_row_of_cards_is_one_empty_place() -> None:
    assert decode(render_cards_row([])).size == cards_row_size(0)
    assert cards_row_size(0)[0] >= CARD_WIDTH * SCALE
    assert Card("S", 14) in full_deck()
