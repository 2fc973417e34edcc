"""Klondike moves in words, the same in the move menu, the hints, `/move` suggestions, answers and the full log.

Every move names the card(s), where they come from and where they go: "7♥ waste → column 3", "A♣ column 4 →
foundation", "2♣ foundation → column 1", "8♠…6♥ column 2 → column 5 (3 cards)"; a draw is "draw from the stock"
(or "turn the waste over"). Pure: the words are catalog keys (`klondike.move.*`, `klondike.place.*`).
"""

from __future__ import annotations

from bot.games.base import Notice
from bot.games.cards import Card
from bot.games.klondike.engine import Klondike
from bot.games.klondike.moves import WASTE, Move, column_index


def place(name: str) -> Notice:
    """A place in words: the waste, a foundation, column N."""
    if name == WASTE:
        return Notice("klondike.place.waste")
    index = column_index(name)
    if index is None:  # "foundation" as a target, "foundation:S" as a source
        return Notice("klondike.place.foundation")
    return Notice("klondike.place.column", {"column": index + 1})


def moving_cards(position: Klondike, move: Move) -> tuple[Card, ...]:
    """The cards `move` takes from its source in `position` (none for a draw), the run's first card first."""
    if move.is_draw:
        return ()
    if move.source == WASTE:
        return tuple(position.waste[-1:])
    if move.source.startswith("column:"):
        face_up = position.columns[int(move.source[7:]) - 1].face_up
        return tuple(face_up[-move.count :])
    top = position.foundations[move.source[-1]]
    return (top,) if top is not None else ()


def describe(position: Klondike, move: Move) -> Notice:
    """`move` in words, read from `position`, the position it is played in (the card names come from there)."""
    if move.is_draw:
        return Notice("klondike.move.draw" if position.stock_count else "klondike.move.redeal")
    source, target = place(move.source), place(move.target)
    cards = moving_cards(position, move)
    if len(cards) > 1:
        first, last = cards[0], cards[-1]
        params = {"cards": f"{first}…{last}", "source": source, "target": target, "count": len(cards)}
        return Notice("klondike.move.run", params)
    card = str(cards[0]) if cards else "?"
    return Notice("klondike.move.card", {"cards": card, "source": source, "target": target})
