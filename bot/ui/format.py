"""Small text helpers shared by every game's views."""

from __future__ import annotations

from bot.ui.i18n import t


def duration(seconds: float, locale: str) -> str:
    """A duration as people say it: "under a minute", "12 min", "1 h 5 min"."""
    if seconds < 60:
        return t(locale, "time.under_minute")
    minutes = round(seconds / 60)
    if minutes < 60:
        return t(locale, "time.minutes", minutes=minutes)
    return t(locale, "time.hours", hours=minutes // 60, minutes=minutes % 60)
