"""Who asked for what: the table's markers, per seat, merged into one kind per pile."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.thegame.ai.types import MARKER_KINDS, MarkerKind
from bot.games.thegame.engine import PILE_NAMES

_STRENGTH = {kind: rank for rank, kind in enumerate(reversed(MARKER_KINDS))}  # keep_off beats small_steps


class MarkerBoard:
    """The markers set by each seat. A seat sets and clears only its own; teammates see them merged per pile
    (the strongest kind wins: keep_off over small_steps)."""

    def __init__(self) -> None:
        self._by_seat: dict[int, dict[str, MarkerKind]] = {}

    def apply(self, seat: int, changes: Mapping[str, MarkerKind | None]) -> None:
        """Set (a kind) or clear (None) `seat`'s markers on the piles named in `changes`."""
        own = self._by_seat.setdefault(seat, {})
        for pile, kind in changes.items():
            if pile not in PILE_NAMES:
                raise ValueError(f"There is no pile {pile!r}.")
            if kind is None:
                own.pop(pile, None)
            elif kind in MARKER_KINDS:
                own[pile] = kind
            else:
                raise ValueError(f"Unknown marker kind {kind!r}.")

    def clear(self, seat: int) -> None:
        self._by_seat.pop(seat, None)

    def of_seat(self, seat: int) -> dict[str, MarkerKind]:
        return dict(self._by_seat.get(seat, {}))

    def for_seat(self, seat: int) -> dict[str, str]:
        """The teammates' markers as `seat` sees them (its own left out), one kind per pile."""
        return self._merged(other for other in self._by_seat if other != seat)

    def table(self) -> dict[str, str]:
        """Everyone's markers, one kind per pile (what the board shows)."""
        return self._merged(self._by_seat)

    def _merged(self, seats: object) -> dict[str, str]:
        merged: dict[str, MarkerKind] = {}
        for seat in seats:  # type: ignore[attr-defined]
            for pile, kind in self._by_seat[seat].items():
                current = merged.get(pile)
                if current is None or _STRENGTH[kind] > _STRENGTH[current]:
                    merged[pile] = kind
        return dict(merged)
