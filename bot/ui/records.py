"""The lines under a game's end announcement that name what it changed in the records (`bot.storage.records`), in
the table's language: the bests it beat ("🏆 A new record for this server (3 players): 2 cards left, beating 5.",
"🏅 A new best for this team: 3 cards left, beating 7.", "🏅 A new best for Alice (Draw three): 112 moves, beating
130 · won in 4 min, beating 6 min.") or, in a rated game, each player's new rating ("📊 Ratings: Alice 3.2 (+3.2) ·
Bob 1.1 (-0.4)")."""

from __future__ import annotations

from bot.service.table import Table
from bot.storage.records import Beaten, RatingChange
from bot.ui.format import duration, escape_name, rating_change
from bot.ui.i18n import t


def records_text(table: Table, beaten: list[Beaten]) -> str | None:
    """One line per team or player whose best the game beat, players in seat order; None when it beat none. A time
    is only a record when it reads better: "4 min, beating 4 min" is not news."""
    locale = table.locale
    lines = []
    for best in beaten:
        if best.measure in ("cards_left", "server_cards_left"):
            whose = "team" if best.measure == "cards_left" else "server"
            count, previous, kind = int(best.value), int(best.previous), kind_text(best, locale)
            if count == 0:
                lines.append(t(locale, f"records.{whose}_first_win", count=previous, kind=kind))
            else:
                lines.append(t(locale, f"records.{whose}_best", count=count, previous=previous, kind=kind))
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


def kind_text(best: Beaten, locale: str) -> str:
    """The kind of game a server's record is of, in the leaderboard's words: "3 players, expert rules, with AI
    teammates"."""
    parts = [t(locale, "lb.filter.players", count=best.players)]
    if best.variant == "expert":
        parts.append(t(locale, "lb.filter.expert"))
    if best.with_ai:
        parts.append(t(locale, "records.kind_ai"))
    return ", ".join(parts)


def rating_changes_text(table: Table, changes: list[RatingChange]) -> str | None:
    """Each human player's rating after the game and what the game changed, in seat order; None when none was kept
    (a game stored before the changes were)."""
    locale = table.locale
    names = {seat.user_id: seat.name for seat in table.seats if not seat.is_ai}
    shown = []
    for change in changes:
        if change.user_id not in names:
            continue
        shown.append(
            t(
                locale,
                "records.rating",
                name=escape_name(names[change.user_id]),
                rating=rating_change(locale, change.before, change.after),
            )
        )
    return t(locale, "records.ratings", ratings=" · ".join(shown)) if shown else None
