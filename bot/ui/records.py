"""The lines under a game's end announcement that name the bests it beat (`bot.storage.records`), in the table's
language: "🏅 A new best for this team: 3 cards left, beating 7." or "🏅 A new best for Alice (Draw three): 112
moves, beating 130 · won in 4 min, beating 6 min."."""

from __future__ import annotations

from bot.service.table import Table
from bot.storage.records import Beaten
from bot.ui.format import duration, escape_name
from bot.ui.i18n import t


def records_text(table: Table, beaten: list[Beaten]) -> str | None:
    """One line per team or player whose best the game beat, players in seat order; None when it beat none. A time
    is only a record when it reads better: "4 min, beating 4 min" is not news."""
    locale = table.locale
    lines = []
    for best in beaten:
        if best.measure == "cards_left":
            count, previous = int(best.value), int(best.previous)
            if count == 0:
                lines.append(t(locale, "records.team_first_win", count=previous))
            else:
                lines.append(t(locale, "records.team_best", count=count, previous=previous))
    for seat in table.seats:
        parts = []
        for best in beaten:
            if best.user_id != seat.user_id or seat.is_ai:
                continue
            if best.measure == "moves":
                parts.append(t(locale, "records.fewest", count=int(best.value), previous=int(best.previous)))
            elif best.measure == "seconds":
                time, before = duration(best.value, locale), duration(best.previous, locale)
                if time != before:
                    parts.append(t(locale, "records.fastest", time=time, previous=before))
        if parts:
            variant = next(best.variant for best in beaten if best.user_id == seat.user_id)
            lines.append(
                t(
                    locale,
                    "records.solitaire",
                    name=escape_name(seat.name),
                    variant=t(locale, f"solitaire.variant.{variant}"),
                    bests=" · ".join(parts),
                )
            )
    return "\n".join(lines) or None
