"""The actions a seat can take, as small values that the game logs and saves (the log replays the game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.cards import Card


@dataclass(frozen=True, slots=True)
class PassCards:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChooseMoon:
    seat: int
    choice: str  # a MoonChoice value


Action = PassCards | PlayCard | ChooseMoon


def action_to_dict(action: Action) -> dict[str, Any]:
    """A plain JSON-able dict: {"type": "pass" | "play" | "moon", "seat": ..., and the cards or choice}."""
    if isinstance(action, PassCards):
        return {"type": "pass", "seat": action.seat, "cards": [card.code for card in action.cards]}
    if isinstance(action, PlayCard):
        return {"type": "play", "seat": action.seat, "card": action.card.code}
    return {"type": "moon", "seat": action.seat, "choice": action.choice}


def action_from_dict(data: Any) -> Action:
    """The action saved by `action_to_dict`; ValueError on bad data."""
    if not isinstance(data, dict):
        raise ValueError(f"A saved action must be a dict, not {type(data).__name__}.")
    kind = data.get("type")
    seat = data.get("seat")
    if type(seat) is not int:
        raise ValueError(f"A saved action needs an integer seat, not {seat!r}.")
    if kind == "pass":
        codes = data.get("cards")
        if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
            raise ValueError("A saved pass needs a list of card codes.")
        return PassCards(seat, tuple(Card.from_code(code) for code in codes))
    if kind == "play":
        code = data.get("card")
        if not isinstance(code, str):
            raise ValueError("A saved play needs a card code.")
        return PlayCard(seat, Card.from_code(code))
    if kind == "moon":
        choice = data.get("choice")
        if not isinstance(choice, str):
            raise ValueError("A saved moon choice needs a choice.")
        return ChooseMoon(seat, choice)
    raise ValueError(f"Unknown saved action type {kind!r}.")
