"""What Barbu's `/rules` says about dealing and the early end is what the engine does: in the long game each player
deals the five contracts in a row, and with `early_end` a hand with no penalty card dealt ends before any card is
played."""

from __future__ import annotations

import random

from bot.games.barbu import Barbu, BarbuOptions, Contract, HandScored
from bot.games.barbu.deal import deal_hand
from bot.games.cards import Card
from bot.ui.i18n import t

# With this seed, hand 4 (the Barbu contract, 0-based number 3) sets both kings of hearts aside at 6 and 7 players.
NO_KING_SEED = 807
KING_OF_HEARTS = Card("H", 13)


def test_in_the_long_game_each_player_deals_the_five_contracts_in_a_row_then_the_deal_passes_left() -> None:
    options = BarbuOptions(players=4, full_cycle=True)
    schedule = [(options.dealer_for(hand), options.contract_for(hand)) for hand in range(options.hands_total)]
    contracts = list(Contract)
    assert schedule == [(dealer, contract) for dealer in range(4) for contract in contracts]
    short = BarbuOptions(players=4)
    assert [short.dealer_for(hand) for hand in range(short.hands_total)] == [0, 1, 2, 3, 0]
    english, french = t("en", "rules.barbu.body"), t("fr", "rules.barbu.body")
    assert "deals the five contracts in a row" in english and "after each player's five hands" in english
    assert (
        "donne les cinq contrats à la suite" in french and "après les cinq donnes de chaque donneur" in french
    )


def played_out(options: BarbuOptions, seed: int) -> tuple[dict[int, int], list[HandScored]]:
    """A whole game with random legal cards: the cards played in each hand, and every hand's scoring."""
    game = Barbu.new(options, seed)
    rng = random.Random(seed)
    plays: dict[int, int] = {}
    scored: list[HandScored] = []
    while not game.is_over:
        plays[game.hand_number] = plays.get(game.hand_number, 0) + 1
        seat = game.to_act()[0]
        events = game.play(seat, rng.choice(game.legal_cards(seat)))
        scored += [event for event in events if isinstance(event, HandScored)]
    return plays, scored


def test_with_early_end_a_hand_with_no_penalty_card_dealt_ends_before_any_card_is_played() -> None:
    for players in (6, 7):
        _, set_aside = deal_hand(BarbuOptions(players=players), NO_KING_SEED, 3)
        assert set_aside.count(KING_OF_HEARTS) == 2
        plays, scored = played_out(BarbuOptions(players=players, early_end=True), NO_KING_SEED)
        assert 3 not in plays  # the Barbu hand: no card played
        assert scored[3].contract is Contract.BARBU and scored[3].ended_early and set(scored[3].points) == {0}
        plays, scored = played_out(BarbuOptions(players=players), NO_KING_SEED)
        assert plays[3] == (102 if players == 6 else 98)  # without early_end it is played to the last card
        assert not scored[3].ended_early
    assert "at once, before any card is played, if none was dealt" in t("en", "rules.barbu.body")
    assert "tout de suite, avant la première carte" in t("fr", "rules.barbu.body")
