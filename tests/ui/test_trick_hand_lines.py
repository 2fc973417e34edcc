"""A trick game's private hand only speaks of the table when there is a trick to speak of."""

from __future__ import annotations

from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession, PassCards
from bot.service.table import Table
from bot.ui.game_ui import ui_for
from bot.ui.i18n import t
from tests.games.test_trick_tables import table_at


def hand_text(table: Table, seat: int) -> str:
    hand = ui_for(table).hand(table, seat, "en-US", notice=None, hints=False)
    return str(hand["embed"].description)


def test_the_hand_says_what_is_on_the_table_only_once_cards_are_played() -> None:
    """Seen during Hearts' pass: "On the table: —" above "Choose three cards to pass", although no trick had
    begun (nor would until everyone had passed)."""
    table = table_at("hearts", 4, seed=3, steps=0)
    session = table.require_session()
    assert isinstance(session, HeartsSession) and session.engine.phase is Phase.PASSING
    on_the_table = t("en-US", "tricks.trick_now", plays="").strip()
    assert on_the_table not in hand_text(table, 0)
    for seat in (0, 1, 2, 3):
        session.apply(seat, PassCards(session.engine.hand(seat)[:3]))
    assert session.engine.phase is Phase.PLAYING
    assert on_the_table in hand_text(table, 0)
