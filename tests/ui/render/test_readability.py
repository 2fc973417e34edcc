"""What a player sees: ranks and suits big enough on a phone, red suits red and black suits black."""

from __future__ import annotations

import pytest

from bot.games.cards import SUITS, Card, full_deck
from bot.ui.render import draw_thegame, render_klondike
from bot.ui.render.card_faces import CARD_WIDTH, STACK_OFFSET, card_face, card_size, index_baseline
from bot.ui.render.crapette import crapette_size
from bot.ui.render.examples import crapette_example, klondike_example, thegame_example
from bot.ui.render.klondike import klondike_size, place_box
from bot.ui.render.row import cards_row_size
from bot.ui.render.thegame import HEADER_HEIGHT, MARGIN, PILE_HEIGHT, PILE_WIDTH, PILES_Y
from bot.ui.render.theme import DEFAULT_SCALE
from tests.ui.render.helpers import (
    PHONE_WIDTH,
    count,
    decode,
    ink,
    ink_box,
    ink_height,
    is_black,
    is_red,
    scaled,
    widest_blank_gap,
)

MINIMUM_PHONE_GLYPH = 10  # pixels on a phone screen, for a rank or suit in a card's corner
SCALE = DEFAULT_SCALE


BORDER = 2 * SCALE  # the card's outline, left out of every measure


def corner_boxes() -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """The rank's box (left half) and the suit's box (right half) of a card's corner index, inside the outline."""
    width, _ = card_size(SCALE)
    bottom = index_baseline(SCALE) + SCALE
    return (BORDER, BORDER, width // 2, bottom), (width // 2, BORDER, width - BORDER, bottom)


def widest_board() -> int:
    """The widest card board at the default scale: the phone shrinks it the most."""
    return max(
        klondike_size(klondike_example())[0],
        crapette_size(crapette_example())[0],
        cards_row_size(13)[0],
    )


@pytest.mark.parametrize("card", [Card(suit, rank) for suit in SUITS for rank in (10, 12, 14)], ids=str)
def test_corner_rank_and_suit_are_readable_on_a_phone(card: Card) -> None:
    face = card_face(card, SCALE)
    shrink = PHONE_WIDTH / widest_board()
    rank_box, suit_box = corner_boxes()
    rank_height = ink_height(face, rank_box) * shrink
    suit_height = ink_height(face, suit_box) * shrink
    assert rank_height >= MINIMUM_PHONE_GLYPH, f"{card}: rank {rank_height:.1f} px tall on a phone"
    assert suit_height >= MINIMUM_PHONE_GLYPH, f"{card}: suit {suit_height:.1f} px tall on a phone"


@pytest.mark.parametrize("card", full_deck(), ids=str)
def test_a_stacked_card_shows_its_whole_index_and_nothing_cut(card: Card) -> None:
    # A card under another in a column shows only its top STACK_OFFSET: whatever is drawn there (the rank and
    # suit, the tail of a Q) ends above the next card's edge, so nothing shows cut in half.
    face = card_face(card, SCALE)
    shown = ink_box(face, (BORDER, BORDER, face.width - BORDER, STACK_OFFSET * SCALE))
    assert shown is not None
    assert shown[3] + BORDER <= (STACK_OFFSET - 1) * SCALE, f"{card}: a glyph runs under the next card's edge"


@pytest.mark.parametrize("rank", range(2, 15))
def test_rank_never_runs_into_the_suit(rank: int) -> None:
    face = card_face(Card("H", rank), SCALE)
    strip = (BORDER, BORDER, face.width - BORDER, index_baseline(SCALE))
    gap = widest_blank_gap(face, strip)
    assert gap >= 3 * SCALE, f"rank {rank}: {gap} px between rank and suit"


@pytest.mark.parametrize("card", full_deck(), ids=str)
def test_red_suits_are_red_and_black_suits_black(card: Card) -> None:
    face = card_face(card, SCALE)
    glyphs = ink(face, (0, 0, face.width, face.height))
    reds, blacks = count(glyphs, is_red), count(glyphs, is_black)
    if card.is_red:
        assert reds > 200 and blacks == 0, f"{card}: {reds} red, {blacks} black pixels"
    else:
        assert blacks > 200 and reds == 0, f"{card}: {reds} red, {blacks} black pixels"


def test_colours_survive_the_png_palette() -> None:
    layout = klondike_example()  # column 1 holds K♠ Q♥ J♣ 10♦
    board = decode(render_klondike(layout))
    box = place_box(layout, "column:1")
    assert box is not None
    left, top = box[0], box[1]
    king = ink(board, scaled((left, top, left + CARD_WIDTH, top + STACK_OFFSET), SCALE))
    queen = ink(board, scaled((left, top + STACK_OFFSET, left + CARD_WIDTH, top + 2 * STACK_OFFSET), SCALE))
    assert count(king, is_black) > 100 and count(king, is_red) == 0
    assert count(queen, is_red) > 100 and count(queen, is_black) == 0


def test_the_game_top_cards_are_the_biggest_thing_on_a_phone() -> None:
    board = draw_thegame(thegame_example())
    shrink = PHONE_WIDTH / board.width
    body = scaled(
        (MARGIN + 4, PILES_Y + HEADER_HEIGHT + 2, MARGIN + PILE_WIDTH - 4, PILES_Y + PILE_HEIGHT - 4), SCALE
    )
    number_height = ink_height(board, body) * shrink
    assert number_height >= 30, f"top card {number_height:.1f} px tall on a phone"
