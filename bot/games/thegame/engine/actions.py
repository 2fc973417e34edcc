"""What players do (actions) and what they may do (legal plays)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.thegame.engine.cards import PILE_NAMES


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play offered to the current player: `card` on pile `pile`, a backwards move or not."""

    card: int
    pile: str
    backwards: bool


@dataclass(frozen=True, slots=True)
class ChooseFirstPlayer:
    """The team chose who starts (after looking at the hands); `player` is the seat that starts."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """`player` puts `card` on pile `pile`."""

    player: int
    card: int
    pile: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """`player` ends their turn (and refills their hand)."""

    player: int


Action = ChooseFirstPlayer | PlayCard | EndTurn

_TYPE_NAMES: dict[type[Any], str] = {
    ChooseFirstPlayer: "choose_first_player",
    PlayCard: "play_card",
    EndTurn: "end_turn",
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-able dict for an action, e.g. {"type": "play_card", "player": 0, "card": 37, "pile": "A"}."""
    if isinstance(action, PlayCard):
        return {"type": "play_card", "player": action.player, "card": action.card, "pile": action.pile}
    if isinstance(action, EndTurn):
        return {"type": "end_turn", "player": action.player}
    if isinstance(action, ChooseFirstPlayer):
        return {"type": "choose_first_player", "player": action.player}
    raise TypeError(f"Not an action: {action!r}")


def _int_field(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise ValueError(f"Action field {key} must be an integer, not {value!r}.")
    return value


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action saved by `action_to_dict`. ValueError on bad data."""
    if not isinstance(data, dict):
        raise ValueError(f"An action must be a dict, not {type(data).__name__}.")
    kind = data.get("type")
    if kind == "play_card":
        pile = data.get("pile")
        if pile not in PILE_NAMES:
            raise ValueError(f"Unknown pile in a saved action: {pile!r}.")
        assert isinstance(pile, str)
        return PlayCard(_int_field(data, "player"), _int_field(data, "card"), pile)
    if kind == "end_turn":
        return EndTurn(_int_field(data, "player"))
    if kind == "choose_first_player":
        return ChooseFirstPlayer(_int_field(data, "player"))
    raise ValueError(f"Unknown action type: {kind!r}.")


def action_type_name(action: Action) -> str:
    """The "type" string used for this action in saved logs."""
    return _TYPE_NAMES[type(action)]
