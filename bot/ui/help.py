"""`/help`: how to start a game, the games, and every command, privately, in the reader's language."""

from __future__ import annotations

import discord

from bot.games.registry import GAMES
from bot.ui.game_ui import ui_for_key
from bot.ui.i18n import t

COLOUR = discord.Colour.blurple()


def games_text(locale: object) -> str:
    """One line a game: its name, how many play it, what it is (each game's own `game.<key>.pitch`)."""
    lines = []
    for key, rules in GAMES.items():
        seats = (
            t(locale, "help.seats.exactly", count=rules.min_seats)
            if rules.min_seats == rules.max_seats
            else t(locale, "help.seats.range", low=rules.min_seats, high=rules.max_seats)
        )
        pitch = t(locale, f"game.{key}.pitch")
        lines.append(t(locale, "help.game_line", name=ui_for_key(key).name(locale), seats=seats, pitch=pitch))
    return "\n".join(lines)


def help_embed(locale: object, buttons: object = None) -> discord.Embed:
    """`/help` in the reader's `locale`; the buttons it names in the language of the channel's (`buttons`)."""
    start = t(locale, "help.start", buttons=buttons)
    embed = discord.Embed(title=t(locale, "help.title"), description=start, colour=COLOUR)
    embed.add_field(name=t(locale, "help.games"), value=games_text(locale), inline=False)
    for part in ("playing", "records", "server"):
        embed.add_field(name=t(locale, f"help.{part}"), value=t(locale, f"help.{part}.body"), inline=False)
    return embed
