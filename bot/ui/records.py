"""The lines under a game's end announcement that name what it changed in the records (`bot.storage.records`), in
the table's language: the bests it beat ("🏆 A new record for this server (3 players): 2 cards left, beating 5.",
"🏅 A new best for this team: 3 cards left, beating 7.", "🏅 A new best for Alice (Draw three): 112 moves, beating
130 · won in 4 min, beating 6 min.") or, in a rated game, each player's new rating and place ("📊 Ratings: Alice 3.2
(+3.2), #1 · Bob 1.1 (-0.4), #3")."""

from __future__ import annotations

from babel.lists import format_list

from bot.service.table import Table
from bot.storage.records import Beaten, DailyPlace, RatingChange
from bot.ui.format import duration, escape_name, rating_change
from bot.ui.i18n import language_of, t


def records_text(table: Table, beaten: list[Beaten], locale: str | None = None) -> str | None:
    """One line per record or best the game beat: The Game's (the server's, or the team's), a solitaire deal's (the
    server's, naming who set it, then each player's, in seat order); None when it beat none. A time is only a
    record when it reads better: "4 min, beating 4 min" is not news. In `locale`, the table's language by
    default."""
    locale = locale or table.locale
    lines = []
    for best in beaten:
        if best.measure == "cards_left":
            count, previous, kind = int(best.value), int(best.previous), kind_text(best, locale)
            if count == 0:
                lines.append(t(locale, f"records.{best.scope}_first_win", count=previous, kind=kind))
            else:
                lines.append(
                    t(locale, f"records.{best.scope}_best", count=count, previous=previous, kind=kind)
                )
    humans = [seat for seat in table.seats if not seat.is_ai]
    if bests := solitaire_bests([best for best in beaten if best.scope == "server"], locale):
        names = format_list([escape_name(seat.name) for seat in humans], locale=language_of(locale))
        lines.append(t(locale, "records.server_solitaire", count=len(humans), names=names, **bests))
    for seat in humans:
        mine = [best for best in beaten if best.scope == "player" and best.user_id == seat.user_id]
        if bests := solitaire_bests(mine, locale):
            lines.append(t(locale, "records.solitaire", name=escape_name(seat.name), **bests))
    return "\n".join(lines) or None


def daily_text(table: Table, place: DailyPlace | None, locale: str | None = None) -> str | None:
    """Where the team stands on the day's deal it just played: "🗓️ Daily deal of 2026-11-27: this team is #2 of 5
    teams."; None for a game that was not the day's deal."""
    if place is None:
        return None
    return t(
        locale or table.locale, "records.daily", count=place.teams, position=place.position, date=place.day
    )


def solitaire_bests(beaten: list[Beaten], locale: str) -> dict[str, str]:
    """A solitaire deal's records beaten, as one line's `variant` and `bests` ("112 moves, beating 130 · won in
    4 min, beating 6 min"); empty when none reads better."""
    parts = []
    for best in beaten:
        if best.measure == "moves":
            parts.append(t(locale, "records.fewest", count=int(best.value), previous=int(best.previous)))
        elif best.measure == "seconds":
            time, before = duration(best.value, locale), duration(best.previous, locale)
            if time != before:
                parts.append(t(locale, "records.fastest", time=time, previous=before))
    if not parts:
        return {}
    return {"variant": t(locale, f"solitaire.variant.{beaten[0].variant}"), "bests": " · ".join(parts)}


def kind_text(best: Beaten, locale: str) -> str:
    """The kind of game a server's record is of, in the leaderboard's words: "3 players, expert rules, with AI
    teammates"."""
    parts = [t(locale, "lb.filter.players", count=best.players)]
    if best.variant == "expert":
        parts.append(t(locale, "lb.filter.expert"))
    if best.with_ai:
        parts.append(t(locale, "records.kind_ai"))
    return ", ".join(parts)


def rating_changes_text(table: Table, changes: list[RatingChange], locale: str | None = None) -> str | None:
    """Each human player's rating after the game and what the game changed, in seat order; None when none was kept
    (a game stored before the changes were). In `locale`, the table's language by default."""
    locale = locale or table.locale
    names = {seat.user_id: seat.name for seat in table.seats if not seat.is_ai}
    shown = []
    for change in changes:
        if change.user_id not in names:
            continue
        rating = rating_change(locale, change.before, change.after)
        if change.position is not None:
            rating = t(locale, "records.rating_position", rating=rating, position=change.position)
        shown.append(t(locale, "records.rating", name=escape_name(names[change.user_id]), rating=rating))
    return t(locale, "records.ratings", ratings=" · ".join(shown)) if shown else None
