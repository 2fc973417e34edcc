"""The solver: known answers, and winning lines the engine accepts (hints: test_hints.py)."""

from __future__ import annotations

import pytest

from bot.games.cards import Card
from bot.games.klondike import (
    DRAW,
    Klondike,
    KlondikeOptions,
    Move,
    solve,
)
from bot.games.klondike.deadlock import is_blocked
from tests.games.klondike.helpers import (
    cards,
    dead_game,
    deck_from,
    easy_game,
    foundation_game,
    one_move_game,
    tricky_game,
)

# Column 4 holds the 2♠ face up over the A♠ and both red threes: the 2♠ can never move, so the A♠ never comes up.
BLOCKED_COLUMNS = (
    "K♣",
    "Q♣ J♣",
    "10♣ 9♣ 8♣",
    "3♥ 3♦ A♠ 2♠",
    "7♣ 6♣ 5♣ 4♣ 3♣",
    "2♣ A♣ K♦ Q♦ J♦ 10♦",
    "9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 2♦",
)


def blocked_game() -> Klondike:
    laid = {card for column in BLOCKED_COLUMNS for card in cards(column)}
    rest = [card for card in Klondike.new(KlondikeOptions(), 0).deck if card not in laid]
    return Klondike.from_deck(KlondikeOptions(), deck_from(BLOCKED_COLUMNS, " ".join(map(str, rest))))


def replay_wins(game: Klondike, moves: list[Move]) -> bool:
    copy = game.copy()
    for move in moves:
        copy.play(move)
    return copy.is_won


@pytest.mark.parametrize("draw", [1, 3])
def test_the_easy_deal_is_solved_and_its_line_wins(draw: int) -> None:
    game = easy_game(draw)
    result = solve(game, time_limit=5)
    assert result.status == "winnable" and result.is_decided
    assert result.moves is not None and replay_wins(game, result.moves)
    assert result.moves.count(DRAW) >= 24 // draw


@pytest.mark.parametrize("seed", [1, 2, 10])
@pytest.mark.parametrize("draw", [1, 3])
def test_random_deals_are_won_by_the_solvers_moves(seed: int, draw: int) -> None:
    game = Klondike.new(KlondikeOptions(draw=draw), seed)
    result = solve(game, time_limit=5)
    assert result.status == "winnable"
    assert result.moves is not None and replay_wins(game, result.moves)


def test_the_solver_works_from_the_middle_of_a_game() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), 2)
    first = solve(game, time_limit=5).moves
    assert first is not None
    for move in first[:20]:
        game.play(move)
    later = solve(game, time_limit=5)
    assert later.status == "winnable" and later.moves is not None and replay_wins(game, later.moves)


def test_the_any_colour_variant_is_solved_with_its_own_rules() -> None:
    game = Klondike.new(KlondikeOptions(draw=3, any_colour=True), 5)
    result = solve(game, time_limit=5)
    assert result.status == "winnable"
    assert result.moves is not None and replay_wins(game, result.moves)


@pytest.mark.parametrize("make", [dead_game, one_move_game])
def test_dead_deals_are_proved_lost(make: object) -> None:
    game = make()  # type: ignore[operator]
    result = solve(game, time_limit=5)
    assert result.status == "unwinnable" and result.moves is None


def test_a_blocked_column_is_proved_lost_without_searching() -> None:
    game = blocked_game()
    assert is_blocked(game.full_position())
    assert not is_blocked(easy_game().full_position())
    result = solve(game, time_limit=5)
    assert (result.status, result.nodes) == ("unwinnable", 0)


def test_a_given_up_game_can_still_be_asked_whether_it_was_winnable() -> None:
    game = easy_game()
    game.give_up()
    assert solve(game, time_limit=5).status == "winnable"


def test_limits_give_unknown() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), 3)
    result = solve(game, time_limit=5, node_limit=50)
    assert result.status == "unknown" and result.moves is None and result.nodes <= 50
    assert solve(game, time_limit=0).status in ("unknown", "winnable", "unwinnable")


@pytest.mark.parametrize("make", [tricky_game, foundation_game])
def test_positions_that_fooled_earlier_versions_are_winnable(make: object) -> None:
    game = make()  # type: ignore[operator]
    result = solve(game, time_limit=10)
    assert result.status == "winnable"
    assert result.moves is not None and replay_wins(game, result.moves)


# With draw three, nothing the first draws reach can be played, and what lies behind needs them played first.
STOCK_LOCKED_DECK = (
    "7S 5H 4D 9D 8D 10D 4H 7C 9H 2S 9C 2H JH 8H 6D AH 10H QC 7H 6H 9S 4C 10C JC KH 5S 10S 5C QS 8S AS 3S 3H 8C "
    "6S QD 6C 7D JS KC JD KS 4S 2C QH AD 3D AC 3C KD 5D 2D"
)


def test_a_stock_locked_by_the_draw_three_cycle_is_proved_lost() -> None:
    deck = [Card.from_code(code) for code in STOCK_LOCKED_DECK.split()]
    locked = Klondike.from_deck(KlondikeOptions(draw=3), deck)
    assert is_blocked(locked.full_position())
    result = solve(locked, time_limit=5)
    assert (result.status, result.nodes) == ("unwinnable", 0)
    assert not is_blocked(Klondike.from_deck(KlondikeOptions(draw=1), deck).full_position())
