"""How a hand scores (with the moon) and who wins the game."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.hearts.options import MoonChoice


def moon_shooter(penalty_cards_taken: Sequence[int], penalty_cards_dealt: int) -> int | None:
    """The seat that took every penalty card dealt this hand, or None.

    Choice: with cards set aside (3 players, or 5-7 players with two decks), "every penalty card" means every
    penalty card that was dealt; the award stays the full total of the decks (`HeartsOptions.moon_award`).
    """
    if penalty_cards_dealt <= 0:
        return None
    for seat, taken in enumerate(penalty_cards_taken):
        if taken == penalty_cards_dealt:
            return seat
    return None


def moon_points(players: int, shooter: int, choice: MoonChoice | str, award: int) -> tuple[int, ...]:
    """The hand's points when `shooter` shot the moon: minus `award` for the shooter (MINUS_SELF), or plus `award`
    for every other seat (PLUS_OTHERS)."""
    choice = MoonChoice(choice)
    if choice is MoonChoice.MINUS_SELF:
        return tuple(-award if seat == shooter else 0 for seat in range(players))
    return tuple(0 if seat == shooter else award for seat in range(players))


def game_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total (several on a tie: they share the win)."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)


def reached_target(totals: Sequence[int], target: int) -> bool:
    """Whether some seat has `target` points or more (the game ends after this hand)."""
    return any(total >= target for total in totals)
