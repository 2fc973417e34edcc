"""A Crapette game told turn by turn for the summary's **Full log**, replayed from its decks and its saved log.

Everything told was face up on the table when it happened (a card moved, a card turned up from a stock), so the
log shows nothing a player could not see: never the order of a stock or of a crapette.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.base import Notice
from bot.games.crapette.engine import MAX_TURNS, REPETITIONS_IN_A_TURN, Crapette
from bot.games.crapette.events import (
    CardMoved,
    CrapetteCalled,
    DiscardRecycled,
    EndlessTurnStopped,
    GameDrawn,
    GameWon,
    StockTurned,
    TurnedCardDiscarded,
    TurnEnded,
)
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.moves import CALL_CRAPETTE, SIDE_NAMES, CallCrapette, EndTurn, parse_action
from bot.games.crapette.words import move_notice, tell_step, top_card

_SOURCES = ("cr", "st", "di", *SIDE_NAMES)


@dataclass(frozen=True, slots=True)
class TurnTold:
    """One turn: its number, who played it, and what they did, in order."""

    number: int
    seat: int
    steps: tuple[Notice, ...]


LogLine = TurnTold | Notice


def history(game: Crapette, names: Sequence[str]) -> list[LogLine]:
    """Every turn of `game` (the seats' names in `names`), with the calls, the turns missed for a wrong call and
    how the game ended between them; a turn still in play when the game stopped comes last."""
    saved = game.to_dict()
    replay = Crapette.from_dict({**saved, "log": [], "state": None})
    told: list[LogLine] = []
    steps: list[Notice] = []
    after_turn: list[Notice] = []
    number, seat_on_turn = replay.turn_number, replay.current_player
    # The cards the player on turn could take before their last action: a right call names the card that
    # should have moved first, which that action may have moved or covered since.
    tops: dict[str, OwnedCard | None] = {}

    def close_turn() -> None:
        if steps:
            told.append(TurnTold(number, seat_on_turn, tuple(steps)))
        told.extend(after_turn)
        steps.clear()
        after_turn.clear()

    log = saved["log"]
    for index, (seat, text) in enumerate(log):
        action = parse_action(text)
        if action is None:
            raise ValueError(f"Unknown saved action {text!r}.")
        called_next = index + 1 < len(log) and log[index + 1][1] == str(CALL_CRAPETTE)
        if called_next and not isinstance(action, CallCrapette):  # only then: a long game replays fast
            tops = {source: top_card(replay, seat, source) for source in _SOURCES}
        for event in replay.apply(seat, action):
            if isinstance(event, CardMoved | DiscardRecycled | StockTurned | EndlessTurnStopped):
                tell_step(steps, event, names[1 - seat])
            elif isinstance(event, TurnedCardDiscarded) and not isinstance(action, CallCrapette):
                # (after a right call, the turned card goes to the discard as the turn ends: the call says so)
                tell_step(steps, event, names[1 - seat])
            elif isinstance(event, CrapetteCalled):
                if event.judged is not None and event.judged.ended_turn:
                    told.append(_call(event, names, tops))  # on the turn told just before
                else:
                    after_turn.append(_call(event, names, tops))
            elif isinstance(event, TurnEnded):
                if isinstance(action, EndTurn):
                    steps.append(Notice("crapette.log.ended"))
                after_turn.extend(
                    Notice("crapette.log.skipped", {"name": names[skip]}) for skip in event.skipped
                )
                close_turn()
                number, seat_on_turn = replay.turn_number, replay.current_player
            elif isinstance(event, GameWon):
                after_turn.append(Notice("crapette.end_won", {"name": names[event.winner]}))
            elif isinstance(event, GameDrawn):
                counts = {"turns": MAX_TURNS, "count": REPETITIONS_IN_A_TURN}
                after_turn.append(Notice(f"crapette.log.drawn.{event.reason}", counts))
    close_turn()
    return told


def _call(event: CrapetteCalled, names: Sequence[str], tops: dict[str, OwnedCard | None]) -> Notice:
    caller = names[event.caller]
    if not event.right or event.missed is None:
        return Notice("crapette.log.called_wrong", {"name": caller})
    missed = event.missed.missed
    move = move_notice(tops.get(missed.source), missed, caller)
    return Notice("crapette.log.called_right", {"name": caller, "missed": move})
