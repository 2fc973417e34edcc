"""Between two hands (Hearts, Barbu): the session tells each finished hand (its last trick, tricks, penalty cards,
points, totals, moon or early end), keeps it for the board until the next hand's first card, saves it with the
game (an old save gets it from its log), and makes the AI wait longer before that card."""

from __future__ import annotations

import json

import pytest

from bot.games.barbu.contracts import cards_per_player
from bot.games.barbu.session import BarbuSession
from bot.games.cards import Card
from bot.games.hand_recap import HandRecap, recaps_from_history
from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession
from bot.games.registry import rules_for
from bot.games.trick_log import HandBegins, HandEnds, LogNote, TrickTaken
from bot.games.trick_session import HAND_END_PAUSE, PlayTrickCard, TrickSession
from bot.games.tricks import TrickPlay
from bot.service.table import Table
from tests.games.test_trick_tables import first_choice, table_at


def plays(first: int, seats: int, codes: str) -> tuple[TrickPlay, ...]:
    return tuple(
        TrickPlay((first + index) % seats, Card.from_code(code)) for index, code in enumerate(codes.split())
    )


def hearts_penalty(hand: int, card: Card) -> bool:
    return card.suit == "H" or card == Card("S", 12)


def test_a_hand_told_by_the_log_becomes_its_recap() -> None:
    entries = [
        HandBegins(1, 1),
        TrickTaken(1, plays(0, 3, "2C KC AC"), 2, 0),
        TrickTaken(2, plays(2, 3, "QS 5H 3S"), 2, 14),
        HandEnds((0, 0, 14), (0, 0, 14)),
        HandBegins(2, -1),
        TrickTaken(1, plays(1, 3, "4D 2H 9D"), 0, 1),
        TrickTaken(2, plays(0, 3, "AH KH QH"), 0, 3),
        LogNote("moon", 0),
        LogNote("moon_choice", 0, "plus_others"),
        HandEnds((0, 26, 26), (0, 26, 40)),
        HandBegins(3, None),
        TrickTaken(1, plays(2, 3, "5C 6C 7C"), 1, 0),  # the hand in play: not finished, not told
    ]
    first, second = recaps_from_history(entries, 2, hearts_penalty)
    assert first.number == 1 and first.last_trick == plays(2, 3, "QS 5H 3S") and first.last_winner == 2
    assert first.tricks_taken == (0, 0, 2)
    assert first.penalty_cards == ((), (), (Card("H", 5), Card("S", 12)))
    assert first.moon is None and not first.ended_early
    assert second.number == 2 and second.last_winner == 0 and second.tricks_taken == (2, 0, 0)
    assert second.penalty_cards[0] == tuple(sorted(Card.from_code(code) for code in ["2H", "AH", "KH", "QH"]))
    assert (second.moon, second.moon_choice) == (0, "plus_others")
    assert second.points == (0, 26, 26) and second.totals == (0, 26, 40)
    assert recaps_from_history(entries, 1, hearts_penalty) == (second,)
    assert recaps_from_history(entries, 0, hearts_penalty) == ()


def test_a_recap_is_saved_and_read_back_and_bad_data_is_refused() -> None:
    (recap,) = recaps_from_history(
        [
            HandBegins(1, None),
            TrickTaken(1, plays(1, 3, "QS 5H 3S"), 1, 14),
            LogNote("ended_early"),
            HandEnds((0, 14, 0), (3, 14, 0)),
        ],
        1,
        hearts_penalty,
    )
    assert recap.ended_early
    assert HandRecap.from_dict(json.loads(json.dumps(recap.to_dict()))) == recap
    with pytest.raises(ValueError):
        HandRecap.from_dict({"number": 1})
    with pytest.raises(ValueError):
        HandRecap.from_dict({**recap.to_dict(), "last_trick": [[0, "ZZ"]]})


def play_to_the_end_of_hand(session: TrickSession) -> list[HandRecap]:
    """Simple legal actions until an action finishes a hand; the recaps it added to its events."""
    while not session.is_over:
        seat = session.to_act()[0]
        result = session.apply(seat, first_choice(session, seat))
        recaps = [event for event in result.events if isinstance(event, HandRecap)]
        if recaps:
            return recaps
    return []


@pytest.mark.parametrize(("game", "players"), [("hearts", 4), ("hearts", 6), ("barbu", 3), ("barbu", 8)])
def test_every_finished_hand_is_told_once_with_the_engines_points(game: str, players: int) -> None:
    table = table_at(game, players, seed=11, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    told = 0
    while not session.is_over:
        recaps = play_to_the_end_of_hand(session)
        for recap in recaps:
            told += 1
            assert recap.number == told
            scored = session.hands_played()[told - 1]
            assert recap.points == (scored if game == "hearts" else scored.points)  # type: ignore[union-attr]
            every_trick = 13 if game == "hearts" else cards_per_player(players)
            assert sum(recap.tricks_taken) == every_trick
            assert recap.last_winner is not None and recap.last_trick[-1].seat != recap.last_trick[0].seat
        assert session.finished_hands == tuple(recaps)
    assert told == len(session.hands_played())
    assert session.finished_hands[-1].totals == session.engine.scores


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_the_board_shows_the_finished_hand_until_the_next_hands_first_card(game: str) -> None:
    table = table_at(game, 4, seed=3, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    assert session.shown_hand() is None, "nothing finished yet"
    (recap,) = play_to_the_end_of_hand(session)
    assert session.shown_hand() == recap
    if isinstance(session, HeartsSession):
        assert session.engine.phase is Phase.PASSING
        while session.engine.phase is Phase.PASSING:  # the pass: still the finished hand on the board
            seat = session.to_act()[0]
            session.apply(seat, first_choice(session, seat))
            assert session.shown_hand() == recap
    seat = session.to_act()[0]
    session.apply(seat, PlayTrickCard(session.engine.legal_cards(seat)[0]))
    assert session.shown_hand() is None, "the first card of the next hand"
    assert session.finished_hands == (recap,), "kept for the record until the next hand ends"


def test_a_contract_with_no_penalty_card_dealt_is_told_after_the_one_before() -> None:
    """Seed 807, seven players with `early_end`: both kings of hearts are set aside in hand 4 (Barbu), which ends
    as soon as it is dealt; the action that ends hand 3 tells both, and the board keeps hand 3's last trick."""
    rules = rules_for("barbu")
    session = rules.new_session(7, 807, rules.options({"early_end": True}), [])
    assert isinstance(session, BarbuSession)
    play_to_the_end_of_hand(session)
    play_to_the_end_of_hand(session)
    third, fourth = play_to_the_end_of_hand(session)
    assert (third.number, fourth.number) == (3, 4)
    assert fourth.last_trick == () and fourth.last_winner is None and fourth.points == (0,) * 7
    assert fourth.totals == third.totals
    assert session.shown_hand() == third, "the hand with a last trick to show"


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_the_finished_hand_survives_a_save_and_an_old_save_finds_it_in_its_log(game: str) -> None:
    table = table_at(game, 4, seed=7, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    (recap,) = play_to_the_end_of_hand(session)
    saved = json.loads(json.dumps(table.to_dict()))
    assert saved["session"]["format_version"] == 2
    restored = Table.from_dict(saved).require_session()
    assert isinstance(restored, TrickSession) and restored.shown_hand() == recap
    # Saved before this change: no format_version, no finished hands. The board still shows the finished hand.
    old = json.loads(json.dumps(saved))
    del old["session"]["format_version"], old["session"]["finished_hands"]
    upgraded = Table.from_dict(old)
    upgraded_session = upgraded.require_session()
    assert isinstance(upgraded_session, TrickSession)
    assert upgraded_session.shown_hand() == recap
    assert upgraded.to_dict() == table.to_dict(), "saved again in the new shape"


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_an_old_save_in_the_middle_of_a_hand_loads_without_a_finished_hand(game: str) -> None:
    table = table_at(game, 4, seed=7, steps=30)
    saved = json.loads(json.dumps(table.to_dict()))
    del saved["session"]["format_version"], saved["session"]["finished_hands"]
    session = Table.from_dict(saved).require_session()
    assert isinstance(session, TrickSession)
    assert session.finished_hands == () and session.shown_hand() is None


def test_the_ai_waits_longer_before_the_first_card_of_a_hand() -> None:
    table = table_at("barbu", 4, seed=3, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    assert session.ai_pause() == 1.0
    play_to_the_end_of_hand(session)
    assert session.ai_pause() == HAND_END_PAUSE
    seat = session.to_act()[0]
    session.play_ai(seat)
    assert session.ai_pause() == 1.0


def test_hearts_ai_seats_pass_at_the_usual_pace_and_wait_before_the_first_card() -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    session = table.require_session()
    assert isinstance(session, HeartsSession)
    play_to_the_end_of_hand(session)
    assert session.engine.phase is Phase.PASSING and session.ai_pause() == 1.0, "passing buries nothing"
    while session.engine.phase is Phase.PASSING:
        session.play_ai(session.to_act()[0])
    assert session.ai_pause() == HAND_END_PAUSE
