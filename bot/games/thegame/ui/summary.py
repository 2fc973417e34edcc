"""The Game once over: the summary that replaces the board, the line that tells the channel, and the full log.

A win is celebrated as one; a loss says how it ended ("Carol could not play two cards"). Each player's plays and
backwards moves are counted from the engine's log, so games saved before this summary existed show them too.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.thegame.engine import (
    ALL_CARDS_PLAYED,
    STUCK_AT_TURN_START,
    STUCK_MID_TURN,
    Game,
    Status,
)
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui.board import footer, session_of
from bot.games.thegame.ui.format import card, seat_name, text_name, tops_line
from bot.service.table import Table, TableStatus
from bot.ui.format import duration, number_word
from bot.ui.game_ui import ended_early_text, log_pages_of
from bot.ui.i18n import t

COLOUR_WON = discord.Colour.gold()
COLOUR_OVER = discord.Colour.dark_grey()
LOG_TURNS_PER_PAGE = 20


def how_it_ended(table: Table, game: Game, locale: str) -> str:
    """ "All 98 cards are on the piles.", "Carol could not play two cards.", or "" while not over."""
    reason = game.end_reason
    name = text_name(table, game.current_player if game.current_player is not None else -1)
    words = {
        "minimum": number_word(locale, game.turn_minimum),
        "played": number_word(locale, game.played_this_turn),
    }
    if reason == ALL_CARDS_PLAYED:
        return t(locale, "summary.how.all_cards_played")
    if reason == STUCK_AT_TURN_START:
        return t(locale, "summary.how.stuck_at_turn_start", count=game.turn_minimum, name=name, **words)
    if reason == STUCK_MID_TURN:
        return t(locale, "summary.how.stuck_mid_turn", count=game.played_this_turn, name=name, **words)
    return ""


def end_line(table: Table, locale: str | None = None) -> str:
    """The line that tells the channel the result (in `locale`, the table's language by default)."""
    game = session_of(table).game
    locale = locale or table.locale
    if game.status is Status.WON:
        return t(locale, "end.won")
    return t(
        locale,
        "end.lost",
        count=game.cards_left,
        how=how_it_ended(table, game, locale),
        rating=t(locale, f"rating.{game.rating.value}"),
    )


def summary_content(table: Table) -> dict[str, Any]:
    locale = table.locale
    if table.status is TableStatus.EXPIRED or table.session is None:
        embed = discord.Embed(title=t(locale, "summary.lobby_closed_title"), colour=COLOUR_OVER)
        embed.description = t(locale, f"summary.lobby_closed.{table.end_reason or 'closed'}")
        return {"embed": embed, "view": None}
    session = session_of(table)
    game = session.game
    if table.status is TableStatus.ABANDONED:
        embed = discord.Embed(title=t(locale, "summary.abandoned_title"), colour=COLOUR_OVER)
        embed.description = ended_early_text(table, locale)
    elif game.status is Status.WON:
        embed = discord.Embed(title=t(locale, "summary.won_title"), colour=COLOUR_WON)
        embed.description = t(locale, "rating.win")
    else:
        embed = discord.Embed(
            title=t(locale, "summary.lost_title", count=game.cards_left), colour=COLOUR_OVER
        )
        embed.description = f"{how_it_ended(table, game, locale)} {t(locale, f'rating.{game.rating.value}')}"
    embed.add_field(name=t(locale, "summary.cards_left"), value=str(game.cards_left))
    embed.add_field(name=t(locale, "summary.turns"), value=str(game.turn_number))
    if table.started_at is not None and table.ended_at is not None:
        embed.add_field(
            name=t(locale, "summary.duration"), value=duration(table.ended_at - table.started_at, locale)
        )
    embed.add_field(name=t(locale, "summary.who_played"), value=players_text(table, session), inline=False)
    embed.add_field(name=t(locale, "summary.piles"), value=tops_line(game))
    violations = sum(table.violations.values())
    hints = sum(table.hints.values())
    extras = [t(locale, "summary.violations", count=violations)]
    if hints:
        extras.append(t(locale, "summary.hints", count=hints))
    embed.add_field(name=t(locale, "summary.table_talk"), value="\n".join(extras))
    embed.set_footer(
        text=footer(table, locale) + " · " + t(locale, "summary.replay_hint", code=table.deal_code)
    )
    return {"embed": embed}


def players_text(table: Table, session: TheGameSession) -> str:
    locale = table.locale
    lines = []
    for index, (played, backwards) in enumerate(session.plays_by_seat()):
        parts = [t(locale, "summary.plays", count=played)]
        if backwards:
            parts.append(t(locale, "summary.backwards", count=backwards))
        lines.append(f"{seat_name(table, index)} — {' · '.join(parts)}")
    return "\n".join(lines)


def log_pages(table: Table, locale: str) -> list[str]:
    """Every turn, in order: who played which cards on which piles (↩ backwards), how many they drew, who was
    passed over, and how the game ended; `LOG_TURNS_PER_PAGE` turns a page."""
    session = session_of(table)
    game = session.game
    turns = session.turns()
    lines: list[str] = []
    if game.first_player is not None:
        lines.append(t(locale, "log.start", name=text_name(table, game.first_player)))
    for turn in turns:
        plays = ", ".join(
            t(locale, "log.play_backwards" if backwards else "log.play", card=card(value), pile=pile)
            for value, pile, backwards in turn.plays
        ) or t(locale, "log.no_play")
        if turn.drawn:
            plays += " · " + t(locale, "log.drew", count=turn.drawn, drawn=number_word(locale, turn.drawn))
        lines.append(t(locale, "log.turn", number=turn.number, name=text_name(table, turn.seat), plays=plays))
        lines += [t(locale, "log.skipped", name=text_name(table, seat)) for seat in turn.skipped]
    if game.is_over:
        lines.append(end_line(table, locale))
    elif table.status is TableStatus.ABANDONED:
        lines.append(ended_early_text(table, locale))
    return log_pages_of(lines, LOG_TURNS_PER_PAGE)
