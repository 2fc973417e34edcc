"""The cards on the table and where a card may go: placement rules and move generation, no turn logic.

A `Board` holds card ids (see `layout.py`) in plain lists, every pile bottom first (top last). The engine
keeps the real one; a view gives a masked copy where face-down cards are `UNKNOWN`, which the AI may play on
freely.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.crapette.errors import ErrorCode
from bot.games.crapette.layout import (
    CARD_RANK,
    CARD_RED,
    CARD_SUIT,
    FOUNDATION_COUNT,
    KING,
    NO_CARD,
    OWNED_CARDS,
    SIDE_PILE_COUNT,
    UNKNOWN,
    CrapetteOptions,
    Deal,
)
from bot.games.crapette.moves import (
    CRAPETTE,
    DISCARD,
    FIRST_FOUNDATION,
    FIRST_SIDE,
    FIRST_SOURCE_SPOTS,
    MOVE_TABLE,
    OPPONENT_CRAPETTE,
    OPPONENT_DISCARD,
    SOURCE_SPOTS,
    SPOT_NAMES,
    TURNED,
    Move,
)

_SIDE_RANGE = range(SIDE_PILE_COUNT)
_FOUNDATION_RANGE = range(FOUNDATION_COUNT)


def _name(card: int) -> str:
    return "a face-down card" if card == UNKNOWN else str(OWNED_CARDS[card])


def fits_foundation(card: int, pile: list[int]) -> bool:
    """An ace on an empty foundation, else the next rank of the foundation's suit."""
    if not pile:
        return CARD_RANK[card] == 1
    top = pile[-1]
    return CARD_SUIT[top] == CARD_SUIT[card] and CARD_RANK[top] + 1 == CARD_RANK[card]


def fits_side(card: int, pile: list[int]) -> bool:
    """Any card on an empty side pile, else one rank lower and of the other colour."""
    if not pile:
        return card != UNKNOWN
    top = pile[-1]
    return CARD_RANK[top] == CARD_RANK[card] + 1 and CARD_RED[top] != CARD_RED[card]


def fits_opponent(card: int, pile: list[int], alternate: bool) -> bool:
    """On the opponent's discard or crapette: one rank higher or lower, same suit (or the other colour)."""
    if not pile:
        return False
    top = pile[-1]
    if CARD_RANK[top] - CARD_RANK[card] not in (1, -1):
        return False
    if alternate:
        return CARD_RED[top] != CARD_RED[card]
    return CARD_SUIT[top] == CARD_SUIT[card]


class Board:
    """Every pile on the table. Seat-indexed lists: `crapettes`, `stocks`, `discards`, `turned` (a card id or
    NO_CARD); then the 8 `sides` (side piles 1..8) and the 8 `foundations` (F1..F8)."""

    __slots__ = ("crapettes", "discards", "foundations", "sides", "stocks", "turned")

    crapettes: list[list[int]]
    stocks: list[list[int]]
    discards: list[list[int]]
    turned: list[int]
    sides: list[list[int]]
    foundations: list[list[int]]

    def __init__(
        self,
        crapettes: list[list[int]],
        stocks: list[list[int]],
        discards: list[list[int]],
        turned: list[int],
        sides: list[list[int]],
        foundations: list[list[int]],
    ) -> None:
        self.crapettes = crapettes
        self.stocks = stocks
        self.discards = discards
        self.turned = turned
        self.sides = sides
        self.foundations = foundations

    @classmethod
    def dealt(cls, deal0: Deal, deal1: Deal) -> Board:
        """The table right after the deal."""
        return cls(
            [list(deal0.crapette), list(deal1.crapette)],
            [list(deal0.stock), list(deal1.stock)],
            [[], []],
            [NO_CARD, NO_CARD],
            [[card] for card in (*deal0.side, *deal1.side)],
            [[] for _ in _FOUNDATION_RANGE],
        )

    def copy(self) -> Board:
        """A copy to play on (every pile a list of its own)."""
        return Board(
            [list(pile) for pile in self.crapettes],
            [list(pile) for pile in self.stocks],
            [list(pile) for pile in self.discards],
            list(self.turned),
            [list(pile) for pile in self.sides],
            [list(pile) for pile in self.foundations],
        )

    def masked(self) -> Board:
        """A copy where every face-down card (crapettes below the top, stocks) is UNKNOWN."""
        return Board(
            [[UNKNOWN] * (len(pile) - 1) + pile[-1:] for pile in self.crapettes],
            [[UNKNOWN] * len(pile) for pile in self.stocks],
            [list(pile) for pile in self.discards],
            list(self.turned),
            [list(pile) for pile in self.sides],
            [list(pile) for pile in self.foundations],
        )

    def cards_left(self, seat: int) -> int:
        """Crapette, stock, discard and turned card: what `seat` still has to get rid of."""
        turned = 1 if self.turned[seat] != NO_CARD else 0
        return len(self.crapettes[seat]) + len(self.stocks[seat]) + len(self.discards[seat]) + turned

    def source_card(self, seat: int, spot: int) -> int:
        """The card `seat` would take from a source spot (cr, st, di, s1..s8), or NO_CARD."""
        if spot == CRAPETTE:
            pile = self.crapettes[seat]
        elif spot == TURNED:
            return self.turned[seat]
        elif spot == DISCARD:
            pile = self.discards[seat]
        else:
            pile = self.sides[spot - FIRST_SIDE]
        return pile[-1] if pile else NO_CARD

    # ------------------------------------------------------------------ placement

    def placement_error(self, seat: int, source: int, target: int, alternate: bool) -> tuple[str, str] | None:
        """(code, sentence) when the card at `source` (which holds a card) may not go on `target`, else None.
        Checks the placement rules only (spots, pointless moves and cards that already moved are checked
        elsewhere)."""
        card = self.source_card(seat, source)
        name = _name(card)
        if target >= FIRST_FOUNDATION:
            pile = self.foundations[target - FIRST_FOUNDATION]
            label = f"foundation F{target - FIRST_FOUNDATION + 1}"
            if not pile:
                if CARD_RANK[card] != 1:
                    return (
                        ErrorCode.WRONG_RANK,
                        f"Only an ace starts a foundation; {name} cannot go on empty {label}.",
                    )
                return None
            top = pile[-1]
            if CARD_SUIT[top] != CARD_SUIT[card]:
                return (
                    ErrorCode.FOUNDATION_MISMATCH,
                    f"{label} is built in {_name(top)}'s suit; {name} does not follow it.",
                )
            if CARD_RANK[top] + 1 != CARD_RANK[card]:
                return (
                    ErrorCode.WRONG_RANK,
                    f"{name} cannot go on {_name(top)} ({label}): it needs the next rank up.",
                )
            return None
        if target >= FIRST_SIDE:
            pile = self.sides[target - FIRST_SIDE]
            label = f"side pile {target - FIRST_SIDE + 1}"
            if not pile:
                return None if card != UNKNOWN else (ErrorCode.EMPTY_SOURCE, "That card is face down.")
            top = pile[-1]
            if CARD_RED[top] == CARD_RED[card]:
                return (
                    ErrorCode.WRONG_COLOUR,
                    f"{name} cannot go on {_name(top)} ({label}): colours must alternate.",
                )
            if CARD_RANK[top] != CARD_RANK[card] + 1:
                return (
                    ErrorCode.WRONG_RANK,
                    f"{name} cannot go on {_name(top)} ({label}): it must be one rank lower.",
                )
            return None
        other = 1 - seat
        if target == OPPONENT_DISCARD:
            pile, label = self.discards[other], "the opponent's discard"
        else:
            pile, label = self.crapettes[other], "the opponent's crapette"
        if not pile:
            return ErrorCode.EMPTY_TARGET, f"{label.capitalize()} is empty: there is no card to build on."
        top = pile[-1]
        if alternate and CARD_RED[top] == CARD_RED[card]:
            return (
                ErrorCode.WRONG_COLOUR,
                f"{name} cannot go on {_name(top)} ({label}): colours must alternate.",
            )
        if not alternate and CARD_SUIT[top] != CARD_SUIT[card]:
            return (
                ErrorCode.WRONG_SUIT,
                f"{name} cannot go on {_name(top)} ({label}): it must be the same suit.",
            )
        if CARD_RANK[top] - CARD_RANK[card] not in (1, -1):
            return (
                ErrorCode.WRONG_RANK,
                f"{name} cannot go on {_name(top)} ({label}): it must be one rank apart.",
            )
        return None

    def is_pointless(self, source: int, target: int) -> bool:
        """The only card of a side pile onto an empty side pile: the same table with the piles renamed."""
        return (
            FIRST_SIDE <= source < FIRST_FOUNDATION
            and FIRST_SIDE <= target < FIRST_FOUNDATION
            and len(self.sides[source - FIRST_SIDE]) == 1
            and not self.sides[target - FIRST_SIDE]
        )

    # ------------------------------------------------------------------ moves

    def legal_moves(
        self,
        seat: int,
        options: CrapetteOptions,
        moved: Collection[int] = (),
        sources: tuple[int, ...] | None = None,
    ) -> list[Move]:
        """Every move `seat` may make, in the canonical order: sources cr, st, di (from the rules version 2),
        s1..s8; for each, targets f1..f8, s1..s8, od, oc. `moved`: the cards that may not move between side
        piles again (the first rules only, see the engine). `sources`: only the moves from these spots."""
        moves: list[Move] = []
        append = moves.append
        sides = self.sides
        foundations = self.foundations
        other = 1 - seat
        discard = self.discards[other]
        crapette = self.crapettes[other]
        alternate = options.alternate
        free_sides = options.sources_rules
        if sources is None:
            sources = SOURCE_SPOTS if free_sides else FIRST_SOURCE_SPOTS
        for spot in sources:
            card = self.source_card(seat, spot)
            if card in (NO_CARD, UNKNOWN):
                continue
            row = MOVE_TABLE[spot]
            rank = CARD_RANK[card]
            suit = CARD_SUIT[card]
            red = CARD_RED[card]
            for index in _FOUNDATION_RANGE:
                pile = foundations[index]
                if pile:
                    top = pile[-1]
                    if CARD_SUIT[top] == suit and CARD_RANK[top] + 1 == rank:
                        append(row[FIRST_FOUNDATION + index])
                elif rank == 1:
                    append(row[FIRST_FOUNDATION + index])
            from_side = spot >= FIRST_SIDE
            lone = from_side and not free_sides and len(sides[spot - FIRST_SIDE]) == 1
            side_targets = not (from_side and card in moved)
            for index in _SIDE_RANGE:
                target = FIRST_SIDE + index
                if target == spot or not side_targets:
                    continue
                pile = sides[index]
                if pile:
                    top = pile[-1]
                    if CARD_RANK[top] != rank + 1 or CARD_RED[top] == red:
                        continue
                elif lone:
                    continue
                append(row[target])
            if fits_opponent(card, discard, alternate):
                append(row[OPPONENT_DISCARD])
            if fits_opponent(card, crapette, alternate):
                append(row[OPPONENT_CRAPETTE])
        return moves

    def foundation_moves(self, seat: int, options: CrapetteOptions) -> list[Move]:
        """The legal moves of `seat` onto a foundation, in the canonical order."""
        wanted: dict[tuple[int, int], int] = {}
        first_empty = -1
        for index in _FOUNDATION_RANGE:
            pile = self.foundations[index]
            if not pile:
                if first_empty < 0:
                    first_empty = index
            elif CARD_RANK[pile[-1]] < KING:
                wanted.setdefault((CARD_SUIT[pile[-1]], CARD_RANK[pile[-1]] + 1), index)
        if not wanted and first_empty < 0:
            return []
        moves: list[Move] = []
        for spot in SOURCE_SPOTS if options.sources_rules else FIRST_SOURCE_SPOTS:
            card = self.source_card(seat, spot)
            if card in (NO_CARD, UNKNOWN):
                continue
            if (CARD_RANK[card] == 1 and first_empty >= 0) or (CARD_SUIT[card], CARD_RANK[card]) in wanted:
                row = MOVE_TABLE[spot]
                for index in _FOUNDATION_RANGE:
                    if fits_foundation(card, self.foundations[index]):
                        moves.append(row[FIRST_FOUNDATION + index])
        return moves

    def freeing_moves(self, seat: int, options: CrapetteOptions, moved: Collection[int] = ()) -> list[Move]:
        """The legal moves of `seat` that empty a side pile without filling another one (a lone side card onto
        a non-empty side pile or an opponent's pile; onto a foundation counts as a foundation move)."""
        moves: list[Move] = []
        sides = self.sides
        if all(len(pile) != 1 for pile in sides):
            return moves
        other = 1 - seat
        alternate = options.alternate
        tops = [(CARD_RANK[pile[-1]], CARD_RED[pile[-1]]) if pile else (0, False) for pile in sides]
        for index in _SIDE_RANGE:
            pile = sides[index]
            if len(pile) != 1:
                continue
            card = pile[0]
            row = MOVE_TABLE[FIRST_SIDE + index]
            if card not in moved:
                rank = CARD_RANK[card] + 1
                red = CARD_RED[card]
                for target_index in _SIDE_RANGE:
                    top_rank, top_red = tops[target_index]
                    if top_rank == rank and top_red != red and target_index != index:
                        moves.append(row[FIRST_SIDE + target_index])
            if fits_opponent(card, self.discards[other], alternate):
                moves.append(row[OPPONENT_DISCARD])
            if fits_opponent(card, self.crapettes[other], alternate):
                moves.append(row[OPPONENT_CRAPETTE])
        return moves

    def move(self, seat: int, source: int, target: int) -> int:
        """Move the top card of `source` to `target` without any check; returns the card id."""
        if source == CRAPETTE:
            card = self.crapettes[seat].pop()
        elif source == TURNED:
            card = self.turned[seat]
            self.turned[seat] = NO_CARD
        elif source == DISCARD:
            card = self.discards[seat].pop()
        else:
            card = self.sides[source - FIRST_SIDE].pop()
        if target >= FIRST_FOUNDATION:
            self.foundations[target - FIRST_FOUNDATION].append(card)
        elif target >= FIRST_SIDE:
            self.sides[target - FIRST_SIDE].append(card)
        elif target == OPPONENT_DISCARD:
            self.discards[1 - seat].append(card)
        else:
            self.crapettes[1 - seat].append(card)
        return card

    def unmove(self, seat: int, source: int, target: int, card: int) -> None:
        """Undo `move(seat, source, target)`, which returned `card`."""
        if target >= FIRST_FOUNDATION:
            self.foundations[target - FIRST_FOUNDATION].pop()
        elif target >= FIRST_SIDE:
            self.sides[target - FIRST_SIDE].pop()
        elif target == OPPONENT_DISCARD:
            self.discards[1 - seat].pop()
        else:
            self.crapettes[1 - seat].pop()
        if source == CRAPETTE:
            self.crapettes[seat].append(card)
        elif source == TURNED:
            self.turned[seat] = card
        elif source == DISCARD:
            self.discards[seat].append(card)
        else:
            self.sides[source - FIRST_SIDE].append(card)

    def __repr__(self) -> str:
        tops = " ".join(
            f"{SPOT_NAMES[FIRST_SIDE + i]}={_name(p[-1]) if p else '-'}" for i, p in enumerate(self.sides)
        )
        return f"<Board {tops}>"
