"""What The Game's team leaderboard looks like: embeds and the custom ids of its pages and filters.

Phone-friendly: one team per short block of lines, never a wide table. Names are the members' current display
names when Discord knows them (see `bot.ui.member_names`), else the name stored with the game.
"""

from __future__ import annotations

import re

import discord

from bot.storage.stats import LeaderboardFilters, LeaderboardPage, TeamStanding
from bot.ui.format import decimal, escape_name, plural, when
from bot.ui.i18n import t
from bot.ui.member_names import Names, seat_ids, team_names

COLOUR = discord.Colour.gold()
MEDALS = ("🥇", "🥈", "🥉")
MINE = "⭐"


LEADERBOARD_ID = re.compile(
    r"tg:lb:(?P<guild>\d+):(?P<page>\d{1,5}):p(?P<players>[0-5])v(?P<variant>[se-])a(?P<ai>[01])d(?P<daily>\d{8}|-)"
)
LEADERBOARD_TEMPLATE = LEADERBOARD_ID.pattern


def leaderboard_custom_id(guild_id: int, page: int, filters: LeaderboardFilters) -> str:
    """Everything a page button needs, so it works after a restart and for anyone (at most ~60 characters)."""
    variant = {"standard": "s", "expert": "e"}.get(filters.variant or "", "-")
    daily = filters.daily.replace("-", "") if filters.daily else "-"
    return f"tg:lb:{guild_id}:{page}:p{filters.players or 0}v{variant}a{int(filters.ai)}d{daily}"


def parse_leaderboard_id(match: re.Match[str]) -> tuple[int, int, LeaderboardFilters]:
    daily = match["daily"]
    filters = LeaderboardFilters(
        players=int(match["players"]) or None,
        variant={"s": "standard", "e": "expert"}.get(match["variant"]),
        daily=f"{daily[:4]}-{daily[4:6]}-{daily[6:]}" if daily != "-" else None,
        ai=match["ai"] == "1",
    )
    return int(match["guild"]), int(match["page"]), filters


def filters_text(filters: LeaderboardFilters, locale: str) -> str:
    parts = [t(locale, "lb.filter.ai" if filters.ai else "lb.filter.humans")]
    if filters.players:
        parts.append(plural(locale, "lb.filter.players", filters.players))
    if filters.variant:
        parts.append(t(locale, f"lb.filter.{filters.variant}"))
    if filters.daily:
        parts.append(t(locale, "lb.filter.daily", date=filters.daily))
    return " · ".join(parts)


def rank_mark(position: int) -> str:
    return MEDALS[position - 1] if position <= len(MEDALS) else f"**{position}.**"


def team_block(team: TeamStanding, names: Names, locale: str, viewer_id: int | None) -> str:
    mine = f" {MINE}" if viewer_id is not None and team.includes(viewer_id) else ""
    best = t(locale, "lb.best_won") if team.best == 0 else t(locale, "lb.best", count=team.best)
    figures = " · ".join(
        (
            best,
            plural(locale, "lb.wins", team.wins),
            plural(locale, "lb.games", team.played),
            t(locale, "lb.average", average=decimal(locale, team.average)),
            when(team.last_played),
        )
    )
    return f"{rank_mark(team.position)} **{team_names(team.seats, names, locale)}**{mine}\n{figures}"


def leaderboard_embed(
    page: LeaderboardPage,
    names: Names,
    locale: str,
    *,
    guild_name: str,
    viewer_id: int | None,
    viewer_name: str | None,
) -> discord.Embed:
    embed = discord.Embed(title=t(locale, "lb.title", server=escape_name(guild_name)), colour=COLOUR)
    lines = [f"*{filters_text(page.filters, locale)}*", ""]
    if page.teams:
        lines.append("\n\n".join(team_block(team, names, locale, viewer_id) for team in page.teams))
    else:
        filtered = page.filters.players or page.filters.variant or page.filters.daily or page.filters.ai
        lines.append(t(locale, "lb.empty_filtered" if filtered else "lb.empty"))
    embed.description = "\n".join(lines)
    footer = [
        t(locale, "lb.page", page=page.page + 1, pages=page.page_count),
        plural(locale, "lb.teams", page.total_teams),
    ]
    if viewer_name is not None and page.viewer_best is not None:
        footer.append(t(locale, "lb.mine", mark=MINE, name=viewer_name, position=page.viewer_best.position))
    embed.set_footer(text=" · ".join(footer))
    return embed


def leaderboard_names_needed(page: LeaderboardPage) -> set[int]:
    return {user for team in page.teams for user in seat_ids(team.seats)}
