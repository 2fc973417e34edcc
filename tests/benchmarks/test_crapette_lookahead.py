"""The fair rollout player of `benchmarks/crapette_lookahead.py` plays on what its seat sees, and nothing more."""

from __future__ import annotations

import random
from collections import Counter

from benchmarks.crapette_baselines import RandomKeepingTheRule
from benchmarks.crapette_lookahead import LookaheadStrategy, drawn
from bot.games.crapette import Crapette, CrapetteOptions
from bot.games.crapette.layout import NO_CARD, UNKNOWN
from bot.games.crapette.simulate import game_seed
from tests.games.crapette.helpers import decisions_compared_on_redealt_face_down_cards


def test_a_drawn_table_keeps_what_the_seat_sees_and_holds_every_card_once() -> None:
    # Two random players that keep the rule load each other's crapettes: cards of one player end up face down
    # under the other's crapette top (seen once, covered since), which the drawing must place too.
    game = Crapette.new(CrapetteOptions(), game_seed(1000, 0))
    players = [RandomKeepingTheRule(1), RandomKeepingTheRule(2)]
    checked = 0
    for step in range(400):
        if game.is_over:
            break
        mover = game.current_player
        if step % 10 == 0:
            for seat in (0, 1):
                masked = game.view(seat).board()
                table = drawn(masked, seat, random.Random(step))
                piles = [*table.crapettes, *table.stocks, *table.discards, *table.sides, *table.foundations]
                cards = Counter(card for pile in piles for card in pile)
                cards.update(card for card in table.turned if card != NO_CARD)
                assert UNKNOWN not in cards
                assert sorted(cards) == list(range(104)) and set(cards.values()) == {1}
                for before, after in zip(
                    masked.crapettes + masked.stocks, table.crapettes + table.stocks, strict=True
                ):
                    assert len(before) == len(after)
                    assert all(card in (UNKNOWN, again) for card, again in zip(before, after, strict=True))
                assert (table.discards, table.sides, table.foundations, table.turned) == (
                    masked.discards,
                    masked.sides,
                    masked.foundations,
                    masked.turned,
                )
                checked += 1
        game.apply(mover, players[mover].choose_action(game.view(mover)))
    assert checked >= 40


def test_face_down_order_never_changes_a_lookahead_decision() -> None:
    assert decisions_compared_on_redealt_face_down_cards(lambda: LookaheadStrategy(samples=2), 80) >= 20
