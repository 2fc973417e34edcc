"""Hearts and Barbu at the table: sessions (save, stale buttons, refusals, outcome) and their views (limits, privacy)."""

from __future__ import annotations

import json
import random

import discord
import pytest

from bot.games.barbu.errors import ErrorCode
from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.hearts.errors import RefusalCode
from bot.games.hearts.options import Phase
from bot.games.hearts.session import ChooseMoon, HeartsSession, PassCards
from bot.games.registry import rules_for
from bot.games.trick_session import PlayTrickCard, TrickSession, places
from bot.service.table import Seat, Table, TableStatus
from bot.ui.game_ui import ui_for
from bot.ui.i18n import catalog
from bot.ui.lobby import render_table
from tests.e2e.trick_driver import cards_shown


def first_choice(session: TrickSession, seat: int) -> object:
    """The simplest legal action for a seat (fast: whole games in a test)."""
    engine = session.engine
    if isinstance(session, HeartsSession) and session.engine.phase is Phase.PASSING:
        return PassCards(engine.hand(seat)[:3])
    if isinstance(session, HeartsSession) and session.engine.phase is Phase.MOON_CHOICE:
        return ChooseMoon("plus_others")
    return PlayTrickCard(engine.legal_cards(seat)[0])


def table_at(game: str, players: int, seed: int, steps: int, locale: str = "en-US") -> Table:
    """A table of `players` (the first two human, the rest AI) after `steps` simple actions."""
    seats = [Seat(100 + index, f"P{index}", is_ai=index >= 2) for index in range(players)]
    rules = rules_for(game)
    table = Table(
        id=9,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=seed,
        game_key=game,
        options=rules.options({}),
        locale=locale,
        seats=seats,
        status=TableStatus.PLAYING,
    )
    table.session = rules.new_session(players, seed, table.options, [i for i in range(players) if i >= 2])
    session = table.require_session()
    assert isinstance(session, TrickSession)
    for _ in range(steps):
        if session.is_over:
            break
        seat = session.to_act()[0]
        session.apply(seat, first_choice(session, seat))
    return table


def engine_of(table: Table) -> object:
    session = table.require_session()
    assert isinstance(session, TrickSession)
    return session.engine


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_a_saved_session_comes_back_equal(game: str) -> None:
    table = table_at(game, 4, seed=5, steps=23)
    data = json.loads(json.dumps(table.to_dict()))
    restored = Table.from_dict(data)
    assert restored.to_dict() == table.to_dict()
    assert engine_of(restored) == engine_of(table)


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_a_button_from_an_earlier_hand_is_stale_and_changes_nothing(game: str) -> None:
    table = table_at(game, 4, seed=8, steps=60)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    seat = session.to_act()[0]
    engine = session.engine
    before = session.to_dict()
    card = engine.legal_cards(seat)[0] if engine.legal_cards(seat) else engine.hand(seat)[0]
    with pytest.raises(GameError, match="error.stale_button"):
        session.apply(seat, PlayTrickCard(card, engine.hand_number - 1))
    assert session.to_dict() == before


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_refusals_name_a_sentence_in_both_languages_and_change_nothing(game: str) -> None:
    table = table_at(game, 4, seed=3, steps=9)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    engine = session.engine
    acting = session.to_act()[0]
    waiting = (acting + 1) % 4
    before = session.to_dict()
    with pytest.raises(GameError) as out_of_turn:
        session.apply(waiting, PlayTrickCard(engine.hand(waiting)[0]))
    assert out_of_turn.value.key == "tricks.not_your_turn"
    missing = next(card for card in engine.hand(waiting) if card not in engine.hand(acting))
    with pytest.raises(GameError) as not_held:
        session.apply(acting, PlayTrickCard(missing))
    assert not_held.value.key == "tricks.card_not_in_hand"
    assert session.to_dict() == before
    codes = {code.value for code in RefusalCode} | {code.value for code in ErrorCode}
    for language in ("en", "fr"):
        assert all(f"tricks.{code}" in catalog(language) for code in codes), language


@pytest.mark.parametrize(("game", "players"), [("hearts", 4), ("hearts", 5), ("barbu", 3), ("barbu", 6)])
def test_a_whole_game_ends_with_a_ranked_outcome(game: str, players: int) -> None:
    table = table_at(game, players, seed=11, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    for _ in range(20_000):
        if session.is_over:
            break
        seat = session.to_act()[0]
        session.apply(seat, first_choice(session, seat))
    assert session.is_over
    outcome = session.outcome()
    points = [seat.points for seat in outcome.seats]
    assert [seat.place for seat in outcome.seats] == list(places(points))
    assert [seat.won for seat in outcome.seats] == [p == min(points) for p in points]
    assert outcome.outcome == "finished" and outcome.score == min(points)


def test_places_share_ties() -> None:
    assert places([10, 3, 3, 40]) == (3, 1, 1, 4)


def components_of(view: discord.ui.View) -> list[dict[str, object]]:
    rows = view.to_components()
    assert len(rows) <= 5
    found = []
    for row in rows:
        assert len(row["components"]) <= 5
        found += row["components"]
    ids = [component["custom_id"] for component in found]
    assert len(ids) == len(set(ids)), "custom ids must be unique in a message"
    assert all(len(custom_id) <= 100 for custom_id in ids)
    return found


@pytest.mark.parametrize("game", ["hearts", "barbu"])
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_views_fit_discord_and_the_board_never_shows_a_hand(game: str, players: int) -> None:
    rng = random.Random(players)
    one_deck = players <= (4 if game == "hearts" else 5)
    for steps in (0, 1, players * 3, rng.randrange(20, 120)):
        for locale in ("en-US", "fr"):
            table = table_at(game, players, seed=players * 7 + steps, steps=steps, locale=locale)
            engine = engine_of(table)
            board = render_table(table)
            text = json.dumps(board["embed"].to_dict(), ensure_ascii=False)  # type: ignore[union-attr]
            in_hands = {card for seat in range(players) for card in engine.hand(seat)}  # type: ignore[attr-defined]
            if one_deck:  # with two decks a played card may have a twin in a hand
                assert not cards_shown(text) & in_hands
            for seat in range(players):
                content = ui_for(table).hand(table, seat, locale, notice=None, hints=True)
                components_of(content["view"])
                embed = content["embed"]
                assert len(embed) <= 6000 and len(embed.description or "") <= 4096
                # A private hand shows no other seat's card.
                others = {card for other in range(players) if other != seat for card in engine.hand(other)}  # type: ignore[attr-defined]
                mine = set(engine.hand(seat))  # type: ignore[attr-defined]
                hand_text = json.dumps(embed.to_dict(), ensure_ascii=False)
                played = {play.card for play in engine.current_trick}  # type: ignore[attr-defined]
                if one_deck:
                    assert not (cards_shown(hand_text) & others) - mine - played


def test_the_pass_menu_reads_two_identical_cards_and_refuses_a_forged_payload() -> None:
    table = table_at("hearts", 6, seed=4, steps=0)
    ui = ui_for(table)
    action, answer = ui.action(table, "pass.0", ["QS.0", "QS.1", "2C.0"])
    assert answer == "hand" and isinstance(action, PassCards)
    assert action.cards == (Card("S", 12), Card("S", 12), Card("C", 2)) and action.hand_number == 0
    for payload, values in (("pass.x", ["QS.0"]), ("p.0.ZZ", []), ("m.0.everyone", []), ("nope", [])):
        with pytest.raises(GameError, match="error.stale_button"):
            ui.action(table, payload, values)


def test_the_passing_hand_offers_a_menu_of_its_own_cards() -> None:
    table = table_at("hearts", 4, seed=2, steps=0)
    session = table.require_session()
    assert isinstance(session, HeartsSession) and session.engine.phase is Phase.PASSING
    content = ui_for(table).hand(table, 0, "fr", notice=None, hints=True)
    menus = [c for c in components_of(content["view"]) if c["type"] == 3]
    assert len(menus) == 1 and menus[0]["min_values"] == 3 and menus[0]["max_values"] == 3
    offered = {Card.from_code(str(option["value"]).split(".")[0]) for option in menus[0]["options"]}  # type: ignore[union-attr]
    assert offered == set(session.engine.hand(0))


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_ai_seats_act_legally_from_their_own_view(game: str) -> None:
    table = table_at(game, 4, seed=21, steps=0)
    session = table.require_session()
    assert isinstance(session, TrickSession)
    for _ in range(30):
        seat = session.to_act()[0]
        assert session.play_ai(seat), "an AI seat on turn always acts"
        assert session.play_ai((session.to_act()[0] + 1) % 4) == [] or len(session.to_act()) > 1
