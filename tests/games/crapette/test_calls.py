"""After a "Crapette!" call, each player is told privately, in the second person: the player called on what they
missed and why, the caller whether they were right and, when wrong, why."""

from __future__ import annotations

from bot.games.crapette import DISCARD_TURNED, TURN_STOCK, Move
from bot.games.crapette.calls import LastCall
from bot.games.crapette.moves import CALL_CRAPETTE
from bot.games.crapette.session import CrapetteAction, CrapetteSession
from bot.ui.game_ui import render_notice
from tests.games.crapette.helpers import arranged
from tests.games.crapette.test_priority import foundation_position, turned_card_position


def said(session: CrapetteSession, seat: int, action: object, locale: str = "en") -> str:
    result = session.apply(seat, CrapetteAction(action))  # type: ignore[arg-type]
    assert result.notice is not None
    return render_notice(locale, result.notice)


def test_a_wrong_caller_is_told_the_move_was_what_the_rule_asked() -> None:
    session = CrapetteSession(foundation_position(), [])
    session.apply(0, CrapetteAction(Move("s3", "f1")))
    assert said(session, 1, CALL_CRAPETTE) == (
        "📣 Crapette! Wrong call: playing 2♥ pile 3 → F1 was just what the priority rule asked of your opponent."
        " You miss your next turn."
    )
    assert said(session, 1, CALL_CRAPETTE, "fr") == (
        "📣 Crapette\xa0! Raté\xa0: jouer 2♥ pile 3 → F1, c'est justement ce que la règle de priorité demandait à ton"
        " adversaire. Tu passeras ton prochain tour."
    )


def test_a_wrong_caller_is_told_a_call_comes_straight_after_the_fault() -> None:
    session = CrapetteSession(foundation_position(), [])
    session.apply(0, CrapetteAction(Move("cr", "s1")))  # breaks the rule
    session.apply(0, CrapetteAction(Move("s3", "f1")))  # then keeps it
    text = said(session, 1, CALL_CRAPETTE)
    assert text.startswith(
        "📣 Crapette! Wrong call: your opponent broke the rule earlier, but their last move, "
    )
    assert "a call must come straight after the move that breaks the rule" in text


def test_a_wrong_caller_is_told_nothing_was_asked() -> None:
    session = CrapetteSession(
        arranged(crapettes=("9C KC", "KD/1"), sides=("7S", *["KC"] * 7), stocks=("2C 5H", "2C/1")), []
    )
    session.apply(0, CrapetteAction(TURN_STOCK))
    assert said(session, 1, CALL_CRAPETTE) == (
        "📣 Crapette! Wrong call: before turning a card, no card could go to a foundation, no side pile could be"
        " freed and no turned card could be placed: your opponent was free to do it. You miss your next turn."
    )
    # Found in a review: the German first clause had no verb ("keine Karte auf einen Ablagestapel, kein …").
    assert said(session, 1, CALL_CRAPETTE, "de") == (
        "📣 Crapette! Falsch gerufen: Vor „eine Karte aufdecken“ konnte keine Karte auf einen Ablagestapel gelegt,"
        " kein Seitenstapel frei gemacht und keine aufgedeckte Karte angelegt werden: Dein Gegner durfte das. Du"
        " setzt beim nächsten Zug aus."
    )


def test_the_ai_calls_a_placeable_card_discarded_and_says_why() -> None:
    # "Le joueur [...] tourne une carte [...] et la place où il le peut dans son jeu": 6H fitted on 7S.
    session = CrapetteSession(turned_card_position(), [1])
    assert said(session, 0, DISCARD_TURNED) == (
        "📣 Crapette! Your opponent caught you: you discarded 6♥, but it had a place (6♥ turned card → pile 1), and"
        " a turned card that can be placed must be placed. Your turn had ended already: the call only counts."
    )
    assert session.engine.crapettes_called(1) == 1 and session.engine.current_player == 1


def test_a_person_who_calls_a_discard_is_told_the_turn_had_passed() -> None:
    session = CrapetteSession(turned_card_position(), [])
    session.apply(0, CrapetteAction(DISCARD_TURNED))
    result = session.apply(1, CrapetteAction(CALL_CRAPETTE))
    assert result.notice is not None
    assert render_notice("en", result.notice) == (
        "📣 Crapette! Right call: the move to make first was 6♥ opponent's turned card → pile 1. The turn had"
        " already passed, so the call only counts."
    )
    told = result.notices_for[0]
    assert render_notice("fr", told).startswith(
        "📣 Crapette\xa0! Ton adversaire t'a pris\xa0: tu as défaussé 6♥"
    )
    # German said the move "war zuerst dran" (was on turn first), as if it were a player.
    assert render_notice("de", result.notice).startswith(
        "📣 Crapette! Richtig gerufen: 6♥ aufgedeckte Karte des Gegners → Stapel 1 musste zuerst gespielt werden."
    )


def test_a_call_saved_before_the_reasons_still_loads() -> None:
    old = {"caller": 1, "right": True, "turn": 4, "missed": "st>f1", "card": "2♥"}
    call = LastCall.from_dict(old)
    assert (call.reason, call.did, call.late) == (None, None, False)
    assert LastCall.from_dict(call.to_dict()) == call
