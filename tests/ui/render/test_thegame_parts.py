"""The Game's board put together from kept parts is exactly the board drawn whole, whatever the piles show."""

from __future__ import annotations

import random
import zlib

from PIL import ImageChops

from bot.games.thegame.ui.format import progress
from bot.ui.i18n import t
from bot.ui.render import TheGameLabels, TheGameLayout, TheGamePile, draw_thegame, render_thegame
from bot.ui.render.png import LAST_BLOCK, band_rows, encode_png, image_rows, to_palette
from bot.ui.render.thegame import (
    FOOTER_TOP,
    TURN_BOTTOM,
    WIDTH,
    _column,
    _draw_pile_column,
    _draw_turn,
)
from bot.ui.render.thegame_parts import _pile_part, _pile_rows, _turn_compressed
from bot.ui.render.theme import new_board
from tests.ui.render.helpers import decode
from tests.ui.render.test_png import chunks

NAMES = ("Bob", "Alexandrine-Marie de la Fontaine", "Zoé", "🤖 Ada", "")
TURN_LINES = (
    "Bob's turn · one of two played",
    "Au tour d’Alexandrine-Marie de la Fontaine · aucune des deux cartes jouées pour l’instant, patience",
    "",
    "gjpqy ÇÀ",
)
LABELS = (TheGameLabels(), TheGameLabels("Pioche\u00a0", "évitez", "petits pas, très lentement"))


def random_layout(rng: random.Random) -> TheGameLayout:
    piles = []
    for index, name in enumerate("ABCD"):
        marker = rng.choice([None, "keep_off", "small_steps"])
        piles.append(
            TheGamePile(
                name,
                index < 2,
                rng.choice([1, 100, 2, 99, rng.randint(2, 99)]),
                marker,  # type: ignore[arg-type]
                rng.choice(NAMES) if marker else None,
            )
        )
    return TheGameLayout(
        tuple(piles),
        rng.randint(0, 98),
        rng.choice(TURN_LINES),
        frozenset(rng.sample("ABCD", rng.randint(0, 4))),
        rng.choice(LABELS),
    )


def test_the_board_from_parts_is_the_board_drawn_whole() -> None:
    """Boards one after the other (piles going up and down, marked, highlighted or not, each pile's rows and the
    frames' rows kept compressed from earlier boards): each is the board drawn whole, its rows read back through
    zlib (their checksum checked) as well as by Pillow."""
    rng = random.Random(13)
    for _ in range(40):
        layout = random_layout(rng)
        for scale in (1, 2):
            png = render_thegame(layout, scale)
            whole = draw_thegame(layout, scale)
            assert ImageChops.difference(decode(png), decode(encode_png(whole))).getbbox() is None, (
                layout,
                scale,
            )
            assert zlib.decompress(chunks(png)[b"IDAT"]) == band_rows([image_rows(to_palette(whole))])


def test_every_top_card_is_written_on_its_pile_as_it_is_drawn() -> None:
    """A pile's part is its kept frame with the top card's words written on the palette: for every card a pile can
    show, each pile, marked or not, played on this turn or not, it is the column drawn whole, pixel for pixel."""
    labels = TheGameLabels()
    for index, name in enumerate("ABCD"):
        left, right = _column(index)
        for top in range(1, 101):
            marker = ("keep_off", "small_steps", None)[top % 3]
            pile = TheGamePile(name, index < 2, top, marker, "Zoé" if marker else None)  # type: ignore[arg-type]
            highlighted = top % 2 == 0
            drawn = new_board((right - left) * 2, (FOOTER_TOP - TURN_BOTTOM) * 2)
            _draw_pile_column(drawn, index, pile, highlighted, labels, 2, origin=(left, TURN_BOTTOM))
            part = _pile_part(index, pile, highlighted, labels, 2)
            assert part.tobytes() == to_palette(drawn).tobytes(), (name, top, marker, highlighted)
            # Its rows as kept: the frame's, shared by every top card, but for the rows the words are written on.
            rows = _pile_rows(index, pile, highlighted, labels, 2).rows
            assert rows == image_rows(to_palette(drawn)), (name, top, marker, highlighted)


def turn_rows(turn_text: str, scale: int) -> bytes:
    """The turn line's band as the board's PNG holds it (its pieces, compressed on their own), read back."""
    deflated = b"".join(part.deflated for part in _turn_compressed(turn_text, scale))
    return zlib.decompress(deflated + LAST_BLOCK, -zlib.MAX_WBITS)


def turn_line_drawn_whole(turn_text: str, scale: int) -> bytes:
    """The turn line's band as the PNG holds it (each row after its filter byte), drawn whole and mapped."""
    band = new_board(WIDTH * scale, TURN_BOTTOM * scale)
    _draw_turn(band, turn_text, scale)
    width = band.width
    pixels = to_palette(band).tobytes()
    return b"".join(b"\0" + pixels[start : start + width] for start in range(0, len(pixels), width))


def test_every_turn_line_is_written_as_it_is_drawn() -> None:
    """The turn line is written from kept words placed where the whole line puts them: for names of every width
    (so each word after the name starts at every fraction of a pixel, and a word kept for one name is never
    reused at another's place), long names shrunk and cut, marks, other scripts and right-to-left ones (written
    whole), in each language, it is the line drawn whole, pixel for pixel."""
    rng = random.Random(7)
    alphabet = "abcdefghijklmnopqrstuvwxyzAVTWY'’-.éçœßÉÀÖ0123456789 "
    names = ["Bob", "Zoé", "Wa Ty", "🤖 Ada", "Ab\u0301c", "דנה", "p0dX β -Wжβ8J", "x" * 60]
    names += [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 16))).strip() or "Q" for _ in range(40)
    ]
    counts = [(played, minimum) for minimum in (1, 2) for played in range(4)]
    for language in ("en", "fr", "de"):
        for name in names:
            played, minimum = rng.choice(counts)
            turn_text = t(
                language, "board.whose_turn", name=name, progress=progress(language, played, minimum)
            )
            for scale in (1, 2):
                assert turn_rows(turn_text, scale) == turn_line_drawn_whole(turn_text, scale), (
                    turn_text,
                    scale,
                )
