"""The leaderboard of a competitive game (Hearts, Barbu): players ranked by their OpenSkill rating."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord

from bot.storage.ratings import RatedPlayer, RatingPage, RecentPlace
from bot.storage.solitaire import SolitaireRecord, SolitaireStanding
from bot.ui.format import decimal, duration, escape_name, plural, shown_rating, when
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import t
from bot.ui.leaderboard import MEDALS
from bot.ui.member_names import Names

COLOUR = discord.Colour.gold()
RATING_TEMPLATE = r"tg:rlb:(?P<guild>\d+):(?P<game>[a-z]{1,20}):(?P<page>\d{1,5})"


def rating_custom_id(guild_id: int, game: str, page: int) -> str:
    return f"tg:rlb:{guild_id}:{game}:{page}"


def parse_rating_id(match: re.Match[str]) -> tuple[int, str, int]:
    return int(match["guild"]), match["game"], int(match["page"])


def average_text(game: str, player: RatedPlayer, locale: str) -> str:
    """A player's average of the game's points ("avg 12.5 pts"; Crapette's are cards left)."""
    return t(locale, ui_for_key(game).rating_average_key, points=decimal(locale, player.average_points))


def player_block(
    page_game: str, player: RatedPlayer, names: Names, locale: str, viewer_id: int | None
) -> str:
    mark = MEDALS[player.position - 1] if player.position <= len(MEDALS) else f"**{player.position}.**"
    mine = " ⭐" if player.user_id == viewer_id else ""
    name = escape_name(names.get(player.user_id) or player.name)
    figures = " · ".join(
        (
            t(locale, "rating.value", rating=shown_rating(player.rating)),
            plural(locale, "lb.wins", player.wins),
            plural(locale, "lb.games", player.games),
            average_text(page_game, player, locale),
            *((plural(locale, "rating.calls", player.calls),) if player.calls else ()),
            when(player.last_played),
        )
    )
    return f"{mark} **{name}**{mine}\n{figures}"


def rating_embed(
    page: RatingPage, names: Names, locale: str, *, guild_name: str, viewer_id: int | None, viewer_name: str
) -> discord.Embed:
    game = ui_for_key(page.game).name(locale)
    embed = discord.Embed(
        title=t(locale, "rating.title", game=game, server=escape_name(guild_name)), colour=COLOUR
    )
    if page.players:
        body = "\n\n".join(
            player_block(page.game, player, names, locale, viewer_id) for player in page.players
        )
    else:
        body = t(locale, "rating.empty", game=game)
    embed.description = f"*{t(locale, 'rating.explained')}*\n\n{body}"
    footer = [t(locale, "lb.page", page=page.page + 1, pages=page.page_count)]
    footer.append(plural(locale, "rating.players", page.total))
    if page.viewer is not None:
        footer.append(t(locale, "lb.mine_player", name=viewer_name, position=page.viewer.position))
    embed.set_footer(text=" · ".join(footer))
    return embed


def rating_names_needed(page: RatingPage) -> set[int]:
    return {player.user_id for player in page.players}


def place_mark(recent: RecentPlace) -> str:
    """A place at a glance: 🥇 🥈 🥉, then 4️⃣ to 8️⃣ (eight seats at most); 🏳️ for a game given up."""
    if recent.forfeited:
        return "🏳️"
    if recent.place <= len(MEDALS):
        return MEDALS[recent.place - 1]
    return f"{recent.place}\ufe0f\u20e3"


def recent_text(places: Sequence[RecentPlace], locale: str) -> str:
    """A player's places in their latest games of one game, the oldest first ("Last 4 games, ...: 🥇 🥉 🥇 🏳️")."""
    return t(locale, "rating.recent", count=len(places), places=" ".join(map(place_mark, places)))


def ratings_text(
    ratings: list[tuple[str, RatedPlayer]],
    locale: str,
    recent: Mapping[str, Sequence[RecentPlace]] | None = None,
) -> str:
    """A player's standing in each competitive game, one line a game (for `/stats`), and under it their places in
    their latest games of it (`recent`, by game), to see how they are doing lately."""
    lines = []
    for game, player in ratings:
        lines.append(
            t(
                locale,
                "rating.stats_line",
                game=ui_for_key(game).name(locale),
                rating=shown_rating(player.rating),
                position=player.position,
                wins=plural(locale, "lb.wins", player.wins),
                games=plural(locale, "lb.games", player.games),
                average=average_text(game, player, locale),
            )
        )
        if places := (recent or {}).get(game):
            lines.append(recent_text(places, locale))
    return "\n".join(lines)


def solitaire_text(game: str, record: SolitaireRecord, locale: str) -> str:
    """A player's record in a solitaire game (for `/stats`), then their bests in each deal type they won:
    "**Klondike**: 3 wins · 10 games · 30% won" and "Draw three: best 112 moves · fastest 4 min"."""
    line = t(
        locale,
        "solitaire.stats_line",
        game=ui_for_key(game).name(locale),
        wins=plural(locale, "lb.wins", record.wins),
        games=plural(locale, "lb.games", record.games),
        rate=round(100 * record.wins / record.games),
    )
    bests = (
        t(
            locale,
            "solitaire.stats_bests",
            variant=t(locale, f"solitaire.variant.{best.variant}"),
            bests=" · ".join(bests_text(best.fewest_moves, best.fastest, locale)),
        )
        for best in record.bests
    )
    return "\n".join((line, *bests))


def bests_text(fewest_moves: int | None, fastest: float | None, locale: str) -> list[str]:
    """A solitaire player's bests in one deal type ("best 112 moves", "fastest 4 min"), those they have."""
    bests = []
    if fewest_moves is not None:
        bests.append(t(locale, "solitaire.fewest", moves=fewest_moves))
    if fastest is not None:
        bests.append(t(locale, "solitaire.fastest", time=duration(fastest, locale)))
    return bests


def solitaire_embed(
    standings: list[SolitaireStanding],
    names: Names,
    locale: str,
    *,
    game: str,
    guild_name: str,
    viewer_id: int,
) -> discord.Embed:
    """Klondike's leaderboard: one block per deal type, its players by wins, win rate, fewest moves."""
    title = t(locale, "rating.title", game=ui_for_key(game).name(locale), server=escape_name(guild_name))
    embed = discord.Embed(title=title, colour=COLOUR)
    if not standings:
        embed.description = t(locale, "rating.empty", game=ui_for_key(game).name(locale))
        return embed
    variants: dict[str, list[SolitaireStanding]] = {}
    for standing in standings:
        variants.setdefault(standing.variant, []).append(standing)
    for variant, players in variants.items():
        lines = []
        for position, player in enumerate(players, start=1):
            mark = MEDALS[position - 1] if position <= len(MEDALS) else f"**{position}.**"
            mine = " ⭐" if player.user_id == viewer_id else ""
            figures = [
                plural(locale, "lb.wins", player.wins),
                plural(locale, "lb.games", player.games),
                t(locale, "solitaire.rate", rate=round(100 * player.win_rate)),
            ]
            figures.extend(bests_text(player.fewest_moves, player.fastest, locale))
            name = escape_name(names.get(player.user_id) or player.name)
            lines.append(f"{mark} **{name}**{mine} — " + " · ".join(figures))
        embed.add_field(
            name=t(locale, f"solitaire.variant.{variant}"), value="\n".join(lines)[:1024], inline=False
        )
    return embed
