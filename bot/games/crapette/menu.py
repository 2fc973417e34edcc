"""The move menu of the player on turn, for a newcomer: each card once per kind of place ("A♦ pile 2 → foundation",
not a line for each of F1..F8; "K♠ crapette → empty pile", not one per empty pile), and what the priority rule asks
for first, listed first and marked. A lone side card onto an empty side pile, which changes nothing, is left out. Pure: the table's view turns the entries into a Discord menu."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Notice
from bot.games.crapette.engine import Crapette
from bot.games.crapette.moves import Move
from bot.games.crapette.words import spot, top_card


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One line of the menu: `move` is played when it is chosen (the first of the moves the line stands for);
    `first`: the priority rule asks for it now; `turned_card`: the turned card's place, which must be used
    rather than discarding the card."""

    move: Move
    words: Notice
    first: bool
    turned_card: bool

    @property
    def to_foundation(self) -> bool:
        return self.move.to_foundation


def menu_entries(engine: Crapette, seat: int) -> list[MenuEntry]:
    """The menu of `seat`, on turn: the moves the rule asks for first, then the foundation moves, then the rest,
    each in the engine's order."""
    moves = [action for action in engine.legal_actions(seat) if isinstance(action, Move)]
    asked = engine.rule_asks()
    required = set(asked[1]) if asked is not None else set()
    turned = set(engine.turned_card_moves()) if asked is None else set()
    sides = engine.side_piles
    entries: dict[tuple[str, str], MenuEntry] = {}
    for move in moves:
        target = move.target
        if move.to_foundation:
            kind, place = "f", Notice("crapette.spot.foundations")
        elif move.to_side_pile and not sides[int(target[1:]) - 1]:
            if move.from_side_pile and len(sides[int(move.source[1:]) - 1]) == 1:
                continue  # a lone card onto an empty pile changes nothing (`/move` still takes it)
            kind, place = "empty", Notice("crapette.spot.empty_side")
        else:
            kind, place = target, spot(target)
        key = (move.source, kind)
        if key in entries:
            continue
        card = top_card(engine, seat, move.source)
        words = Notice(
            "crapette.move",
            {"card": str(card) if card is not None else "?", "source": spot(move.source), "target": place},
        )
        entries[key] = MenuEntry(move, words, move in required, move in turned)
    listed = list(entries.values())
    return sorted(listed, key=lambda entry: (not entry.first, not entry.turned_card, not entry.to_foundation))
