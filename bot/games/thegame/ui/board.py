"""The Game's public messages: the board of a game in play and the end-of-game summary.

Nothing here ever shows a hand: only pile tops, counts and the plays everyone saw.
"""

from __future__ import annotations

import discord

from bot.games.thegame.engine import Game, Status
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui import components
from bot.games.thegame.ui.format import card, pile_line
from bot.service.table import Table, TableStatus
from bot.ui import components as shared
from bot.ui.format import duration
from bot.ui.i18n import t

COLOUR_PLAYING = discord.Colour.green()
COLOUR_WON = discord.Colour.gold()
COLOUR_OVER = discord.Colour.dark_grey()


def session_of(table: Table) -> TheGameSession:
    session = table.require_session()
    assert isinstance(session, TheGameSession)
    return session


def game_of(table: Table) -> Game:
    return session_of(table).game


def variant_text(table: Table, locale: str) -> str:
    three_cards, smaller_hand = table.options.get("three_cards"), table.options.get("smaller_hand")
    if three_cards and smaller_hand:
        return t(locale, "variant.both")
    if three_cards:
        return t(locale, "variant.higher_minimum")
    if smaller_hand:
        return t(locale, "variant.smaller_hand")
    return t(locale, "variant.standard")


def footer(table: Table, locale: str) -> str:
    parts = [t(locale, "board.deal", code=table.deal_code), variant_text(table, locale)]
    if table.daily:
        parts.append(t(locale, "board.daily", date=table.daily))
    return " · ".join(parts)


def seat_name(table: Table, index: int) -> str:
    seat = table.seats[index]
    return f"🤖 {seat.name}" if seat.is_ai else seat.name


def board_embed(table: Table) -> discord.Embed:
    locale = table.locale
    session = session_of(table)
    game = session.game
    embed = discord.Embed(title=t(locale, "board.title"), colour=COLOUR_PLAYING)
    lines = [pile_line(locale, pile, session.markers.get(pile.name)) for pile in game.piles]
    lines += ["", t(locale, "board.markers_help")]
    embed.description = "\n".join(lines)
    embed.add_field(
        name=t(locale, "board.draw_pile"), value=t(locale, "board.cards", count=game.draw_pile_count)
    )
    if game.status is Status.CHOOSING_FIRST:
        turn = t(locale, "board.choose_first")
    else:
        seat = table.current_seat
        turn = (
            t(
                locale,
                "board.turn",
                name=seat.name,
                played=game.played_this_turn,
                minimum=game.turn_minimum,
            )
            if seat
            else "—"
        )
    embed.add_field(name=t(locale, "board.turn_title", number=game.turn_number), value=turn)
    players = []
    for index in range(len(table.seats)):
        marker = "▶ " if game.current_player == index and game.status is Status.PLAYING else ""
        count = len(game.hand(index))
        players.append(f"{marker}{seat_name(table, index)} — {t(locale, 'board.cards', count=count)}")
    embed.add_field(name=t(locale, "board.players"), value="\n".join(players), inline=False)
    recent = session.recent_plays
    if recent:
        plays = [
            t(
                locale,
                "board.play_backwards" if backwards else "board.play",
                name=table.seats[seat_index].name,
                card=card(value),
                pile=pile,
            )
            for seat_index, value, pile, backwards in recent
        ]
        embed.add_field(name=t(locale, "board.recent"), value="\n".join(plays), inline=False)
    embed.set_footer(text=footer(table, locale))
    return embed


def board_view(table: Table) -> discord.ui.View:
    locale = table.locale
    session = session_of(table)
    game = session.game
    view = discord.ui.View(timeout=None)
    if game.status is Status.CHOOSING_FIRST:
        view.add_item(components.FirstPlayerButton(table.id, label=t(locale, "button.i_start")))
    view.add_item(shared.HandButton(table.id, label=t(locale, "button.my_hand")))
    for pile in game.piles:
        view.add_item(components.MarkerButton(table.id, pile.name, session.markers.get(pile.name)))
    view.stop()
    return view


def summary_embed(table: Table) -> discord.Embed:
    locale = table.locale
    game = session_of(table).game if table.session is not None else None
    if table.status is TableStatus.EXPIRED or game is None:
        embed = discord.Embed(title=t(locale, "summary.lobby_closed_title"), colour=COLOUR_OVER)
        embed.description = t(locale, f"summary.lobby_closed.{table.end_reason or 'closed'}")
        return embed
    if table.status is TableStatus.ABANDONED:
        title = t(locale, "summary.abandoned_title")
        colour = COLOUR_OVER
    elif game.status is Status.WON:
        title = t(locale, "summary.won_title")
        colour = COLOUR_WON
    else:
        title = t(locale, "summary.lost_title")
        colour = COLOUR_OVER
    embed = discord.Embed(title=title, colour=colour)
    rating = t(locale, f"rating.{game.rating.value}")
    if table.status is TableStatus.ABANDONED:
        embed.description = t(locale, f"summary.abandoned.{table.end_reason or 'stopped'}")
    else:
        embed.description = rating
    embed.add_field(name=t(locale, "summary.cards_left"), value=str(game.cards_left))
    embed.add_field(name=t(locale, "summary.turns"), value=str(game.turn_number))
    if table.started_at is not None and table.ended_at is not None:
        embed.add_field(
            name=t(locale, "summary.duration"), value=duration(table.ended_at - table.started_at, locale)
        )
    embed.add_field(
        name=t(locale, "board.players"), value=", ".join(seat.name for seat in table.seats), inline=False
    )
    tops = "\n".join(pile_line(locale, pile, with_target=False) for pile in game.piles)
    embed.add_field(name=t(locale, "summary.piles"), value=tops)
    violations = sum(table.violations.values())
    hints = sum(table.hints.values())
    extras = [t(locale, "summary.violations", count=violations)]
    if hints:
        extras.append(t(locale, "summary.hints", count=hints))
    embed.add_field(name=t(locale, "summary.table_talk"), value="\n".join(extras))
    embed.set_footer(
        text=footer(table, locale) + " · " + t(locale, "summary.replay_hint", code=table.deal_code)
    )
    return embed
