"""Small text helpers shared by every game's views."""

from __future__ import annotations

from bot.ui.i18n import t


def duration(seconds: float, locale: str) -> str:
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        return t(locale, "time.minutes", minutes=minutes)
    return t(locale, "time.hours", hours=minutes // 60, minutes=minutes % 60)
