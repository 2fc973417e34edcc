"""Where a card may go, the stock and the discard, and refusals (stable codes) that change nothing."""

from __future__ import annotations

from typing import Final

import pytest

from bot.games.crapette import (
    DISCARD_TURNED,
    END_TURN,
    TURN_STOCK,
    CardMoved,
    Crapette,
    CrapetteOptions,
    CrapetteRevealed,
    DiscardRecycled,
    IllegalMove,
    Move,
    StockTurned,
    TurnedCardDiscarded,
    TurnEnded,
    parse_move,
)
from bot.games.crapette.engine import REPETITIONS_IN_A_TURN
from bot.games.crapette.events import ENDLESS_TURN, EndlessTurnStopped, Event, GameDrawn
from bot.games.crapette.moves import LoggedAction
from tests.games.crapette.helpers import arranged, owned, snapshot

ALTERNATE = CrapetteOptions(opponent_build="alternate")


def refused_code(game: Crapette, seat: int, action: LoggedAction) -> str:
    """The refusal's code, checking that `apply` raises the same one and changes nothing."""
    error = game.refusal(seat, action)
    assert error is not None
    before = snapshot(game)
    with pytest.raises(IllegalMove) as raised:
        game.apply(seat, action)
    assert raised.value.code == error.code and raised.value.message
    assert snapshot(game) == before
    return error.code


def accepted(game: Crapette, seat: int, text: str) -> None:
    move = parse_move(text)
    assert move is not None
    assert game.refusal(seat, move) is None, game.refusal(seat, move)
    assert move in game.legal_moves(seat)


def test_foundations_take_an_ace_then_follow_its_suit() -> None:
    game = arranged(crapettes=("AH", "5C/1"), sides=("2H", "3H", "2S"), foundations=("", "AS"))
    accepted(game, 0, "cr>f1")
    accepted(game, 0, "cr>f3")  # any empty foundation takes an ace of any suit
    accepted(game, 0, "s3>f2")
    assert refused_code(game, 0, Move("s1", "f1")) == "wrong_rank"  # only an ace starts a foundation
    assert refused_code(game, 0, Move("s1", "f2")) == "foundation_mismatch"
    assert refused_code(game, 0, Move("s2", "f2")) == "foundation_mismatch"
    game.play(0, Move("cr", "f1"))
    accepted(game, 0, "s1>f1")
    assert refused_code(game, 0, Move("s2", "f1")) == "wrong_rank"


def test_side_piles_build_down_in_alternating_colours() -> None:
    game = arranged(crapettes=("6H", ""), sides=("7S", "7D", "8S", "", "5C", "6H"))
    accepted(game, 0, "cr>s1")
    accepted(game, 0, "cr>s4")  # an empty side pile takes any card
    assert refused_code(game, 0, Move("cr", "s2")) == "wrong_colour"
    assert refused_code(game, 0, Move("cr", "s3")) == "wrong_rank"
    assert refused_code(game, 0, Move("s1", "s3")) == "wrong_colour"
    accepted(game, 0, "s5>s6")


@pytest.mark.parametrize(
    ("options", "card", "code"),
    [
        (CrapetteOptions(), "6H", None),
        (CrapetteOptions(), "4H", None),
        (CrapetteOptions(), "6D", "wrong_suit"),
        (CrapetteOptions(), "7H", "wrong_rank"),
        (ALTERNATE, "6S", None),
        (ALTERNATE, "4C", None),
        (ALTERNATE, "6H", "wrong_colour"),
        (ALTERNATE, "7S", "wrong_rank"),
    ],
)
def test_opponent_piles_follow_the_chosen_build(
    options: CrapetteOptions, card: str, code: str | None
) -> None:
    game = arranged(crapettes=(card, "9D/1 5H/1"), discards=("", "5H/1"), options=options)
    for target in ("od", "oc"):
        move = Move("cr", target)
        if code is None:
            accepted(game, 0, f"cr>{target}")
        else:
            assert refused_code(game, 0, move) == code


def test_spots_that_are_not_sources_or_targets() -> None:
    game = arranged(crapettes=("6H", "7H/1"), discards=("5S", "8H/1"), stocks=("2C", "3C/1"), sides=("9S",))
    assert refused_code(game, 0, Move("oc", "s1")) == "not_your_pile"
    assert refused_code(game, 0, Move("od", "s1")) == "not_your_pile"
    assert refused_code(game, 0, Move("os", "s1")) == "not_your_pile"
    assert refused_code(game, 0, Move("f1", "s2")) == "not_a_source"
    for target in ("cr", "st", "di", "os"):
        assert refused_code(game, 0, Move("s1", target)) == "not_a_target"
    assert refused_code(game, 0, Move("s1", "s1")) == "same_pile"
    assert refused_code(game, 0, Move("st", "s2")) == "empty_source"
    assert refused_code(game, 0, Move("s3", "s2")) == "empty_source"


def test_nothing_to_build_on_an_empty_opponent_pile() -> None:
    game = arranged(crapettes=("6H", ""), stocks=("2C", "2C/1"))
    assert refused_code(game, 0, Move("cr", "od")) == "empty_target"
    assert refused_code(game, 0, Move("cr", "oc")) == "empty_target"


def test_your_own_discard_is_a_source() -> None:
    # "Il peut aussi utiliser les cartes à découvert de sa crapette et de son écart" (short source); "prendre la
    # carte du dessus d'une de ses deux piles (pioche et défausse) pour la placer sur une pile ou un emplacement
    # libre d'une des quatre colonnes ou sur la défausse adverse" (detailed source).
    game = arranged(
        crapettes=("KC", "KD/1"),
        discards=("9D 5S", "6S/1"),
        sides=("6H", "", "KS", "KS", "KS", "KS", "KS", "KS"),
        foundations=("4S",),
    )
    for move in ("di>f1", "di>s1", "di>s2", "di>od"):
        accepted(game, 0, move)
    events = game.play(0, Move("di", "od"))
    assert events == [CardMoved(0, owned("5S"), Move("di", "od"))]
    assert game.discard(0) == (owned("9D"),) and game.discard(1)[-1] == owned("5S")
    assert game.cards_left(0) == 3  # crapette, stock and the discard's one card left


def test_the_first_rules_did_not_take_from_the_discard() -> None:
    game = arranged(
        crapettes=("KC", "KD/1"), discards=("5S", ""), sides=("6H",), options=CrapetteOptions(rules_version=1)
    )
    assert refused_code(game, 0, Move("di", "s1")) == "not_a_source"
    assert Move("di", "s1") not in game.legal_moves(0)


def test_side_piles_may_be_rearranged_freely() -> None:
    # "déplacer la carte du dessus d'une pile d'une des deux colonnes latérales pour la mettre sur une autre pile
    # d'une colonne latérale": the sources set no limit, so a card may move back and forth, and a lone card may go
    # to an empty side pile.
    game = arranged(crapettes=("2C", ""), sides=("8S", "", "9D 8C", "7H", "9H"))
    accepted(game, 0, "s1>s2")  # a lone card onto an empty side pile
    game.play(0, Move("s4", "s1"))  # 7H onto 8S
    accepted(game, 0, "s1>s3")  # and straight on to 8C: no limit
    game.play(0, Move("s1", "s3"))
    game.play(0, Move("s3", "s1"))
    assert not game.is_over and game.current_player == 0


CIRCLING_SIDES: Final = ("8S 7H", "8C", "KS", "KS", "KS", "KS", "KS", "KS")


def go_round_in_circles(game: Crapette) -> list[Event]:
    """Seat 0 moves 7H from side pile 1 to 2 and back until the engine stops it; the last move's events."""
    for _ in range(REPETITIONS_IN_A_TURN):
        assert game.play(0, Move("s1", "s2"))[-1] == CardMoved(0, owned("7H"), Move("s1", "s2"))
        events = game.play(0, Move("s2", "s1"))
        if game.is_over or game.current_player != 0:
            return events
    raise AssertionError("the turn went round in circles for ever")


def test_a_turn_that_goes_round_in_circles_ends_there() -> None:
    # Rules version 3: a player about to lose cannot force a draw by moving one card back and forth; their turn
    # ends instead (the turned card goes to their discard), and the game goes on.
    game = arranged(crapettes=("2C", ""), sides=CIRCLING_SIDES, turned=("5D", ""))
    events = go_round_in_circles(game)
    assert events[-3:] == [
        EndlessTurnStopped(0, REPETITIONS_IN_A_TURN),
        TurnedCardDiscarded(0, owned("5D")),
        TurnEnded(0, 1, ()),
    ]
    assert not game.is_over and game.current_player == 1 and game.turn_number == 2
    assert game.discard(0) == (owned("5D"),) and game.stock_turned(0) is None
    assert not game.can_call_crapette(1), "the engine ended the turn: nothing for the opponent to call"
    # Seat 1 plays its turn; seat 0's next turn may move side piles again from a fresh count.
    game.apply(1, TURN_STOCK)
    game.apply(1, DISCARD_TURNED)
    assert game.current_player == 0
    assert go_round_in_circles(game)[-1] == TurnEnded(0, 1, ())


def test_a_turn_that_went_round_in_circles_drew_a_version_2_game() -> None:
    game = arranged(crapettes=("2C", ""), sides=CIRCLING_SIDES, options=CrapetteOptions(rules_version=2))
    events = go_round_in_circles(game)
    # The starting table came back for the last time the rule allows: the game is drawn, not the turn endless.
    assert events[-1] == GameDrawn(ENDLESS_TURN) and game.end_reason == ENDLESS_TURN and game.winner is None


def test_the_first_rules_limited_side_pile_moves() -> None:
    game = arranged(
        crapettes=("2C", ""), sides=("8S", "", "9D 8C", "7H", "9H"), options=CrapetteOptions(rules_version=1)
    )
    assert refused_code(game, 0, Move("s1", "s2")) == "pointless_move"
    game.play(0, Move("s4", "s1"))  # 7H onto 8S: frees side pile 4
    assert refused_code(game, 0, Move("s1", "s3")) == "already_moved"  # 7H may not move back and forth
    assert Move("s1", "s3") not in game.legal_moves(0)
    game.play(0, Move("s3", "s5"))  # another card may still move
    game.play(0, Move("cr", "s2"))  # a move of another kind...
    accepted(game, 0, "s1>s5")  # ...and 7H may move again


def test_turning_the_stock_and_discarding_ends_the_turn() -> None:
    game = arranged(crapettes=("KC", "KD/1"), stocks=("4S 9H", "5S/1"))
    events = game.turn_stock(0)
    assert events == [StockTurned(0, owned("9H"))]
    assert game.stock_turned(0) == owned("9H") and game.stock_count(0) == 1
    assert refused_code(game, 0, TURN_STOCK) == "must_place_turned_card"
    assert refused_code(game, 0, END_TURN) == "must_place_turned_card"
    events = game.discard_turned(0)
    assert events == [TurnedCardDiscarded(0, owned("9H")), TurnEnded(0, 1, ())]
    assert game.discard(0) == (owned("9H"),) and game.current_player == 1 and game.turn_number == 2


def test_a_turned_card_can_be_placed_and_the_next_one_turned() -> None:
    game = arranged(crapettes=("KC", "KD/1"), stocks=("4S 8H", ""), sides=("9S",))
    game.turn_stock(0)
    assert game.play(0, Move("st", "s1")) == [CardMoved(0, owned("8H"), Move("st", "s1"))]
    assert game.refusal(0, DISCARD_TURNED) is not None
    assert game.turn_stock(0) == [StockTurned(0, owned("4S"))]


def test_an_empty_stock_turns_the_discard_over() -> None:
    game = arranged(crapettes=("KC", "KD/1"), stocks=("", ""), discards=("2S 3S 4S", ""))
    events = game.turn_stock(0)
    assert events == [
        DiscardRecycled(0, 3),
        StockTurned(0, owned("2S")),
    ]  # the first discarded comes up first
    assert game.discard(0) == () and [card.card.code for card in game.stock_cards(0)] == ["4S", "3S"]


def test_ending_the_turn_without_a_stock() -> None:
    game = arranged(crapettes=("KC", "KD/1"), stocks=("", "2S/1"))
    assert refused_code(game, 0, TURN_STOCK) == "nothing_to_turn"
    assert refused_code(game, 0, DISCARD_TURNED) == "no_turned_card"
    assert game.legal_actions(0)[-1] == END_TURN
    assert game.end_turn(0) == [TurnEnded(0, 1, ())]
    assert refused_code(game, 1, END_TURN) == "must_turn_stock"


def test_a_crapette_card_reveals_the_next_one() -> None:
    game = arranged(crapettes=("5D AH", "KD/1"))
    assert game.play(0, Move("cr", "f1")) == [
        CardMoved(0, owned("AH"), Move("cr", "f1")),
        CrapetteRevealed(0, owned("5D")),
    ]
    assert game.crapette_top(0) == owned("5D")


def test_who_may_act() -> None:
    game = arranged(crapettes=("5D AH", "KD/1"), stocks=("2C", "3C/1"))
    assert refused_code(game, 1, Move("cr", "f1")) == "not_your_turn"
    assert refused_code(game, 1, TURN_STOCK) == "not_your_turn"
    assert refused_code(game, 2, TURN_STOCK) == "unknown_seat"
    assert refused_code(game, 0, "turn") == "not_an_action"  # type: ignore[arg-type]
    assert game.legal_actions(1) == []


def test_legal_actions_come_in_the_canonical_order() -> None:
    game = arranged(crapettes=("AH", "2H/1"), sides=("", "3S", "AD", *["KC"] * 5), discards=("", "2H/1"))
    foundations = [f"f{number}" for number in range(1, 9)]
    assert [str(action) for action in game.legal_actions(0)] == [
        *(f"cr>{target}" for target in foundations),
        "cr>s1",
        "cr>od",
        "cr>oc",
        *(f"s3>{target}" for target in foundations),
        "turn",
        # moves between side piles last: a player taking the first action never goes round in circles
        *(f"s{number}>s1" for number in range(2, 9)),
    ]
    first_rules = arranged(
        crapettes=("AH", "2H/1"),
        sides=("", "3S", "AD", *["KC"] * 5),
        discards=("", "2H/1"),
        options=CrapetteOptions(rules_version=1),
    )
    assert [str(action) for action in first_rules.legal_actions(0)] == [
        *(f"cr>{target}" for target in foundations),
        "cr>s1",
        "cr>od",
        "cr>oc",
        *(f"s3>{target}" for target in foundations),
        "turn",
    ]  # (the lone 3S and AD may not move to the empty pile 1: pointless, in the first rules)
