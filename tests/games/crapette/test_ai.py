"""The AI players: legal, deterministic, fair (face-down order never matters); strong keeps the rule."""

from __future__ import annotations

import dataclasses

from bot.games.crapette import STRATEGIES, TURN_STOCK, Crapette, CrapetteOptions, Move
from tests.games.crapette.helpers import arranged, decisions_compared_on_redealt_face_down_cards, owned


def test_first_legal_plays_the_first_legal_action_and_never_calls() -> None:
    game = Crapette.new(seed=2)
    player = STRATEGIES["first_legal"]()
    for _ in range(50):
        seat = game.current_player
        view = game.view(seat)
        assert player.choose_action(view) == game.legal_actions(seat)[0]
        assert not player.should_call_crapette(game.view(1 - seat))
        game.apply(seat, player.choose_action(view))


def play_checking_strong(game: Crapette, strong_seats: tuple[int, ...], actions: int) -> int:
    """Play on; before each strong action check it is legal and keeps the priority rule. Returns right
    calls."""
    players = {seat: STRATEGIES["strong" if seat in strong_seats else "first_legal"]() for seat in (0, 1)}
    calls = 0
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.current_player
        action = players[seat].choose_action(game.view(seat))
        assert action in game.legal_actions(seat)
        if seat in strong_seats:
            assert game.priority_violation(action) is None, f"strong broke the rule with {action}"
        game.apply(seat, action)
        watching = 1 - seat
        if game.can_call_crapette(watching) and players[watching].should_call_crapette(game.view(watching)):
            events = game.call_crapette(watching)
            assert events[0].right  # type: ignore[union-attr]  # the strong AI only calls when it is right
            calls += 1
    return calls


def test_strong_never_breaks_the_priority_rule() -> None:
    calls = 0
    for seed, build in ((1, "suit"), (2, "alternate"), (3, "suit")):
        calls += play_checking_strong(Crapette.new(CrapetteOptions(build), seed), (seed % 2,), 400)
    play_checking_strong(Crapette.new(CrapetteOptions(), 4), (0, 1), 400)
    assert calls > 0


def test_strong_plays_strict_tables_without_refusals() -> None:
    game = Crapette.new(CrapetteOptions(strict=True), 5)
    play_checking_strong(game, (0, 1), 300)


def foundation_position() -> Crapette:
    return arranged(
        crapettes=("9C 6H", "KD/1"),
        sides=("7S", "KC", "2H", "KS", "KC/1", "KS/1", "KH/1", "KD/1"),
        foundations=("AH",),
    )


def test_strong_calls_when_the_last_action_broke_the_rule() -> None:
    strong = STRATEGIES["strong"]()
    game = foundation_position()
    assert not strong.should_call_crapette(game.view(1))  # nothing played yet
    assert strong.choose_action(game.view(0)) == Move("s3", "f1")
    game.play(0, Move("cr", "s1"))
    assert strong.should_call_crapette(game.view(1))
    assert not strong.should_call_crapette(game.view(0))  # not on its own turn
    looping = dataclasses.replace(game.view(1), repetitions=2)
    assert not strong.should_call_crapette(looping)  # a right call would draw the game by repetition


SIDES = ("KS 7S", "9D", "KH 8C", "KC", "KC/1", "KS/1", "KH/1", "KD/1")


def test_strong_gets_rid_of_its_own_cards_first() -> None:
    strong = STRATEGIES["strong"]()
    # No foundation or freeing move and no stock to turn up: 6H can leave the crapette for 7S, or 8C could
    # move from side pile 3 to 9D.
    game = arranged(crapettes=("2D QH 6H", "KD/1"), sides=SIDES, stocks=("", "QC/1"))
    assert strong.choose_action(game.view(0)) == Move("cr", "s1")
    # With 7H on the opponent's discard, the 6H ends there instead (straight or by side pile 1): one card more for
    # the opponent.
    game = arranged(crapettes=("2D QH 6H", "KD/1"), sides=SIDES, stocks=("", "QC/1"), discards=("", "7H/1"))
    while game.current_player == 0 and not game.is_over:
        game.apply(0, strong.choose_action(game.view(0)))
    assert owned("6H") in game.discard(1)


def test_strong_takes_a_win_when_it_sees_one() -> None:
    # 6H then QH leave the crapette and nothing is left: whichever way, the game is won at once.
    game = arranged(crapettes=("QH 6H", "KD/1"), sides=SIDES, stocks=("", "QC/1"), discards=("", "7H/1"))
    strong = STRATEGIES["strong"]()
    while not game.is_over:
        game.apply(0, strong.choose_action(game.view(0)))
    assert game.winner == 0 and len(game.log) == 2


def test_strong_turns_its_stock_up_first_when_the_rule_allows() -> None:
    strong = STRATEGIES["strong"]()
    game = arranged(crapettes=("QH 6H", "KD/1"), sides=SIDES)
    assert strong.choose_action(game.view(0)) == TURN_STOCK
    game = foundation_position()  # 2H must go to the foundation first
    assert strong.choose_action(game.view(0)) == Move("s3", "f1")


def test_strong_is_deterministic() -> None:
    game = Crapette.new(seed=9)
    view = game.view(game.current_player)
    assert STRATEGIES["strong"]().choose_action(view) == STRATEGIES["strong"]().choose_action(view)


def test_face_down_order_never_changes_a_decision() -> None:
    assert decisions_compared_on_redealt_face_down_cards(STRATEGIES["strong"], 200) >= 20


def test_a_view_shows_face_up_cards_and_counts_only() -> None:
    game = Crapette.new(seed=21)
    game.apply(game.current_player, game.legal_actions(game.current_player)[0])
    board = game._board
    for seat in (0, 1):
        planned = game.view(seat).board()
        masked = board.masked()
        assert (planned.crapettes, planned.stocks, planned.discards) == (
            masked.crapettes,
            masked.stocks,
            masked.discards,
        )
        assert (planned.turned, planned.sides, planned.foundations) == (
            board.turned,
            board.sides,
            board.foundations,
        )
        assert all(
            card >= 104 for pile in planned.stocks for card in pile
        )  # never a face-down card's identity


def test_a_stock_turned_over_from_the_discard_is_known_to_everyone() -> None:
    game = arranged(crapettes=("KC", "KD/1"), stocks=("", "2S/1"), discards=("2S 3S 4S", ""))
    assert game.view(1).players[0].seen_stock is None, "not yet: the discard is face up, the stock empty"
    game.turn_stock(0)  # the discard turned over: 2S turned up, 3S and 4S left, in that order
    for seat in (0, 1):
        seen = game.view(seat).players[0].seen_stock
        assert seen is not None and [card.card.code for card in seen] == ["4S", "3S"]
    assert Crapette.new(seed=3).view(0).players[0].seen_stock is None, "a dealt stock is face down"
