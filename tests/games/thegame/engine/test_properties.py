"""Property-based tests: random games of 1-5 players, driven by random legal (and some illegal) choices."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.thegame.engine import (
    SEED_LIMIT,
    CardPlayed,
    Event,
    Game,
    GameEnded,
    IllegalAction,
    PlayCard,
    PlayerSkipped,
    Status,
    TurnEnded,
    TurnStarted,
    Variant,
)
from tests.games.thegame.engine.helpers import brute_force_sequence, fits, tops

MAX_ACTIONS = 98 * 2 + 10  # every turn plays at least one card, so a game cannot last longer


def check_invariants(game: Game) -> None:
    hands = [game.hand(seat) for seat in range(game.players)]
    piles = [game.pile_cards(name) for name in ("A", "B", "C", "D")]
    # Every card is somewhere, exactly once.
    everywhere = [card for hand in hands for card in hand] + [card for pile in piles for card in pile]
    everywhere += game.draw_pile
    assert sorted(everywhere) == list(range(2, 100))
    assert game.cards_left == sum(map(len, hands)) + game.draw_pile_count
    assert game.played_cards == sum(map(len, piles))
    # Piles only move in their direction, except by exact backwards moves.
    for index, pile in enumerate(piles):
        top = 1 if index < 2 else 100
        for card in pile:
            assert fits(index, top, card), f"pile {index}: {card} after {top}"
            top = card
        assert game.piles[index].top == top
    # Hands never exceed the hand size and stay sorted.
    for hand in hands:
        assert len(hand) <= game.hand_size
        assert list(hand) == sorted(hand)
    # Status bookkeeping.
    assert game.is_over == (game.status in (Status.WON, Status.LOST))
    assert (game.status is Status.WON) == (game.cards_left == 0)
    if game.status is Status.PLAYING:
        assert game.current_player is not None
        if game.played_this_turn == 0:
            assert hands[game.current_player], "a turn started for a player without cards"
        expected = 1 if game.draw_pile_count == 0 else (3 if game.variant.higher_minimum else 2)
        assert game.turn_minimum == expected


def check_events(game: Game, before: Game, events: list[Event]) -> None:
    """The events make sense, and the engine's end decisions agree with a brute-force oracle."""
    for index, event in enumerate(events):
        if isinstance(event, TurnStarted):
            assert game.hand(event.player), "a player without cards got a turn"
            # The state at the turn start is the state now unless the game went on (it cannot: the events
            # end with this turn start or with the end of the game).
            can_play = brute_force_sequence(game.hand(event.player), tops(game), event.minimum)
            ended = events[index + 1 :] == [GameEnded(False, game.cards_left, "stuck_at_turn_start")]
            assert can_play != ended, f"turn start: sequence exists={can_play}, engine ended={ended}"
        elif isinstance(event, PlayerSkipped):
            assert game.hand(event.player) == ()
        elif isinstance(event, TurnEnded):
            assert event.drawn == before.draw_pile[: len(event.drawn)]
            assert len(before.hand(event.player)) + len(event.drawn) <= game.hand_size
        elif isinstance(event, CardPlayed):
            assert game.pile_cards(event.pile)[-1] == event.card
            assert before.pile(event.pile).is_backwards(event.card) == event.backwards
            player = event.player
            stuck = game.played_this_turn < game.turn_minimum and not any(
                fits(pile, top, card) for card in game.hand(player) for pile, top in enumerate(tops(game))
            )
            if game.cards_left == 0:
                assert events[index + 1 :] == [GameEnded(True, 0, "all_cards_played")]
            else:
                assert (events[index + 1 :] == [GameEnded(False, game.cards_left, "stuck_mid_turn")]) == stuck
    if game.is_over:
        assert isinstance(events[-1], GameEnded)
        assert events[-1].cards_left == game.cards_left
        assert events[-1].reason == game.end_reason


def gap(game: Game, card: int, pile: str) -> int:
    """How far a play moves its pile (a backwards move counts as -10, the best)."""
    if game.pile(pile).is_backwards(card):
        return -10
    return abs(card - game.pile(pile).top)


def try_illegal(game: Game, rng: random.Random) -> None:
    """Try a random, probably illegal, action: refused without any change, or accepted only if legal."""
    player = rng.randrange(-1, game.players + 1)
    card = rng.randrange(0, 102)
    pile = rng.choice("ABCDE")
    before = game.to_dict()
    if rng.random() < 0.8:
        legal = player == game.current_player and any(
            play.card == card and play.pile == pile for play in game.legal_plays()
        )
        try:
            game.play(player, card, pile)
        except IllegalAction:
            assert not legal
            assert game.to_dict() == before
        else:
            assert legal
    else:
        allowed = player == game.current_player and game.can_end_turn()
        try:
            game.end_turn(player)
        except IllegalAction:
            assert not allowed
            assert game.to_dict() == before
        else:
            assert allowed


@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(1, 5),
    seed=st.integers(0, SEED_LIMIT - 1),
    higher_minimum=st.booleans(),
    smaller_hand=st.booleans(),
    choices=st.integers(0, 2**32),
)
def test_random_games_keep_the_invariants(
    players: int, seed: int, higher_minimum: bool, smaller_hand: bool, choices: int
) -> None:
    rng = random.Random(choices)  # drives the players' choices
    game = Game.new(players, seed, Variant(higher_minimum, smaller_hand))
    check_invariants(game)
    first = rng.randrange(players)
    before = game.copy()
    events = game.choose_first_player(first)
    check_events(game, before, events)
    end_bias = rng.random()
    skill = rng.choice(
        (0.0, 0.5, 0.9, 1.0)
    )  # how often the players take the closest play: long and short games
    snapshot_at = rng.randrange(1, 60)
    snapshot: dict[str, object] | None = None
    actions = 1
    while not game.is_over:
        assert actions < MAX_ACTIONS, "the game did not end"
        if rng.random() < 0.15:
            try_illegal(game, rng)
            check_invariants(game)
            continue
        player = game.current_player
        assert player is not None
        plays = game.legal_plays()
        before = game.copy()
        best = min(plays, key=lambda play: gap(game, play.card, play.pile), default=None)
        careful = rng.random() < skill
        if game.can_end_turn() and (
            best is None or (gap(game, best.card, best.pile) > 2 if careful else rng.random() < end_bias)
        ):
            events = game.end_turn(player)
        else:
            assert best is not None, "below the minimum with no legal play, but the game is not over"
            play = best if careful else rng.choice(plays)
            events = game.play(player, play.card, play.pile)
            assert game.log[-1] == PlayCard(player, play.card, play.pile)
        actions += 1
        check_invariants(game)
        check_events(game, before, events)
        if actions == snapshot_at:
            snapshot = game.to_dict()
            assert Game.from_dict(json.loads(json.dumps(snapshot))) == game
    # The log reproduces the game; the saved form round-trips through JSON.
    assert game.replay() == game
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored == game
    assert restored.to_dict() == game.to_dict()
    assert restored.status is game.status
    if snapshot is not None:
        assert Game.from_dict(snapshot).log == game.log[: len(Game.from_dict(snapshot).log)]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 5), seed=st.integers(0, SEED_LIMIT - 1))
def test_smallest_card_policy_games_end_and_score(players: int, seed: int) -> None:
    # A deterministic policy: always the smallest legal card, end the turn as soon as allowed.
    game = Game.new(players, seed)
    game.choose_first_player(0)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        player = game.current_player
        assert player is not None
        if game.can_end_turn():
            game.end_turn(player)
        else:
            play = game.legal_plays()[0]
            game.play(player, play.card, play.pile)
    assert game.is_over
    assert 0 <= game.cards_left <= 98 - game.turn_minimum
    assert game.rating.value in ("win", "excellent", "good", "fair", "keep_trying")
    assert game.replay() == game


def test_careful_games_reach_the_late_game() -> None:
    """Careful players (closest play, extra plays only for small gaps) empty the draw pile and run out of
    cards: the late-game rules (minimum 1, skipped players) are exercised with the invariants checked."""
    skipped = emptied = won = 0
    for seed in range(60):
        players = 1 + seed % 5
        game = Game.new(players, seed)
        game.choose_first_player(seed % players)
        while not game.is_over:
            player = game.current_player
            assert player is not None
            plays = game.legal_plays()
            best = min(plays, key=lambda play: gap(game, play.card, play.pile), default=None)
            before = game.copy()
            if best is None or (game.can_end_turn() and gap(game, best.card, best.pile) > 2):
                events = game.end_turn(player)
                skipped += sum(isinstance(event, PlayerSkipped) for event in events)
            else:
                events = game.play(player, best.card, best.pile)
            check_invariants(game)
            check_events(game, before, events)
        emptied += game.draw_pile_count == 0
        won += game.status is Status.WON
    assert emptied > 10
    assert skipped > 0
    assert won > 0
