"""Every acknowledged action stored exactly once: each action the soak sends has an identity (the interaction's id),
and each entry a player's action adds to a game's saved log must be explained by one action sent, used once.

A log entry says which seat acted (Klondike's do not: its tables in the soak have no AI seat, so each of its entries
is a player's). Walking a table's stored log in order, each entry of a player's seat is matched to the earliest
action sent for that table whose expected entries come next in the log and that was sent once the log was at least
that long (an action acts on what its player read); acknowledged actions are tried first. An entry nobody's action
explains (an action stored twice: a Klondike draw applied twice is legal twice) is a failure; an acknowledged
action left unmatched is lost. Actions that were sent but not acknowledged (the bot was down, the answer came too
late) may be stored or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class SentAction:
    interaction_id: int
    table_id: int
    seat: int
    expected: list[Any]  # the log entries the action adds
    read_length: int  # the length of the stored log its player read
    description: str
    acknowledged: bool = False


def entry_seat(game_key: str, entry: Any) -> int | None:
    """The seat a log entry belongs to; None when the entry does not say (Klondike), or when it names another
    seat than the actor's (The Game's choice of the first player names the player chosen)."""
    if game_key == "thegame":
        if not isinstance(entry, dict) or entry.get("type") == "choose_first_player":
            return None
        return int(entry["player"])
    if game_key in ("hearts", "barbu"):
        return int(entry["seat"]) if isinstance(entry, dict) and "seat" in entry else None
    if game_key == "crapette":
        return int(entry[0]) if isinstance(entry, list | tuple) and entry else None
    return None


@dataclass
class Accounting:
    unexplained: list[str]  # entries of a player's seat no action explains
    lost: list[SentAction]  # acknowledged actions whose entries are not in the log
    stored: set[int]  # interaction ids found in the log


def account(
    game_key: str,
    log: Sequence[Any],
    sent: Sequence[SentAction],
    ai_seats: set[int],
) -> Accounting:
    """Match a table's stored log to the actions sent for it (see the module docstring)."""
    pending = sorted(sent, key=lambda action: (not action.acknowledged, action.interaction_id))
    used: set[int] = set()
    unexplained: list[str] = []
    position = 0
    while position < len(log):
        entry = log[position]
        seat = entry_seat(game_key, entry)
        match = None
        for action in pending:
            if action.interaction_id in used or action.read_length > position:
                continue
            if seat is not None and action.seat != seat:
                continue
            size = len(action.expected)
            if size and list(log[position : position + size]) == list(action.expected):
                match = action
                break
        if match is not None:
            used.add(match.interaction_id)
            position += len(match.expected)
            continue
        if seat is None and (ai_seats or game_key == "thegame"):
            # The Game's choice of the first player may be an AI's: it names the seat chosen, not the chooser.
            pass
        elif seat is None or seat not in ai_seats:
            unexplained.append(f"entry {position} {entry!r}")
        position += 1
    lost = [action for action in sent if action.acknowledged and action.interaction_id not in used]
    return Accounting(unexplained, lost, used)
