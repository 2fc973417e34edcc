"""The table's options and the schedule they give: which contract each hand plays and who deals it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.barbu.contracts import CONTRACT_ORDER, Contract, check_players

HANDS_PER_CYCLE = len(CONTRACT_ORDER)


@dataclass(frozen=True, slots=True)
class BarbuOptions:
    """How a game is played.

    - `players`: 3 to 8.
    - `full_cycle`: False (default) plays one cycle of five hands, one per contract in order, the deal passing
      left after each hand (dealers 0, 1, 2, 3, 4 modulo the table size). True plays `players * 5` hands in the
      traditional order: seat 0 deals the five contracts in order, then seat 1 deals the five contracts, and so
      on (hand `n` is dealt by seat `n // 5` and plays contract `n % 5`).
    - `early_end`: False (default) plays every hand to its last card. True ends a no-hearts, no-queens or barbu
      hand as soon as every penalty card that was dealt has been taken (right after the trick that takes the
      last one; at once if none was dealt, which only happens with cards set aside). Fewest tricks and the salad
      always play to the last card, since every trick costs points there.
    """

    players: int = 4
    full_cycle: bool = False
    early_end: bool = False

    def __post_init__(self) -> None:
        check_players(self.players)
        if type(self.full_cycle) is not bool or type(self.early_end) is not bool:
            raise ValueError("The options full_cycle and early_end must be true or false.")

    @property
    def hands_total(self) -> int:
        """How many hands the game has: 5, or `players * 5` with `full_cycle`."""
        return HANDS_PER_CYCLE * self.players if self.full_cycle else HANDS_PER_CYCLE

    def contract_for(self, hand_number: int) -> Contract:
        """The contract of hand `hand_number` (0-based)."""
        return CONTRACT_ORDER[hand_number % HANDS_PER_CYCLE]

    def dealer_for(self, hand_number: int) -> int:
        """The seat that deals hand `hand_number` (0-based); the seat to its left leads the first trick."""
        if self.full_cycle:
            return (hand_number // HANDS_PER_CYCLE) % self.players
        return hand_number % self.players

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "full_cycle": self.full_cycle, "early_end": self.early_end}

    @classmethod
    def from_dict(cls, data: object) -> BarbuOptions:
        """The options saved by `to_dict` (missing keys take their defaults); ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"Saved Barbu options must be a dict, not {type(data).__name__}.")
        unknown = set(data) - {"players", "full_cycle", "early_end"}
        if unknown:
            raise ValueError(f"Unknown Barbu options: {sorted(unknown)}.")
        return cls(
            players=data.get("players", 4),
            full_cycle=data.get("full_cycle", False),
            early_end=data.get("early_end", False),
        )
