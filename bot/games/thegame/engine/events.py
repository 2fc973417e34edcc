"""What happened: the events `Game.apply` returns, in order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen:
    player: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: int
    pile: str
    backwards: bool


@dataclass(frozen=True, slots=True)
class TurnEnded:
    player: int
    drawn: tuple[int, ...]  # the cards drawn, in draw order (may be empty)


@dataclass(frozen=True, slots=True)
class PlayerSkipped:
    """`player` has no cards left (the draw pile is empty), so their turn is skipped."""

    player: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int
    minimum: int


# GameEnded.reason values
ALL_CARDS_PLAYED = "all_cards_played"
STUCK_AT_TURN_START = "stuck_at_turn_start"
STUCK_MID_TURN = "stuck_mid_turn"
END_REASONS: tuple[str, ...] = (ALL_CARDS_PLAYED, STUCK_AT_TURN_START, STUCK_MID_TURN)


@dataclass(frozen=True, slots=True)
class GameEnded:
    won: bool
    cards_left: int
    reason: str  # "all_cards_played" | "stuck_at_turn_start" | "stuck_mid_turn"


Event = FirstPlayerChosen | CardPlayed | TurnEnded | PlayerSkipped | TurnStarted | GameEnded


_new_event = object.__new__
_set_player = TurnEnded.__dict__["player"].__set__  # the slot descriptors
_set_drawn = TurnEnded.__dict__["drawn"].__set__


def turn_ended(player: int, drawn: tuple[int, ...]) -> TurnEnded:
    """TurnEnded(player, drawn), built without the frozen dataclass's slower __init__ (once per turn)."""
    event: TurnEnded = _new_event(TurnEnded)
    _set_player(event, player)
    _set_drawn(event, drawn)
    return event
