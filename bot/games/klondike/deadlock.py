"""A quick proof that a position is lost: cards that block each other in the columns.

The test works on a relaxed game where every card is free except the ones that really wait their turn: each
column's face-down cards and the bottom face-up card (the base of its run). Everything else (the other face-up
cards, the stock and waste, the foundations) may be used at any time. In that relaxed game:

- a column's card is uncovered once each card above it in that list has left;
- a card of that list leaves once it is uncovered and either goes up (next paragraph), is a king (an empty column
  is assumed to be available), or one of the cards it may be put on is available (uncovered, or free);
- a card goes up once the card below it in its suit is up and, for a card of that list, once it is uncovered.

Every winning line of the real game satisfies these conditions, so if the least fixed point leaves some card
down, the real position is lost too. It catches deals such as a column holding the 4♥ face down under both black
fives. It never says "lost" for a winnable position; most lost positions pass it (the search then decides).
"""

from __future__ import annotations

from bot.games.klondike.layout import CARD_COUNT, KING, RANK, FullPosition


def is_blocked(position: FullPosition) -> bool:
    """Whether the column cards block each other so that some card can never reach its foundation."""
    hosts = position.options.hosts
    covering: dict[int, tuple[int, ...]] = {}  # a waiting card -> the waiting cards above it in its column
    for down, up in zip(position.face_down, position.face_up, strict=True):
        waiting = down + up[:1]
        for depth, card in enumerate(waiting):
            covering[card] = waiting[depth + 1 :]
    up_cards = [False] * CARD_COUNT
    for suit, rank in enumerate(position.foundations):
        for lower in range(rank):
            up_cards[lower * 4 + suit] = True
    left: set[int] = set()

    def uncovered(card: int) -> bool:
        return all(above in left for above in covering[card])

    changed = True
    while changed:
        changed = False
        for card in range(CARD_COUNT):
            if up_cards[card] or (RANK[card] > 1 and not up_cards[card - 4]):
                continue
            if card not in covering or uncovered(card):
                up_cards[card] = True
                changed = True
        for card in covering:
            if card in left or not uncovered(card):
                continue
            if (
                up_cards[card]
                or RANK[card] == KING
                or any(host not in covering or uncovered(host) for host in hosts[card])
            ):
                left.add(card)
                changed = True
    return not all(up_cards)
