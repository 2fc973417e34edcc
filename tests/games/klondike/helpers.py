"""Arranged Klondike deals for the tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import Card, full_deck, parse_card
from bot.games.klondike import Klondike, KlondikeOptions


def cards(text: str) -> list[Card]:
    """Cards written as players write them, separated by spaces: "A♠ 10♥ Kc"."""
    parsed = [parse_card(word) for word in text.split()]
    assert all(card is not None for card in parsed), text
    return [card for card in parsed if card is not None]


def deck_from(columns: Sequence[str], stock: str) -> list[Card]:
    """The deck order that deals these columns (each written bottom to top, column 1 first) and this stock
    (written in the order it will be drawn)."""
    laid = [cards(column) for column in columns]
    assert [len(column) for column in laid] == list(range(1, 8))
    deck = [laid[column][row] for row in range(7) for column in range(row, 7)]
    return deck + cards(stock)


# Won by drawing and playing every card to its foundation: the stock holds the aces to sixes in the order they go
# up, and each column holds the higher cards so that the next card up is always a column's top.
EASY_COLUMNS = (
    "K♠",
    "K♥ K♦",
    "K♣ Q♠ Q♥",
    "Q♦ Q♣ J♠ J♥",
    "J♦ J♣ 10♠ 10♥ 10♦",
    "10♣ 9♠ 9♥ 9♦ 9♣ 8♠",
    "8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣",
)
EASY_STOCK = " ".join(f"{rank}{suit}" for rank in ("A", "2", "3", "4", "5", "6") for suit in "♣♦♥♠")

# Nothing can ever move: the tops are twos and kings whose children (aces, queens) all lie face down, and no stock
# card fits anywhere.
DEAD_COLUMNS = (
    "2♣",
    "A♣ 2♦",
    "A♦ A♥ 2♥",
    "A♠ Q♣ Q♦ 2♠",
    "Q♥ Q♠ 3♣ 3♦ K♣",
    "3♥ 3♠ 4♣ 4♦ 4♥ K♥",
    "4♠ 5♣ 5♦ 5♥ 5♠ 6♣ K♠",
)
# One move left (2♥ onto 3♠, which turns up the 4♣), then nothing can ever move.
ONE_MOVE_COLUMNS = (
    "3♠",
    "4♣ 2♥",
    "A♣ A♦ 2♣",
    "A♥ A♠ Q♣ 2♠",
    "Q♦ Q♥ Q♠ 2♦ K♣",
    "3♥ 3♦ 3♣ 4♦ 4♥ K♥",
    "4♠ 5♣ 5♦ 5♥ 5♠ 6♣ K♠",
)
OTHER_STOCK = "6♦ 6♥ 6♠ 7♣ 7♦ 7♥ 7♠ 8♣ 8♦ 8♥ 8♠ 9♣ 9♦ 9♥ 9♠ 10♣ 10♦ 10♥ 10♠ J♣ J♦ J♥ J♠ K♦"


def easy_game(draw: int = 3) -> Klondike:
    return Klondike.from_deck(KlondikeOptions(draw=draw), deck_from(EASY_COLUMNS, EASY_STOCK))


def dead_game(draw: int = 3) -> Klondike:
    return Klondike.from_deck(KlondikeOptions(draw=draw), deck_from(DEAD_COLUMNS, OTHER_STOCK))


def one_move_game(draw: int = 3) -> Klondike:
    return Klondike.from_deck(KlondikeOptions(draw=draw), deck_from(ONE_MOVE_COLUMNS, OTHER_STOCK))


def card_census(game: Klondike) -> list[int]:
    """Every card id of the game, wherever it lies (hidden ones included), sorted."""
    position = game.full_position()
    found = [rank * 4 + suit for suit, top in enumerate(position.foundations) for rank in range(top)]
    tableau = [card for column in position.face_down + position.face_up for card in column]
    return sorted(found + tableau + list(position.talon))


# A deal to try the rules on. Tops: A♠, 6♥, 5♥, 5♣, A♦, 7♣, K♠; column 1 holds only the A♠.
RULES_COLUMNS = (
    "A♠",
    "9♣ 6♥",
    "9♦ 9♥ 5♥",
    "10♣ 10♦ 10♥ 5♣",
    "10♠ J♣ J♦ J♥ A♦",
    "J♠ Q♣ Q♦ 2♠ 2♥ 7♣",
    "Q♠ K♣ K♦ K♥ 3♣ 3♦ K♠",
)


def rules_game(draw: int = 3, any_colour: bool = False) -> Klondike:
    """The rules deal; its stock holds the other cards in `full_deck` order (clubs 2..A, diamonds, ...)."""
    laid = {card for column in RULES_COLUMNS for card in cards(column)}
    rest = " ".join(str(card) for card in full_deck() if card not in laid)
    return Klondike.from_deck(
        KlondikeOptions(draw=draw, any_colour=any_colour), deck_from(RULES_COLUMNS, rest)
    )
