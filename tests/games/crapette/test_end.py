"""How a game ends: a win, or a draw when nothing can change any more."""

from __future__ import annotations

import pytest

from bot.games.crapette import CALL_CRAPETTE, TURN_STOCK, Crapette, GameDrawn, GameWon, IllegalMove, Move
from bot.games.crapette import engine as engine_module
from tests.games.crapette.helpers import arranged


def test_emptying_the_crapette_last_wins() -> None:
    game = arranged(crapettes=("AH", "KD/1"), stocks=("", "QC/1"))
    events = game.play(0, Move("cr", "f1"))
    assert events[-1] == GameWon(0)
    assert game.is_over and game.winner == 0 and game.end_reason == "won" and game.cards_left(0) == 0
    for seat, action in ((0, TURN_STOCK), (1, TURN_STOCK), (1, CALL_CRAPETTE)):
        error = game.refusal(seat, action)
        assert error is not None and error.code == "game_over"
        with pytest.raises(IllegalMove):
            game.apply(seat, action)
    assert game.legal_actions(0) == [] and game.view(1).is_over and game.view(1).winner == 0


def test_placing_the_last_turned_card_wins() -> None:
    game = arranged(crapettes=("", "KD/1"), stocks=("AS", "QC/1"))
    game.turn_stock(0)
    assert not game.is_over
    assert game.play(0, Move("st", "f1"))[-1] == GameWon(0)


def test_a_discard_left_is_not_a_win() -> None:
    game = arranged(crapettes=("AH", "KD/1"), stocks=("", "QC/1"), discards=("9S", ""))
    game.play(0, Move("cr", "f1"))
    assert not game.is_over and game.cards_left(0) == 1


def stuck_table(stocks: tuple[str, str] = ("5D 6D", "5H/1 6H/1 7H/1")) -> Crapette:
    """Nothing can ever move: each seat can only turn up an unplayable card and discard it."""
    return arranged(crapettes=("KC", "KS/1"), stocks=stocks, sides=("2C",) * 4 + ("2C/1",) * 4)


def play_out(game: Crapette, limit: int = 200) -> list[object]:
    events: list[object] = []
    for _ in range(limit):
        if game.is_over:
            break
        seat = game.current_player
        assert [str(action) for action in game.legal_actions(seat)] in (["turn"], ["discard"])
        events.extend(game.apply(seat, game.legal_actions(seat)[0]))
    return events


def test_a_table_that_repeats_is_drawn() -> None:
    game = stuck_table(("5D", "5H/1"))
    events = play_out(game)
    assert events[-1] == GameDrawn("repetition")
    assert game.is_over and game.winner is None and game.turn_number < 40


def test_a_full_pass_through_both_stocks_without_progress_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "REPETITIONS_FOR_DRAW", 1000)
    game = stuck_table()
    events = play_out(game)
    assert events[-1] == GameDrawn("no_progress")
    assert min(game._recycles) >= 2


def test_the_turn_limit_is_a_backstop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "REPETITIONS_FOR_DRAW", 1000)
    monkeypatch.setattr(engine_module, "QUIET_TURNS_FOR_DRAW", 1000)
    monkeypatch.setattr(engine_module, "MAX_TURNS", 5)
    game = stuck_table()
    events = play_out(game)
    assert events[-1] == GameDrawn("turn_limit")
    assert game.turn_number == 6


def test_progress_clears_the_repetition_count() -> None:
    game = arranged(
        crapettes=("KC", "KS/1"), stocks=("5D AD", "5H/1 6H/1 7H/1"), sides=("2C",) * 4 + ("2C/1",) * 4
    )
    game.turn_stock(0)
    game.play(0, Move("st", "f1"))
    assert game._positions == {}  # a card reached a foundation
    assert game.repetitions == 1
