"""The Game's public board while a game is played: a picture of the piles, with text for what reads better as
text (who plays, how many cards each holds, the last plays), and the buttons and menus everyone uses.

Nothing here ever shows a hand: only pile tops, counts and the plays everyone saw.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.thegame.engine import Game, Status
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui import components
from bot.games.thegame.ui.format import MARKER_EMOJI, card, plain_name, seat_name, text_name
from bot.games.thegame.ui.image import IMAGE_FILE, board_image
from bot.service.table import Table
from bot.ui import components as shared
from bot.ui.i18n import t

COLOUR_PLAYING = discord.Colour.green()
MARKER_PAYLOAD = "mark"
FIRST_PAYLOAD = "first"
CLEAR = "clear"


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


def players_text(table: Table, session: TheGameSession) -> str:
    """One line per seat: ▶ for the player on turn, the cards in hand, and while the team chooses who starts,
    what each AI seat says of its hand (in words, never a number)."""
    locale = table.locale
    game = session.game
    choosing = game.status is Status.CHOOSING_FIRST
    lines = []
    for index, seat in enumerate(table.seats):
        on_turn = game.status is Status.PLAYING and game.current_player == index
        name = f"**{seat_name(table, index)}**" if on_turn else seat_name(table, index)
        line = f"{'▶ ' if on_turn else ''}{name} · {t(locale, 'board.cards', count=len(game.hand(index)))}"
        if choosing and seat.is_ai:
            line += f" · *{t(locale, f'board.start.{session.start_quality(index)}')}*"
        lines.append(line)
    return "\n".join(lines)


def marker_lines(table: Table, session: TheGameSession, locale: str) -> list[str]:
    """The team's markers as text, a line a pile ("🐢 **A**: small steps only (asked by Alice)"), for the board
    and every hand: the picture's words are small on a phone, and a screen reader reads text."""
    lines = []
    for pile in session.game.piles:
        kind = session.markers.get(pile.name)
        if kind is None:
            continue
        setter = session.marker_by.get(pile.name)
        lines.append(
            t(
                locale,
                "board.marker_line",
                emoji=MARKER_EMOJI[kind],
                pile=pile.name,
                marker=t(locale, f"marker.{kind}"),
                name=text_name(table, setter if setter is not None else -1),
            )
        )
    return lines


def board_content(table: Table, *, image: bool = True) -> dict[str, Any]:
    """The board's message: embed, view, and the picture (`image=False`: the text alone, for comparisons)."""
    session = session_of(table)
    game = session.game
    locale = table.locale
    choosing = game.status is Status.CHOOSING_FIRST
    title = (
        t(locale, "board.title_choosing")
        if choosing
        else t(locale, "board.title_turn", number=game.turn_number)
    )
    embed = discord.Embed(title=title, colour=COLOUR_PLAYING)
    if choosing:
        embed.description = t(locale, "board.next_steps_ai" if table.has_ai else "board.next_steps")
    embed.add_field(name=t(locale, "board.players"), value=players_text(table, session), inline=False)
    if markers := marker_lines(table, session, locale):
        embed.add_field(name=t(locale, "board.markers"), value="\n".join(markers), inline=False)
    if session.recent_plays:
        plays = [
            t(
                locale,
                "board.play_backwards" if backwards else "board.play",
                name=text_name(table, seat),
                card=card(value),
                pile=pile,
            )
            for seat, value, pile, backwards in session.recent_plays
        ]
        embed.add_field(name=t(locale, "board.recent"), value="\n".join(plays), inline=False)
    embed.set_footer(text=footer(table, locale))
    content: dict[str, Any] = {"embed": embed, "view": board_view(table)}
    if image:
        content["image"] = board_image(table, session)
        embed.set_image(url=f"attachment://{IMAGE_FILE}")
    return content


def board_view(table: Table) -> discord.ui.View:
    locale = table.locale
    session = session_of(table)
    game = session.game
    choosing = game.status is Status.CHOOSING_FIRST
    view = discord.ui.View(timeout=None)
    hand = shared.HandButton(table.id, label=t(locale, "button.my_hand"), emoji="🂠")
    view.add_item(hand)
    if choosing:
        view.add_item(components.FirstPlayerButton(table.id, label=t(locale, "button.i_start")))
    view.add_item(shared.HowToPlayButton("thegame", label=t(locale, "button.how_to_play")))
    view.add_item(marker_menu(table, session))
    if choosing and table.has_ai:
        view.add_item(first_player_menu(table, session))
    view.stop()
    return view


def marker_menu(table: Table, session: TheGameSession) -> shared.GameActionSelect:
    """ "Tell the team about a pile…": keep off or small steps on a pile, or clear its marker; a marked pile's
    options say what it is now and who set it."""
    locale = table.locale
    options = []
    for pile in session.game.piles:
        current = session.markers.get(pile.name)
        setter = session.marker_by.get(pile.name)
        description = (
            t(
                locale,
                "marker.option.set_by",
                marker=t(locale, f"marker.{current}"),
                name=plain_name(table, setter if setter is not None else -1),
            )
            if current
            else None
        )
        kinds = [kind for kind in ("keep_off", "small_steps") if kind != current]
        for kind in [*kinds, *([CLEAR] if current else [])]:
            options.append(
                discord.SelectOption(
                    label=t(locale, f"marker.option.{kind}", pile=pile.name),
                    value=f"{pile.name}.{kind}",
                    emoji=MARKER_EMOJI.get(kind, "✖️"),
                    description=description[:100] if description else None,
                )
            )
    return shared.GameActionSelect(
        table.id, MARKER_PAYLOAD, options, placeholder=t(locale, "marker.placeholder"), row=1
    )


def first_player_menu(table: Table, session: TheGameSession) -> shared.GameActionSelect:
    """Who starts, any seat (an AI seat too): each AI option says how good a start its hand allows."""
    locale = table.locale
    options = [
        discord.SelectOption(
            label=t(locale, "board.first_option", name=plain_name(table, index))[:100],
            value=str(index),
            emoji="🤖" if seat.is_ai else "🙂",
            description=t(locale, f"board.start.{session.start_quality(index)}") if seat.is_ai else None,
        )
        for index, seat in enumerate(table.seats)
    ]
    return shared.GameActionSelect(
        table.id, FIRST_PAYLOAD, options, placeholder=t(locale, "board.first_placeholder"), row=2
    )
