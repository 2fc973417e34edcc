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


# A position from random play where an earlier version wrongly claimed "unwinnable" (it required a card sent up to
# be used by the very next move, which clashed with the rule for moves that uncover a face-up card).
TRICKY_DECK = (
    "2C 9H 4D 4C 6C 4H AC QH 10C 2S AD 3C 8C 7C 5D 7S 5S KD KC 3H 6D JH 10H JD 8S 6H 10S 9C 9D QS 2H 10D "
    "5C AH QC 4S 6S 8D AS 7D QD 3S KH 2D JS 8H 7H JC KS 3D 5H 9S "
)
TRICKY_LOG = (
    "c7>c5 c6>c3 c7>c6 s s s s s s w>f s s s s s w>f s s s s s s s s s s s s s s s s s w>f c2>c4 c7>c2 s "
    "s w>c3 s s s s w>c5 c3>c5x3 c3>c7 s w>c2 w>c2 s s w>c3 s s w>c3 s w>c4 c5>c4x6 c5>f s s s s s s w>c2 "
    "s s s w>c7 s s s s w>c2 s s s s s s s w>c2 c1>c2 c4>c1x9 c2>c6x8 w>c2 s s s s s s w>c2 s s s s w>c2 "
    "s c6>c7x7 c7>c4x3 c1>c2x6 c7>c6x4 fS>c3 c3>c2x4 c6>c7x4 c2>f c2>c3x12 c3>c2x12 c2>c3x12 c3>c2x12 "
    "c4>c7x3 fS>c2 c7>c6x7 c6>c4x3 s s s s c1>c3x3 c2>f c4>c6x3 c2>c3x9 s w>c1 c3>c2x9 fS>c2 c2>f c6>c7x7 "
    "s fS>c2 s c7>c6x7 c2>c5x6 c5>f c6>c7x7 c7>c6x7 c5>c2x5 s fS>c2 c2>c3x10 c6>c4x3 c3>c2x10 c2>c5x6 s "
    "c5>c2x6 c4>c6x3 c2>c3x10 c3>c5x6 c6>c7x7 s c3>c2x4 w>c1 c7>c4x3 c5>c2x6 c4>c7x3 c7>c4x3 c4>c7x3 "
    "c7>c6x7 c6>c1x10 c1>c4x3 c2>c3x10 s c3>c6x5 c6>f c1>c7x4 c6>c5x5 c4>c7x3 c3>c2x5 fS>c5 c7>c4x3 "
    "c5>c2x5 c2>c5x5 c6>c2 c7>c1x4 s c5>c6x2 c2>c3x6 c6>c5x2 s s c5>c3x4 c3>c5x4 c3>c2x6 c5>f s c1>c7x4 "
    "c5>c2x3 s c7>c1x4 c1>c7x4 fS>c2 c7>c1x4 c2>c3x10 c3>c6x2 c3>c2x8 c2>c3x8 c6>c3x2 s c3>f c3>c2x9 "
    "fS>c2 s "
)


# Another: it wrongly required a card taken back from a foundation to receive a card at once, whereas here the
# 7♥ comes down so that the 6♥ below it can come down too.
FOUNDATION_DECK = (
    "7S KD 4S AS 6S QH JC QC 5S 8H 9D KC QD 9C 2D 3C AD 3S 2H 3D 2C 10S 10C 7D 4C 8S JS 6H 6D 7H 7C 8C KH "
    "AH 4D 6C 5C 5D 10H JD 4H JH 9H QS 10D 8D 9S 2S 3H AC 5H KS "
)
FOUNDATION_LOG = (
    "c7>c1 s s w>f c4>f s s s s s w>f s s s s s s w>f s s s w>f c1>f w>f s s s s s s w>c2 c5>c2 s s s s s "
    "s s s w>c2 c6>c2 c6>c2 c6>f c6>f c4>f c5>f c5>f s s s s s w>f s w>f c4>c3 c4>f c6>c4 c7>c6 c7>f w>f "
    "w>f s s s s s w>f w>f c3>f w>f c2>f s s s w>f c5>c7 s s s w>c6 s c2>c7 c3>c6 c2>f c7>c2x2 c2>c7x2 "
    "fH>c2 c7>c2 c6>c4x4 fD>c2 c2>c7x2 c7>f s c4>c6x5 c6>c4x5 c4>c6x5 fD>c7 "
)


def tricky_game() -> Klondike:
    return Klondike.from_dict(
        {
            "format_version": 1,
            "options": {"draw": 1, "any_colour": False},
            "deck": TRICKY_DECK.split(),
            "log": TRICKY_LOG.split(),
        }
    )


def foundation_game() -> Klondike:
    return Klondike.from_dict(
        {
            "format_version": 1,
            "options": {"draw": 3, "any_colour": False},
            "deck": FOUNDATION_DECK.split(),
            "log": FOUNDATION_LOG.split(),
        }
    )
