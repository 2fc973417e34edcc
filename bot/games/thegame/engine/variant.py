"""Game options: player counts, hand sizes, turn minimums and the expert variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MIN_PLAYERS = 1
MAX_PLAYERS = 5

# Standard hand sizes by player count: 8 solo, 7 with two players, 6 with three to five.
_HAND_SIZES: dict[int, int] = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}

STANDARD_MINIMUM = 2  # cards per turn while the draw pile has cards
EXPERT_MINIMUM = 3  # the same with the expert "higher minimum" variant
EMPTY_DRAW_PILE_MINIMUM = 1  # cards per turn once the draw pile is empty, in every variant


def check_players(players: int) -> None:
    """Raise ValueError unless `players` is a valid player count (1 to 5)."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"The Game is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules options chosen when a game is created; both expert variants may be combined."""

    higher_minimum: bool = False  # expert: minimum 3 while the draw pile has cards
    smaller_hand: bool = False  # expert: one card fewer in hand

    @property
    def is_expert(self) -> bool:
        """True when any expert variant is on."""
        return self.higher_minimum or self.smaller_hand

    def hand_size(self, players: int) -> int:
        """The number of cards each player holds (and refills to) for this player count."""
        check_players(players)
        return _HAND_SIZES[players] - (1 if self.smaller_hand else 0)

    def minimum(self, draw_pile_empty: bool) -> int:
        """The minimum number of cards a turn must play."""
        if draw_pile_empty:
            return EMPTY_DRAW_PILE_MINIMUM
        return EXPERT_MINIMUM if self.higher_minimum else STANDARD_MINIMUM

    def to_dict(self) -> dict[str, Any]:
        return {"higher_minimum": self.higher_minimum, "smaller_hand": self.smaller_hand}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variant:
        """The variant saved by `to_dict`; missing options are off. ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"A variant must be a dict, not {type(data).__name__}.")
        unknown = set(data) - {"higher_minimum", "smaller_hand"}
        if unknown:
            raise ValueError(f"Unknown variant options: {', '.join(sorted(map(str, unknown)))}.")
        values: dict[str, bool] = {}
        for key in ("higher_minimum", "smaller_hand"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise ValueError(f"Variant option {key} must be true or false, not {value!r}.")
            values[key] = value
        return cls(higher_minimum=values["higher_minimum"], smaller_hand=values["smaller_hand"])


STANDARD = Variant()
EXPERT = Variant(higher_minimum=True, smaller_hand=True)
