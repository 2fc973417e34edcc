"""Crapette told turn by turn for **Full log**, and the verdict of a right call, which names the card that had to
move first."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Notice
from bot.games.crapette import (
    ENDLESS_TURN,
    MAX_TURNS,
    NO_PROGRESS,
    REPETITION,
    STRATEGIES,
    TURN_LIMIT,
    CardMoved,
    Crapette,
    EndlessTurnStopped,
    Move,
    StockTurned,
)
from bot.games.crapette.engine import REPETITIONS_IN_A_TURN
from bot.games.crapette.history import TurnTold, history
from bot.games.crapette.moves import CALL_CRAPETTE
from bot.games.crapette.recent import RecentMoves
from bot.games.crapette.session import CrapetteAction, CrapetteSession, LastCall
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t
from tests.games.crapette.helpers import arranged

NAMES = ("Alice", "Robot")


def played(seed: int, actions: int = 300) -> tuple[Crapette, list[object], list[Notice]]:
    """Seat 0 plays legal actions at random (so it breaks the priority rule, and the AI on seat 1 calls it),
    once calls "Crapette!" wrongly during the AI's turn; returns the game, every event in order, and the
    verdicts seat 0 was given after the AI's right calls."""
    game = Crapette.new(seed=seed)
    session = CrapetteSession(game, [1])
    rng = random.Random(seed)
    events: list[object] = []
    verdicts: list[Notice] = []
    called_wrongly = False
    for _ in range(actions):
        if game.is_over:
            break
        if game.current_player == 1:
            if not called_wrongly and game.last_missed is None:
                events += session.apply(0, CrapetteAction(CALL_CRAPETTE)).events
                called_wrongly = True
            events += session.play_ai(1)
            continue
        result = session.apply(0, CrapetteAction(rng.choice(game.legal_actions(0))))
        events += result.events
        if result.notice is not None and result.notice.key.startswith("crapette.told."):
            verdicts.append(result.notice)
    return game, events, verdicts


def steps_of(told: list[TurnTold | Notice], *keys: str) -> list[str]:
    return [
        str(step.params["card"])
        for line in told
        if isinstance(line, TurnTold)
        for step in line.steps
        if step.key in keys
    ]


def test_every_card_moved_and_turned_up_is_told_in_order_turn_by_turn() -> None:
    game, events, _ = played(seed=5)
    told = history(game, NAMES)
    moved = steps_of(told, "crapette.move", "crapette.log.turned_to")
    assert moved == [str(e.card) for e in events if isinstance(e, CardMoved)]
    turned_up = steps_of(told, "crapette.log.turned", "crapette.log.turned_to")
    assert turned_up == [str(e.card) for e in events if isinstance(e, StockTurned)]
    assert steps_of(told, "crapette.log.turned_to"), "a card turned up and played at once is told in one step"
    turns = [line for line in told if isinstance(line, TurnTold)]
    assert len(turns) > 20
    numbers = [turn.number for turn in turns]
    assert numbers == sorted(set(numbers)), "one line a turn, in order"
    assert numbers[-1] <= game.turn_number


def test_calls_and_missed_turns_are_told_where_they_happened() -> None:
    game, _, verdicts = played(seed=5)
    told = history(game, NAMES)
    keys = [line.key for line in told if isinstance(line, Notice)]
    assert keys.count("crapette.log.called_wrong") == game.wrong_calls(0) == 1
    assert keys.count("crapette.log.skipped") == 1
    wrong = next(
        line for line in told if isinstance(line, Notice) and line.key == "crapette.log.called_wrong"
    )
    assert render_notice("en", wrong) == "📣 Alice called Crapette! and was wrong: they miss their next turn."
    assert render_notice("fr", wrong) == "📣 Alice crie Crapette\xa0! à tort et passera son prochain tour."
    rights = [line for line in told if isinstance(line, Notice) and line.key == "crapette.log.called_right"]
    assert len(rights) == game.crapettes_called(1) == len(verdicts) >= 3
    for logged, verdict in zip(rights, verdicts, strict=True):
        assert logged.params["missed"].params["card"] == verdict.params["missed"].params["card"] != "?"
    if game.is_over:
        assert isinstance(told[-1], Notice) and told[-1].key.startswith(
            ("crapette.end_won", "crapette.log.drawn")
        )


def test_the_log_names_whose_pile_a_card_went_to() -> None:
    game, _, _ = played(seed=5)
    lines = [
        t(
            "en",
            "crapette.log.turn",
            number=line.number,
            name=NAMES[line.seat],
            steps=" · ".join(render_notice("en", step) for step in line.steps),
        )
        for line in history(game, NAMES)
        if isinstance(line, TurnTold)
    ]
    text = "\n".join(lines)
    assert "→ Alice's discard" in text or "→ Alice's crapette" in text, "the AI loads Alice's piles"
    assert "opponent's" not in text


@pytest.mark.parametrize("reason", [REPETITION, ENDLESS_TURN, NO_PROGRESS, TURN_LIMIT])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_draw_is_explained(reason: str, locale: str) -> None:
    key = f"crapette.log.drawn.{reason}"
    text = t(locale, key, turns=2000, count=20)
    assert text != key and text.startswith("🤝 ")


# -- the verdict of a right call ------------------------------------------------------------------------------
def turned_card_position() -> Crapette:
    """Seat 0 on turn with 2H turned up, which the rule says must go on the AH of F1 first; the crapette's 6H
    fits on 7S (side pile 1)."""
    return arranged(
        crapettes=("9C 6H", "KD/1"),
        sides=("7S", "KC", "QD", "KS", "KC/1", "KS/1", "KH/1", "KD/1"),
        foundations=("AH",),
        turned=("2H", ""),
    )


def test_an_ai_call_names_the_turned_card_the_player_should_have_played() -> None:
    # Found while writing the log: the call ends the turn and puts the turned card on the discard, and the verdict
    # used to look for the card where it no longer was ("the move to make first was ? (st>f1)").
    session = CrapetteSession(turned_card_position(), [1])
    result = session.apply(0, CrapetteAction(Move("cr", "s1")))
    assert result.notice is not None and result.notice_with_board
    assert render_notice("en", result.notice) == (
        "📣 Crapette! Your opponent caught you: before playing 6♥ crapette → pile 1, you had to play 2♥ turned card"
        " → F1, as a card that can go to a foundation goes there first. Your turn is over."
    )


def test_a_person_who_calls_reads_the_move_from_their_own_side() -> None:
    session = CrapetteSession(turned_card_position(), [])
    session.apply(0, CrapetteAction(Move("cr", "s1")))
    result = session.apply(1, CrapetteAction(CALL_CRAPETTE))
    assert result.notice is not None and result.notice_with_board
    assert render_notice("en", result.notice) == (
        "📣 Crapette! Right call: the move to make first was 2♥ opponent's turned card → F1. The turn passes."
    )
    assert list(result.notices_for) == [0], "the player called on is told too"
    assert render_notice("fr", result.notice) == (
        "📣 Crapette\xa0! Bien vu\xa0: il fallait d'abord jouer 2♥ carte retournée adverse → F1. Le tour passe."
    )


def test_a_plain_move_is_answered_by_the_board_alone() -> None:
    session = CrapetteSession(turned_card_position(), [])
    result = session.apply(0, CrapetteAction(Move("st", "f1")))
    assert not result.notice_with_board


def test_rules_say_when_a_game_is_drawn_or_a_turn_cut_short() -> None:
    assert f"after {MAX_TURNS:,} turns" in t("en", "rules.crapette.body")
    assert f"après {MAX_TURNS:,} tours".replace(",", " ") in t("fr", "rules.crapette.body")
    assert f"brings the same side piles back {REPETITIONS_IN_A_TURN} times" in t("en", "rules.crapette.body")
    assert f"ramène {REPETITIONS_IN_A_TURN} fois les mêmes piles" in t("fr", "rules.crapette.body")
    for locale in ("en", "fr"):
        assert "(our choice" in t(locale, "rules.crapette.body") or "(notre choix" in t(
            locale, "rules.crapette.body"
        )


def test_rules_say_the_sources_rules() -> None:
    english, french = t("en", "rules.crapette.body"), t("fr", "rules.crapette.body")
    assert "the top card of your discard" in english and "the top of your discard too" in english
    assert "A turned card that can be placed must not be discarded." in english
    assert (
        "Cards may move between side piles as often as you like, but a turn that brings the same side piles back "
        f"{REPETITIONS_IN_A_TURN} times ends there." in english
    )
    assert (
        "le dessus de ta défausse" in french
        and "Une carte retournée qui peut être posée ne se défausse pas." in french
    )


def test_a_hint_says_the_move_in_words() -> None:
    # It said the move's code ("💡 cr>s1"), where the menu says it in words.
    session = CrapetteSession(turned_card_position(), [])
    assert render_notice("en", session.hint(0)) == "💡 2♥ turned card → F1"
    game = Crapette.new(seed=3)
    session = CrapetteSession(game, [])
    brain = STRATEGIES["strong"]()
    for _ in range(300):  # play the hints until one is not a move: it is said as its button says it
        seat = game.current_player
        action = brain.choose_action(game.view(seat))
        if not isinstance(action, Move):
            assert render_notice("fr", session.hint(seat)) == "💡 " + t("fr", f"crapette.button.{action}")
            return
        session.apply(seat, CrapetteAction(action))
    raise AssertionError("no hint to turn a card or discard in 300 actions")


def test_the_last_call_is_saved_with_the_game_and_old_saves_still_load() -> None:
    session = CrapetteSession(turned_card_position(), [1])
    session.apply(0, CrapetteAction(Move("cr", "s1")))
    call = session.last_call
    assert call is not None and call.right and call.caller == 1
    assert (str(call.missed), call.card) == ("st>f1", "2♥"), "the card read before the move"
    assert LastCall.from_dict(call.to_dict()) == call
    game = Crapette.new(seed=3)
    saved = CrapetteSession(game, [1]).to_dict()
    assert "last_call" not in saved, "nothing new in a game without calls"
    assert CrapetteSession.from_dict(saved).last_call is None


# -- a turn cut short for going round in circles ---------------------------------------------------------------
def circled(game: Crapette) -> list[object]:
    """The player on turn moves one side card to another side pile and back until the engine ends their turn
    (rules version 3); every event in order."""
    seat = game.current_player
    move = next(
        move
        for move in game.legal_moves(seat)
        if isinstance(move, Move) and move.source[0] == "s" and move.target[0] == "s"
    )
    back = Move(move.target, move.source)
    events: list[object] = []
    while game.current_player == seat and not game.is_over:
        events += game.apply(seat, move)
        if game.current_player == seat:
            events += game.apply(seat, back)
    return events


def test_a_turn_cut_short_is_told_in_the_log_and_to_the_player() -> None:
    game = Crapette.new(seed=3)
    seat = game.current_player
    events = circled(game)
    assert EndlessTurnStopped(seat, REPETITIONS_IN_A_TURN) in events and not game.is_over
    told = [line for line in history(game, NAMES) if isinstance(line, TurnTold)]
    keys = [step.key for step in told[0].steps]
    assert keys.count("crapette.move") == 2 * (REPETITIONS_IN_A_TURN - 1)  # the start came back 19 more times
    assert keys[-1] == "crapette.log.endless_turn_stopped"
    line = render_notice("en", told[0].steps[-1])
    assert line == f"went round in circles (the same side piles {REPETITIONS_IN_A_TURN} times): the turn ends"
    assert "tourne en rond" in render_notice("fr", told[0].steps[-1])


def test_the_player_who_went_round_in_circles_is_told_why_their_turn_ended() -> None:
    game = arranged(crapettes=("2C", ""), sides=("8S 7H", "8C", "KS", "KS", "KS", "KS", "KS", "KS"))
    session = CrapetteSession(game, [1])
    result = None
    while game.current_player == 0:
        result = session.apply(0, CrapetteAction(Move("s1", "s2")))
        if game.current_player == 0:
            result = session.apply(0, CrapetteAction(Move("s2", "s1")))
    assert result is not None and result.notice is not None and result.notice_with_board
    assert render_notice("en", result.notice) == (
        f"🔁 Your turn ends here: you brought the same side piles back {REPETITIONS_IN_A_TURN} times, and a turn "
        "may not go round in circles."
    )
    assert render_notice("fr", result.notice).startswith("🔁 Ton tour s'arrête ici\xa0: tu as ramené")
    # The board's line of recent moves ends with it too, and keeps it when the session is saved.
    assert session.recent is not None
    for recent in (session.recent, RecentMoves.from_dict(session.recent.to_dict())):
        assert recent.steps("Robot")[-1] == Notice(
            "crapette.log.endless_turn_stopped", {"count": REPETITIONS_IN_A_TURN}
        )
