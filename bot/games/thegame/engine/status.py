"""Where a game stands, and how well the team did."""

from __future__ import annotations

import enum


class Status(enum.StrEnum):
    CHOOSING_FIRST = "choosing_first"  # hands dealt, the team has not chosen who starts
    PLAYING = "playing"
    WON = "won"  # all 98 cards on the piles
    LOST = "lost"  # someone could not play the minimum

    @property
    def is_over(self) -> bool:
        return self is Status.WON or self is Status.LOST


class Rating(enum.StrEnum):
    """The team's result by cards left: 0 WIN, 1-9 EXCELLENT, 10-19 GOOD, 20-29 FAIR, 30+ KEEP_TRYING."""

    WIN = "win"
    EXCELLENT = "excellent"
    GOOD = "good"
    FAIR = "fair"
    KEEP_TRYING = "keep_trying"


def rating_for(cards_left: int) -> Rating:
    """The rating for a score (cards not played)."""
    if cards_left < 0:
        raise ValueError(f"cards_left cannot be negative: {cards_left}")
    if cards_left == 0:
        return Rating.WIN
    if cards_left < 10:
        return Rating.EXCELLENT
    if cards_left < 20:
        return Rating.GOOD
    if cards_left < 30:
        return Rating.FAIR
    return Rating.KEEP_TRYING
