"""What `/history` looks like: the last finished games, a menu to pick one, and one game's details."""

from __future__ import annotations

import time
from collections.abc import Sequence

import discord

from bot.storage.stats import GameRecord
from bot.ui.format import duration, plural, rating_change, unescaped, when
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import t
from bot.ui.member_names import Names, seat_name, team_names

COLOUR = discord.Colour.gold()
HISTORY_SHOWN = 10


def game_name(record: GameRecord, locale: str) -> str:
    return t(locale, f"game.{record.game}.name")


def variant_name(record: GameRecord, locale: str) -> str:
    return ui_for_key(record.game).record_variant(record, locale)


def outcome_text(record: GameRecord, names: Names, locale: str) -> str:
    """A stored game's result in one line of `/history`, each game its own way (`GameUI.record_outcome`; found in
    the playground: a Klondike deal given up with no card up read "won with 0 pts"); a rated game given up, the
    same way for every game."""
    ui = ui_for_key(record.game)
    forfeiters = [seat for seat in record.seats if seat.forfeited]
    if forfeiters:
        given_up = ", ".join(seat_name(seat, names, locale) for seat in forfeiters)
        return t(locale, "history.forfeit_game", game=ui.name(locale), name=given_up)
    return ui.record_outcome(record, names, locale)


def history_embed(
    records: Sequence[GameRecord], names: Names, locale: str, *, channel_id: int | None
) -> discord.Embed:
    title = t(locale, "history.title_channel") if channel_id else t(locale, "history.title_server")
    embed = discord.Embed(title=title, colour=COLOUR)
    if not records:
        embed.description = t(locale, "history.empty")
        return embed
    blocks = []
    for number, record in enumerate(records, start=1):
        where = f" · <#{record.channel_id}>" if channel_id is None else ""
        blocks.append(
            f"**{number}.** {outcome_text(record, names, locale)} · {when(record.ended_at)}{where}\n"
            f"{team_names(record.seats, names, locale)} · {variant_name(record, locale)}"
        )
    embed.description = "\n\n".join(blocks)
    embed.set_footer(text=t(locale, "history.choose_hint"))
    return embed


def history_option(number: int, record: GameRecord, names: Names, locale: str) -> discord.SelectOption:
    players = ", ".join(seat_name(seat, names, locale) for seat in record.seats)
    label = f"{number}. {outcome_text(record, names, locale)} — {players}"
    day = time.strftime("%Y-%m-%d", time.gmtime(record.ended_at))
    description = t(locale, "history.option", date=day, code=record.deal_code)
    return discord.SelectOption(
        label=_clip(_plain(label), 100), value=str(record.id), description=description[:100]
    )


def game_embed(record: GameRecord, names: Names, locale: str) -> discord.Embed:
    titles = {
        "won": "history.summary_won",
        "lost": "history.summary_lost",
        "abandoned": "history.summary_abandoned",
        "finished": "history.summary_finished",
    }
    title = titles[record.outcome]
    if record.outcome == "finished" and not any(seat.won for seat in record.seats):
        title = "history.summary_drawn"  # a Crapette game can end drawn: nobody won
    embed = discord.Embed(
        title=t(locale, title, game=game_name(record, locale)),
        colour=discord.Colour.gold()
        if title in ("history.summary_won", "history.summary_finished")
        else discord.Colour.dark_grey(),
    )
    embed.description = t(
        locale, "history.summary_when", when=when(record.ended_at, "f"), channel=record.channel_id
    )
    ui = ui_for_key(record.game)
    if ui.record_score_field is not None:
        embed.add_field(name=t(locale, ui.record_score_field), value=str(record.cards_left))
    embed.add_field(name=t(locale, ui.record_turns_field), value=str(record.turns))
    embed.add_field(
        name=t(locale, "history.duration"), value=duration(record.ended_at - record.started_at, locale)
    )
    players = []
    for seat in record.seats:
        extras = []
        if seat.violations:
            extras.append(plural(locale, "stats.violations", seat.violations))
        if seat.hints:
            extras.append(plural(locale, "stats.hints", seat.hints))
        if points := ui.record_seat_points(seat, locale):
            extras.insert(0, points)
        if seat.rating_before is not None and seat.rating_after is not None:
            rating = rating_change(locale, seat.rating_before, seat.rating_after)
            extras.append(t(locale, "history.rating", rating=rating))
        if seat.forfeited:
            extras.insert(0, t(locale, "history.gave_up"))
        mark = "🏆" if seat.won else "🏳️" if seat.forfeited else "•"
        players.append(
            f"{mark} {seat_name(seat, names, locale)}" + (f" — {', '.join(extras)}" if extras else "")
        )
    embed.add_field(name=t(locale, "history.players"), value="\n".join(players) or "—", inline=False)
    rules = variant_name(record, locale)
    if record.daily:
        rules += " · " + t(locale, "history.daily", date=record.daily)
    embed.add_field(name=t(locale, "history.rules"), value=rules, inline=False)
    embed.set_footer(text=t(locale, "history.deal", code=record.deal_code))
    return embed


def _plain(text: str) -> str:
    """A line of text for a menu option, which shows no markdown: no bold, no code, names as written."""
    return unescaped(text.replace("**", "").replace("`", ""))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
