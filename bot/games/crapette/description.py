"""The Crapette picture's description for screen readers (its alt text), in the table's language: both players'
piles, the foundations and every side pile (long side piles summed up when the whole would be too long)."""

from __future__ import annotations

from bot.games.cards import Card
from bot.ui.i18n import t
from bot.ui.render import CrapetteLayout, CrapettePlayerLayout
from bot.ui.render.crapette import PILE_COUNT
from bot.ui.render.pieces import ALT_TEXT_LIMIT, cards_text, limited


def crapette_description(layout: CrapetteLayout, locale: str) -> str:
    text = _description(layout, locale, full_piles=True)
    if len(text) > ALT_TEXT_LIMIT:
        text = _description(layout, locale, full_piles=False)
    return limited(text)


def _description(layout: CrapetteLayout, locale: str, *, full_piles: bool) -> str:
    empty = t(locale, "crapette.alt.empty")
    parts = [
        _player(seat, index == layout.current_player, locale) for index, seat in enumerate(layout.players)
    ]
    foundations = [
        f"{t(locale, 'crapette.spot.foundation', number=index + 1)} {empty if card is None else card}"
        for index, card in enumerate(layout.foundations[:PILE_COUNT])
    ]
    parts.append(t(locale, "crapette.alt.foundations", piles=", ".join(foundations)))
    piles = []
    for index, pile in enumerate(layout.side_piles[:PILE_COUNT]):
        if not pile:
            shown = empty
        elif full_piles or len(pile) == 1:
            shown = cards_text(pile)
        else:
            shown = t(locale, "crapette.alt.run", count=len(pile), card=pile[-1])
        piles.append(f"{index + 1} {shown}")
    parts.append(t(locale, "crapette.alt.side_piles", piles="; ".join(piles)))
    return " ".join(parts)


def _player(seat: CrapettePlayerLayout, to_play: bool, locale: str) -> str:
    def pile(key: str, count: int, top: Card | None) -> str:
        text = t(locale, key, count=count)
        return t(locale, "crapette.alt.top", pile=text, card=top) if count and top is not None else text

    piles = [
        pile("crapette.alt.crapette", seat.crapette_count, seat.crapette_top),
        t(locale, "crapette.alt.stock", count=seat.stock_count),
    ]
    if seat.turned is not None:
        piles.append(t(locale, "crapette.alt.turned", card=seat.turned))
    piles.append(pile("crapette.alt.discard", seat.discard_count, seat.discard_top))
    name = t(locale, "crapette.alt.to_play", name=seat.name) if to_play else seat.name
    return t(locale, "crapette.alt.player", name=name, piles="; ".join(piles))
