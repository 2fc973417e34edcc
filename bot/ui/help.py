"""`/help`: how to start a game, the games, and every command, privately, in the reader's language."""

from __future__ import annotations

import discord

from bot.games.registry import GAMES
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import t

COLOUR = discord.Colour.blurple()


def game_seats(key: str, locale: object) -> str:
    """How many play the game: "3–8 players", "2 players"."""
    rules = GAMES[key]
    if rules.min_seats == rules.max_seats:
        return t(locale, "help.seats.exactly", count=rules.min_seats)
    return t(locale, "help.seats.range", low=rules.min_seats, high=rules.max_seats)


def games_text(locale: object) -> str:
    """One line a game: its name, how many play it, what it is (each game's own `game.<key>.pitch`)."""
    return "\n".join(
        t(
            locale,
            "help.game_line",
            name=ui_for_key(key).name(locale),
            seats=game_seats(key, locale),
            pitch=t(locale, f"game.{key}.pitch"),
        )
        for key in GAMES
    )


def help_embed(locale: object, buttons: object = None) -> discord.Embed:
    """`/help` in the reader's `locale`; the buttons it names in the language of the channel's (`buttons`)."""
    start = t(locale, "help.start", buttons=buttons)
    embed = discord.Embed(title=t(locale, "help.title"), description=start, colour=COLOUR)
    embed.add_field(name=t(locale, "help.games"), value=games_text(locale), inline=False)
    for part in ("playing", "records", "server"):
        embed.add_field(name=t(locale, f"help.{part}"), value=t(locale, f"help.{part}.body"), inline=False)
    return embed
