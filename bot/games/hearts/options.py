"""The game's options (with the rules version a game is played by), its phases and the passing cycle."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

MIN_PLAYERS = 3
MAX_PLAYERS = 8
HAND_SIZE = 13
PASS_SIZE = 3
DEFAULT_TARGET = 100

# The rules a game is played by, saved with it: a game keeps the rules it was started with.
# 1: the games started before the first-lead rule: the first leader may lead any card, and on the first trick a
#    card that follows suit may be a penalty card (only a seat that cannot follow is held to "no points").
# 2: the 2 of clubs (or, when nobody holds it, the lowest card in play) leads the first trick, and on the first
#    trick nobody plays a heart or the queen of spades while holding another card they may play, following suit
#    included.
ORIGINAL_RULES = 1
CLUB_LEAD_RULES = 2
CURRENT_RULES = CLUB_LEAD_RULES
RULES_VERSIONS = (ORIGINAL_RULES, CLUB_LEAD_RULES)


class Phase(enum.StrEnum):
    """Where a hand stands. PASSING: seats choose the 3 cards they pass; PLAYING: tricks; MOON_CHOICE: the seat
    that took every penalty card chooses how it scores; OVER: the game is finished."""

    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"
    OVER = "over"


class MoonChoice(enum.StrEnum):
    """What a seat that shot the moon chooses: its own hand scores minus the full penalty total (-26, or -52 with
    two decks), or every other seat scores plus that total."""

    MINUS_SELF = "minus_self"
    PLUS_OTHERS = "plus_others"


@dataclass(frozen=True, slots=True)
class HeartsOptions:
    """A table's settings: 3 to 8 players (two decks from 5 players), the total that ends the game, and the rules
    version (`CURRENT_RULES` for a new game; a saved game without one was started under `ORIGINAL_RULES`)."""

    players: int = 4
    target: int = DEFAULT_TARGET
    rules_version: int = CURRENT_RULES

    def __post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"Hearts is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players!r}."
            )
        if type(self.target) is not int or self.target < 1:
            raise ValueError(f"The target must be a positive whole number of points, not {self.target!r}.")
        if type(self.rules_version) is not int or self.rules_version not in RULES_VERSIONS:
            raise ValueError(f"Unknown Hearts rules version {self.rules_version!r}.")

    @property
    def decks(self) -> int:
        """1 for 3 or 4 players, 2 for 5 to 8."""
        return 1 if self.players <= 4 else 2

    @property
    def moon_award(self) -> int:
        """The full penalty total of the decks in use: 26 per deck."""
        return 26 * self.decks

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target, "rules_version": self.rules_version}

    @classmethod
    def from_dict(cls, data: Any) -> HeartsOptions:
        """The options saved by `to_dict`; ValueError on bad data. Options saved without a rules version come from
        a game started before there was one: it keeps `ORIGINAL_RULES`."""
        if not isinstance(data, dict):
            raise ValueError(f"Hearts options must be a dict, not {type(data).__name__}.")
        return cls(
            players=data.get("players", 4),
            target=data.get("target", DEFAULT_TARGET),
            rules_version=data.get("rules_version", ORIGINAL_RULES),
        )


def pass_offset_for(players: int, hand_number: int) -> int | None:
    """Where hand `hand_number` (0-based) passes: +1 to the left, -1 to the right, then across, then no pass
    (None), repeating. Across is players // 2 seats for an even count; with an odd count nobody sits opposite, so
    the rules' choice is two seats to the left (+2; with 3 players that is the same seat as the right)."""
    step = hand_number % 4
    if step == 0:
        return 1
    if step == 1:
        return -1
    if step == 2:
        return players // 2 if players % 2 == 0 else 2
    return None
