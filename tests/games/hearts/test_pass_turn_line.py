"""The public line that asks for the pass speaks to one player as one person (French "tu", German "du") and to
several as a group ("vous", "ihr"), as every public message for one player does."""

from __future__ import annotations

import pytest

from bot.games.hearts.session import HeartsSession, PassCards
from bot.ui.game_ui import ui_for
from tests.games.test_trick_tables import table_at


def pass_line(locale: str, *, humans_choosing: int) -> str:
    table = table_at("hearts", 4, seed=3, steps=0, locale=locale)  # seats 0 and 1 human, both to pass
    session = table.require_session()
    assert isinstance(session, HeartsSession)
    if humans_choosing == 1:
        session.apply(1, PassCards(session.engine.hand(1)[:3]))
    line = ui_for(table).turn_text(table)
    assert line is not None
    return line


@pytest.mark.parametrize(
    ("locale", "one", "several"),
    [
        ("fr", "<@100>\xa0: choisis tes trois cartes", "<@100> <@101>\xa0: choisissez vos trois cartes"),
        ("de", "<@100>: Wähle auf deiner Hand", "<@100> <@101>: Wählt auf eurer Hand"),
        ("en-US", "<@100>: choose your three cards", "<@100> <@101>: choose your three cards"),
    ],
)
def test_the_pass_line_says_tu_to_one_player_and_vous_to_several(locale: str, one: str, several: str) -> None:
    assert pass_line(locale, humans_choosing=1).startswith(one)
    assert pass_line(locale, humans_choosing=2).startswith(several)
