"""A quick proof that a position is lost: cards that block each other in the columns and the stock.

The test works on a relaxed game where only some cards wait their turn: each column's face-down cards and the
bottom face-up card (the base of its run), and the stock/waste cards. Every other card (the other face-up cards,
the foundations) may be used at any time. In that relaxed game:

- a column's waiting card is uncovered once each waiting card above it in its column has left;
- a stock/waste card can come to the waste top if the draw cycle reaches it now (with redeals), or once the card
  just after it in the talon has been played, or once any card before it has been played (which shifts it);
- a card leaves its place once it is uncovered (or can come to the waste top) and either goes up, is a king (an
  empty column is assumed to be available), or one of the cards it may be put on is available: uncovered in its
  column, already played from the stock, or free;
- a card goes up once the card below it in its suit is up and, for a waiting card, once it is uncovered (or can
  come to the waste top).

Every winning line of the real game satisfies these conditions, so if the least fixed point leaves some card
down, the real position is lost too. It catches deals such as a column holding the 4♥ face down under both black
fives, or a king of the stock stuck behind a queen that needs it. It never says "lost" for a winnable position;
most lost positions pass it (the search then decides).
"""

from __future__ import annotations

import itertools

from bot.games.klondike.layout import CARD_COUNT, KING, RANK, FullPosition
from bot.games.klondike.progress import reachable_positions


def is_blocked(position: FullPosition) -> bool:
    """Whether the cards block each other so that some card can never reach its foundation."""
    hosts = position.options.hosts
    covering: dict[int, tuple[int, ...]] = {}  # a column card -> the cards above it in its column
    carrier: dict[int, int] = {}  # a face-up card above the base of its run -> the card it lies on
    face_down: set[int] = set()
    for down, up in zip(position.face_down, position.face_up, strict=True):
        column = down + up
        face_down.update(down)
        for depth, card in enumerate(column):
            covering[card] = column[depth + 1 :]
        for lower, card in itertools.pairwise(up):
            carrier[card] = lower
    talon = position.talon
    index_of = {card: index for index, card in enumerate(talon)}
    reachable = {
        size - 1 for size in reachable_positions(len(talon), position.waste_size, position.options.draw)
    }
    up_cards = [False] * CARD_COUNT
    for suit, rank in enumerate(position.foundations):
        for lower in range(rank):
            up_cards[lower * 4 + suit] = True
    left: set[int] = set()  # cards that have left their place (stock cards: that have been played)

    def within_reach(card: int) -> bool:
        """A column card with nothing above it (or gone elsewhere), or a stock card that can come to the waste
        top; cards on the foundations are free."""
        if card in covering:
            return card in left or all(above in left for above in covering[card])
        index = index_of.get(card)
        if index is None:
            return True
        if index in reachable or (index + 1 < len(talon) and talon[index + 1] in left):
            return True
        return any(talon[before] in left for before in range(index))

    def available(host: int) -> bool:
        """Whether a card may be put on `host` at some point."""
        if host in index_of:
            return host in left
        return within_reach(host)

    changed = True
    while changed:
        changed = False
        for card in range(CARD_COUNT):
            if up_cards[card] or (RANK[card] > 1 and not up_cards[card - 4]):
                continue
            if within_reach(card):
                up_cards[card] = True
                changed = True
        for card in (*covering, *talon):
            if card in left:
                continue
            if card in carrier and carrier[card] in left:  # carried away with the run below it
                left.add(card)
                changed = True
                continue
            if (card in face_down or card in index_of) and not within_reach(card):
                continue
            if up_cards[card] or RANK[card] == KING or any(available(host) for host in hosts[card]):
                left.add(card)
                changed = True
    return not all(up_cards)
