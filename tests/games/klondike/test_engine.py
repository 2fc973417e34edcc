"""The rules as players meet them: the deal, drawing, moving, refusals, undo, the end."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.klondike import (
    DRAW,
    CardMoved,
    CardRevealed,
    CardsDrawn,
    GameEnded,
    GameWon,
    IllegalMove,
    Klondike,
    KlondikeOptions,
    Move,
    MoveUndone,
    WasteRecycled,
    parse_move,
    solve,
)
from tests.games.klondike.helpers import cards, easy_game, rules_game


def play(game: Klondike, *texts: str) -> list[object]:
    events: list[object] = []
    for text in texts:
        move = parse_move(text)
        assert move is not None, text
        events += game.play(move)
    return events


def refusal_code(game: Klondike, text: str | Move) -> str | None:
    move = parse_move(text) if isinstance(text, str) else text
    assert move is not None
    error = game.refusal(move)
    return None if error is None else error.code


def test_a_new_deal_has_the_usual_layout() -> None:
    game = Klondike.new(KlondikeOptions(), seed=7)
    assert [column.face_down for column in game.columns] == [0, 1, 2, 3, 4, 5, 6]
    assert all(len(column.face_up) == 1 for column in game.columns)
    assert game.stock_count == 24
    assert game.waste == ()
    assert game.foundations == {"C": None, "D": None, "H": None, "S": None}
    assert (game.score, game.moves_made, game.undos_used, game.redeals) == (0, 0, 0, 0)
    assert not game.is_over and game.end_reason is None
    assert Klondike.new(KlondikeOptions(), seed=7) == game
    assert Klondike.new(KlondikeOptions(), seed=8) != game


def test_from_deck_deals_row_by_row_and_draws_from_card_29() -> None:
    game = rules_game(draw=1)
    assert [column.top for column in game.columns] == cards("A♠ 6♥ 5♥ 5♣ A♦ 7♣ K♠")
    assert play(game, "s") == [CardsDrawn((game.deck[28],))]


def test_a_deck_must_hold_each_card_once() -> None:
    deck = list(rules_game().deck)
    with pytest.raises(ValueError):
        Klondike.from_deck(KlondikeOptions(), deck[:-1])
    with pytest.raises(ValueError):
        Klondike.from_deck(KlondikeOptions(), [*deck[:-1], deck[0]])
    with pytest.raises(ValueError):
        KlondikeOptions(draw=2)


def test_draw_three_turns_three_cards_and_only_the_top_is_played() -> None:
    game = rules_game(draw=3)
    drawn = game.deck[28:31]
    assert play(game, "s") == [CardsDrawn(drawn)]
    assert game.waste == drawn and game.waste_shown == drawn and game.stock_count == 21
    assert game.refusal(Move("waste", "column:1", 2)) is not None
    play(game, "s")
    assert game.waste_shown == game.deck[31:34]


def test_draw_one_turns_one_card() -> None:
    game = rules_game(draw=1)
    play(game, "s", "s")
    assert game.waste == game.deck[28:30] and game.waste_shown == game.deck[29:30]


def test_an_empty_stock_turns_the_waste_over_as_often_as_wanted() -> None:
    game = rules_game(draw=3)
    for _ in range(8):
        play(game, "s")
    assert game.stock_count == 0 and len(game.waste) == 24
    assert play(game, "s") == [WasteRecycled(24, 1)]
    assert game.stock_count == 24 and game.waste == () and game.redeals == 1
    assert play(game, "s") == [CardsDrawn(game.deck[28:31])]


def test_a_run_moves_onto_a_card_one_rank_higher_of_the_other_colour() -> None:
    game = rules_game()
    assert refusal_code(game, "c3>c2") == "wrong_colour"  # 5♥ on 6♥
    assert refusal_code(game, "c3>c7") == "wrong_rank"  # 5♥ on K♠
    events = play(game, "c4>c2")  # 5♣ on 6♥ turns up the 10♥
    assert events == [
        CardMoved(Move("column:4", "column:2"), (Card("C", 5),), "column:2"),
        CardRevealed(4, Card("H", 10)),
    ]
    play(game, "c2>c6x2")  # 6♥ 5♣ on 7♣
    assert game.columns[5].face_up == tuple(cards("7♣ 6♥ 5♣"))
    assert game.columns[1].face_up == (Card("C", 9),)


def test_any_colour_lets_a_card_go_on_the_same_colour() -> None:
    game = rules_game(any_colour=True)
    assert refusal_code(game, "c3>c2") is None
    play(game, "c3>c2")
    assert game.columns[1].face_up == tuple(cards("6♥ 5♥"))
    assert refusal_code(game, "c3>c7") == "wrong_rank"


def test_only_a_king_goes_to_an_empty_column() -> None:
    game = rules_game()
    play(game, "c1>f")  # the A♠ up: column 1 is empty
    assert game.columns[0].is_empty
    assert refusal_code(game, "c3>c1") == "not_a_king"
    play(game, "c7>c1")
    assert game.columns[0].face_up == (Card("S", 13),)


def test_foundations_take_the_next_card_of_their_suit_and_give_it_back() -> None:
    game = rules_game()
    assert refusal_code(game, "c3>f") == "foundation_mismatch"
    events = play(game, "c5>f")
    assert events[0] == CardMoved(Move("column:5", "foundation"), (Card("D", 14),), "foundation:D")
    assert game.foundations["D"] == Card("D", 14) and game.score == 1
    assert refusal_code(game, "f♦>c2") == "wrong_rank"
    assert refusal_code(game, "f♠>c2") == "empty_source"
    assert refusal_code(game, Move("foundation:D", "foundation")) == "bad_target"


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (Move("waste", "foundation"), "empty_source"),
        (Move("column:5", "column:6", 2), "face_down_card"),
        (Move("column:5", "column:6", 0), "bad_count"),
        (Move("column:5", "column:6", 9), "bad_count"),
        (Move("column:1", "column:1"), "same_column"),
        (Move("stock", "column:1"), "bad_target"),
        (Move("stock", "waste", 2), "bad_count"),
        (Move("waste", "waste"), "bad_target"),
        (Move("foundation:S", "column:2"), "empty_source"),
    ],
)
def test_refusals_say_why(move: Move, code: str) -> None:
    game = rules_game()
    before = game.to_dict()
    assert refusal_code(game, move) == code
    with pytest.raises(IllegalMove) as refused:
        game.play(move)
    assert refused.value.code == code and refused.value.message
    assert game.to_dict() == before


def test_nothing_to_draw_once_stock_and_waste_are_empty() -> None:
    game = easy_game(draw=1)
    for _ in range(24):
        play(game, "s", "w>f")
    assert game.stock_count == 0 and game.waste == ()
    assert refusal_code(game, "s") == "empty_source"
    assert DRAW not in game.legal_moves()


def test_safe_moves_go_up_automatically_when_asked() -> None:
    game = rules_game()
    safe = [Move("column:1", "foundation"), Move("column:5", "foundation")]
    assert game.auto_moves() == safe
    events = game.auto_play()
    assert [event.move for event in events if isinstance(event, CardMoved)] == safe
    assert game.score == 2 and game.moves_made == 2
    assert game.auto_moves() == []


def test_undo_takes_back_moves_draws_and_redeals() -> None:
    game = rules_game()
    assert refusal_code(game, "c4>c2") is None
    with pytest.raises(IllegalMove) as refused:
        game.undo()
    assert refused.value.code == "nothing_to_undo"
    start = game.full_position()
    play(game, "c4>c2")
    assert game.undo() == [MoveUndone(Move("column:4", "column:2"))]
    assert game.full_position() == start and game.columns[3].face_down == 3
    for _ in range(9):
        play(game, "s")
    assert game.redeals == 1
    game.undo()
    assert game.redeals == 0 and game.stock_count == 0
    for _ in range(8):
        game.undo()
    assert game.full_position() == start
    assert game.undos_used == 10 and game.moves_made == 10


def test_giving_up_ends_the_game() -> None:
    game = rules_game()
    play(game, "c1>f")
    assert game.give_up() == [GameEnded("gave_up", 1)]
    assert game.is_over and game.end_reason == "gave_up" and not game.is_won
    assert game.legal_moves() == [] and game.auto_moves() == []
    assert refusal_code(game, "s") == "game_over"
    for action in (game.undo, game.give_up):
        with pytest.raises(IllegalMove) as refused:
            action()
        assert refused.value.code == "game_over"


def test_the_last_card_up_wins() -> None:
    game = easy_game(draw=3)
    result = solve(game, time_limit=5)
    assert result.status == "winnable" and result.moves
    for move in result.moves[:-1]:
        game.play(move)
    assert (game.score, game.is_over) == (51, False)
    events = game.play(result.moves[-1])
    assert events[-2:] == [GameWon(game.moves_made), GameEnded("won", 52)]
    assert (game.is_won, game.is_over, game.end_reason, game.score) == (True, True, "won", 52)
    assert all(top is not None and top.rank == 13 for top in game.foundations.values())
