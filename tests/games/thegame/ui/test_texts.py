"""The Game's small texts read as a player expects: one instruction at a time, sentences that say what happened."""

from __future__ import annotations

import pytest

from bot.games.thegame.session import ChooseFirst, FinishTurn, PlayOnPile, TheGameSession
from bot.games.thegame.ui.hand import hand_embed, hand_view
from bot.games.thegame.ui.table_ui import UI
from bot.service.table import Seat, Table, TableStatus
from bot.ui.game_ui import render_notice
from tests.games.thegame.engine.helpers import game_from_hands
from tests.games.thegame.ui.tables import finished, mid_game


def table_with(session: TheGameSession, locale: str = "en-US") -> Table:
    table = Table(
        id=42, guild_id=1, channel_id=2, created_by=100, created_at=0.0, seed=7, locale=locale,
        seats=[Seat(100, "Alice"), Seat(101, "Bob")], status=TableStatus.PLAYING,
    )  # fmt: skip
    table.session = session
    return table


def nothing_fits_session() -> TheGameSession:
    """Alice played 99 on A, 98 on B, 3 on C and 2 on D: the minimum is reached, and nothing else fits."""
    session = TheGameSession(
        game_from_hands([[99, 98, 3, 2, 50, 60, 70], [40, 41, 42, 43, 44, 45, 46]]), ai_seats=[]
    )
    session.apply(0, ChooseFirst())
    for card, pile in ((99, "A"), (98, "B"), (3, "C"), (2, "D")):
        session.apply(0, PlayOnPile(card, pile, confirmed=True))
    return session


@pytest.mark.parametrize(
    ("locale", "expected", "contradiction"),
    [
        ("en-US", "**Your turn** — four played, the turn may end. Nothing else fits: end your turn.", "Choose a card"),
        ("fr", "**À toi de jouer** — quatre cartes posées, le tour peut finir. Plus rien ne passe\xa0: finis ton tour.",
         "Choisis une carte"),
    ],
)  # fmt: skip
def test_a_hand_where_nothing_fits_says_only_to_end_the_turn(
    locale: str, expected: str, contradiction: str
) -> None:
    # Found playing: "Choose a card, then a pile." and "Nothing else fits: end your turn." in one message.
    table = table_with(nothing_fits_session(), locale)
    text = hand_embed(table, 0, locale).description or ""
    assert expected in text.splitlines()
    assert contradiction not in text


@pytest.mark.parametrize(
    ("locale", "expected", "waiting", "ping"),
    [
        (
            "en-US",
            "**Your turn** — play at least two cards. Choose a card, then a pile.",
            "Waiting for **Alice** (at least two cards to play).",
            "▶ <@100>, your turn: play at least two cards.\n",
        ),
        (
            "de",
            "**Du bist dran** — leg mindestens zwei Karten. Wähle eine Karte, dann einen Stapel.",
            "Warten auf **Alice** (mindestens zwei Karten zu legen).",
            "▶ <@100>, du bist dran: leg mindestens zwei Karten.\n",
        ),
    ],
)
def test_a_hand_with_moves_says_to_choose_a_card(locale: str, expected: str, waiting: str, ping: str) -> None:
    # Found in a review: "Du bist dran — mindestens zwei Karten zu legen." told the player what to do in an
    # infinitive; the player on turn is told in the imperative, the others read where the turn stands.
    session = TheGameSession(
        game_from_hands([[99, 98, 3, 2, 50, 60, 70], [40, 41, 42, 43, 44, 45, 46]]), ai_seats=[]
    )
    session.apply(0, ChooseFirst())
    table = table_with(session, locale)
    text = hand_embed(table, 0, locale).description or ""
    assert expected in text.splitlines()
    assert "Nothing else fits" not in text
    assert waiting in (hand_embed(table, 1, locale).description or "").splitlines()
    assert (UI.turn_text(table) or "").startswith(ping)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en-US", "Your turn is over. You drew four cards: `4`, `5`, `6`, `7`."),
        ("fr", "Ton tour est fini. Tu as pioché quatre cartes\xa0: `4`, `5`, `6`, `7`."),
        ("de", "Dein Zug ist vorbei. Du hast vier Karten gezogen: `4`, `5`, `6`, `7`."),
    ],
)
def test_ending_a_turn_says_the_turn_is_over_and_what_was_drawn(locale: str, expected: str) -> None:
    # Found playing: "Turn over: you drew 2 cards" read as an order to turn a card over. Found in a review: the
    # count was in digits while the turn's other counts are words ("two played"); digits are the cards' values.
    session = nothing_fits_session()
    result = session.apply(0, FinishTurn())
    assert result.notice is not None
    assert render_notice(locale, result.notice) == expected


def test_a_finished_games_hand_says_so_and_offers_no_button() -> None:
    """Seen at the end of a game in the playground: the hand read "The game is over." above a **Refresh** button
    that had nothing left to bring up to date."""
    table = finished()
    assert "The game is over." in (hand_embed(table, 0, "en-US").description or "")
    assert hand_view(table, 0, "en-US").to_components() == []
    playing = mid_game()
    assert any(
        item["custom_id"].startswith("tg:refresh")
        for row in hand_view(playing, 1, "en-US").to_components()
        for item in row["components"]
    ), "a game in play keeps it"
