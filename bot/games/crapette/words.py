"""Crapette's moves and spots in words (catalog notices): the move menu and the hints speak to the player on turn
("crapette", "opponent's discard"); the full log and the board's line of recent moves name whose pile it is ("Bob's
discard")."""

from __future__ import annotations

from typing import Any

from bot.games.base import Notice
from bot.games.crapette.engine import Crapette
from bot.games.crapette.events import (
    CardMoved,
    DiscardRecycled,
    EndlessTurnStopped,
    Event,
    StockTurned,
    TurnedCardDiscarded,
)
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import Move

_OWN_SPOTS = ("cr", "st", "di")
_OPPONENT_SPOTS = {"oc": "cr", "os": "st", "od": "di"}
# The same spots seen from the other seat (`ot`, the opponent's turned card, is never a spot of a move).
_SEEN_BY_OPPONENT = {"cr": "oc", "st": "ot", "di": "od", "oc": "cr", "os": "st", "od": "di"}


def spot(name: str, opponent: str | None = None) -> Notice:
    """A spot in words: `cr` crapette, `s4` pile 4, `f3` F3, `od` the opponent's discard, or, given the
    opponent's name, Bob's discard."""
    if name in _OPPONENT_SPOTS and opponent is not None:
        return Notice(f"crapette.log.spot.{_OPPONENT_SPOTS[name]}", {"name": opponent})
    if name in _OWN_SPOTS or name in _OPPONENT_SPOTS or name == "ot":
        return Notice(f"crapette.spot.{name}")
    kind = "side" if name[0] == "s" else "foundation"
    return Notice(f"crapette.spot.{kind}", {"number": name[1:]})


def move_notice(card: Any, move: Move, opponent: str | None = None, *, to_opponent: bool = False) -> Notice:
    """`7♥ crapette → F3` (`card` None: `?`), told to the mover, or `to_opponent` (whose crapette is then the
    opponent's, and whose discard their own): the player who called "Crapette!" on that move."""
    source, target = move.source, move.target
    if to_opponent:
        source, target = _SEEN_BY_OPPONENT.get(source, source), _SEEN_BY_OPPONENT.get(target, target)
    return Notice(
        "crapette.move",
        {
            "card": str(card) if card is not None else "?",
            "source": spot(source, opponent),
            "target": spot(target, opponent),
        },
    )


def top_card(engine: Crapette, seat: int, source: str) -> OwnedCard | None:
    """The card `seat` would take from `source` (`cr`, `st`, `di` or a side pile) now, or None."""
    if source == "cr":
        return engine.crapette_top(seat)
    if source == "st":
        return engine.stock_turned(seat)
    if source == "di":
        discard = engine.discard(seat)
        return discard[-1] if discard else None
    if source[0] == "s":
        pile = engine.side_piles[int(source[1:]) - 1]
        return pile[-1] if pile else None
    return None


def describe(engine: Crapette, seat: int, move: Move) -> Notice:
    """`move` by `seat` in words, with the card it would take from the position now."""
    return move_notice(top_card(engine, seat, move.source), move)


def tell_step(steps: list[Notice], event: Event, opponent: str) -> None:
    """Add what `event` did to a turn told step by step (`opponent`: the name of the mover's opponent): a card
    moved, turned up, discarded, a discard turned over, a turn cut short for going round in circles. A card turned
    up and played at once is one step ("turned up 8♥ → Bob's discard", not "turned up 8♥ · 8♥ turned card → Bob's
    discard"). Other events tell nothing here."""
    if isinstance(event, CardMoved):
        turned_up = Notice("crapette.log.turned", {"card": str(event.card)})
        if event.move.source == "st" and steps and steps[-1] == turned_up:
            target = spot(event.move.target, opponent)
            steps[-1] = Notice("crapette.log.turned_to", {"card": str(event.card), "target": target})
        else:
            steps.append(move_notice(event.card, event.move, opponent))
    elif isinstance(event, DiscardRecycled):
        steps.append(Notice("crapette.log.recycled", {"count": event.count}))
    elif isinstance(event, StockTurned):
        steps.append(Notice("crapette.log.turned", {"card": str(event.card)}))
    elif isinstance(event, TurnedCardDiscarded):
        steps.append(Notice("crapette.log.discarded", {"card": str(event.card)}))
    elif isinstance(event, EndlessTurnStopped):
        steps.append(Notice("crapette.log.endless_turn_stopped", {"count": event.count}))
