"""Helpers for the AI tests: random legal positions and hand-built player views."""

from __future__ import annotations

import random
from collections.abc import Iterable

from bot.games.thegame.ai.types import TurnPlan
from bot.games.thegame.ai.view import PlayerView
from bot.games.thegame.engine import ALL_CARDS, ChooseFirstPlayer, Game, Variant, can_play_sequence

STANDARD = Variant()
EXPERT = Variant(higher_minimum=True, smaller_hand=True)


def random_position(players: int, variant: Variant, seed: int, steps: int) -> Game:
    """A game after `steps` random legal actions (plays that keep the turn alive, ends of turn)."""
    rng = random.Random(seed)
    game = Game.new(players, seed, variant)
    game.choose_first_player(rng.randrange(players))
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        if game.can_end_turn() and rng.random() < 0.45:
            game.end_turn(seat)
            continue
        plays = [play for play in game.legal_plays() if game.can_complete_minimum_after(play.card, play.pile)]
        if not plays:
            if game.can_end_turn():
                game.end_turn(seat)
                continue
            break
        # Prefer small moves so that games last; sometimes a random one.
        if rng.random() < 0.7:
            plays.sort(key=lambda play: abs(game.pile(play.pile).top - play.card))
            play = plays[min(len(plays) - 1, int(rng.random() ** 3 * len(plays)))]
        else:
            play = rng.choice(plays)
        game.play(seat, play.card, play.pile)
    return game


def apply_plan(game: Game, seat: int, plan: TurnPlan) -> Game:
    """Play the plan on a copy of `game` (the engine raises IllegalAction on an illegal play)."""
    copy = game.copy()
    for card, pile in plan.plays:
        assert not copy.is_over, "the plan goes on after the game ended"
        copy.play(seat, card, pile)
    return copy


def minimum_reachable(game: Game) -> bool:
    """Whether the current player can still reach this turn's minimum."""
    seat = game.current_player
    assert seat is not None
    needed = game.turn_minimum - game.played_this_turn
    tops = [pile.top for pile in game.piles]
    return can_play_sequence(game.hand(seat), tops, needed)


def with_hidden_cards_permuted(game: Game, seat: int, seed: int) -> Game:
    """The same game (same log, same public state, same hand for `seat`), but with the cards `seat` cannot see
    (other hands and the draw pile) shuffled among themselves in the deck, then the log replayed."""
    hidden = set(game.draw_pile)
    for other in range(game.players):
        if other != seat:
            hidden.update(game.hand(other))
    positions = [index for index, card in enumerate(game.deck) if card in hidden]
    cards = [game.deck[index] for index in positions]
    random.Random(seed).shuffle(cards)
    deck = list(game.deck)
    for index, card in zip(positions, cards, strict=True):
        deck[index] = card
    copy = Game.from_deck(game.players, deck, game.variant)
    for action in game.log:
        copy.apply(action)
    assert not isinstance(game.log[0], ChooseFirstPlayer) or copy.current_player == game.current_player
    return copy


def make_view(
    hand: Iterable[int],
    tops: tuple[int, int, int, int],
    *,
    unseen: Iterable[int] | None = None,
    played: Iterable[int] = (),
    players: int = 2,
    draw_pile_count: int = 50,
    minimum: int = 2,
    played_this_turn: int = 0,
    markers: dict[str, str] | None = None,
) -> PlayerView:
    """A hand-built view. By default every card that is not in the hand, not on a top and not in `played` is
    unseen (still to come)."""
    hand_tuple = tuple(sorted(hand))
    gone = set(played) | {top for top in tops if 2 <= top <= 99}
    if unseen is None:
        unseen_set = frozenset(card for card in ALL_CARDS if card not in gone and card not in hand_tuple)
    else:
        unseen_set = frozenset(unseen)
    return PlayerView(
        seat=0,
        players=players,
        variant=STANDARD,
        hand=hand_tuple,
        tops=tops,
        histories=((), (), (), ()),
        draw_pile_count=draw_pile_count,
        hand_sizes=(len(hand_tuple),) * players,
        hand_size=max(len(hand_tuple), 6),
        is_my_turn=True,
        minimum=minimum,
        played_this_turn=played_this_turn,
        unseen=unseen_set,
        markers=markers or {},
    )
