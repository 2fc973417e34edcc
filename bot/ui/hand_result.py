"""The message a trick game (Hearts, Barbu) posts in its channel when a hand ends, where it stays: the last trick and
who took it, each seat's points that hand and the totals, a moon or an early end, and what comes next. Someone who
looked away, or who played against AI seats that went on at once, reads what happened from the channel alone.

It shows only what every player saw (the cards played to the last trick), never a hand.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.games.hand_recap import HandRecap
from bot.service.table import Table
from bot.ui.card_emojis import card_text, fit
from bot.ui.format import escape_name
from bot.ui.i18n import t

COLOUR_HAND_OVER = discord.Colour.gold()
DESCRIPTION_LIMIT = 4096  # an embed's description, on Discord


class ResultHooks(Protocol):
    """What a trick game's UI says about a finished hand (`TrickGameUI` implements it)."""

    def result_title(self, table: Table, recap: HandRecap) -> str: ...

    def recap_notes(self, table: Table, recap: HandRecap) -> list[str]: ...

    def next_hand_text(self, table: Table, recap: HandRecap) -> str: ...


def hand_result_message(table: Table, hooks: ResultHooks, recap: HandRecap) -> dict[str, Any]:
    """The finished hand's message (an `embed`), in the table's language."""
    locale = table.locale
    names = [escape_name(seat.name) for seat in table.seats]
    lines = []
    if recap.last_trick and recap.last_winner is not None:
        plays = " · ".join(f"{names[play.seat]} {card_text(play.card)}" for play in recap.last_trick)
        lines.append(t(locale, "tricks.result.last_trick", plays=plays, name=names[recap.last_winner]))
    lines += hooks.recap_notes(table, recap)
    lines.append("")
    lines += [
        t(locale, "tricks.result.seat", name=name, count=recap.points[seat], total=recap.totals[seat])
        for seat, name in enumerate(names)
    ]
    upcoming = hooks.next_hand_text(table, recap)
    if upcoming:
        lines += ["", upcoming]
    embed = discord.Embed(
        title=hooks.result_title(table, recap),
        description=fit("\n".join(lines), DESCRIPTION_LIMIT),
        colour=COLOUR_HAND_OVER,
    )
    return {"embed": embed}
