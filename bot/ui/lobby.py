"""The lobby every game shares: who sits at the table, and the buttons to join, leave, start, add an AI and (the
host) remove one."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.table import Table, TableStatus
from bot.ui import components
from bot.ui.format import escape_name
from bot.ui.game_ui import ui_for
from bot.ui.i18n import t
from bot.ui.render.drawing import draw_in_picture_thread

COLOUR_LOBBY = discord.Colour.blurple()
COLOUR_OVER = discord.Colour.dark_grey()


def seat_name(table: Table, index: int) -> str:
    """A seat's name for text (markdown), with the AI mark: never a link, a mention or formatting."""
    seat = table.seats[index]
    return f"🤖 {escape_name(seat.name)}" if seat.is_ai else escape_name(seat.name)


def lobby_embed(table: Table) -> discord.Embed:
    locale = table.locale
    ui = ui_for(table)
    rules = table.rules
    embed = discord.Embed(title=t(locale, "lobby.title_game", game=ui.name(locale)), colour=COLOUR_LOBBY)
    seated = "\n".join(f"• {seat_name(table, index)}" for index in range(len(table.seats))) or "—"
    embed.description = ui.lobby_help(table, locale)
    embed.add_field(
        name=t(locale, "lobby.players", count=len(table.seats), maximum=rules.max_seats),
        value=seated,
        inline=False,
    )
    footer = ui.options_text(table, locale)
    if footer:
        embed.set_footer(text=footer)
    return embed


def lobby_view(table: Table) -> discord.ui.View:
    locale = table.locale
    view = discord.ui.View(timeout=None)
    full = len(table.seats) >= table.rules.max_seats
    view.add_item(components.JoinButton(table.id, label=t(locale, "button.join"), disabled=full))
    view.add_item(components.LeaveButton(table.id, label=t(locale, "button.leave")))
    view.add_item(components.StartButton(table.id, label=t(locale, "button.start")))
    if table.rules.ai_players:  # one row of five, Discord's most
        view.add_item(components.AddAIButton(table.id, label=t(locale, "button.add_ai"), disabled=full))
        no_ai = not table.has_ai
        view.add_item(
            components.RemoveAIButton(table.id, label=t(locale, "button.remove_ai"), disabled=no_ai)
        )
    # The rules before the first move, for every game (a reviewer new to Crapette found them only in /rules).
    view.add_item(components.HowToPlayButton(table.game_key, label=t(locale, "button.how_to_play"), row=1))
    view.stop()  # fully dynamic: clicks are routed by custom id, nothing to keep in memory
    return view


def closed_lobby_embed(table: Table) -> discord.Embed:
    locale = table.locale
    embed = discord.Embed(title=t(locale, "summary.lobby_closed_title"), colour=COLOUR_OVER)
    embed.description = t(locale, f"summary.lobby_closed.{table.end_reason or 'closed'}")
    return embed


def render_table(table: Table) -> dict[str, Any]:
    """The table's one public message, whatever its state. A game's board may carry a picture under `image`
    (`BoardImage`); `for_send` and `for_edit` turn it into the attachment Discord wants."""
    if table.status is TableStatus.LOBBY:
        return {"embed": lobby_embed(table), "view": lobby_view(table)}
    if table.status is TableStatus.EXPIRED or table.session is None:
        return {"embed": closed_lobby_embed(table), "view": None}
    if table.status is TableStatus.PLAYING:
        return ui_for(table).board(table)
    return ui_for(table).summary(table)


@dataclass(frozen=True, slots=True)
class BoardImage:
    """A PNG shown in the board's embed (`attachment://<filename>`), with its text for screen readers. `draw`
    returns the PNG (drawn once, then kept: see `bot.ui.render.drawing`); it reads only an immutable layout, so
    `draw_picture` can run it in the picture thread before the message goes out."""

    draw: Callable[[], bytes]
    filename: str
    description: str
    # Drawn in the picture thread when it goes out in the background (`draw_picture`); False for a picture put
    # together from kept parts in well under a millisecond (The Game's), which costs less drawn on the loop than
    # handed to the thread and back.
    in_thread: bool = True

    @property
    def png(self) -> bytes:
        return self.draw()


async def draw_picture(content: dict[str, Any]) -> None:
    """Draw the picture of a board's content (if it has one) in the picture thread, so that sending the message
    finds it drawn and the event loop does not wait for Pillow (for the boards edited in the background: see
    `bot.ui.render.drawing`)."""
    image = content.get("image")
    if isinstance(image, BoardImage) and image.in_thread:
        await draw_in_picture_thread(image.draw)


def _file(image: BoardImage) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.description[:1024])


def for_send(content: dict[str, Any]) -> dict[str, Any]:
    """Message arguments for a new message (`send`, `send_message`)."""
    out = {key: value for key, value in content.items() if key != "image"}
    image = content.get("image")
    if isinstance(image, BoardImage):
        out["file"] = _file(image)
    return out


def for_edit(content: dict[str, Any]) -> dict[str, Any]:
    """Message arguments for an edit: the picture replaces the old one; a board without one drops it."""
    out = {key: value for key, value in content.items() if key != "image"}
    image = content.get("image")
    out["attachments"] = [_file(image)] if isinstance(image, BoardImage) else []
    return out
