"""The Klondike picture's description for screen readers (its alt text), in the table's language: the stock, the
waste's top card, the foundations and every column."""

from __future__ import annotations

from bot.games.cards import SUIT_SYMBOL
from bot.ui.i18n import t
from bot.ui.render import ColumnLayout, KlondikeLayout
from bot.ui.render.klondike import FOUNDATION_ORDER
from bot.ui.render.pieces import cards_text, limited


def klondike_description(layout: KlondikeLayout, locale: str) -> str:
    """E.g. "Stock: 14 cards. Waste: 7♥. Foundations: ♠ up to 3, ♥ empty. Column 1: 2 hidden, K♠."."""
    empty = t(locale, "klondike.alt.empty")
    foundations = []
    for suit in FOUNDATION_ORDER:
        card = layout.foundations.get(suit)
        symbol = SUIT_SYMBOL[suit]
        foundations.append(
            f"{symbol} {empty}"
            if card is None
            else t(locale, "klondike.alt.up_to", suit=symbol, rank=card.label)
        )
    parts = [
        t(locale, "klondike.alt.stock", count=layout.stock_count),
        t(locale, "klondike.alt.waste", card=cards_text(layout.waste[-1:]) or empty),
        t(locale, "klondike.alt.foundations", piles=", ".join(foundations)),
    ]
    for index, column in enumerate(layout.columns):
        parts.append(t(locale, "klondike.alt.column", number=index + 1, cards=_column(column, locale, empty)))
    return limited(" ".join(parts))


def _column(column: ColumnLayout, locale: str, empty: str) -> str:
    if column.face_down == 0 and not column.face_up:
        return empty
    pieces = [t(locale, "klondike.alt.hidden", count=column.face_down)] if column.face_down else []
    if column.face_up:
        pieces.append(cards_text(column.face_up))
    return ", ".join(pieces)
