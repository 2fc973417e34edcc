"""Klondike's page lays its foundations out in the channel's board picture's order (♠ ♥ ♦ ♣), so the page and the
picture agree, each with its top card."""

from __future__ import annotations

from bot.activity.views import view_for
from bot.activity.views.base import table_state
from bot.games.klondike.session import KlondikeSession
from bot.ui.render.klondike import FOUNDATION_ORDER
from tests.activity.test_klondike_view import klondike_table


def test_the_foundations_are_in_the_pictures_order_with_their_top_cards() -> None:
    assert FOUNDATION_ORDER == ("S", "H", "D", "C")  # the picture: spades first, clubs last
    table = klondike_table(seed=16)
    session = table.require_session()
    assert isinstance(session, KlondikeSession)
    session.engine.auto_play()  # two aces go up: the ace of hearts, then the ace of diamonds
    for locale in ("en", "fr"):
        foundations = table_state(view_for("klondike"), table, 100, locale)["play"]["foundations"]
        assert [pile["suit"] for pile in foundations] == ["S", "H", "D", "C"]
        assert [pile["card"] for pile in foundations] == [None, "AH", "AD", None]
