"""Arranged Crapette tables for the tests: write the piles as card codes, get a game in that position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from bot.games.cards import Card, full_deck
from bot.games.crapette import Crapette, CrapetteOptions, CrapetteStrategy, OwnedCard
from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, card_id


def owned(code: str) -> OwnedCard:
    """`5H` is seat 0's five of hearts, `5H/1` seat 1's."""
    text, _, owner = code.partition("/")
    return OwnedCard(Card.from_code(text), int(owner or 0))


def ids(codes: str) -> list[int]:
    """Space-separated codes, bottom first, as card ids."""
    return [card_id(owned(code)) for code in codes.split()]


def deck_with(*top: str) -> list[Card]:
    """A full deck whose first cards are `top` (codes), the rest in the fixed order."""
    first = [Card.from_code(code) for code in top]
    return first + [card for card in full_deck() if card not in first]


def arranged(
    *,
    sides: Sequence[str] = ("",) * 8,
    foundations: Sequence[str] = ("",) * 8,
    crapettes: tuple[str, str] = ("", ""),
    stocks: tuple[str, str] = ("QC", "QC/1"),
    discards: tuple[str, str] = ("", ""),
    turned: tuple[str, str] = ("", ""),
    current: int = 0,
    options: CrapetteOptions | None = None,
) -> Crapette:
    """A game (dealt from plain decks, then) set to the given table. Piles are space-separated codes, bottom
    first; unlisted piles are empty, except the stocks, which hold a queen of clubs each unless given (so a
    seat does not win by emptying its crapette). Card conservation does not hold for such tables."""
    game = Crapette.from_decks(options or CrapetteOptions(), full_deck(), full_deck())
    game._board = Board(
        [ids(pile) for pile in crapettes],
        [ids(pile) for pile in stocks],
        [ids(pile) for pile in discards],
        [card_id(owned(code)) if code else NO_CARD for code in turned],
        [ids(pile) for pile in (*sides, *[""] * (8 - len(sides)))],
        [ids(pile) for pile in (*foundations, *[""] * (8 - len(foundations)))],
    )
    game._current = current
    game._lowest_left = [game._board.cards_left(seat) for seat in (0, 1)]
    game._positions = {game._position(): 1}
    return game


def all_cards(game: Crapette) -> Counter[OwnedCard]:
    """Every card on the table, hidden ones included."""
    cards: Counter[OwnedCard] = Counter()
    for seat in (0, 1):
        cards.update(game.crapette_cards(seat))
        cards.update(game.stock_cards(seat))
        cards.update(game.discard(seat))
        turned = game.stock_turned(seat)
        if turned is not None:
            cards[turned] += 1
    for pile in (*game.side_piles, *game.foundations):
        cards.update(pile)
    return cards


def snapshot(game: Crapette) -> tuple[object, ...]:
    """Everything an action may change (for "a refused action changes nothing")."""
    board = game._board
    return (
        repr([board.crapettes, board.stocks, board.discards, board.turned, board.sides, board.foundations]),
        game.current_player,
        game.turn_number,
        game.penalties,
        game.is_over,
        game.winner,
        len(game.log),
        [game.crapettes_called(seat) for seat in (0, 1)],
        [game.wrong_calls(seat) for seat in (0, 1)],
        game.last_missed,
        sorted(game._moved),
        game.repetitions,
    )


def swapped(deck: Sequence[Card], first: int, second: int) -> list[Card]:
    cards = list(deck)
    cards[first], cards[second] = cards[second], cards[first]
    return cards


def decisions_compared_on_redealt_face_down_cards(
    new_player: Callable[[], CrapetteStrategy], steps: int
) -> int:
    """Play a game (seed 12) with two `new_player()`s, and beside it the same game with some face-down cards swapped
    (deep in both stocks, inside seat 1's crapette) with two other players: every decision and call must be the
    same while the views are. Returns how many actions were compared (until a swapped card comes face up)."""
    original = Crapette.new(seed=12)
    deck0, deck1 = original.decks
    hidden = Crapette.from_decks(
        CrapetteOptions(), swapped(deck0, 40, 50), swapped(swapped(deck1, 3, 9), 45, 51)
    )
    players = [new_player(), new_player()]
    # Players of their own for the other game: nothing a player remembers from one game can answer for the other.
    hidden_players = [new_player(), new_player()]
    compared = 0
    for _ in range(steps):
        if original.is_over:
            break
        seat = original.current_player
        view = original.view(seat)
        if view != hidden.view(seat):
            break  # a swapped card came face up: the games differ from here on
        action = players[seat].choose_action(view)
        assert hidden_players[seat].choose_action(hidden.view(seat)) == action
        watcher = 1 - seat
        calls = players[watcher].should_call_crapette(original.view(watcher))
        assert hidden_players[watcher].should_call_crapette(hidden.view(watcher)) == calls
        original.apply(seat, action)
        hidden.apply(seat, action)
        compared += 1
    return compared
