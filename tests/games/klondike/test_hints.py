"""Hints see only what the players have seen: the same hint whatever the hidden cards, honest words, no circles."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import Card
from bot.games.klondike import DRAW, Klondike, KlondikeOptions, Move, solve
from bot.games.klondike.hints import (
    GUESSES,
    LIKELY,
    NOTHING,
    SAFE,
    WINNING,
    Hint,
    heuristic_move,
    hint,
    hint_from_seen,
)
from bot.games.klondike.jobs import HintJob
from bot.games.klondike.session import KlondikeSession
from bot.ui.game_ui import render_notice
from tests.games.klondike.helpers import dead_game, easy_game, one_move_game


def hidden_cards_dealt_again(game: Klondike, shuffle_seed: int) -> Klondike:
    """The same game on another deal: the cards nobody has seen are dealt in another order, every card seen lies
    where it lay, and the same moves are played. Found from the dealt order and the log, as a player could not."""
    replayed = Klondike.from_dict({**game.to_dict(), "log": []})
    seen = {replayed.deck[index] for index in _face_up_at_deal()}
    for entry in game.log:
        before = {card for column in replayed.columns for card in column.face_up} | set(replayed.waste)
        replayed.apply_logged(entry)
        after = {card for column in replayed.columns for card in column.face_up} | set(replayed.waste)
        seen |= after - before
    deck = list(game.deck)
    places = [index for index, card in enumerate(deck) if card not in seen and not _on_foundation(game, card)]
    hidden = [deck[index] for index in places]
    random.Random(shuffle_seed).shuffle(hidden)
    for index, card in zip(places, hidden, strict=True):
        deck[index] = card
    other = Klondike.from_deck(game.options, deck)
    for entry in game.log:
        other.apply_logged(entry)
    return other


def _face_up_at_deal() -> list[int]:
    """The deck indexes dealt face up: the first card of each row of the deal."""
    indexes, position = [], 0
    for row in range(7):
        indexes.append(position)
        position += 7 - row
    return indexes


def _on_foundation(game: Klondike, card: Card) -> bool:
    top = game.foundations[card.suit]
    return top is not None and card.rank <= top.rank if card.rank != 14 else top is not None


def advice_text(game: Klondike) -> str:
    """What the player who asks reads, through the table's own session."""
    return render_notice("en-US", KlondikeSession(game, 1, "solo").hint(0))


def played(seed: int, moves: int) -> Klondike:
    """A deal after `moves` random moves (draws and reveals included)."""
    game = Klondike.new(KlondikeOptions(draw=3), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize(("seed", "moves"), [(2, 0), (4, 12), (6, 60)])
def test_deals_that_differ_only_in_unseen_cards_get_the_same_hint(seed: int, moves: int) -> None:
    game = played(seed, moves)
    assert not game.is_over
    for shuffle in range(2):
        other = hidden_cards_dealt_again(game, shuffle)
        assert other.deck != game.deck, "some hidden card lies elsewhere"
        assert [column.face_up for column in other.columns] == [column.face_up for column in game.columns]
        assert advice_text(other) == advice_text(game)


def test_what_the_players_have_seen_is_kept_after_an_undo_and_a_pass_through_the_stock() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), 4)
    game.play(DRAW)
    drawn = game.waste
    game.undo()  # the three cards go back into the stock: still known, on its top
    seen = game.seen_position()
    assert len(seen.unseen_cards()) == 45 - 3
    while game.stock_count:
        game.play(DRAW)
    game.play(DRAW)  # the waste turned over: the stock's order is known now
    seen = game.seen_position()
    assert all(card >= 0 for card in seen.talon)
    assert len(seen.unseen_cards()) == 21  # only the face-down cards
    assert Klondike.from_dict(game.to_dict()).seen_position() == seen, "a saved game remembers it too"
    assert drawn[0] in game.deck


def test_the_same_position_gives_the_same_hint() -> None:
    game = played(7, 25)
    job = HintJob(game.seen_position(), game.positions_on_the_way())
    again = HintJob(game.copy().seen_position(), game.copy().positions_on_the_way())
    assert job == again and job() == again()


def test_a_winning_line_is_promised_only_when_every_card_is_known() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), 10)
    first = hint(game)
    assert first.reason == LIKELY and first.tries == GUESSES and 0 < first.wins <= GUESSES
    said = advice_text(game)
    assert f"of {GUESSES} tries with the unseen cards guessed" in said and "leads to a win" not in said
    line = solve(game, time_limit=10).moves
    assert line is not None
    for move in line:
        if not game.seen_position().unseen_cards():
            break
        game.play(move)
    assert not game.seen_position().unseen_cards() and not game.is_over
    known = hint(game)
    assert known.reason in (WINNING, SAFE)
    if known.reason == WINNING:
        assert advice_text(game).endswith("(this leads to a win).")


def test_a_safe_card_goes_up_first_and_a_finished_game_gets_no_hint() -> None:
    game = easy_game(draw=1)
    game.play(DRAW)
    assert hint(game) == Hint(Move("waste", "foundation"), SAFE)
    over = one_move_game()
    assert hint(over).move in over.legal_moves()
    over.play(Move("column:2", "column:1"))  # then nothing can ever move
    assert hint(over) == Hint(None, NOTHING)


def test_a_hint_never_leads_back_where_the_game_has_been() -> None:
    game = played(8, 40)
    chosen = hint(game)
    assert chosen.move is not None
    after = game.copy()
    after.play(chosen.move)
    been_there = game.positions_on_the_way() | {after.position_key()}
    other = hint_from_seen(game.seen_position(), been_there)
    assert other.move is not None and other.move != chosen.move


def test_heuristic_hints_prefer_turning_up_cards_and_never_shuffle() -> None:
    game = Klondike.new(KlondikeOptions(draw=3), 2)
    move = heuristic_move(game)
    assert move is not None and move in game.legal_moves()
    assert heuristic_move(dead_game()) is None  # the game is over: nothing to suggest


def test_a_game_built_from_a_position_is_for_trying_moves_not_for_saving() -> None:
    game = Klondike.from_position(easy_game().full_position())
    game.play(DRAW)
    with pytest.raises(ValueError, match="no deal to save"):
        game.to_dict()
