"""The first lead at a table: the leader's private hand enables only the card to lead and says why, and `/play`
of another card gets one sentence naming the card to lead, in English and French, changing nothing."""

from __future__ import annotations

import re

import pytest

from bot.games.base import Notice
from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession
from bot.service.table import Table
from bot.ui.game_ui import render_notice, ui_for
from bot.ui.i18n import t
from tests.games.test_trick_tables import components_of, table_at

CARD_BUTTON = re.compile(r":g:\d+:p\.\d+\.(?P<code>[0-9JQKA]+[CDHS])(:|$)")


def first_lead_table(locale: str) -> tuple[Table, HeartsSession, int]:
    table = table_at("hearts", 4, seed=6, steps=4, locale=locale)  # the four passes: play starts
    session = table.require_session()
    assert isinstance(session, HeartsSession)
    assert session.engine.phase is Phase.PLAYING and session.engine.trick_number == 0
    return table, session, session.to_act()[0]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
def test_the_leaders_hand_enables_only_the_two_of_clubs_and_says_why(locale: str) -> None:
    table, session, leader = first_lead_table(locale)
    content = ui_for(table).hand(table, leader, locale, notice=None, hints=True)
    buttons = {}
    for component in components_of(content["view"]):
        found = CARD_BUTTON.search(str(component.get("custom_id", "")))
        if found:
            buttons[Card.from_code(found["code"])] = not component.get("disabled")
    assert set(buttons) == set(session.engine.hand(leader))
    assert [card for card, enabled in buttons.items() if enabled] == [Card("C", 2)]
    assert t(locale, "tricks.why.must_lead_lowest_card", card="2♣") in content["embed"].description


@pytest.mark.parametrize(("locale", "sentence"), [("en", "starts with 2♣"), ("fr", "s'entame avec 2♣")])
def test_playing_another_card_first_is_refused_with_the_card_to_lead(locale: str, sentence: str) -> None:
    table, session, leader = first_lead_table(locale)
    other = next(card for card in session.engine.hand(leader) if card != Card("C", 2))
    before = session.to_dict()
    with pytest.raises(GameError) as refused:
        session.apply(leader, ui_for(table).parse_play(table, leader, str(other), None))
    assert refused.value.key == "tricks.must_lead_lowest_card"
    assert sentence in render_notice(locale, Notice(refused.value.key, refused.value.params))
    assert session.to_dict() == before
