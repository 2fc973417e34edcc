"""Hearts and Barbu told hand by hand for **Full log**: replayed from the saved log, the same tricks as played, and
nothing private (no hand, no passed card)."""

from __future__ import annotations

import random

import pytest

from bot.games.barbu import Barbu, BarbuOptions
from bot.games.barbu.history import history as barbu_history
from bot.games.cards import Card
from bot.games.hearts import Hearts, HeartsOptions, TrickWon
from bot.games.hearts.events import HandScored
from bot.games.hearts.history import history as hearts_history
from bot.games.trick_log import HandBegins, HandEnds, LogNote, TrickTaken, TrickUnfinished
from tests.games.barbu.helpers import play_random
from tests.games.hearts.helpers import cards_in, play_moon_hand, random_step


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_hearts_game_is_told_trick_by_trick_as_it_was_played(players: int) -> None:
    game = Hearts.new(HeartsOptions(players=players, target=60), seed=players)
    rng = random.Random(players)
    taken: list[TrickWon] = []
    scored: list[HandScored] = []
    while not game.is_over:
        for event in random_step(game, rng):
            if isinstance(event, TrickWon):
                taken.append(event)
            elif isinstance(event, HandScored):
                scored.append(event)
    entries = hearts_history(game)
    tricks = [entry for entry in entries if isinstance(entry, TrickTaken)]
    assert [(t.winner, tuple(p.card for p in t.plays), t.points) for t in tricks] == [
        (won.seat, won.cards, won.points) for won in taken
    ]
    assert all(len(trick.plays) == players for trick in tricks)
    assert [(end.points, end.totals) for end in entries if isinstance(end, HandEnds)] == [
        (hand.points, hand.totals) for hand in scored
    ]
    hands = [entry for entry in entries if isinstance(entry, HandBegins)]
    assert [hand.number for hand in hands] == list(range(1, len(scored) + 1))
    assert [hand.about for hand in hands[:4]] == [1, -1, players // 2 if players % 2 == 0 else 2, None][
        : len(hands)
    ]
    # Trick numbers restart at 1 with each hand, 13 a hand.
    assert [trick.number for trick in tricks[:14]] == [*range(1, 14), 1]


def test_the_log_never_shows_a_passed_card() -> None:
    game = Hearts.new(HeartsOptions(players=4), seed=5)
    rng = random.Random(5)
    random_step(game, rng)  # the first seat chooses its pass
    passed = set(game.to_dict()["log"][0]["cards"])
    entries = hearts_history(game)
    assert entries == [HandBegins(1, 1)], "a pass chosen is not told"
    while game.to_act() and len(game.to_dict()["log"]) < 4:
        random_step(game, rng)
    notes = [entry for entry in hearts_history(game) if isinstance(entry, LogNote)]
    assert notes == [LogNote("passed")] and passed and not cards_in(notes)


def test_a_moon_shot_and_its_choice_are_told() -> None:
    game = play_moon_hand()
    game.choose_moon(0, "plus_others")
    notes = [entry for entry in hearts_history(game) if isinstance(entry, LogNote)]
    assert notes == [LogNote("moon", 0), LogNote("moon_choice", 0, "plus_others")]


def test_a_trick_on_the_table_when_the_game_stopped_is_told_unfinished() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=3)
    play_random(game, random.Random(3), plays=6)
    entries = barbu_history(game)
    assert isinstance(entries[0], HandBegins) and entries[0].about == (game.contract, game.dealer)
    assert [type(entry) for entry in entries[1:]] == [TrickTaken, TrickUnfinished]
    unfinished = entries[-1]
    assert isinstance(unfinished, TrickUnfinished)
    assert unfinished.number == 2
    assert [play.card for play in unfinished.plays] == [play.card for play in game.log[4:]]


def test_a_whole_barbu_game_is_told_hand_by_hand() -> None:
    game = Barbu.new(BarbuOptions(players=4), seed=8)
    play_random(game, random.Random(8))
    entries = barbu_history(game)
    hands = [entry for entry in entries if isinstance(entry, HandBegins)]
    ends = [entry for entry in entries if isinstance(entry, HandEnds)]
    assert len(hands) == len(ends) == game.hands_total
    assert ends[-1].totals == game.scores
    played = [play.card for entry in entries if isinstance(entry, TrickTaken) for play in entry.plays]
    assert played == [play.card for play in game.log] and all(isinstance(card, Card) for card in played)


def test_a_barbu_hand_that_ended_early_says_so() -> None:
    game = Barbu.new(BarbuOptions(players=4, early_end=True), seed=8)
    play_random(game, random.Random(8))
    entries = barbu_history(game)
    notes = [entry for entry in entries if isinstance(entry, LogNote) and entry.kind == "ended_early"]
    assert notes, "with early_end, some hand stops before its last card"
    tricks_told = sum(isinstance(entry, TrickTaken) for entry in entries)
    assert tricks_told < 13 * game.hands_total, "the tricks that were never played are not told"
