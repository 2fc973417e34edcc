"""Every word on the trick table (Hearts, Barbu) reads on a phone, in English, French and German, for 3 to 8 seats.

Discord shows the picture about 400 pixels wide on a phone. There, the seats' short lines (points, tricks, a status
such as "chosen ✓"), the words in the middle of the table (the pass's direction, who led), the header and the footer
were about 7 pixels tall: hard to read. Like Crapette's captions (`test_crapette_readability`), every text must now
be at least 9 pixels tall there, measured on the picture: from the top of its tallest letter (a capital, a "k") down
to its baseline, descenders left out. And no text may cross another one, a card, or its seat's plate; none is cut.

The texts are caught as the renderer draws them (its `put_text`), so the test knows where each one is and where its
baseline lies, whatever the layout; their height is then measured on the pixels.

The marks of the trick's cards (the lead's, the winning card's star) are caught too, as the renderer draws their dark
round (or pill) shape: none may cover any part of a card's index (its rank and suit corners, the small suit under the
rank), nor leave its seat's outline, in any language (the German "Ausspiel" pill once stuck out of a side seat's).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.cards import SUIT_SYMBOL, Card
from bot.ui.i18n import t
from bot.ui.render import text as text_module
from bot.ui.render import tricks as tricks_module
from bot.ui.render.card_faces import INDEX_MARGIN, INDEX_SIZE, SMALL_SUIT_SIZE, index_baseline
from bot.ui.render.fonts import font
from bot.ui.render.text import drawable
from bot.ui.render.theme import BADGE, BLACK, DEFAULT_SCALE, RED, Colour
from bot.ui.render.trick_examples import (
    EXAMPLES,
    hearts_eight_two_decks,
    hearts_four_mid_trick,
    hearts_six_pass,
    hearts_three_first_trick,
)
from bot.ui.render.trick_places import seat_places
from bot.ui.render.tricks import (
    LEAD_MARK,
    LEAD_MARK_TEXT,
    WINNING_MARK,
    TakenChip,
    TrickSeat,
    TrickTableLabels,
    TrickTableLayout,
    draw_trick_table,
)
from tests.ui.render.helpers import PHONE_WIDTH, Box, scaled

MINIMUM_PHONE_TEXT = 9  # pixels on a phone, like Crapette's captions (Discord's own small text is about 10)
# A text with no capital, digit or tall letter ("moon") shows only its x-height, about 0.73 of a capital's height.
X_HEIGHT_SHARE = 0.72
TALL_LETTERS = set("bdfhklt")
SCALE = DEFAULT_SCALE
LOCALES = ("en", "fr", "de")


@dataclass(frozen=True, slots=True)
class Drawn:
    """A text as the renderer drew it (pixels)."""

    text: str
    position: tuple[int, int]
    size: int
    colour: Colour
    anchor: str

    @property
    def box(self) -> Box:
        left, top, right, bottom = font(self.size).getbbox(self.text, anchor=self.anchor)
        x, y = self.position
        return x + int(left), y + int(top), x + int(right), y + int(bottom)

    @property
    def baseline(self) -> int:
        """The y of its baseline, whatever its anchor."""
        on_anchor = font(self.size).getbbox(self.text, anchor=self.anchor)[1]
        on_baseline = font(self.size).getbbox(self.text, anchor=f"{self.anchor[0]}s")[1]
        return int(self.position[1] + on_anchor - on_baseline)

    @property
    def is_words(self) -> bool:
        """Letters or digits (the winning card's ★ and a whole suit's ♥ are marks, not words)."""
        return any(character.isalnum() for character in self.text)

    @property
    def minimum(self) -> float:
        """The least height on a phone it may have: a capital's or a tall letter's, else (no such letter) an x's."""
        tall = any(
            character.isupper() or character.isdigit() or character in TALL_LETTERS for character in self.text
        )
        return MINIMUM_PHONE_TEXT if tall else MINIMUM_PHONE_TEXT * X_HEIGHT_SHARE

    @property
    def on_a_chip(self) -> bool:
        return self.colour in (RED, BLACK)


def drawn_texts(layout: TrickTableLayout, monkeypatch: pytest.MonkeyPatch) -> tuple[Image.Image, list[Drawn]]:
    """The picture and every text drawn on it."""
    board, texts, _ = drawn(layout, monkeypatch)
    return board, texts


def drawn(
    layout: TrickTableLayout, monkeypatch: pytest.MonkeyPatch
) -> tuple[Image.Image, list[Drawn], list[Box]]:
    """The picture, every text drawn on it, and the boxes of its cards' marks (pixels): what is filled with the
    marks' dark colour."""
    texts: list[Drawn] = []
    marks: list[Box] = []
    original = text_module.put_text

    def recording(
        board: Image.Image,
        position: tuple[int, int],
        text: str,
        size: int,
        fill: Colour,
        anchor: str = "la",
        bold: bool = True,
    ) -> None:
        if text:
            texts.append(Drawn(text, position, size, fill, anchor))
        original(board, position, text, size, fill, anchor, bold)

    def shape(name: str) -> Callable[..., None]:
        drawing = getattr(ImageDraw.ImageDraw, name)

        def recording_shape(self: ImageDraw.ImageDraw, box: Any, *args: Any, **kwargs: Any) -> None:
            if kwargs.get("fill") == BADGE:
                left, top, right, bottom = (int(value) for value in box)
                marks.append((left, top, right + 1, bottom + 1))
            drawing(self, box, *args, **kwargs)

        return recording_shape

    with monkeypatch.context() as patch:
        patch.setattr(text_module, "put_text", recording)
        patch.setattr(tricks_module, "put_text", recording)
        for name in ("ellipse", "rounded_rectangle"):
            patch.setattr(ImageDraw.ImageDraw, name, shape(name))
        board = draw_trick_table(layout, SCALE)
    assert texts, "the texts were caught"
    return board, texts, marks


def phone_height(board: Image.Image, drawn: Drawn) -> float:
    """How tall `drawn` is on a phone: its ink from the top of its tallest letter down to its baseline."""
    left, top, right, _ = drawn.box
    crop = board.crop((left, top, right, drawn.baseline)).convert("RGB")
    found = crop.getcolors(crop.width * crop.height)
    assert found is not None
    background = max(found)[1]  # the felt, the lead's pill or a chip's face: most of a text's box
    difference = ImageChops.difference(crop, Image.new("RGB", crop.size, background))
    red, green, blue = difference.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    inked = strongest.point(lambda value: 255 if value > 60 else 0).getbbox()
    assert inked is not None, f"{drawn.text!r}: nothing drawn"
    return (crop.height - inked[1]) * PHONE_WIDTH / board.width


def overlaps(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def inside(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


# -- the tables, in the catalogs' words ---------------------------------------------------------------------------

STATUS_KEYS = {
    "choosing…": "hearts.picture.choosing",
    "passed": "hearts.picture.chosen",
    "dealer": "barbu.picture.dealer",
    "shot the moon": "hearts.picture.moon",
}


def seat_in(locale: str, seat: TrickSeat) -> TrickSeat:
    """`seat` with its lines as the bot writes them in `locale`."""
    score = re.fullmatch(r"(\d+) pts · total (-?\d+)", seat.score_line)
    tricks = re.fullmatch(r"(\d+) tricks?", seat.detail_line)
    assert score is not None and tricks is not None, seat
    return replace(
        seat,
        score_line=t(locale, "tricks.picture.score", count=int(score[1]), total=int(score[2])),
        detail_line=t(locale, "tricks.picture.tricks", count=int(tricks[1])),
        status=t(locale, STATUS_KEYS[seat.status]) if seat.status else "",
    )


def centre_in(locale: str, line: str) -> str:
    patterns: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
        (r"Trick (\d+)", lambda found: t(locale, "tricks.picture.trick", number=int(found[1]))),
        (r"Hand (\d+) is over", lambda found: t(locale, "tricks.picture.hand_over", number=int(found[1]))),
        (r"① (\S+) led", lambda found: f"{LEAD_MARK} {t(locale, 'tricks.picture.led', name=found[1])}"),
        (r"★ (\S+) took it", lambda found: f"★ {t(locale, 'tricks.picture.took', name=found[1])}"),
        (r"★ (\S+)", lambda found: f"★ {found[1]}"),
    )
    for pattern, words in patterns:
        found = re.fullmatch(pattern, line)
        if found:
            return words(found)
    raise AssertionError(f"no catalog line for {line!r}")


def hearts_header(locale: str, direction: str = "two_left") -> str:
    """The longest Hearts title: the board's title without its emoji (as `picture_header` draws it)."""
    title = t(locale, "hearts.board_title", number=12, direction=t(locale, f"hearts.pass.{direction}"))
    return title.partition(" ")[2]


def barbu_header(locale: str) -> str:
    title = t(locale, "barbu.board_title", number=28, total=28, contract=t(locale, "barbu.contract.salad"))
    return f"{title.partition(' ')[2]} · {t(locale, 'barbu.short.salad')}"


def footer_in(locale: str, layout: TrickTableLayout) -> str:
    if layout.last_trick:
        found = re.fullmatch(r"Last trick: (\S+) took it", layout.footer)
        assert found is not None, layout.footer
        return t(locale, "tricks.picture.last_trick", name=found[1])
    direction = t(locale, "hearts.pass.two_left")
    return t(locale, "hearts.next_hand", number=12, direction=direction) if layout.footer else ""


def in_language(locale: str, layout: TrickTableLayout, barbu: bool = False) -> TrickTableLayout:
    """An example table with every word from the catalogs of `locale` (the longest header and footer it has)."""
    return replace(
        layout,
        seats=tuple(seat_in(locale, seat) for seat in layout.seats),
        header=barbu_header(locale) if barbu else hearts_header(locale),
        centre=tuple(centre_in(locale, line) for line in layout.centre),
        footer=footer_in(locale, layout),
        labels=TrickTableLabels(lead=t(locale, "tricks.picture.lead")),
    )


def crowded(locale: str, layout: TrickTableLayout, status: str) -> TrickTableLayout:
    """The same table at its fullest: two-digit points and tricks, a three-digit total, the Q♠ and 13 hearts on
    every plate, every seat with `status`, and in the middle what goes with it (the pass's longest direction, or who
    shot the moon)."""
    seats = tuple(
        TrickSeat(
            seat.name,
            t(locale, "tricks.picture.score", count=26, total=-104 if index % 2 else 125),
            t(locale, "tricks.picture.tricks", count=13),
            (TakenChip("Q", "S"), TakenChip("", "H", 13)),
            index == 1,
            t(locale, status),
        )
        for index, seat in enumerate(layout.seats)
    )
    direction = t(locale, "hearts.pass.two_left")
    moon = status == "hearts.picture.moon"
    centre = (
        t(locale, "hearts.log.moon", name=layout.seats[0].name)
        if moon
        else direction[:1].upper() + direction[1:]
    )
    return replace(in_language(locale, layout), seats=seats, centre=(centre,))


def tables() -> Iterator[tuple[str, TrickTableLayout]]:
    """Every example in every language, then the fullest plates and the longest words for 3 to 8 seats."""
    yield "hearts_4_pass_german", EXAMPLES["hearts_4_pass_german"]()  # already in German
    for locale in LOCALES:
        for name, example in sorted(EXAMPLES.items()):
            if name != "hearts_4_pass_german":
                yield f"{name}-{locale}", in_language(locale, example(), barbu=name.startswith("barbu"))
        for status in ("hearts.picture.chosen", "hearts.picture.choosing", "hearts.picture.moon"):
            for example in (
                hearts_three_first_trick,
                hearts_four_mid_trick,
                hearts_six_pass,
                hearts_eight_two_decks,
            ):
                layout = example()
                yield f"crowded-{len(layout.seats)}-{status}-{locale}", crowded(locale, layout, status)
        barbu = in_language(locale, EXAMPLES["barbu_5_salad"](), barbu=True)
        big = tuple(
            replace(seat, score_line=t(locale, "tricks.picture.score", count=290, total=1040))
            for seat in barbu.seats
        )
        yield f"barbu-big-scores-{locale}", replace(barbu, seats=big)


TABLES = dict(tables())


# -- the tests ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_text_reads_on_a_phone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    board, texts = drawn_texts(TABLES[name], monkeypatch)
    short = [
        f"{drawn.text!r} {height:.1f} px"
        for drawn in texts
        if drawn.is_words
        for height in [phone_height(board, drawn)]
        if height < drawn.minimum
    ]
    assert not short, f"{name}: too small on a phone: {short}"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_text_crosses_another_a_card_or_its_plate(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = TABLES[name]
    board, texts, marks = drawn(layout, monkeypatch)
    places = seat_places(len(layout.seats))
    picture = (0, 0, board.width, board.height)
    for text in texts:
        box = text.box
        assert inside(box, picture), f"{text.text!r} runs out of the picture"
        if any(inside(box, mark) for mark in marks):
            continue  # a card's mark (see test_no_mark_covers_a_card_index_or_leaves_its_seat)
        areas = [place for place in places if overlaps(box, scaled(place.area, SCALE))]
        if not areas:
            continue  # the header, the middle of the table, the footer
        assert len(areas) == 1, f"{text.text!r} crosses two seats"
        assert inside(box, scaled(areas[0].plate, SCALE)), f"{text.text!r} runs out of its plate"
        assert not any(overlaps(box, scaled(other.card, SCALE)) for other in places), f"{text.text!r}"
    for one, other in itertools.combinations(texts, 2):
        if one.on_a_chip and other.on_a_chip:
            continue  # a chip's index and its count, side by side
        assert not overlaps(one.box, other.box), f"{name}: {one.text!r} crosses {other.text!r}"


def index_corners(card: Card, box: Box) -> tuple[Box, Box]:
    """Where `card`'s index lies on its face at `box` (pixels), as `card_faces.card_face` draws it: its rank and the
    small suit under it at the top left, its suit at the top right, each corner down to the small suit's foot."""
    left, top, right, _ = box
    margin, baseline = INDEX_MARGIN * SCALE, top + index_baseline(SCALE)
    index_font, small = font(INDEX_SIZE * SCALE), font(SMALL_SUIT_SIZE * SCALE)
    symbol = SUIT_SYMBOL[card.suit]
    rank = index_font.getbbox(card.label, anchor="ls")
    under = small.getbbox(symbol, anchor="lt")
    bottom = baseline + 6 * SCALE + int(under[3]) + 1
    suit = index_font.getbbox(symbol, anchor="rs")
    return (
        (left + margin + int(rank[0]), top + margin, left + margin + int(rank[2]) + 1, bottom),
        (right - margin + int(suit[0]), top + margin, right - margin + int(suit[2]) + 1, bottom),
    )


@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_mark_covers_a_card_index_or_leaves_its_seat(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lead's mark and the winning card's star: each in one seat's outline, whole, on no card's index."""
    layout = TABLES[name]
    _, texts, marks = drawn(layout, monkeypatch)
    places = seat_places(len(layout.seats))
    marked = {layout.trick[0].seat, layout.winning} - {None} if layout.trick else set()
    assert len(marks) == len(marked) + (layout.trick[0].seat == layout.winning if layout.trick else 0), marks
    corners = [
        corner
        for play in layout.trick
        for corner in index_corners(play.card, scaled(places[play.seat].card, SCALE))
    ]
    for mark in marks:
        words = [text.text for text in texts if inside(text.box, mark)]
        assert len(words) == 1, f"{name}: {mark} holds {words}"
        seats = [place for place in places if inside(mark, scaled(place.area, SCALE))]
        assert len(seats) == 1, f"{name}: {words[0]!r} is not inside one seat's outline"
        covered = [corner for corner in corners if overlaps(mark, corner)]
        assert not covered, f"{name}: {words[0]!r} covers a card's index"


def words(text: str) -> list[str]:
    return [word for word in drawable(text).split() if word != "·"]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_word_is_cut_or_left_out(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The names are short and the words the catalogs' own: each one is drawn whole, none is dropped for room."""
    layout = TABLES[name]
    _, texts = drawn_texts(layout, monkeypatch)
    expected = [layout.header, *layout.centre, layout.footer]
    for seat in layout.seats:
        expected += [seat.name, seat.score_line, seat.detail_line, seat.status]
    wanted = {word for line in expected for word in words(line)}
    shown = {word for drawn in texts if not drawn.on_a_chip for word in words(drawn.text)}
    assert shown - wanted - {"▶", WINNING_MARK, LEAD_MARK_TEXT} == set(), f"{name}: cut or unknown words"
    assert wanted - shown == set(), f"{name}: words left out"


@pytest.mark.parametrize("locale", LOCALES)
def test_long_names_are_cut_but_every_text_still_reads(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = in_language(locale, hearts_eight_two_decks())
    long_names = replace(
        layout,
        seats=tuple(replace(seat, name=f"Maximilienne-Alexandrine {seat.name}") for seat in layout.seats),
        centre=(layout.centre[0], t(locale, "tricks.picture.led", name="Maximilienne-Alexandrine Hugo")),
    )
    board, texts = drawn_texts(long_names, monkeypatch)
    for drawn in texts:
        if drawn.is_words:
            assert phone_height(board, drawn) >= drawn.minimum, drawn.text
    for place in seat_places(8):
        plate = scaled(place.plate, SCALE)
        for drawn in texts:
            if overlaps(drawn.box, plate):
                assert inside(drawn.box, plate), f"{drawn.text!r} runs out of its plate"


@pytest.mark.parametrize("name", ["hearts_4_mid_trick", "hearts_6_hand_over"])
def test_the_name_stays_the_largest_text_of_its_plate(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    layout = EXAMPLES[name]()
    _, texts = drawn_texts(layout, monkeypatch)
    for place, seat in zip(seat_places(len(layout.seats)), layout.seats, strict=True):
        plate = [
            drawn for drawn in texts if inside(drawn.box, scaled(place.plate, SCALE)) and not drawn.on_a_chip
        ]
        names = [drawn for drawn in plate if seat.name in drawn.text]
        assert len(names) == 1 and len(plate) > 1, seat.name
        assert all(drawn.size < names[0].size for drawn in plate if drawn is not names[0]), seat.name
