"""The moves the solver tries from a position, most promising first (the pruning rules are in `search_state.py`)."""

from __future__ import annotations

import operator
import random

from bot.games.klondike.layout import KING, KING_IDS, FullPosition
from bot.games.klondike.search_state import (
    FOUNDATION_PLACE,
    WASTE_SOURCE,
    Duty,
    Positions,
    State,
    Step,
    strictly_safe,
)

_first = operator.itemgetter(0)


class SearchSpace(Positions):
    """The positions reachable from one position and the steps worth trying between them."""

    # Move order: higher first (a reveal adds the column's face-down count; a waste move loses one per draw).
    to_foundation = 90
    waste_to_foundation = 85
    reveal = 80
    waste_to_column = 60
    waste_king = 55
    uncover = 50
    empty_column = 30
    from_foundation_priority = 10

    def __init__(self, position: FullPosition) -> None:
        super().__init__(position)
        self.noise = 0.0  # random spread added to the priorities (the search's restarts set it)
        self.random = random.Random(0).random

    def steps(self, state: State, duty: Duty) -> list[Step]:
        """The moves worth trying from `state`, most promising first (see the module docstring)."""
        columns, down, found, talon, size = state
        tops: dict[int, int] = {}
        empty = -1
        for index in range(7):
            cards = columns[index]
            if cards:
                tops[cards[-1]] = index
            elif empty < 0 and not down[index]:
                empty = index
        waste = self.waste_cards(talon, size)
        ranked: list[tuple[float, Step]] = []
        append = ranked.append
        hosts = self.hosts
        if duty is not None:
            self.duty_steps(state, duty, tops, empty, waste, ranked)
        else:
            king_may_come = -1  # unknown yet
            for index in range(7):
                cards = columns[index]
                if not cards:
                    continue
                top = cards[-1]
                if found[top & 3] == (top >> 2):
                    append((self.to_foundation, (index, FOUNDATION_PLACE, 1, top, 0, None)))
                base = cards[0]
                if down[index]:
                    if base >= KING_IDS:
                        if empty >= 0:
                            append((self.reveal + down[index], (index, empty, len(cards), base, 0, None)))
                        continue
                    for host in hosts[base]:
                        if host in tops:
                            append(
                                (self.reveal + down[index], (index, tops[host], len(cards), base, 0, None))
                            )
                elif empty < 0 and base < KING_IDS:
                    for host in hosts[base]:
                        if host in tops:
                            if king_may_come < 0:
                                king_may_come = self.king_may_come(columns, down, found, waste)
                            if king_may_come:
                                append(
                                    (self.empty_column, (index, tops[host], len(cards), base, 0, ("E", 0)))
                                )
            joined = b"\xff".join(columns)
            for suit in range(4):
                rank = found[suit]
                if rank == KING:
                    continue
                following = rank * 4 + suit  # the next card of this foundation
                at = joined.find(following)
                if at < 0:
                    continue
                end = joined.find(255, at + 1)
                if end < 0:
                    end = len(joined)
                if end == at + 1:
                    continue  # a column's top: it goes up as a move of its own
                base = joined[at + 1]
                index = joined.count(255, 0, at)
                for host in hosts[base]:
                    if host in tops:
                        append((self.uncover, (index, tops[host], end - at - 1, base, 0, ("X", following))))
            draw = self.draw
            length = len(talon) + 1
            for card, waste_size in waste:
                if found[card & 3] == (card >> 2):
                    append(
                        (
                            self.waste_to_foundation,
                            (WASTE_SOURCE, FOUNDATION_PLACE, 1, card, waste_size, None),
                        )
                    )
                penalty = (waste_size - size) % length // draw
                if card >= KING_IDS:
                    if empty >= 0:
                        append((self.waste_king - penalty, (WASTE_SOURCE, empty, 1, card, waste_size, None)))
                    continue
                for host in hosts[card]:
                    if host in tops:
                        append(
                            (
                                self.waste_to_column - penalty,
                                (WASTE_SOURCE, tops[host], 1, card, waste_size, None),
                            )
                        )
            for suit in range(4):
                if found[suit]:
                    card = (found[suit] - 1) * 4 + suit
                    if card >= KING_IDS:
                        if empty >= 0:
                            self.from_foundation(state, card, empty, waste, ranked)
                        continue
                    for host in hosts[card]:
                        if host in tops:
                            self.from_foundation(state, card, tops[host], waste, ranked)
        if self.noise:
            random = self.random
            noise = self.noise
            ranked = [(priority + noise * random(), step) for priority, step in ranked]
        ranked.sort(key=_first, reverse=True)
        return [step for _, step in ranked]

    @staticmethod
    def king_may_come(
        columns: tuple[bytes, ...], down: bytes, found: bytes, waste: list[tuple[int, int]]
    ) -> bool:
        """Whether a king could move to a column emptied now (from over face-down cards, the waste or a
        foundation)."""
        for index in range(7):
            if down[index] and columns[index] and columns[index][0] >= KING_IDS:
                return True
        return KING in found or any(card >= KING_IDS for card, _ in waste)

    def from_foundation(
        self,
        state: State,
        card: int,
        target: int,
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """Queue `card` from its foundation to column `target`, unless it is safe up there, or neither it nor a
        card below it on its foundation (which may follow it down) could then receive a card."""
        columns, _, found, _, _ = state
        if strictly_safe(card, found):
            return
        face_up = b"\xff".join(columns)
        drawable = bytes(waste_card for waste_card, _ in waste)
        lower = card
        while lower >= 0 and not strictly_safe(lower, found):
            for child in self.children[lower]:
                if child in face_up or child in drawable or found[child & 3] == (child >> 2) + 1:
                    break
            else:
                lower -= 4
                continue
            ranked.append(
                (self.from_foundation_priority, (FOUNDATION_PLACE, target, 1, card, 0, ("C", card)))
            )
            return

    def lower_from_foundation(
        self,
        state: State,
        card: int,
        tops: dict[int, int],
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """Queue the card below `card` on its foundation (uncovered when `card` came down) to the tableau."""
        if card < 4:
            return
        below = card - 4
        for host in self.hosts[below]:
            if host in tops:
                self.from_foundation(state, below, tops[host], waste, ranked)

    def duty_steps(
        self,
        state: State,
        duty: tuple[str, int],
        tops: dict[int, int],
        empty: int,
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """The moves that do what the last move requires (see `Duty`)."""
        kind, value = duty
        if kind == "X":
            if value in tops:
                ranked.append((90, (tops[value], FOUNDATION_PLACE, 1, value, 0, None)))
        elif kind == "E":
            self.king_steps(state, empty, waste, ranked)
        elif value in tops:  # "C": a card onto it, or the card it uncovered on its foundation down too
            self.onto_steps(state, value, tops[value], empty, waste, ranked)
            self.lower_from_foundation(state, value, tops, waste, ranked)

    def king_steps(
        self, state: State, empty: int, waste: list[tuple[int, int]], ranked: list[tuple[float, Step]]
    ) -> None:
        """The moves that bring a king to the (first) empty column."""
        if empty < 0:
            return
        columns, down, found, _, _ = state
        for index in range(7):
            cards = columns[index]
            if cards and down[index] and cards[0] >= KING_IDS:
                ranked.append((80 + down[index], (index, empty, len(cards), cards[0], 0, None)))
        for king, waste_size in waste:
            if king >= KING_IDS:
                ranked.append((60, (WASTE_SOURCE, empty, 1, king, waste_size, None)))
        for suit in range(4):
            if found[suit] == KING:
                self.from_foundation(state, (KING - 1) * 4 + suit, empty, waste, ranked)

    def onto_steps(
        self,
        state: State,
        card: int,
        target: int,
        empty: int,
        waste: list[tuple[int, int]],
        ranked: list[tuple[float, Step]],
    ) -> None:
        """The moves that put a card (or a run) on `card`, the top of column `target`."""
        columns, down, found, _, _ = state
        for child in self.children[card]:
            for index in range(7):
                cards = columns[index]
                start = cards.find(child)
                if start < 0:
                    continue
                if start:
                    uncovered = cards[start - 1]
                    if found[uncovered & 3] == uncovered >> 2:
                        ranked.append((50, (index, target, len(cards) - start, child, 0, ("X", uncovered))))
                elif down[index]:
                    ranked.append((80 + down[index], (index, target, len(cards), child, 0, None)))
                elif empty < 0 and self.king_may_come(columns, down, found, waste):
                    ranked.append((30, (index, target, len(cards), child, 0, ("E", 0))))
                break
            else:
                for waste_card, waste_size in waste:
                    if waste_card == child:
                        ranked.append((60, (WASTE_SOURCE, target, 1, child, waste_size, None)))
                        break
                else:
                    if found[child & 3] == (child >> 2) + 1:
                        self.from_foundation(state, child, target, waste, ranked)
