"""Hearts' and Barbu's page between two hands (no server): once a hand is over, the next one is dealt at once (its
pass, its first lead), and the table shows that new hand (its plates, its lines, its centre); the finished hand shows
apart, as its result (its last trick, each seat's points, what comes next) until the new hand's first card, as long
as the channel's picture shows it. No line shows twice on the page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession
from bot.service.table import Table
from bot.ui.i18n import t
from bot.ui.trick_views import session_of
from tests.activity.test_trick_views import USERS, play_of
from tests.games.hearts.helpers import play_moon_hand
from tests.games.test_hand_recap import play_to_the_end_of_hand
from tests.games.test_trick_tables import first_choice, table_at


def on_screen(text: str) -> str:
    """A line as the page draws it (`rich`): no markdown escape, no bold marks."""
    return re.sub(r"\\(.)", r"\1", text).replace("**", "").strip()


def lines_on_the_page(play: dict[str, Any]) -> list[str]:
    """Every sentence of the page's table and result, as shown (the hand's own lines apart)."""
    texts = [play["header"], *play["lines"], play["status_line"], *play["centre"], play["footer"]]
    result = play["result"]
    if result is not None:
        texts += [result["title"], result.get("last_caption", ""), *result["notes"], result["next"]]
    return [on_screen(text) for text in texts if text]


def assert_each_line_once(play: dict[str, Any]) -> None:
    lines = lines_on_the_page(play)
    twice = sorted({line for line in lines if lines.count(line) > 1})
    assert twice == [], twice


def assert_the_new_hand_on_the_plates(table: Table, play: dict[str, Any], locale: str) -> None:
    engine = session_of(table).engine
    for index, seat in enumerate(play["seats"]):
        assert seat["score_line"] == t(
            locale, "tricks.picture.score", count=engine.hand_points(index), total=engine.scores[index]
        )
        assert seat["detail_line"] == t(locale, "tricks.picture.tricks", count=engine.tricks_taken(index))
        assert seat["taken"] == []
    assert play["trick"] == [] and play["last_trick"] == []


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_between_two_hands_the_table_shows_the_new_hand_and_the_result_the_finished_one(game: str) -> None:
    table = table_at(game, 4, seed=11, steps=0)
    session = session_of(table)
    (recap,) = play_to_the_end_of_hand(session)[-1:]
    assert any(recap.points), "the finished hand cost someone points: the plates would show them"
    if isinstance(session, HeartsSession):
        assert session.engine.phase is Phase.PASSING
        while session.engine.phase is Phase.PASSING:  # everyone passes: the first lead is awaited
            seat = session.to_act()[0]
            session.apply(seat, first_choice(session, seat))
    assert not session.engine.plays_this_hand and session.shown_hand() == recap
    for locale in ("en", "fr"):
        play = play_of(table, USERS[0], locale)
        assert_the_new_hand_on_the_plates(table, play, locale)
        result = play["result"]
        assert result is not None and result["number"] == recap.number == 1
        assert result["last_trick"] == [{"seat": p.seat, "card": p.card.code} for p in recap.last_trick]
        assert recap.last_winner is not None and result["last_winner"] == recap.last_winner
        assert result["last_caption"] == t(
            locale, "tricks.picture.last_trick", name=table.seats[recap.last_winner].name
        )
        assert [row["points"] for row in result["rows"]] == list(recap.points)
        assert_each_line_once(play)
    # The new hand's first card: the result is gone, the table goes on.
    while not session.engine.plays_this_hand:
        seat = session.to_act()[0]
        session.apply(seat, first_choice(session, seat))
    play = play_of(table, USERS[0], "fr")
    assert play["result"] is None and len(play["trick"]) == 1
    assert_each_line_once(play)


@pytest.mark.parametrize("game", ["hearts", "barbu"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_no_line_shows_twice_on_the_page(game: str, players: int) -> None:
    """At every step of two hands, for every seat and someone watching, in three languages."""
    table = table_at(game, players, seed=players, steps=0)
    session = session_of(table)
    hands = 0
    while not session.is_over and hands < 2:
        for user in (*USERS[:players], 999):
            for locale in ("en", "fr", "de"):
                assert_each_line_once(play_of(table, user, locale))
        seat = session.to_act()[0]
        result = session.apply(seat, first_choice(session, seat))
        hands += sum(type(event).__name__ == "HandRecap" for event in result.events)


def test_no_line_shows_twice_while_the_moon_shooter_chooses() -> None:
    table = table_at("hearts", 4, seed=1, steps=0)
    table.session = HeartsSession(play_moon_hand(), [])
    assert session_of(table).engine.phase is Phase.MOON_CHOICE
    for user in (*USERS[:4], 999):
        for locale in ("en", "fr", "de"):
            assert_each_line_once(play_of(table, user, locale))
