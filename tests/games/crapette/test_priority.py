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
from bot.games.crapette.priority import FOUNDATION_FIRST, FREE_SIDE_PILE
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
    assert events == [
        CrapetteCalled(1, True, MissedMove(Move("cr", "s1"), Move("s3", "f1"), FOUNDATION_FIRST)),
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
    assert game.call_crapette(1) == [CrapetteCalled(1, False, None)]  # ...but calling it now is too late
    assert game.current_player == 0


def test_a_wrong_call_costs_the_caller_a_turn() -> None:
    game = foundation_position()
    game.play(0, Move("s3", "f1"))
    assert game.call_crapette(1) == [CrapetteCalled(1, False, None)]
    assert game.call_crapette(1) == [CrapetteCalled(1, False, None)]
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
    assert game.call_crapette(1)[0] == CrapetteCalled(
        1, False, None
    )  # nothing can be called on a strict table


def test_discarding_the_turned_card_while_a_foundation_move_waits_breaks_the_rule() -> None:
    game = foundation_position(STRICT)
    game._options = CrapetteOptions()  # turn the stock on a relaxed table, then judge the discard strictly
    game.turn_stock(0)
    assert game.priority_violation(DISCARD_TURNED) is not None
    game._options = STRICT
    assert game.refusal(0, DISCARD_TURNED) is not None
