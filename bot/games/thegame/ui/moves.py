"""How good each move of the player on turn is, for the private hand: the jump from the pile's top, and a kind
that the hand shows as a colour.

- backwards: the card goes exactly ten back (always good: it gives room back);
- small: few cards still in play are skipped (at most `SMALL_STEP`);
- big: more are skipped (the cards between the top and the card that nobody has played yet are lost to that
  pile);
- ending: after it the player could not reach the turn's minimum, so the game would end.

The jump shown is the plain difference from the top ("B +4", "C −20"); the kind counts the cards actually lost,
so jumping over cards already played costs nothing.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import OrderedDict
from dataclasses import dataclass, field
from operator import attrgetter

from bot.games.thegame.engine import PILE_NAMES, Game, Status

SMALL_STEP = 4
KINDS = ("backwards", "small", "big", "ending")  # best first
KIND_EMOJI = {"backwards": "🟢", "small": "🔵", "big": "⚪", "ending": "🔴"}


@dataclass(frozen=True, slots=True)
class Move:
    """A move and how it reads; `kind`, `rank` and `size` are worked out once (a hand reads them many times)."""

    card: int
    pile: str
    jump: int  # card - top: positive going up, negative going down
    backwards: bool
    lost: int  # cards still in play strictly between the top and the card
    ends_game: bool
    kind: str = field(init=False)
    rank: tuple[int, int] = field(init=False)  # best first: the kind's place in KINDS, then the cards lost
    size: str = field(init=False)  # '↩' for a backwards move, else the signed jump ('+4', '−20')

    def __post_init__(self) -> None:
        if self.ends_game:
            kind = "ending"
        elif self.backwards:
            kind = "backwards"
        else:
            kind = "small" if self.lost <= SMALL_STEP else "big"
        size = "↩" if self.backwards else (f"+{self.jump}" if self.jump > 0 else f"−{-self.jump}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "rank", (KINDS.index(kind), self.lost))
        object.__setattr__(self, "size", size)


def ending_plays(game: Game) -> set[tuple[int, str]]:
    """The legal plays after which the current player could no longer reach the minimum (the game would end)."""
    if game.played_this_turn >= game.turn_minimum:
        return set()
    return {
        (play.card, play.pile)
        for play in game.legal_plays()
        if not game.can_complete_minimum_after(play.card, play.pile)
    }


def moves_by_card(game: Game) -> dict[int, list[Move]]:
    """Every legal move of the player on turn, by card, each card's moves best first."""
    ending = ending_plays(game)
    played = sorted(value for name in PILE_NAMES for value in game.pile_cards(name))
    tops = dict(zip(PILE_NAMES, game.tops, strict=True))
    moves: dict[int, list[Move]] = {}
    for play in game.legal_plays():
        top = tops[play.pile]
        low, high = (top, play.card) if top < play.card else (play.card, top)
        # the cards strictly between the top and the card that are not on a pile yet
        lost = high - low - 1 - (bisect_left(played, high) - bisect_right(played, low))
        move = Move(
            play.card, play.pile, play.card - top, play.backwards, lost, (play.card, play.pile) in ending
        )
        moves.setdefault(play.card, []).append(move)
    for options in moves.values():
        if len(options) > 1:
            options.sort(key=attrgetter("rank"))
    return moves


# A position -> its moves: the hand is drawn several times on one position (the answer to a play, the card chosen
# next, the other players' hands), each time from a copy of the table as last saved, so the moves are kept by what
# the position is, not by which copy of the game shows it.
Position = tuple[Status, int | None, int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
POSITIONS_KEPT = 1024
_KEPT: OrderedDict[Position, dict[int, list[Move]]] = OrderedDict()


def position_of(game: Game) -> Position:
    """Everything the moves of the player on turn depend on: whose turn, how far the turn is, the piles' tops,
    the player's hand and every card played (which cards a jump loses, and how many cards are left)."""
    current = game.current_player
    return (
        game.status,
        current,
        game.played_this_turn,
        game.turn_minimum,
        game.tops,
        game.hand(current) if current is not None else (),
        tuple(game.pile_cards(name) for name in PILE_NAMES),
    )


def moves_now(game: Game) -> dict[int, list[Move]]:
    """`moves_by_card(game)`, worked out once per position (the last `POSITIONS_KEPT` kept). Shared between
    callers: read it, never change it."""
    position = position_of(game)
    moves = _KEPT.get(position)
    if moves is not None:
        _KEPT.move_to_end(position)
        return moves
    moves = _KEPT[position] = moves_by_card(game)
    if len(_KEPT) > POSITIONS_KEPT:
        _KEPT.popitem(last=False)
    return moves


def best_first(moves: dict[int, list[Move]]) -> list[tuple[int, list[Move]]]:
    """The cards in the order of their best move (best first; ties by card)."""
    return sorted(moves.items(), key=lambda item: (item[1][0].rank, item[0]))
