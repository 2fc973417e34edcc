"""Hearts' and Barbu's tables as the Activity draws them for one person (no server): the picture's parts in the
reader's language, their own hand and no one else's, the pass and the moon, a finished hand's result, and every
message the page may send read into the game's own action, or refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.activity.views import view_for
from bot.activity.views.base import table_state
from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.hearts.options import Phase
from bot.games.hearts.session import ChooseMoon, HeartsSession, PassCards
from bot.games.trick_session import PlayTrickCard
from bot.service.table import Table
from bot.ui.game_ui import refusal_text
from bot.ui.i18n import t
from bot.ui.trick_views import session_of
from tests.games.hearts.helpers import play_moon_hand
from tests.games.test_hand_recap import play_to_the_end_of_hand
from tests.games.test_trick_tables import first_choice, table_at

USERS = [100 + index for index in range(8)]  # `table_at`'s seats: P0 (user 100), P1 (101), the rest AI


def play_of(table: Table, user_id: int, locale: str = "en") -> dict[str, Any]:
    play: dict[str, Any] = table_state(view_for(table.game_key), table, user_id, locale)["play"]
    return play


def codes_in(value: Any) -> str:
    """The whole state as the page gets it."""
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize("game", ["hearts", "barbu"])
@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_a_page_shows_its_own_hand_and_never_a_card_held_by_another(game: str, players: int) -> None:
    for steps in (0, players + 2, 3 * players + 5):
        table = table_at(game, players, seed=players + steps, steps=steps)
        engine = session_of(table).engine
        played = {play.card for play in engine.plays_this_hand}
        for user in (*USERS[:players], 999):  # every seat, and someone watching
            seat = table.seat_of(user)
            play = play_of(table, user)
            text = codes_in(play)
            own = set(engine.hand(seat)) if seat is not None else set()
            if seat is None:
                assert "hand" not in play
            else:
                assert play["hand"]["cards"] == [card.code for card in engine.hand(seat)]
            for other in range(players):
                for card in set(engine.hand(other)) - own - played:
                    received = (
                        getattr(engine, "received_cards", lambda seat: ())(seat) if seat is not None else ()
                    )
                    chosen = (
                        getattr(engine, "chosen_pass", lambda seat: None)(seat) if seat is not None else None
                    )
                    if card in received or card in (chosen or ()):
                        continue  # what this seat passed, or was passed: it saw those cards
                    assert f'"{card.code}"' not in text, (game, players, steps, user, card)


def test_the_table_is_the_pictures_own_parts_in_the_readers_language() -> None:
    table = table_at("hearts", 4, seed=7, steps=6)  # the pass done, the first trick under way
    engine = session_of(table).engine
    play = play_of(table, USERS[0], "fr")
    assert play["kind"] == "tricks"
    assert play["header"].startswith("Dame de pique — donne 1")
    assert [seat["name"] for seat in play["seats"]] == [seat.name for seat in table.seats]
    assert [seat["score_line"] for seat in play["seats"]] == [
        t("fr", "tricks.picture.score", count=engine.hand_points(seat), total=engine.scores[seat])
        for seat in range(4)
    ]
    trick = engine.current_trick
    assert play["trick"] == [{"seat": p.seat, "card": p.card.code} for p in trick]
    assert play["leader"] == trick[0].seat
    assert play["lead_label"] == t("fr", "tricks.picture.lead")
    (acting,) = engine.to_act()
    assert [seat["to_act"] for seat in play["seats"]] == [index == acting for index in range(4)]
    assert play["status_line"] == (
        t("fr", "activity.tricks.your_turn")
        if acting == 0
        else t("fr", "activity.tricks.turn", name=table.seats[acting].name)
    )
    assert table.locale == "en-US", "the table itself is not changed"


def test_the_hearts_pass_is_chosen_in_the_hand_and_read_as_the_games_own() -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    engine = session_of(table).engine
    assert engine.phase is Phase.PASSING
    hand = play_of(table, USERS[0])["hand"]
    assert hand["step"] == "pass" and hand["legal"] == []
    assert hand["pass"]["count"] == 3 and hand["pass"]["to"] == "P1"  # hand 1 passes to the left
    assert hand["pass"]["chosen"] is None
    view = view_for("hearts")
    cards = hand["cards"][:3]
    action = view.action(table, 0, {"kind": "pass", "cards": cards, "hand": 0}, "en")
    assert action == PassCards(tuple(Card.from_code(code) for code in cards), 0)
    session_of(table).apply(0, action)
    after = play_of(table, USERS[0])["hand"]
    assert after["step"] == "wait" and after["pass"]["chosen"] == cards
    # The others see that P0 has chosen, not what.
    other = play_of(table, USERS[1])
    assert other["seats"][0]["status"] == t("en", "hearts.picture.chosen")
    assert not set(cards) & set(codes_in(other).split('"'))


def test_the_moon_shooter_chooses_with_two_buttons() -> None:
    table = table_at("hearts", 4, seed=1, steps=0)
    table.session = HeartsSession(play_moon_hand(), [])
    shooter = play_of(table, USERS[0], "de")["hand"]
    award = session_of(table).engine.options.moon_award  # type: ignore[attr-defined]
    assert shooter["step"] == "moon"
    assert [choice["label"] for choice in shooter["moon"]] == [
        t("de", "hearts.moon_button.minus_self", points=award),
        t("de", "hearts.moon_button.plus_others", points=award),
    ]
    assert play_of(table, USERS[1])["hand"]["step"] == "wait"
    assert "moon" not in play_of(table, USERS[1])["hand"]
    view = view_for("hearts")
    assert view.action(table, 0, {"kind": "moon", "choice": "plus_others", "hand": 0}, "en") == ChooseMoon(
        "plus_others", 0
    )


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_a_finished_hand_shows_its_result_until_the_next_hands_first_card(game: str) -> None:
    table = table_at(game, 4, seed=11, steps=0)
    session = session_of(table)
    (recap,) = play_to_the_end_of_hand(session)[-1:]
    play = play_of(table, USERS[0])
    result = play["result"]
    assert result is not None and result["number"] == recap.number
    assert [row["points"] for row in result["rows"]] == list(recap.points)
    assert [row["total"] for row in result["rows"]] == list(recap.totals)
    # Its last trick is the result's: the table shows the new hand, dealt already.
    assert result["last_trick"] == [{"seat": p.seat, "card": p.card.code} for p in recap.last_trick]
    assert result["last_winner"] == recap.last_winner
    assert play["trick"] == []
    # The next hand's first card clears it.
    while not session.engine.plays_this_hand:
        seat = session.to_act()[0]
        session.apply(seat, first_choice(session, seat))
    assert play_of(table, USERS[0])["result"] is None


def test_barbu_shows_its_contract_and_its_penalties() -> None:
    table = table_at("barbu", 4, seed=5, steps=2)
    engine: Any = session_of(table).engine
    play = play_of(table, USERS[0], "fr")
    contract = engine.contract.value
    assert t("fr", f"barbu.contract.{contract}") in play["header"]
    assert t("fr", f"barbu.penalties.{contract}") in play["lines"]


@pytest.mark.parametrize(
    "message",
    [
        {},
        {"kind": "play"},
        {"kind": "play", "card": "1S", "hand": 0},
        {"kind": "play", "card": "QS", "hand": "0"},
        {"kind": "play", "card": ["QS"], "hand": 0},
        {"kind": "play", "card": "QS", "hand": True},
        {"kind": "pass", "cards": "QS KS AS", "hand": 0},
        {"kind": "pass", "cards": ["QS"] * 7, "hand": 0},
        {"kind": "moon", "choice": "both", "hand": 0},
        {"kind": "control", "id": "tg:g:9:p.0.QS"},
    ],
)
def test_what_a_page_sends_is_read_or_refused_as_a_stale_button(message: dict[str, Any]) -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    with pytest.raises(GameError) as refused:
        view_for("hearts").action(table, 0, message, "en")
    assert refused.value.key == "error.stale_button"


def test_a_card_is_played_with_the_hand_it_was_shown_in() -> None:
    table = table_at("barbu", 3, seed=2, steps=0)
    action = view_for("barbu").action(table, 0, {"kind": "play", "card": "10H", "hand": 2}, "en")
    assert action == PlayTrickCard(Card("H", 10), 2)


@pytest.mark.parametrize(("game", "locale"), [("barbu", "en"), ("hearts", "de"), ("barbu", "fr")])
def test_each_card_the_reader_may_not_play_comes_with_the_sentence_a_play_of_it_gets(
    game: str, locale: str
) -> None:
    """A tap on a greyed card tells why, in the reader's language: the bot's own answer had it been played."""
    for steps in range(60):
        table = table_at(game, 4, seed=5, steps=steps)
        engine = session_of(table).engine
        if engine.to_act() == (0,) and len(set(engine.legal_cards(0))) < len(set(engine.hand(0))):
            break
    else:
        raise AssertionError("seat 0 never had a card it may not play")
    hand = play_of(table, USERS[0], locale)["hand"]
    illegal = set(engine.hand(0)) - set(engine.legal_cards(0))
    assert set(hand["refused"]) == {card.code for card in illegal}
    assert t(locale, "tricks.must_follow_suit") in hand["refused"].values()
    for card in illegal:
        with pytest.raises(GameError) as refused:
            session_of(table).apply(0, PlayTrickCard(card, engine.hand_number))
        assert hand["refused"][card.code] == refusal_text(table, refused.value, locale), card
    assert play_of(table, USERS[1], locale)["hand"]["refused"] == {}  # not their turn: nothing greyed
