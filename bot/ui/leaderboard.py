"""What the leaderboard, /stats, /history and /settings screens look like: embeds, select options and custom ids.

Phone-friendly: one team or game per short block of lines, never a wide table. Names are the members' current
display names when Discord knows them (see `MemberNames`), else the name stored with the game.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from babel.dates import format_skeleton
from babel.numbers import get_decimal_symbol

from bot.games.errors import GameError
from bot.languages import LANGUAGE_NAMES
from bot.storage.settings import GuildSettings
from bot.storage.stats import (
    GameRecord,
    LeaderboardFilters,
    LeaderboardPage,
    PlayerStats,
    SeatRecord,
    TeamStanding,
)
from bot.ui.chart import ChartLabels, ChartPoint
from bot.ui.controller import apologise, send_private
from bot.ui.format import duration, escape_name, unescaped
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import language_of, t

COLOUR = discord.Colour.gold()
COLOUR_STATS = discord.Colour.blurple()
COLOUR_SETTINGS = discord.Colour.dark_grey()
MEDALS = ("🥇", "🥈", "🥉")
MINE = "⭐"
CHART_FILE = "results.png"
HISTORY_SHOWN = 10

# A current name is a current name for ten minutes; a member who left stays "left" as long.
NAME_TTL = 600.0
NAME_CACHE_LIMIT = 10_000
NAME_BUDGET = 1.5  # seconds spent at most asking Discord for names before answering with the stored ones
NAME_CONCURRENCY = 4


# -- answering -----------------------------------------------------------------------------------------------
P = ParamSpec("P")
Owner = TypeVar("Owner")


def answering(
    handler: Callable[Concatenate[Owner, discord.Interaction[Any], P], Awaitable[None]],
) -> Callable[Concatenate[Owner, discord.Interaction[Any], P], Awaitable[None]]:
    """For a cog's handler or a button's callback: a GameError becomes one private sentence in the user's
    language, anything else an apology with a reference (as the table controller does)."""

    @functools.wraps(handler)
    async def wrapper(
        owner: Owner, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(owner, interaction, *args, **kwargs)
        except GameError as error:
            await send_private(interaction, t(interaction.locale, error.key, **error.params))
        except Exception as error:  # every failure becomes an answer
            await apologise(interaction, error)

    return wrapper  # type: ignore[return-value]  # functools.wraps' type is narrower than the callable's


def require_guild(interaction: discord.Interaction[Any], guild_id: int | None = None) -> discord.Guild:
    """The server the interaction comes from; a button carrying another server's id is refused."""
    guild = interaction.guild
    if guild is None:
        raise GameError("error.guild_only")
    if guild_id is not None and guild_id != guild.id:
        raise GameError("lb.wrong_server")
    return guild


# -- names ---------------------------------------------------------------------------------------------------
Names = dict[int, str | None]  # user id -> current display name, None when unknown or gone


class MemberNames:
    """Current display names without the privileged members intent.

    The member cache (members who interacted) first, then a small in-memory cache, then `guild.fetch_member` — a
    few at a time and within a time budget, so a page of fifty players never makes the answer late. NotFound means
    the member left the server: remembered, and the caller shows the name stored with the game.
    """

    def __init__(
        self,
        *,
        ttl: float = NAME_TTL,
        budget: float = NAME_BUDGET,
        concurrency: int = NAME_CONCURRENCY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl = ttl
        self.budget = budget
        self._clock = clock
        self._cache: dict[tuple[int, int], tuple[float, str | None]] = {}
        self._concurrency = concurrency
        self._semaphore: asyncio.Semaphore | None = None

    def remember(self, member: discord.abc.User) -> None:
        guild = getattr(member, "guild", None)
        if guild is not None:
            self._store(guild.id, member.id, member.display_name)

    def _store(self, guild_id: int, user_id: int, name: str | None) -> None:
        if len(self._cache) >= NAME_CACHE_LIMIT:
            now = self._clock()
            self._cache = {key: value for key, value in self._cache.items() if value[0] > now}
            if len(self._cache) >= NAME_CACHE_LIMIT:
                self._cache.clear()
        self._cache[(guild_id, user_id)] = (self._clock() + self.ttl, name)

    async def resolve(self, guild: discord.Guild, user_ids: Iterable[int]) -> Names:
        names: Names = {}
        missing = []
        now = self._clock()
        for user_id in sorted(set(user_ids)):
            member = guild.get_member(user_id)
            cached = self._cache.get((guild.id, user_id))
            if member is not None:
                names[user_id] = member.display_name
            elif cached is not None and cached[0] > now:
                names[user_id] = cached[1]
            else:
                missing.append(user_id)
        if missing:
            tasks = {user_id: asyncio.ensure_future(self._fetch(guild, user_id)) for user_id in missing}
            done, pending = await asyncio.wait(tasks.values(), timeout=self.budget)
            for task in pending:
                task.cancel()
            for user_id, task in tasks.items():
                names[user_id] = task.result() if task in done else None
        return names

    async def _fetch(self, guild: discord.Guild, user_id: int) -> str | None:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self._concurrency)
        async with self._semaphore:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                self._store(guild.id, user_id, None)
                return None
            except discord.HTTPException:
                return None  # not remembered: try again next time
        self._store(guild.id, user_id, member.display_name)
        return member.display_name


_names: weakref.WeakKeyDictionary[Any, MemberNames] = weakref.WeakKeyDictionary()


def member_names(client: Any) -> MemberNames:
    """The bot's one name cache, shared by the leaderboard, stats and history screens."""
    names = _names.get(client)
    if names is None:
        names = _names[client] = MemberNames()
    return names


def seat_ids(seats: Iterable[SeatRecord]) -> set[int]:
    return {seat.user_id for seat in seats if seat.user_id is not None and not seat.is_ai}


def seat_name(seat: SeatRecord, names: Mapping[int, str | None], locale: str) -> str:
    if seat.is_ai:
        return f"🤖 {escape_name(seat.name)}"
    if seat.user_id is None:
        return t(locale, "lb.anonymous")
    return escape_name(names.get(seat.user_id) or seat.name)


def team_names(seats: Sequence[SeatRecord], names: Names, locale: str) -> str:
    return " · ".join(seat_name(seat, names, locale) for seat in seats) or "—"


# -- small formats -------------------------------------------------------------------------------------------
def plural(locale: str, key: str, count: int) -> str:
    """The plural form of `key` the language's rule wants for `count` (see `bot.ui.i18n`); it gets {count}."""
    return t(locale, key, count=count)


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


def decimal(locale: str, value: float) -> str:
    """One decimal, written the reader's way: 2.5 in English, 2,5 in French and German."""
    return f"{value:.1f}".replace(".", get_decimal_symbol(language_of(locale)))


def when(seconds: float, style: str = "R") -> str:
    return f"<t:{int(seconds)}:{style}>"


def game_name(record: GameRecord, locale: str) -> str:
    return t(locale, f"game.{record.game}.name")


def variant_name(record: GameRecord, locale: str) -> str:
    return ui_for_key(record.game).record_variant(record, locale)


# -- the leaderboard -----------------------------------------------------------------------------------------
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


# -- a player's stats ----------------------------------------------------------------------------------------
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


# -- history -------------------------------------------------------------------------------------------------
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


# -- settings ------------------------------------------------------------------------------------------------
def settings_embed(
    settings: GuildSettings, games: int, locale: str, *, language: str, notice: str | None = None
) -> discord.Embed:
    """The settings panel; `language`: the one the server's public messages use now (chosen or automatic)."""
    embed = discord.Embed(title=t(locale, "settings.title"), colour=COLOUR_SETTINGS)
    if notice:
        embed.description = notice
    chosen = f"**{LANGUAGE_NAMES[language]}**"
    embed.add_field(
        name=t(locale, "settings.language"),
        value=chosen if settings.language else f"{chosen} — {t(locale, 'settings.language.auto')}",
        inline=False,
    )
    mode = settings.chat_rule_mode.value
    embed.add_field(
        name=t(locale, "settings.chat_rule"),
        value=f"**{t(locale, f'settings.mode.{mode}')}** — {t(locale, f'settings.mode.{mode}.help')}",
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.everyone"),
        value=t(locale, "settings.everyone.on" if settings.chat_rule_everyone else "settings.everyone.off"),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.hints"),
        value=t(locale, "settings.on" if settings.hints_enabled else "settings.off"),
        inline=False,
    )
    embed.add_field(
        name=t(locale, "settings.history"), value=plural(locale, "settings.games", games), inline=False
    )
    embed.set_footer(text=t(locale, "settings.how"))
    return embed
