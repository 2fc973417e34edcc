"""How good each move of the player on turn is, for the private hand: the jump from the pile's top, and a kind
that the hand shows as a colour.

- backwards: the card goes exactly ten back (always good: it gives room back);
- small: few cards still in play are skipped (at most `SMALL_STEP`);
- big: more are skipped (the cards between the top and the card that nobody has played yet are lost to that
  pile);
- keep_off: a forward move on a pile a teammate asked to keep off: the last resort, listed after the others
  (a backwards move never spoils what they hold, so it stays what it is);
- ending: after it the player could not reach the turn's minimum, so the game would end.

A move also says which teammate's marker it goes against (`against`): "keep_off" as above, "small_steps" for a
forward move on a pile asked for small steps that skips more live cards than the card a teammate asks it for can
be away (`SMALL_STEPS_CLOSE`, as the hint reads the marker): it passes their card for sure.

The jump shown is the plain difference from the top ("B +4", "C −20"); the kind counts the cards actually lost,
so jumping over cards already played costs nothing.
"""

from __future__ import annotations

import weakref
from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import NamedTuple

from bot.games.thegame.ai import SMALL_STEPS_CLOSE
from bot.games.thegame.engine import PILE_NAMES, Game

SMALL_STEP = 4
KINDS = ("backwards", "small", "big", "keep_off", "ending")  # best first
KIND_EMOJI = {"backwards": "🟢", "small": "🔵", "big": "⚪", "keep_off": "🚫", "ending": "🔴"}
KIND_RANK = {kind: place for place, kind in enumerate(KINDS)}


class Move(NamedTuple):
    """A move and how it reads; `kind`, `rank` and `size` are worked out once, by `Move.of` (a hand reads them many
    times). A tuple: a position's two dozen moves are made at every play, and a tuple is made in a quarter of the
    time a frozen dataclass takes."""

    card: int
    pile: str
    jump: int  # card - top: positive going up, negative going down
    backwards: bool
    lost: int  # cards still in play strictly between the top and the card
    ends_game: bool
    against: str | None  # the teammate's marker the move goes against: "keep_off", "small_steps" or None
    kind: str
    rank: tuple[int, int]  # best first: the kind's place in KINDS, then the cards lost
    size: str  # '↩' for a backwards move, else the signed jump ('+4', '−20')

    @classmethod
    def of(
        cls,
        card: int,
        pile: str,
        jump: int,
        backwards: bool,
        lost: int,
        ends_game: bool,
        marker: str | None = None,
    ) -> Move:
        """`marker`: the pile's marker as the player reads it (a teammate's request), if any."""
        against = against_marker(marker, backwards, lost)
        if ends_game:
            kind = "ending"
        elif against == "keep_off":
            kind = "keep_off"
        elif backwards:
            kind = "backwards"
        else:
            kind = "small" if lost <= SMALL_STEP else "big"
        size = "↩" if backwards else (f"+{jump}" if jump > 0 else f"−{-jump}")
        return cls(card, pile, jump, backwards, lost, ends_game, against, kind, (KIND_RANK[kind], lost), size)


def against_marker(marker: str | None, backwards: bool, lost: int) -> str | None:
    """The teammate's marker a move goes against: a forward move on a pile asked to keep off, or one skipping more
    than `SMALL_STEPS_CLOSE` live cards on a pile asked for small steps (None: it respects the pile's marker)."""
    if backwards:
        return None  # exactly ten back: it only gives room, whatever the teammate holds
    if marker == "keep_off" or (marker == "small_steps" and lost > SMALL_STEPS_CLOSE):
        return marker
    return None


def ending_plays(game: Game) -> set[tuple[int, str]]:
    """The legal plays after which the current player could no longer reach the minimum (the game would end)."""
    if game.played_this_turn + 1 >= game.turn_minimum:
        return set()  # this play reaches the minimum (or it is reached): no play can miss it
    return {
        (play.card, play.pile)
        for play in game.legal_plays()
        if not game.can_complete_minimum_after(play.card, play.pile)
    }


def moves_by_card(game: Game, markers: Mapping[str, str] | None = None) -> dict[int, list[Move]]:
    """Every legal move of the player on turn, by card, each card's moves best first; `markers` (pile -> kind):
    the teammates' markers as that player reads them."""
    markers = markers or {}
    ending = ending_plays(game)
    played = sorted(value for name in PILE_NAMES for value in game.pile_cards(name))
    tops = dict(zip(PILE_NAMES, game.tops, strict=True))
    moves: dict[int, list[Move]] = {}
    for play in game.legal_plays():
        top = tops[play.pile]
        low, high = (top, play.card) if top < play.card else (play.card, top)
        # the cards strictly between the top and the card that are not on a pile yet
        lost = high - low - 1 - (bisect_left(played, high) - bisect_right(played, low))
        move = Move.of(
            play.card,
            play.pile,
            play.card - top,
            play.backwards,
            lost,
            (play.card, play.pile) in ending,
            markers.get(play.pile),
        )
        moves.setdefault(play.card, []).append(move)
    for options in moves.values():
        if len(options) > 1:
            options.sort(key=attrgetter("rank"))
    return moves


@dataclass(slots=True)
class Position:
    """A game's position as the hands show it, under the markers its player on turn reads: its moves, and texts
    written from them once (`texts`, by what they were written for: the hand's list of moves in a language). Read it,
    never change what is in it."""

    moves: dict[int, list[Move]]
    texts: dict[object, str] = field(default_factory=dict)


# id(game) -> (the game, its action count, the markers read, its position): the hand is drawn several times on one
# position (the answer to a play, then the card chosen next), and the moves only change with an action or a marker.
# An entry goes with its game.
_KEPT: dict[int, tuple[weakref.ref[Game], int, frozenset[tuple[str, str]], Position]] = {}


def position_now(game: Game, markers: Mapping[str, str] | None = None) -> Position:
    """The game's position (`moves_by_card(game, markers)`, and the texts written from it), worked out once per
    position of each game and markers. Shared between callers."""
    key, count, marked = id(game), game.action_count, frozenset((markers or {}).items())
    kept = _KEPT.get(key)
    if kept is not None and kept[0]() is game and kept[1] == count and kept[2] == marked:
        return kept[3]
    position = Position(moves_by_card(game, markers))
    _KEPT[key] = (weakref.ref(game, partial(_forget, key)), count, marked, position)
    return position


def moves_now(game: Game, markers: Mapping[str, str] | None = None) -> dict[int, list[Move]]:
    """`moves_by_card(game, markers)`, worked out once per position of each game and markers. Shared between
    callers: read it, never change it."""
    return position_now(game, markers).moves


def _forget(key: int, _: weakref.ref[Game]) -> None:
    kept = _KEPT.get(key)
    if kept is not None and kept[0]() is None:
        del _KEPT[key]


def best_first(moves: dict[int, list[Move]]) -> list[tuple[int, list[Move]]]:
    """The cards in the order of their best move (best first; ties by card)."""
    return sorted(moves.items(), key=lambda item: (item[1][0].rank, item[0]))
