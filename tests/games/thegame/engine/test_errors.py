"""Every refused action raises IllegalAction with its code and a clear message, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.thegame.engine import (
    ChooseFirstPlayer,
    EndTurn,
    ErrorCode,
    Game,
    IllegalAction,
    PlayCard,
    Status,
)
from tests.games.thegame.engine.helpers import game_from_hands

HANDS = [[10, 11, 12, 13, 14, 15], [60, 61, 62, 63, 64, 65], [30, 31, 32, 33, 34, 35]]


def started() -> Game:
    """Three players, player 0 to play, who has put 10 on A."""
    game = game_from_hands(HANDS)
    game.choose_first_player(0)
    game.play(0, 10, "A")
    return game


def lost() -> Game:
    game = game_from_hands([[50, 98, 3, 4, 70, 71, 72], [20, 21, 22, 23, 24, 25, 26]])
    game.choose_first_player(0)
    for card, pile in ((50, "A"), (98, "B"), (3, "C"), (4, "D")):
        game.play(0, card, pile)
    game.end_turn(0)
    assert game.status is Status.LOST
    return game


def won() -> Game:
    game = Game.from_deck(1, list(range(2, 100)))
    game.choose_first_player(0)
    while not game.is_over:
        for card in game.hand(0):
            game.play(0, card, "A")
        if not game.is_over:
            game.end_turn(0)
    assert game.status is Status.WON
    return game


def assert_refused(game: Game, action: Callable[[Game], object], code: str, *words: str) -> IllegalAction:
    before = game.to_dict()
    log = game.log
    with pytest.raises(IllegalAction) as caught:
        action(game)
    error = caught.value
    assert error.code == code
    assert isinstance(error.code, str)
    assert error.message
    assert error.message[0].isupper()
    assert error.message.endswith(".")
    assert str(error) == error.message
    for word in words:
        assert word in error.message
    assert game.to_dict() == before, "a refused action changed the game"
    assert game.log == log
    return error


CASES: list[tuple[str, Callable[[], Game], Callable[[Game], object], str]] = [
    (
        "play before the first player is chosen",
        lambda: game_from_hands(HANDS),
        lambda game: game.play(0, 10, "A"),
        "first_player_not_chosen",
    ),
    (
        "end turn before the first player is chosen",
        lambda: game_from_hands(HANDS),
        lambda game: game.end_turn(0),
        "first_player_not_chosen",
    ),
    (
        "choose the first player twice",
        started,
        lambda game: game.choose_first_player(1),
        "first_player_already_chosen",
    ),
    (
        "choose an unknown first player",
        lambda: game_from_hands(HANDS),
        lambda game: game.choose_first_player(3),
        "unknown_player",
    ),
    (
        "choose a negative first player",
        lambda: game_from_hands(HANDS),
        lambda game: game.choose_first_player(-1),
        "unknown_player",
    ),
    ("play as an unknown player", started, lambda game: game.play(7, 10, "A"), "unknown_player"),
    ("play as a negative player", started, lambda game: game.play(-1, 11, "A"), "unknown_player"),
    ("end turn as an unknown player", started, lambda game: game.end_turn(3), "unknown_player"),
    ("play as a bool player", started, lambda game: game.play(False, 11, "A"), "unknown_player"),
    ("play as a float player", started, lambda game: game.play(0.0, 11, "A"), "unknown_player"),  # type: ignore[arg-type]
    ("end turn as a str player", started, lambda game: game.end_turn("0"), "unknown_player"),  # type: ignore[arg-type]
    ("play out of turn", started, lambda game: game.play(1, 60, "C"), "not_your_turn"),
    ("end turn out of turn", started, lambda game: game.end_turn(2), "not_your_turn"),
    ("play on an unknown pile", started, lambda game: game.play(0, 11, "E"), "unknown_pile"),
    ("pile names are exact", started, lambda game: game.play(0, 11, "a"), "unknown_pile"),
    ("pile given as a number", started, lambda game: game.play(0, 11, 1), "unknown_pile"),  # type: ignore[arg-type]
    ("play a card not in hand", started, lambda game: game.play(0, 60, "A"), "card_not_in_hand"),
    ("play a card already played", started, lambda game: game.play(0, 10, "B"), "card_not_in_hand"),
    ("play a number that is no card", started, lambda game: game.play(0, 100, "A"), "card_not_in_hand"),
    ("play a float card", started, lambda game: game.play(0, 11.0, "A"), "card_not_in_hand"),  # type: ignore[arg-type]
    (
        "a card higher than a descending top",
        lambda: started_with_descending(),
        lambda game: game.play(0, 12, "C"),
        "card_does_not_fit",
    ),
    (
        "a card lower than an ascending top",
        lambda: started_with_top(),
        lambda game: game.play(0, 12, "A"),
        "card_does_not_fit",
    ),
    ("end the turn below the minimum", started, lambda game: game.end_turn(0), "below_minimum"),
    ("end the turn with nothing played", lambda: chosen(), lambda game: game.end_turn(0), "below_minimum"),
    ("play after a loss", lost, lambda game: game.play(1, 20, "A"), "game_over"),
    ("end turn after a loss", lost, lambda game: game.end_turn(1), "game_over"),
    ("choose after a loss", lost, lambda game: game.choose_first_player(0), "game_over"),
    ("play after a win", won, lambda game: game.play(0, 2, "A"), "game_over"),
    ("end turn after a win", won, lambda game: game.end_turn(0), "game_over"),
    ("choose after a win", won, lambda game: game.choose_first_player(0), "game_over"),
]


def chosen() -> Game:
    game = game_from_hands(HANDS)
    game.choose_first_player(0)
    return game


def started_with_descending() -> Game:
    game = chosen()
    game.play(0, 11, "C")
    return game


def started_with_top() -> Game:
    game = chosen()
    game.play(0, 13, "A")
    return game


@pytest.mark.parametrize(
    ("make", "action", "code"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_refused_actions_change_nothing(
    make: Callable[[], Game], action: Callable[[Game], object], code: str
) -> None:
    game = make()
    assert_refused(game, action, code)


def test_every_error_code_is_exercised() -> None:
    assert {case[3] for case in CASES} == {code.value for code in ErrorCode}
    assert sorted(code.value for code in ErrorCode) == sorted(
        [
            "game_over",
            "first_player_not_chosen",
            "first_player_already_chosen",
            "unknown_player",
            "not_your_turn",
            "unknown_pile",
            "card_not_in_hand",
            "card_does_not_fit",
            "below_minimum",
        ]
    )


def test_messages_say_what_is_wrong() -> None:
    game = started_with_descending()
    assert_refused(game, lambda g: g.play(0, 13, "C"), "card_does_not_fit", "13", "11", "C", "lower")
    game = started_with_top()
    assert_refused(game, lambda g: g.play(0, 12, "A"), "card_does_not_fit", "12", "13", "higher")
    assert_refused(game, lambda g: g.play(1, 60, "C"), "not_your_turn", "player 0")
    assert_refused(game, lambda g: g.end_turn(0), "below_minimum", "2")
    assert_refused(game, lambda g: g.play(0, 99, "A"), "card_not_in_hand", "99")
    assert_refused(game, lambda g: g.play(0, 14, "Z"), "unknown_pile", "'Z'")


def test_validation_order() -> None:
    game = started()
    # Unknown pile before card checks, card not in hand before fitting.
    assert_refused(game, lambda g: g.play(0, 99, "Z"), "unknown_pile")
    assert_refused(game, lambda g: g.play(0, 99, "A"), "card_not_in_hand")
    # Unknown player before turn checks; game over before everything.
    assert_refused(game, lambda g: g.play(9, 99, "Z"), "unknown_player")
    assert_refused(lost(), lambda g: g.play(9, 99, "Z"), "game_over")
    assert_refused(game_from_hands(HANDS), lambda g: g.play(9, 10, "A"), "unknown_player")


def test_apply_refuses_the_same_way_and_rejects_non_actions() -> None:
    game = started()
    assert_refused(game, lambda g: g.apply(PlayCard(1, 60, "C")), "not_your_turn")
    assert_refused(game, lambda g: g.apply(EndTurn(0)), "below_minimum")
    assert_refused(game, lambda g: g.apply(ChooseFirstPlayer(0)), "first_player_already_chosen")
    with pytest.raises(TypeError):
        game.apply("play 11 on A")  # type: ignore[arg-type]


def test_a_refused_action_leaves_the_game_usable() -> None:
    game = started()
    with pytest.raises(IllegalAction):
        game.play(0, 11, "Z")
    game.play(0, 11, "A")
    assert game.end_turn(0)[-1].player == 1  # type: ignore[union-attr]
    assert game.replay() == game


def test_queries_reject_unknown_players_and_piles() -> None:
    game = started()
    with pytest.raises(ValueError):
        game.hand(3)
    with pytest.raises(ValueError):
        game.hand(-1)
    with pytest.raises(ValueError):
        game.pile("E")
    with pytest.raises(ValueError):
        game.pile_cards("E")
    assert not game.is_legal_play(11, "E")
    assert not game.can_complete_minimum_after(11, "E")
    assert not game.can_complete_minimum_after(99, "A")
