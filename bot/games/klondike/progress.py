"""When can a Klondike game no longer change? The exact test behind the engine's "no_progress" end.

A position can still progress when some sequence of legal moves leads to one of these, counted from now:

1. a face-down card is turned up;
2. a card leaves the stock/waste (to a foundation or the tableau);
3. the foundations hold more cards than now.

Every winning line does one of these (winning needs all 52 cards up), so a position where none can ever happen
is lost, and nothing but pointless shuffling is left. The test is exact: first a quick look for such a move right
now (the usual case, cheap); failing that, a search over every position reachable with moves that do none of
the three (tableau to tableau, tableau to foundation and back), looking for one from which such a move exists.
The stock/waste never changes during that search, so the waste cards it can offer are the ones the cycle reaches
by drawing (with unlimited redeals). If the search grows past `limit` positions the answer is "can progress":
the engine never ends a game it has not proved dead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.klondike.layout import KING, RANK, SUIT

SEARCH_LIMIT: Final = 5000


def reachable_positions(length: int, position: int, draw: int) -> list[int]:
    """The waste sizes reachable by drawing from a waste of `position` cards in a talon of `length` cards
    (waste plus stock), in the order drawing reaches them, redealing as often as needed; 0 excluded. The waste
    top at size q is the talon's card q - 1 (talon = waste bottom to top, then the stock in draw order)."""
    result: list[int] = []
    if position > 0:
        result.append(position)
    size = position
    while size < length:
        size = min(size + draw, length)
        result.append(size)
    size = 0
    while size < length:
        size = min(size + draw, length)
        if size >= position and (size - position) % draw == 0:
            continue  # already reached before redealing
        if size == length:
            continue
        result.append(size)
    return result


def reachable_waste_cards(talon: Sequence[int], position: int, draw: int) -> list[int]:
    """The card ids that drawing can bring to the waste top (see `reachable_positions`)."""
    return [talon[size - 1] for size in reachable_positions(len(talon), position, draw)]


def can_progress(
    face_down: Sequence[int],
    face_up: Sequence[Sequence[int]],
    foundations: Sequence[int],
    waste_cards: Sequence[int],
    hosts: Sequence[Sequence[int]],
    limit: int = SEARCH_LIMIT,
) -> bool:
    """Whether some sequence of moves can still reveal a card, take a card from the stock/waste or put more
    cards on the foundations (see the module docstring).

    `face_down[i]` counts the face-down cards of column i, `face_up[i]` lists its face-up card ids (bottom
    first), `foundations[s]` is the top rank (0 empty) of suit index s, `waste_cards` the ids drawing can bring
    to the waste top, `hosts[c]` the ids card c may be put on.
    """
    start_total = sum(foundations)
    start = (tuple(tuple(cards) for cards in face_up), tuple(foundations))
    seen = {start}
    frontier = [start]
    while frontier:
        columns, found = frontier.pop()
        following = _progress_or_next(face_down, columns, found, start_total, waste_cards, hosts)
        if following is None:
            return True
        for position in following:
            if position not in seen:
                if len(seen) >= limit:
                    return True
                seen.add(position)
                frontier.append(position)
    return False


Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


def _progress_or_next(
    face_down: Sequence[int],
    columns: tuple[tuple[int, ...], ...],
    found: tuple[int, ...],
    start_total: int,
    waste_cards: Sequence[int],
    hosts: Sequence[Sequence[int]],
) -> list[Position] | None:
    """None if a progressing move exists here, else the positions one neutral move away."""
    tops = {cards[-1]: index for index, cards in enumerate(columns) if cards}
    empty = [index for index, cards in enumerate(columns) if not cards and face_down[index] == 0]
    for card in waste_cards:
        if found[SUIT[card]] == RANK[card] - 1:
            return None
        if (RANK[card] == KING and empty) or any(host in tops for host in hosts[card]):
            return None
    total = sum(found)
    following: list[Position] = []
    for index, cards in enumerate(columns):
        if not cards:
            continue
        top = cards[-1]
        if found[SUIT[top]] == RANK[top] - 1:
            if total == start_total or (len(cards) == 1 and face_down[index]):
                return None
            raised = list(found)
            raised[SUIT[top]] += 1
            following.append((_replace(columns, {index: cards[:-1]}), tuple(raised)))
        for start, base in enumerate(cards):
            targets = [tops[host] for host in hosts[base] if host in tops and tops[host] != index]
            if RANK[base] == KING and start == 0 and face_down[index] == 0:
                targets = []  # a whole column headed by a king going to another empty column changes nothing
            elif RANK[base] == KING and start == 0:
                targets = empty
            if targets and start == 0 and face_down[index]:
                return None
            for target in targets:
                moved = _replace(columns, {index: cards[:start], target: columns[target] + cards[start:]})
                following.append((moved, found))
    for suit, rank in enumerate(found):
        if rank == 0:
            continue
        card = (rank - 1) * 4 + suit
        targets = empty if rank == KING else [tops[host] for host in hosts[card] if host in tops]
        for target in targets:
            lowered = list(found)
            lowered[suit] -= 1
            following.append((_replace(columns, {target: columns[target] + (card,)}), tuple(lowered)))
    return following


def _replace(
    columns: tuple[tuple[int, ...], ...], changes: dict[int, tuple[int, ...]]
) -> tuple[tuple[int, ...], ...]:
    return tuple(changes.get(index, cards) for index, cards in enumerate(columns))
