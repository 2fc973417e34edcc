"""The trick games' table (Hearts, Barbu): approved pictures for 3 to 8 seats, no seat over another, the trick's
cards in front of the seats that played them, the markers, and cards as readable on a phone as on the other boards.

After an intended change of the design, rewrite the stored images and look at them before committing:

    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/ui/render/test_trick_table.py
"""

from __future__ import annotations

import itertools
import math
import os
from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.cards import Card
from bot.ui.render import TakenChip, TrickSeat, TrickTableLayout, draw_trick_table, render_trick_table
from bot.ui.render.card_faces import CARD_WIDTH, card_face, index_baseline
from bot.ui.render.crapette import crapette_size
from bot.ui.render.examples import crapette_example
from bot.ui.render.theme import DEFAULT_SCALE, HIGHLIGHT
from bot.ui.render.trick_examples import (
    EXAMPLES,
    hearts_eight_two_decks,
    hearts_four_mid_trick,
    plays,
)
from bot.ui.render.trick_places import HEIGHT, WIDTH, centre_box, seat_places
from bot.ui.render.tricks import CHIP_HEIGHT, chip_width, fitting_chips, trick_table_size
from tests.ui.render.helpers import (
    PHONE_WIDTH,
    colours,
    count,
    decode,
    distance,
    ink,
    ink_height,
    is_black,
    is_red,
    scaled,
)

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("REGENERATE_GOLDEN") == "1"
SCALE = DEFAULT_SCALE
# Barbu's five contracts are stored at scale 1 (small files); the Hearts tables at the scale Discord gets.
GOLDEN_SCALE = {name: 1 if name.startswith("barbu") else SCALE for name in EXAMPLES}

Box = tuple[int, int, int, int]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_trick_table_matches_the_approved_image(name: str, tmp_path: Path) -> None:
    png = render_trick_table(EXAMPLES[name](), scale=GOLDEN_SCALE[name])
    golden = GOLDEN / f"tricks_{name}.png"
    if REGENERATE:
        golden.write_bytes(png)
    assert golden.exists(), f"no approved image {golden}; run with REGENERATE_GOLDEN=1 and look at it"
    expected, actual = decode(golden.read_bytes()), decode(png)
    assert actual.size == expected.size, f"{name}: size {actual.size}, approved {expected.size}"
    if actual.tobytes() != expected.tobytes():
        (tmp_path / f"{name}.png").write_bytes(png)
        pytest.fail(f"{name} differs from {golden.name}; the new picture is {tmp_path / name}.png")


def test_the_examples_cover_every_table_size_a_trick_game_has_in_the_tests() -> None:
    sizes = {len(example().seats) for example in EXAMPLES.values()}
    assert {3, 4, 5, 6, 8} <= sizes


def overlaps(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


@pytest.mark.parametrize("seats", range(3, 9))
def test_no_seat_lies_over_another_and_every_card_lies_inside_its_seat(seats: int) -> None:
    places = seat_places(seats)
    assert len({place.place for place in places}) == seats
    for one, other in itertools.combinations(places, 2):
        assert not overlaps(one.area, other.area), (one.place, other.place)
    for place in places:
        left, top, right, bottom = place.area
        assert left >= 0 and right <= WIDTH and top >= 0 and bottom <= HEIGHT
        assert not overlaps(place.plate, place.card), place.place
        assert not overlaps(place.area, centre_box(seats)), place.place
        card_left, card_top, card_right, card_bottom = place.card
        assert left <= card_left and card_right <= right and top <= card_top and card_bottom <= bottom


@pytest.mark.parametrize("seats", range(3, 9))
def test_seats_go_round_clockwise_from_the_bottom(seats: int) -> None:
    """Play passes to the left: seen from above, from the bottom to the left side, the top, then the right."""
    angles = []
    for place in seat_places(seats):
        left, top, right, bottom = place.card
        x, y = (left + right) / 2 - WIDTH / 2, (top + bottom) / 2 - HEIGHT / 2
        angles.append(
            math.degrees(math.atan2(-x, y)) % 360
        )  # 0 at the bottom, 90 on the left, 180 at the top
    assert angles == sorted(angles), angles
    assert angles[0] < 90 and angles[-1] > 180, "seat 0 at the bottom, the last seat on the right"


def test_each_card_lies_in_front_of_the_seat_that_played_it() -> None:
    layout = hearts_four_mid_trick()  # Blaise (seat 1) led 9♥, Chloé (seat 2) played K♥
    board = draw_trick_table(layout, SCALE)
    places = seat_places(4)
    for play in layout.trick:
        left, top, _, _ = places[play.seat].card
        expected = card_face(play.card, SCALE).convert("RGB")
        corner = (left * SCALE + 4, top * SCALE + 4, (left + CARD_WIDTH) * SCALE - 4, top * SCALE + 40)
        shown = board.crop(corner)
        assert shown.tobytes() == expected.crop((4, 4, CARD_WIDTH * SCALE - 4, 40)).tobytes(), play
    empty = places[3].card  # Dmitri, to play: nothing in his place yet
    inside = scaled((empty[0] + 6, empty[1] + 6, empty[2] - 6, empty[3] - 6), SCALE)
    assert len(colours(board, inside)) == 1, "an empty place"


def gold_pixels(board_box: Box, layout: TrickTableLayout) -> int:
    board = draw_trick_table(layout, SCALE)
    return sum(number for number, colour in colours(board, board_box) if distance(colour, HIGHLIGHT) < 30)


def test_the_winning_card_and_the_seat_to_act_are_outlined_in_gold() -> None:
    layout = hearts_four_mid_trick()
    places = seat_places(4)
    winning = places[2].card  # Chloé's K♥ wins the trick so far
    around = scaled((winning[0] - 4, winning[1] - 4, winning[2] + 4, winning[3] + 4), SCALE)
    assert gold_pixels(around, layout) > 400
    assert gold_pixels(around, replace(layout, winning=None)) < gold_pixels(around, layout) // 2
    to_act = scaled(places[3].area, SCALE)  # Dmitri
    assert gold_pixels(to_act, layout) > 1000
    calm = replace(layout, seats=tuple(replace(seat, to_act=False) for seat in layout.seats))
    assert gold_pixels(to_act, calm) == 0


def test_the_leader_and_the_winning_card_are_marked_beside_their_cards_never_on_them() -> None:
    layout = hearts_four_mid_trick()  # Blaise led, Chloé's K♥ wins the trick so far
    places = seat_places(4)
    board = draw_trick_table(layout, SCALE).convert("RGB")
    led_by_chloe = draw_trick_table(replace(layout, trick=(layout.trick[1], layout.trick[0])), SCALE)
    lead_mark = scaled(places[1].marks[0], SCALE)
    assert board.crop(lead_mark).tobytes() != led_by_chloe.crop(lead_mark).tobytes()
    star = scaled(places[2].marks[1], SCALE)
    assert sum(number for number, colour in colours(board, star) if distance(colour, HIGHLIGHT) < 30) > 50
    for play in layout.trick:  # each card shows whole, as its face is drawn (inside its gold outline)
        left, top, right, bottom = scaled(places[play.seat].card, SCALE)
        inset = 3 * SCALE
        shown = board.crop((left + inset, top + inset, right - inset, bottom - inset))
        face = card_face(play.card, SCALE).convert("RGB")
        drawn = face.crop((inset, inset, face.width - inset, face.height - inset))
        assert shown.tobytes() == drawn.tobytes(), play.card


def test_long_names_and_many_penalty_cards_stay_inside_their_plate() -> None:
    taken = (TakenChip("K", "H", 2), *(TakenChip("Q", suit, 2) for suit in "SHDC"), TakenChip("", "H", 26))
    long_name = "Maximilienne-Alexandrine de Tour"
    layout = hearts_eight_two_decks()
    crowded = replace(
        layout,
        seats=tuple(
            TrickSeat(long_name, "104 pts · total 1040", "13 tricks · choosing…", taken) for _ in range(8)
        ),
    )
    board = draw_trick_table(crowded, SCALE)
    assert board.size == trick_table_size(SCALE)
    for place in seat_places(8):
        left, _, right, _ = place.plate
        inner = right - left - 8
        shown = fitting_chips(taken, inner, SCALE)
        assert shown and shown[0] == TakenChip("K", "H", 2), "the costliest chip first, never dropped"
        assert sum(chip_width(chip, SCALE) for chip in shown) + 3 * (len(shown) - 1) <= inner
    # Nothing drawn outside the seats' outlines but the header, the centre and the footer.
    outside = scaled((0, seat_places(8)[0].area[3] + 1, WIDTH, seat_places(8)[0].area[3] + 5), SCALE)
    assert len(colours(board, outside)) == 1


def test_chips_of_one_rank_merge_before_any_is_left_out() -> None:
    queens = tuple(TakenChip("Q", suit) for suit in "SHDC")
    merged = fitting_chips((TakenChip("", "H", 9), *queens), 90, SCALE)
    assert merged == (TakenChip("", "H", 9), TakenChip("Q", "", 4))
    assert merged[1].index == "Q" and merged[1].times == "×4"
    assert fitting_chips(queens[:1], 80, SCALE) == queens[:1], "one chip fits as it is"


def widest_other_board() -> int:
    return crapette_size(crapette_example())[0]  # the widest of the other games' pictures


def test_the_table_is_no_wider_than_the_other_boards_so_its_cards_read_as_well_on_a_phone() -> None:
    assert trick_table_size(SCALE)[0] <= widest_other_board()


def test_a_penalty_chip_shows_its_rank_and_suit_as_tall_as_a_card_corner() -> None:
    layout = hearts_four_mid_trick()  # Chloé took Q♠
    board = draw_trick_table(layout, SCALE)
    plate = seat_places(4)[2].plate
    left, top = plate[0] + 4, plate[3] - 4 - CHIP_HEIGHT
    right = left + chip_width(TakenChip("Q", "S"), SCALE)
    chip_ink = ink_height(board, scaled((left + 2, top + 2, right - 2, top + CHIP_HEIGHT - 2), SCALE))
    face = card_face(Card("S", 12), SCALE)
    corner_ink = ink_height(
        face, (2 * SCALE, 2 * SCALE, face.width - 2 * SCALE, index_baseline(SCALE) + SCALE)
    )
    assert chip_ink >= corner_ink - 1
    assert chip_ink * PHONE_WIDTH / board.width >= 10, "at least 10 px on a phone"


def test_red_suits_are_red_and_black_suits_black_on_the_felt() -> None:
    layout = replace(hearts_four_mid_trick(), trick=plays(1, 4, "9H KS"), winning=1)
    board = decode(render_trick_table(layout))
    places = seat_places(4)
    for seat, red in ((1, True), (2, False)):
        left, top, right, _ = places[seat].card
        corner = ink(board, scaled((left + 2, top + 2, right - 2, top + 20), SCALE))
        if red:
            assert count(corner, is_red) > 100 and count(corner, is_black) == 0
        else:
            assert count(corner, is_black) > 100 and count(corner, is_red) == 0
    footer = ink(board, scaled((0, HEIGHT - 30, WIDTH, HEIGHT - 6), SCALE))  # A♣ 4♣ 10♣ 2♥
    assert count(footer, is_black) > 200 and count(footer, is_red) > 50
