"""The rules, one by one, on arranged decks."""

from __future__ import annotations

import pytest

from bot.games.thegame.engine import (
    CardPlayed,
    FirstPlayerChosen,
    Game,
    GameEnded,
    Play,
    PlayerSkipped,
    Rating,
    Status,
    TurnEnded,
    TurnStarted,
    Variant,
)
from tests.games.thegame.engine.helpers import game_from_hands, make_deck, tops

FILLER = [20, 21, 22, 23, 24]  # cards that fit nowhere once the piles are set up as in `set_up_piles`


def set_up_piles(second_hand: list[int], variant: Variant | None = None) -> tuple[Game, list[object]]:
    """Two players. Player 0 puts 50 on A, 98 on B, 3 on C and 4 on D, then ends the turn; player 1 (holding
    `second_hand`) then starts a turn. Returns the game and the events of that end of turn."""
    game = game_from_hands([[50, 98, 3, 4, 70, 71, 72], second_hand], variant=variant)
    game.choose_first_player(0)
    for card, pile in ((50, "A"), (98, "B"), (3, "C"), (4, "D")):
        game.play(0, card, pile)
    events: list[object] = list(game.end_turn(0))
    assert tops(game) == [50, 98, 3, 4]
    return game, events


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("players", "size"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_deal_hand_sizes_and_draw_pile(players: int, size: int) -> None:
    game = Game.new(players, 12345)
    assert game.hand_size == size
    assert all(len(game.hand(seat)) == size for seat in range(players))
    assert game.draw_pile_count == 98 - players * size
    assert game.cards_left == 98
    assert [pile.top for pile in game.piles] == [1, 1, 100, 100]
    assert [pile.name for pile in game.piles] == ["A", "B", "C", "D"]
    assert [pile.direction.value for pile in game.piles] == ["up", "up", "down", "down"]


def test_from_deck_deals_from_the_front_and_hands_are_sorted() -> None:
    deck = list(range(99, 1, -1))  # 99, 98, ..., 2
    game = Game.from_deck(2, deck)
    assert game.hand(0) == tuple(range(93, 100))
    assert game.hand(1) == tuple(range(86, 93))
    assert game.draw_pile == tuple(range(85, 1, -1))
    assert game.deck == tuple(deck)
    assert game.seed is None


def test_new_is_a_seeded_shuffle_of_all_cards() -> None:
    first = Game.new(3, 42)
    assert first.deck == Game.new(3, 42).deck
    assert first.deck != Game.new(3, 43).deck
    assert sorted(first.deck) == list(range(2, 100))
    assert first.seed == 42


def test_the_team_chooses_the_first_player_after_the_deal() -> None:
    game = Game.new(4, 7)
    assert game.status is Status.CHOOSING_FIRST
    assert game.current_player is None
    assert game.first_player is None
    assert game.turn_number == 0
    assert game.legal_plays() == []
    assert not game.can_end_turn()
    events = game.choose_first_player(2)
    assert events == [FirstPlayerChosen(2), TurnStarted(2, 2)]
    assert game.status is Status.PLAYING
    assert game.current_player == 2
    assert game.first_player == 2
    assert game.turn_number == 1
    assert game.turn_minimum == 2


# --------------------------------------------------------------------------- playing cards


def test_rulebook_backwards_examples_47_then_37_and_65_then_75() -> None:
    game = game_from_hands([[47, 37, 65, 75, 10, 11, 12, 13]])
    game.choose_first_player(0)
    assert game.play(0, 47, "A") == [CardPlayed(0, 47, "A", False)]
    assert game.pile("A").is_backwards(37)
    assert game.play(0, 37, "A") == [CardPlayed(0, 37, "A", True)]
    assert game.play(0, 65, "C") == [CardPlayed(0, 65, "C", False)]
    assert game.play(0, 75, "C") == [CardPlayed(0, 75, "C", True)]
    assert tops(game) == [37, 1, 75, 100]
    assert game.pile_cards("A") == (47, 37)
    assert game.pile_cards("C") == (65, 75)
    assert game.played_this_turn == 4


def test_backwards_moves_any_number_of_times_per_turn_on_any_piles() -> None:
    game = game_from_hands([[57, 47, 37, 27, 65, 75, 85, 95]])
    game.choose_first_player(0)
    backwards = []
    for card, pile in (
        (57, "A"),
        (47, "A"),
        (37, "A"),
        (27, "A"),
        (65, "D"),
        (75, "D"),
        (85, "D"),
        (95, "D"),
    ):
        (event,) = game.play(0, card, pile)
        assert isinstance(event, CardPlayed)
        backwards.append(event.backwards)
    assert backwards == [False, True, True, True, False, True, True, True]
    assert game.hand(0) == ()
    assert game.pile_cards("D") == (65, 75, 85, 95)


def test_only_exactly_ten_back_is_allowed() -> None:
    game = game_from_hands([[57, 46, 48, 65, 74, 76, 10, 11]])
    game.choose_first_player(0)
    game.play(0, 57, "A")
    game.play(0, 65, "C")
    assert not game.is_legal_play(46, "A")  # 11 lower
    assert not game.is_legal_play(48, "A")  # 9 lower
    assert not game.is_legal_play(74, "C")  # 9 higher
    assert not game.is_legal_play(76, "C")  # 11 higher
    assert game.is_legal_play(46, "C")
    assert game.is_legal_play(76, "B")


def test_legal_plays_list_every_card_and_pile_sorted_with_the_backwards_flag() -> None:
    game = game_from_hands([[47, 37, 65, 75, 10, 11, 12, 13]])
    game.choose_first_player(0)
    first = game.legal_plays()
    assert len(first) == 8 * 4
    assert first[:4] == [
        Play(10, "A", False),
        Play(10, "B", False),
        Play(10, "C", False),
        Play(10, "D", False),
    ]
    game.play(0, 47, "A")
    game.play(0, 65, "C")
    plays = game.legal_plays()
    assert Play(37, "A", True) in plays
    assert Play(75, "C", True) in plays
    assert Play(37, "C", False) in plays
    assert not any(play.pile == "A" and play.card < 47 and not play.backwards for play in plays)
    assert plays == sorted(plays, key=lambda play: (play.card, "ABCD".index(play.pile)))
    assert game.legal_plays(0) == plays
    for play in plays:
        assert game.pile(play.pile).accepts(play.card)
        assert game.pile(play.pile).is_backwards(play.card) == play.backwards
        assert game.is_legal_play(play.card, play.pile)


def test_legal_plays_are_empty_for_another_player() -> None:
    game = Game.new(3, 5)
    game.choose_first_player(1)
    assert game.legal_plays(0) == []
    assert game.legal_plays(2) == []
    assert game.legal_plays(1) == game.legal_plays()
    assert game.legal_plays()


# --------------------------------------------------------------------------- ending a turn


def test_turn_minimum_two_then_refill_and_next_player() -> None:
    game = game_from_hands([[10, 11, 12, 13, 14, 15, 16], [60, 61, 62, 63, 64, 65, 66]], draw=[2, 3, 4, 5])
    game.choose_first_player(0)
    assert not game.can_end_turn()
    game.play(0, 10, "A")
    assert not game.can_end_turn()
    game.play(0, 11, "A")
    assert game.can_end_turn()
    game.play(0, 12, "A")  # extra plays are allowed
    events = game.end_turn(0)
    assert events == [TurnEnded(0, (2, 3, 4)), TurnStarted(1, 2)]
    assert game.hand(0) == (2, 3, 4, 13, 14, 15, 16)
    assert game.draw_pile[:1] == (5,)
    assert game.current_player == 1
    assert game.turn_number == 2
    assert game.played_this_turn == 0
    game.play(1, 66, "C")
    game.play(1, 65, "C")
    assert game.end_turn(1) == [TurnEnded(1, (5, 6)), TurnStarted(0, 2)]


def test_refill_when_the_draw_pile_runs_out_then_minimum_one_then_the_win() -> None:
    game = Game.from_deck(1, list(range(2, 100)))  # hand 2..9, draw pile 10..99 in order
    game.choose_first_player(0)
    while game.draw_pile_count > 2:
        for card in game.hand(0):
            game.play(0, card, "A")
        events = game.end_turn(0)
        assert isinstance(events[0], TurnEnded)
        assert len(events[0].drawn) == 8
        assert events[1] == TurnStarted(0, 2)
    assert game.hand(0) == tuple(range(90, 98))
    assert game.draw_pile == (98, 99)
    for card in game.hand(0):
        game.play(0, card, "A")
    events = game.end_turn(0)
    assert events == [TurnEnded(0, (98, 99)), TurnStarted(0, 1)]  # drew fewer than played
    assert game.draw_pile_count == 0
    assert game.turn_minimum == 1
    game.play(0, 98, "A")
    assert game.can_end_turn()  # one card is enough now
    assert game.end_turn(0) == [TurnEnded(0, ()), TurnStarted(0, 1)]
    events = game.play(0, 99, "A")
    assert events == [CardPlayed(0, 99, "A", False), GameEnded(True, 0, "all_cards_played")]
    assert game.status is Status.WON
    assert game.is_over
    assert game.cards_left == 0
    assert game.rating is Rating.WIN
    assert game.end_reason == "all_cards_played"
    assert game.legal_plays() == []
    assert not game.can_end_turn()


def play_whole_hands_on_a_until_the_draw_pile_is_empty(game: Game) -> None:
    """With cards dealt in ascending order, every hand can go on A in order, turn after turn."""
    while game.draw_pile_count:
        player = game.current_player
        assert player is not None
        for card in game.hand(player):
            game.play(player, card, "A")
        game.end_turn(player)


def test_players_with_an_empty_hand_are_skipped() -> None:
    game = Game.from_deck(3, list(range(2, 100)))  # hands 2..7, 8..13, 14..19; draw pile 20..99
    game.choose_first_player(0)
    play_whole_hands_on_a_until_the_draw_pile_is_empty(game)
    # The last refill was player 1's, who drew only the last two cards.
    assert game.log[-1].player == 1
    assert [game.hand(seat) for seat in range(3)] == [tuple(range(92, 98)), (98, 99), tuple(range(86, 92))]
    assert game.current_player == 2
    assert game.turn_minimum == 1

    for card in range(86, 92):
        game.play(2, card, "A")
    assert game.end_turn(2) == [TurnEnded(2, ()), TurnStarted(0, 1)]
    game.play(0, 92, "A")
    assert game.end_turn(0) == [TurnEnded(0, ()), TurnStarted(1, 1)]
    game.play(1, 99, "C")
    assert game.end_turn(1) == [TurnEnded(1, ()), PlayerSkipped(2), TurnStarted(0, 1)]
    game.play(0, 93, "A")
    assert game.end_turn(0) == [TurnEnded(0, ()), TurnStarted(1, 1)]
    game.play(1, 98, "C")
    assert game.hand(1) == ()
    assert game.end_turn(1) == [TurnEnded(1, ()), PlayerSkipped(2), TurnStarted(0, 1)]
    # Player 0 is the only one left: the turn comes back to them, skipping both others.
    game.play(0, 94, "A")
    assert game.end_turn(0) == [TurnEnded(0, ()), PlayerSkipped(1), PlayerSkipped(2), TurnStarted(0, 1)]
    for card in (95, 96):
        game.play(0, card, "A")
    assert game.end_turn(0) == [TurnEnded(0, ()), PlayerSkipped(1), PlayerSkipped(2), TurnStarted(0, 1)]
    assert game.play(0, 97, "A") == [CardPlayed(0, 97, "A", False), GameEnded(True, 0, "all_cards_played")]
    assert game.status is Status.WON


# --------------------------------------------------------------------------- the end


def test_end_at_turn_start_when_no_card_fits() -> None:
    game, events = set_up_piles([*FILLER, 25, 26])
    assert events[-2:] == [TurnStarted(1, 2), GameEnded(False, 94, "stuck_at_turn_start")]
    assert game.status is Status.LOST
    assert game.end_reason == "stuck_at_turn_start"
    assert game.current_player == 1
    assert game.cards_left == 94
    assert game.rating is Rating.KEEP_TRYING


def test_end_at_turn_start_when_only_one_card_fits_and_nothing_follows() -> None:
    game, events = set_up_piles([*FILLER, 40, 25])  # 40 goes back on A, then 25 does not fit
    assert events[-1] == GameEnded(False, 94, "stuck_at_turn_start")
    assert game.is_over


def test_only_a_sequence_through_a_backwards_move_saves_the_turn() -> None:
    # Only one card fits now (40, backwards on A); a single-card count would end the game, but after it 45
    # fits on A, so a sequence of two plays exists and the game goes on.
    game, events = set_up_piles([*FILLER, 40, 45])
    assert game.legal_plays() == [Play(40, "A", True)]
    assert events[-1] == TurnStarted(1, 2)
    assert game.status is Status.PLAYING
    assert game.can_complete_minimum_after(40, "A")
    game.play(1, 40, "A")
    assert game.legal_plays() == [Play(45, "A", False)]
    game.play(1, 45, "A")
    assert game.can_end_turn()


def test_two_backwards_moves_in_a_row_save_the_turn() -> None:
    game, events = set_up_piles([*FILLER, 40, 30])  # 40 back on A, then 30 back again
    assert events[-1] == TurnStarted(1, 2)
    game.play(1, 40, "A")
    game.play(1, 30, "A")
    assert game.pile_cards("A") == (50, 40, 30)


def test_end_mid_turn_when_below_the_minimum_and_no_card_fits() -> None:
    game, events = set_up_piles([*FILLER, 55, 60])
    assert events[-1] == TurnStarted(1, 2)
    assert game.can_complete_minimum_after(55, "A")  # 55 then 60
    assert not game.can_complete_minimum_after(60, "A")  # 60 first blocks 55
    assert not game.can_complete_minimum_after(20, "A")  # not a legal play at all
    events_after = game.play(1, 60, "A")
    assert events_after == [CardPlayed(1, 60, "A", False), GameEnded(False, 93, "stuck_mid_turn")]
    assert game.status is Status.LOST
    assert game.end_reason == "stuck_mid_turn"


def test_no_end_mid_turn_once_the_minimum_is_reached() -> None:
    game, _ = set_up_piles([*FILLER, 55, 60])
    game.play(1, 55, "A")
    events = game.play(1, 60, "A")  # nothing fits any more, but the minimum is reached
    assert events == [CardPlayed(1, 60, "A", False)]
    assert game.status is Status.PLAYING
    assert game.legal_plays() == []
    assert game.can_end_turn()


def test_mid_turn_the_game_goes_on_while_a_card_fits_even_if_the_minimum_is_out_of_reach() -> None:
    # Expert minimum 3: after 57, only 61 fits and then nothing: the minimum can no longer be reached
    # (can_complete_minimum_after says so), but the rules end the game only when no card fits.
    game, events = set_up_piles([20, 21, 22, 23, 55, 57, 61], Variant(higher_minimum=True))
    assert events[-1] == TurnStarted(1, 3)
    assert game.can_complete_minimum_after(55, "A")
    assert not game.can_complete_minimum_after(57, "A")
    assert not game.can_complete_minimum_after(61, "A")
    assert game.play(1, 57, "A") == [CardPlayed(1, 57, "A", False)]
    assert game.status is Status.PLAYING
    events = game.play(1, 61, "A")
    assert events[-1] == GameEnded(False, 92, "stuck_mid_turn")


def test_can_complete_minimum_after_once_the_minimum_is_reached() -> None:
    game, _ = set_up_piles([*FILLER, 55, 60])
    game.play(1, 55, "A")
    assert game.can_complete_minimum_after(60, "A")
    game.play(1, 60, "A")
    assert not game.can_complete_minimum_after(60, "A")  # no longer in hand


# --------------------------------------------------------------------------- expert variants


def test_expert_higher_minimum() -> None:
    variant = Variant(higher_minimum=True)
    game = game_from_hands([[10, 11, 12, 13, 14, 15, 16], [60, 61, 62, 63, 64, 65, 66]], variant=variant)
    assert game.turn_minimum == 3
    assert game.hand_size == 7
    events = game.choose_first_player(0)
    assert events[-1] == TurnStarted(0, 3)
    game.play(0, 10, "A")
    game.play(0, 11, "A")
    assert not game.can_end_turn()
    game.play(0, 12, "A")
    assert game.can_end_turn()
    assert game.end_turn(0)[-1] == TurnStarted(1, 3)


def test_expert_smaller_hand() -> None:
    for players, size in ((1, 7), (2, 6), (3, 5), (4, 5), (5, 5)):
        game = Game.new(players, 99, Variant(smaller_hand=True))
        assert game.hand_size == size
        assert {len(game.hand(seat)) for seat in range(players)} == {size}
        assert game.turn_minimum == 2
        assert game.draw_pile_count == 98 - players * size


def test_expert_variants_combined_minimum_three_until_the_draw_pile_is_empty() -> None:
    variant = Variant(higher_minimum=True, smaller_hand=True)
    game = Game.from_deck(1, list(range(2, 100)), variant)  # hand 2..8, draw pile 9..99
    assert game.hand_size == 7
    minimums = []
    events = game.choose_first_player(0)
    while not game.is_over:
        assert isinstance(events[-1], TurnStarted)
        minimums.append(events[-1].minimum)
        for card in game.hand(0):
            events = game.play(0, card, "A")
        if not game.is_over:
            events = game.end_turn(0)
    assert game.status is Status.WON
    assert set(minimums) == {3, 1}
    assert minimums.index(1) == len(minimums) - 1  # the last turn, once the draw pile is empty
    assert minimums[0] == 3


def test_expert_minimum_three_at_turn_start_needs_a_sequence_of_three() -> None:
    # Two cards fit (55 and 60 in that order) but not three: with minimum 3 the game ends at the turn start.
    game, events = set_up_piles([20, 21, 22, 23, 24, 55, 60], Variant(higher_minimum=True))
    assert events[-1] == GameEnded(False, 94, "stuck_at_turn_start")
    assert game.turn_minimum == 3


# --------------------------------------------------------------------------- status and score


def test_cards_left_counts_hands_and_draw_pile() -> None:
    game = Game.new(3, 2024)
    game.choose_first_player(0)
    game.play(0, game.legal_plays()[0].card, game.legal_plays()[0].pile)
    assert game.cards_left == 97 == sum(len(game.hand(seat)) for seat in range(3)) + game.draw_pile_count
    assert game.played_cards == 1
    assert game.rating is Rating.KEEP_TRYING


def test_log_records_every_applied_action() -> None:
    game = Game.new(2, 3)
    game.choose_first_player(1)
    first, second = game.legal_plays()[0], game.legal_plays()[-1]
    game.play(1, first.card, first.pile)
    game.play(1, second.card, second.pile)
    game.end_turn(1)
    kinds = [type(action).__name__ for action in game.log]
    assert kinds == ["ChooseFirstPlayer", "PlayCard", "PlayCard", "EndTurn"]
    assert all(action.player == 1 for action in game.log)


def test_make_deck_helper_is_a_permutation() -> None:
    deck = make_deck([[5, 6], [7]], draw=[2])
    assert deck[:4] == [5, 6, 7, 2]
    assert sorted(deck) == list(range(2, 100))
