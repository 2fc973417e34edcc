"""A "Crapette!" call as the table tells it: on the board for everyone, and privately to the caller and to the player
called on, in the second person: what was missed and why, or why the call was wrong.

The sentences never name the players: in a duel "your opponent" is enough, and a private notice is read by one of
the two only. They are catalog notices (see `locales/`), rendered in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import Notice
from bot.games.crapette.moves import Move, parse_action
from bot.games.crapette.words import move_notice


@dataclass(frozen=True, slots=True)
class LastCall:
    """The last "Crapette!" call, as the table saw it: the board shows it until the end of the turn after it.

    `turn`: the turn the call was made in (a right call ends it; calls saved before this was read kept the turn
    after it, and show one turn longer). A right call's `missed` move and its `card`, read before
    the move that broke the rule, and `reason` the rule missed ("foundation", "free_side_pile", "turned_card"); a
    wrong call's `reason` says why it was wrong (see `events.py`). `did` is the action the call was judged on, as
    its short string, with `did_card` the card it moved; `late`: that action had ended the turn already."""

    caller: int
    right: bool
    turn: int
    missed: Move | None = None
    card: str = "?"
    reason: str | None = None
    did: str | None = None
    did_card: str = "?"
    late: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "caller": self.caller,
            "right": self.right,
            "turn": self.turn,
            "missed": str(self.missed) if self.missed is not None else None,
            "card": self.card,
            "reason": self.reason,
            "did": self.did,
            "did_card": self.did_card,
            "late": self.late,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LastCall:
        """The call saved by `to_dict`; a call saved before the reasons were kept has none (the board needs none)."""
        missed = parse_action(str(data["missed"])) if data.get("missed") else None
        return cls(
            caller=int(data["caller"]),
            right=bool(data["right"]),
            turn=int(data["turn"]),
            missed=missed if isinstance(missed, Move) else None,
            card=str(data.get("card", "?")),
            reason=str(data["reason"]) if data.get("reason") else None,
            did=str(data["did"]) if data.get("did") else None,
            did_card=str(data.get("did_card", "?")),
            late=bool(data.get("late", False)),
        )

    @property
    def offender(self) -> int:
        return 1 - self.caller


def did_notice(call: LastCall, *, to_caller: bool) -> Notice:
    """The action the call was judged on, as a verb phrase ("playing 7♣ pile 3 → F2", "turning a card"), told to
    the player who made it or, `to_caller`, to the one who called (whose discard is then "your discard")."""
    did = parse_action(call.did) if call.did else None
    if isinstance(did, Move):
        return Notice("crapette.did.move", {"move": move_notice(call.did_card, did, to_opponent=to_caller)})
    if did is None:
        return Notice("crapette.did.end")
    return Notice(f"crapette.did.{did}", {"card": call.did_card})


def caller_notice(call: LastCall) -> Notice:
    """The verdict for the player who called: right (the move that had to come first), or why it was wrong."""
    if call.right and call.missed is not None:
        missed = move_notice(call.card, call.missed, to_opponent=True)
        return Notice(
            "crapette.called_right_late" if call.late else "crapette.called_right", {"missed": missed}
        )
    why = Notice(
        f"crapette.wrong.{call.reason or 'nothing_played'}", {"did": did_notice(call, to_caller=True)}
    )
    return Notice("crapette.called_wrong", {"why": why})


def offender_notice(call: LastCall) -> Notice | None:
    """For the player a right call was made on: what they missed and why, and what happens to their turn."""
    if not call.right or call.missed is None:
        return None
    then = Notice("crapette.told.turn_had_passed" if call.late else "crapette.told.turn_over")
    return Notice(
        f"crapette.told.{call.reason or 'foundation'}",
        {
            "did": did_notice(call, to_caller=False),
            "missed": move_notice(call.card, call.missed),
            "card": call.did_card,
            "then": then,
        },
    )
