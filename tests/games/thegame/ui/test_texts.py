"""The Game's small texts read as a player expects: one instruction at a time, sentences that say what happened."""

from __future__ import annotations

import pytest

from bot.games.thegame.session import ChooseFirst, FinishTurn, PlayOnPile, TheGameSession
from bot.games.thegame.ui.hand import hand_embed
from bot.service.table import Seat, Table, TableStatus
from bot.ui.game_ui import render_notice
from tests.games.thegame.engine.helpers import game_from_hands


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
        ("fr", "**À toi de jouer** — quatre cartes posées, le tour peut finir. Plus rien ne passe : finis ton tour.",
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


def test_a_hand_with_moves_says_to_choose_a_card() -> None:
    session = TheGameSession(
        game_from_hands([[99, 98, 3, 2, 50, 60, 70], [40, 41, 42, 43, 44, 45, 46]]), ai_seats=[]
    )
    session.apply(0, ChooseFirst())
    text = hand_embed(table_with(session), 0, "en-US").description or ""
    assert "**Your turn** — at least two cards to play. Choose a card, then a pile." in text.splitlines()
    assert "Nothing else fits" not in text


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en-US", "Your turn is over. You drew 4 cards: `4`, `5`, `6`, `7`."),
        ("fr", "Ton tour est fini. Tu as pioché 4 cartes : `4`, `5`, `6`, `7`."),
    ],
)
def test_ending_a_turn_says_the_turn_is_over_and_what_was_drawn(locale: str, expected: str) -> None:
    # Found playing: "Turn over: you drew 2 cards" read as an order to turn a card over.
    session = nothing_fits_session()
    result = session.apply(0, FinishTurn())
    assert result.notice is not None
    assert render_notice(locale, result.notice) == expected
