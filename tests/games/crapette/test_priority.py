"""The priority rule, "Crapette!" calls (right, wrong, penalties) and strict tables."""

from __future__ import annotations

import pytest

from bot.games.crapette import (
    DISCARD_TURNED,
    TURN_STOCK,
    Crapette,
    CrapetteCalled,
    CrapetteOptions,
    IllegalMove,
    MissedMove,
    Move,
    TurnedCardDiscarded,
    TurnEnded,
    priority_violation,
)
from bot.games.crapette.events import KEPT_RULE, NOTHING_PLAYED, NOTHING_REQUIRED, TOO_LATE
from bot.games.crapette.priority import FOUNDATION_FIRST, FREE_SIDE_PILE, PLACE_TURNED_CARD, JudgedAction
from tests.games.crapette.helpers import arranged, owned, snapshot

STRICT = CrapetteOptions(strict=True)


def foundation_position(options: CrapetteOptions | None = None) -> Crapette:
    """Seat 0 on turn: 2H on side pile 3 can go on the AH of F1; the crapette's 6H fits on 7S (side pile
    1)."""
    return arranged(
        crapettes=("9C 6H", "KD/1"),
        sides=("7S", "KC", "2H", "KS", "KC/1", "KS/1", "KH/1", "KD/1"),
        foundations=("AH",),
        options=options,
    )


def test_a_foundation_move_comes_first() -> None:
    game = foundation_position()
    missed = game.priority_violation(Move("cr", "s1"))
    assert missed == MissedMove(Move("cr", "s1"), Move("s3", "f1"), FOUNDATION_FIRST)
    for seat in (0, 1):  # any seat's view gives the same answer
        assert priority_violation(game.view(seat), Move("cr", "s1")) == missed
    assert game.priority_violation(Move("s3", "f1")) is None
    assert game.priority_violation(TURN_STOCK) == MissedMove(TURN_STOCK, Move("s3", "f1"), FOUNDATION_FIRST)


def test_any_foundation_move_keeps_the_rule() -> None:
    game = arranged(
        crapettes=("AS", "KD/1"), sides=("2H", "KC", "KC", "KC", "KC", "KC", "KC", "KC"), foundations=("AH",)
    )
    assert game.priority_violation(Move("cr", "f2")) is None  # the ace first is fine although 2H could go up
    assert game.priority_violation(Move("s1", "f1")) is None


def test_then_a_move_that_frees_a_side_pile() -> None:
    # No foundation move; the lone 5D on side pile 2 can go onto 6C (side pile 1): that frees pile 2.
    game = arranged(
        crapettes=("QH", "KD/1"),
        sides=("6C", "5D", "KS 9D", "KC", "KC/1", "KS/1", "KH/1", "KD/1"),
        stocks=("2C", ""),
    )
    assert game.priority_violation(Move("cr", "s4")) == MissedMove(
        Move("cr", "s4"), Move("s2", "s1"), FREE_SIDE_PILE
    )
    assert game.priority_violation(TURN_STOCK) is not None
    assert game.priority_violation(Move("s2", "s1")) is None
    game.play(0, Move("s2", "s1"))
    assert game.last_missed is None
    assert game.priority_violation(TURN_STOCK) is None  # nothing left to free


def test_moving_a_card_from_a_taller_pile_frees_nothing() -> None:
    game = arranged(
        crapettes=("QH", "KD/1"), sides=("6C", "KS 5D", "KC", "KC", "KC/1", "KS/1", "KH/1", "KD/1")
    )
    assert game.priority_violation(TURN_STOCK) is None


def test_a_right_call_ends_the_turn() -> None:
    game = foundation_position()
    game.play(0, Move("cr", "s1"))  # ignores 2H -> F1
    assert game.last_missed is not None and game.last_missed.missed == Move("s3", "f1")
    assert game.view(1).last_missed == game.last_missed
    events = game.call_crapette(1)
    missed = MissedMove(Move("cr", "s1"), Move("s3", "f1"), FOUNDATION_FIRST)
    assert events == [
        CrapetteCalled(1, True, missed, JudgedAction(0, Move("cr", "s1"), FOUNDATION_FIRST, missed)),
        TurnEnded(0, 1, ()),
    ]
    assert game.current_player == 1 and game.crapettes_called(1) == 1 and game.wrong_calls(1) == 0
    assert game.penalties == (0, 0)


def test_a_right_call_after_turning_the_stock_discards_the_turned_card() -> None:
    game = foundation_position()
    game.turn_stock(0)
    events = game.call_crapette(1)
    assert events[0].right  # type: ignore[union-attr]
    assert events[1:] == [TurnedCardDiscarded(0, owned("QC")), TurnEnded(0, 1, ())]
    assert game.discard(0) == (owned("QC"),)


def test_only_the_last_action_can_be_called() -> None:
    game = foundation_position()
    game.play(0, Move("cr", "s1"))  # breaks the rule
    game.play(0, Move("s3", "f1"))  # then keeps it
    assert game.last_missed is not None  # the turn's latest fault is remembered...
    kept = JudgedAction(0, Move("s3", "f1"), FOUNDATION_FIRST, None)
    # ...but calling it now is too late, and the caller is told so
    assert game.call_crapette(1) == [CrapetteCalled(1, False, None, kept, TOO_LATE)]
    assert game.current_player == 0


def test_a_wrong_call_costs_the_caller_a_turn() -> None:
    game = foundation_position()
    assert game.call_crapette(1) == [CrapetteCalled(1, False, None, None, NOTHING_PLAYED)]
    game.play(0, Move("s3", "f1"))
    kept = CrapetteCalled(
        1, False, None, JudgedAction(0, Move("s3", "f1"), FOUNDATION_FIRST, None), KEPT_RULE
    )
    assert game.call_crapette(1) == [kept]
    assert game.penalties == (0, 2) and game.wrong_calls(1) == 2 and game.current_player == 0
    turn = game.turn_number
    game.turn_stock(0)
    events = game.discard_turned(0)
    assert events[-1] == TurnEnded(0, 0, (1,))  # seat 1 skips a turn, seat 0 plays again
    assert game.penalties == (0, 1) and game.turn_number == turn + 1 and game.current_player == 0


def test_calling_on_your_own_turn_is_refused() -> None:
    game = foundation_position()
    before = snapshot(game)
    with pytest.raises(IllegalMove) as raised:
        game.call_crapette(0)
    assert raised.value.code == "not_opponents_turn" and snapshot(game) == before
    assert game.can_call_crapette(1) and not game.can_call_crapette(0)


def test_strict_tables_refuse_what_breaks_the_rule() -> None:
    game = foundation_position(STRICT)
    before = snapshot(game)
    for action in (Move("cr", "s1"), TURN_STOCK):
        error = game.refusal(0, action)
        assert error is not None and error.code == "priority_rule" and "s3>f1" in error.message
        with pytest.raises(IllegalMove):
            game.apply(0, action)
        assert snapshot(game) == before
    assert [str(action) for action in game.legal_actions(0)] == ["s3>f1"]
    game.play(0, Move("s3", "f1"))
    called = game.call_crapette(1)[0]
    assert isinstance(called, CrapetteCalled) and not called.right  # nothing can be called on a strict table


def test_discarding_the_turned_card_while_a_foundation_move_waits_breaks_the_rule() -> None:
    game = foundation_position(STRICT)
    game._options = CrapetteOptions()  # turn the stock on a relaxed table, then judge the discard strictly
    game.turn_stock(0)
    assert game.priority_violation(DISCARD_TURNED) is not None
    game._options = STRICT
    assert game.refusal(0, DISCARD_TURNED) is not None


def turned_card_position(options: CrapetteOptions | None = None) -> Crapette:
    """Seat 0 has turned up 6H, which fits on the 7S of side pile 1; nothing else is asked by the rule."""
    game = arranged(
        crapettes=("9C KC", "KD/1"),
        sides=("7S", "KC", "KD", "KS", "KC/1", "KS/1", "KH/1", "KD/1"),
        stocks=("2C 6H", "2C/1"),
        options=options,
    )
    game.turn_stock(0)
    return game


def test_a_turned_card_that_can_be_placed_must_be_placed() -> None:
    # "Le joueur qui débute tourne une carte de son paquet de cartes et la place où il le peut dans son jeu, s'il
    # la place, il doit en retourner une autre et tenter de la placer. [...] Sinon, il prend cette carte et la met
    # à l'écart": only a card that cannot be placed goes to the discard.
    game = turned_card_position()
    assert game.priority_violation(DISCARD_TURNED) == MissedMove(
        DISCARD_TURNED, Move("st", "s1"), PLACE_TURNED_CARD
    )
    assert game.priority_violation(Move("st", "s1")) is None
    game.discard_turned(0)  # a relaxed table lets it happen, and the opponent may call it
    assert game.current_player == 1 and game.can_call_crapette(1)
    events = game.call_crapette(1)
    assert isinstance(events[0], CrapetteCalled) and events[0].right
    assert events[0].missed == MissedMove(DISCARD_TURNED, Move("st", "s1"), PLACE_TURNED_CARD)
    assert events[0].judged is not None and events[0].judged.ended_turn
    assert len(events) == 1, "the turn had passed already: nothing else happens"
    assert game.crapettes_called(1) == 1 and game.current_player == 1 and game.penalties == (0, 0)
    assert not game.can_call_crapette(1), "once"


def test_a_strict_table_refuses_to_discard_a_card_that_can_be_placed() -> None:
    game = turned_card_position(STRICT)
    error = game.refusal(0, DISCARD_TURNED)
    assert error is not None and error.code == "priority_rule"
    assert DISCARD_TURNED not in game.legal_actions(0) and Move("st", "s1") in game.legal_actions(0)


def test_the_first_rules_let_a_placeable_turned_card_be_discarded() -> None:
    game = turned_card_position(CrapetteOptions(strict=True, rules_version=1))
    assert game.refusal(0, DISCARD_TURNED) is None
    game.discard_turned(0)
    assert not game.can_call_crapette(1), "the first rules had no call on the discard that ended a turn"


def test_the_discard_that_ended_a_turn_can_be_called_before_the_next_action_only() -> None:
    game = turned_card_position()
    game.discard_turned(0)
    game.turn_stock(1)  # seat 1 plays on instead of calling
    assert not game.can_call_crapette(1)
    assert game.call_crapette(0)[0] == CrapetteCalled(
        0, False, None, JudgedAction(1, TURN_STOCK, None, None), NOTHING_REQUIRED
    ), "seat 0 calling now is judged on seat 1's turn: wrong"


def test_a_wrong_call_on_a_discard_that_kept_the_rule() -> None:
    game = arranged(crapettes=("9C KC", "KD/1"), sides=("7S", *["KC"] * 7), stocks=("2C 5H", "2C/1"))
    game.turn_stock(0)
    game.discard_turned(0)  # 5H fits nowhere: discarding it is right
    events = game.call_crapette(1)
    judged = JudgedAction(0, DISCARD_TURNED, None, None, ended_turn=True)
    assert events == [CrapetteCalled(1, False, None, judged, NOTHING_REQUIRED)]
    assert game.penalties == (0, 1) and game.current_player == 1, "seat 1 plays this turn and misses its next"
