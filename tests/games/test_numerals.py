"""Numbers typed by players are read in ASCII digits only, in every game's parser."""

from __future__ import annotations

import pytest

from bot.games.cards import parse_card
from bot.games.crapette.moves import parse_move as parse_crapette_move
from bot.games.crapette.shorthand import SHORTHAND as CRAPETTE_SHORTHAND
from bot.games.klondike.moves import parse_move as parse_klondike_move
from bot.games.klondike.shorthand import SHORTHAND as KLONDIKE_SHORTHAND
from bot.games.numerals import ascii_number

OTHER_DIGITS = ["²", "①", "٤٥", "４５", "𝟒𝟓", "⁴⁵", "Ⅻ"]


def test_ascii_digits_are_read() -> None:
    assert ascii_number("45") == 45
    assert ascii_number("007") == 7
    assert ascii_number("123", max_digits=3) == 123


@pytest.mark.parametrize("text", [*OTHER_DIGITS, "", " 45", "4 5", "-4", "+4", "4.5", "1234"])
def test_anything_else_is_not_a_number(text: str) -> None:
    # str.isdigit() says yes to "²" and "①", which int() then refuses: the crash behind `/play card:²`.
    assert ascii_number(text, max_digits=3) is None


@pytest.mark.parametrize("digits", OTHER_DIGITS)
def test_the_other_games_parsers_refuse_other_digits(digits: str) -> None:
    assert parse_card(f"{digits}♠") is None
    assert parse_card(f"{digits}h") is None
    assert parse_klondike_move(f"c{digits}>f") is None
    assert parse_klondike_move(f"w>c{digits}") is None
    assert parse_klondike_move(f"c1>c2x{digits}") is None
    assert parse_crapette_move(f"f{digits}>cr") is None
    for locale in ("en", "fr", "de"):  # what `/move` reads in each language
        assert KLONDIKE_SHORTHAND.read(f"c{digits}>f", locale) is None
        assert KLONDIKE_SHORTHAND.read(f"w>s{digits}", locale) is None
        assert KLONDIKE_SHORTHAND.read(f"c1>c2x{digits}", locale) is None
        assert CRAPETTE_SHORTHAND.read(f"f{digits}>cr", locale) is None
        assert CRAPETTE_SHORTHAND.read(f"p{digits}>cr", locale) is None
