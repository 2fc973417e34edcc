"""What `/stats` looks like: a player's record in The Game, with its chart's points and labels."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
from babel.dates import format_skeleton

from bot.storage.stats import PlayerStats
from bot.ui.chart import ChartLabels, ChartPoint
from bot.ui.format import decimal, escape_name, plural, when
from bot.ui.i18n import language_of, t
from bot.ui.member_names import Names

COLOUR_STATS = discord.Colour.blurple()
CHART_FILE = "results.png"


def chart_points(stats: PlayerStats, locale: str) -> list[ChartPoint]:
    """The /stats chart's games, oldest first, each dated the reader's way ("12 Mar", "12 mars")."""
    language = language_of(locale)
    return [
        ChartPoint(
            result.cards_left,
            result.won,
            format_skeleton("MMMd", datetime.fromtimestamp(result.ended_at, UTC), locale=language),
        )
        for result in stats.recent
    ]


def chart_labels(locale: str) -> ChartLabels:
    return ChartLabels(
        won=t(locale, "stats.legend.won"),
        excellent=t(locale, "stats.legend.excellent"),
        good=t(locale, "stats.legend.good"),
        other=t(locale, "stats.legend.more"),
    )


def stats_embed(
    stats: PlayerStats, names: Names, locale: str, *, name: str, with_chart: bool
) -> discord.Embed:
    name = escape_name(name)
    embed = discord.Embed(title=t(locale, "stats.title", name=name), colour=COLOUR_STATS)
    if stats.games == 0:
        embed.description = t(locale, "stats.no_games", name=name)
        return embed
    lines = [
        f"**{t(locale, 'game.thegame.name')}**",  # what these figures count: The Game's games only
        plural(locale, "stats.games", stats.games)
        + " — "
        + " · ".join(
            (
                plural(locale, "stats.won", stats.wins),
                plural(locale, "stats.lost", stats.losses),
                plural(locale, "stats.abandoned", stats.abandoned),
            )
        ),
    ]
    if stats.best is not None and stats.average is not None:
        lines.append(t(locale, "stats.results", count=stats.best, average=decimal(locale, stats.average)))
    if stats.teammates:
        mates = ", ".join(
            t(
                locale,
                "stats.teammate",
                name=escape_name(names.get(mate.user_id) or mate.name),
                count=mate.games,
            )
            for mate in stats.teammates
        )
        lines.append(t(locale, "stats.teammates", teammates=mates))
    lines.append(
        plural(locale, "stats.violations", stats.violations)
        + " · "
        + plural(locale, "stats.hints", stats.hints)
    )
    if stats.first_played is not None and stats.last_played is not None:
        lines.append(
            t(locale, "stats.since", first=when(stats.first_played, "D"), last=when(stats.last_played))
        )
    embed.description = "\n".join(lines)
    if with_chart:
        embed.add_field(
            name=t(locale, "stats.chart_title", count=len(stats.recent)),
            value=t(locale, "stats.chart_legend"),
            inline=False,
        )
        embed.set_image(url=f"attachment://{CHART_FILE}")
    return embed


def stats_names_needed(stats: PlayerStats) -> set[int]:
    return {mate.user_id for mate in stats.teammates}
