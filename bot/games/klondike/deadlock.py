"""A quick proof that a position is lost: cards that block each other in the columns and the stock.

The test works on a relaxed game, more generous than the real one:

- a column card is within reach once every card above it has left its place; a face-up card may also leave as
  the base of a run (with the cards above it) without being within reach; a card that has left is free;
- a stock/waste card is within reach if the draw cycle reaches it now (with redeals), or once the card just after
  it in the talon has been played, or once any card before it has been played (which shifts it);
- a card leaves its place (within reach, or face up) if it can go up, is a king (an empty column is assumed to be
  available), or one of the cards it may be put on is usable: a column card within reach, a stock card already
  played, a card on a foundation;
- a card goes up once it is within reach and the card below it in its suit is up.

Every winning line of the real game satisfies these conditions, so if the least fixed point leaves some card
down, the real position is lost too. It catches deals such as a column holding the 4♥ face down under both black
fives, or a king of the stock stuck behind a queen that needs it. It never says "lost" for a winnable position.
The fixed point is computed by propagating events (a card within reach, gone, up, usable), about 0.1 ms; the
solver runs it once, on the position it is asked about (during the search it costs more than it saves).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.klondike.layout import CARD_COUNT, KING_IDS, FullPosition
from bot.games.klondike.progress import reachable_positions

_FOUNDATION, _DOWN, _UP, _TALON = 0, 1, 2, 3


def is_blocked(position: FullPosition) -> bool:
    """Whether the cards block each other so that some card can never reach its foundation."""
    options = position.options
    return blocked(
        options.hosts,
        options.children,
        options.draw,
        position.face_down,
        position.face_up,
        position.foundations,
        position.talon,
        position.waste_size,
    )


def blocked(
    hosts: Sequence[Sequence[int]],
    children: Sequence[Sequence[int]],
    draw: int,
    face_down: Sequence[Sequence[int]],
    face_up: Sequence[Sequence[int]],
    foundations: Sequence[int],
    talon: Sequence[int],
    waste_size: int,
) -> bool:
    """`is_blocked` on the raw parts of a position (see `FullPosition`); columns and the talon may be bytes."""
    place = [_FOUNDATION] * CARD_COUNT
    column_of = [0] * CARD_COUNT
    depth_of = [0] * CARD_COUNT
    columns: list[list[int]] = []
    highest: list[int] = []  # per column: the index of its highest card still in place
    for index in range(len(face_up)):
        down = face_down[index]
        column = [*down, *face_up[index]]
        columns.append(column)
        highest.append(len(column) - 1)
        for depth, card in enumerate(column):
            place[card] = _DOWN if depth < len(down) else _UP
            column_of[card] = index
            depth_of[card] = depth
    talon_index = {card: index for index, card in enumerate(talon)}
    for card in talon:
        place[card] = _TALON
    up = [False] * CARD_COUNT
    gone = [False] * CARD_COUNT  # left its place (a stock card: played)
    reach = [False] * CARD_COUNT
    usable = [False] * CARD_COUNT
    reached: list[int] = [column[-1] for column in columns if column]
    reached.extend(talon[size - 1] for size in reachable_positions(len(talon), waste_size, draw))
    usable_now: list[int] = []
    raised: list[int] = []
    leaving: list[int] = [card for card in range(CARD_COUNT) if place[card] == _UP]  # cards to try
    for suit, rank in enumerate(foundations):
        for lower in range(rank):
            card = lower * 4 + suit
            up[card] = reach[card] = usable[card] = True
            usable_now.append(card)
    first_played = len(talon)  # the smallest talon index played so far
    while reached or usable_now or raised or leaving:
        while leaving:
            card = leaving.pop()
            if gone[card] or not (reach[card] or place[card] == _UP):
                continue
            if not (up[card] or card >= KING_IDS or any(usable[host] for host in hosts[card])):
                continue
            gone[card] = True
            if place[card] == _TALON:
                usable[card] = True
                usable_now.append(card)
                index = talon_index[card]
                if index > 0:
                    reached.append(talon[index - 1])
                if index < first_played:
                    reached.extend(talon[index + 1 : first_played])
                    first_played = index
                continue
            # A column card leaves with everything above it; the card below them may now be within reach.
            column_index = column_of[card]
            cards = columns[column_index]
            depth = depth_of[card]
            for above in cards[depth + 1 :]:
                gone[above] = True
                reached.append(above)
            reached.append(card)
            top = depth - 1
            while top >= 0 and gone[cards[top]]:
                top -= 1
            if top < highest[column_index]:
                highest[column_index] = top
                if top >= 0:
                    reached.append(cards[top])
        while reached:
            card = reached.pop()
            if reach[card]:
                continue
            reach[card] = True
            if not up[card] and (card < 4 or up[card - 4]):
                up[card] = True
                raised.append(card)
            leaving.append(card)
            if place[card] != _TALON and not usable[card]:
                usable[card] = True
                usable_now.append(card)
        while raised:
            card = raised.pop()
            leaving.append(card)
            following = card + 4
            if following < CARD_COUNT and reach[following] and not up[following]:
                up[following] = True
                raised.append(following)
        while usable_now:
            leaving.extend(children[usable_now.pop()])
    return not all(up)
