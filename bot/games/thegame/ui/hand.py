"""A player's private hand: the cards, where each can go, and the buttons to play them.

Phone first: cards are big buttons (four a row), piles one row under them once a card is chosen.
"""

from __future__ import annotations

import discord

from bot.games.thegame.engine import Game, Play, Status
from bot.games.thegame.ui import components
from bot.games.thegame.ui.board import session_of
from bot.games.thegame.ui.format import ARROW, card, cards
from bot.service.table import Table
from bot.ui import components as shared
from bot.ui.i18n import t

CARDS_PER_ROW = 4


def _plays_by_card(game: Game) -> dict[int, list[Play]]:
    plays: dict[int, list[Play]] = {}
    for play in game.legal_plays():
        plays.setdefault(play.card, []).append(play)
    return plays


def hand_embed(
    table: Table,
    seat: int,
    locale: str,
    *,
    notice: str | None = None,
    ending: set[tuple[int, str]] | None = None,
) -> discord.Embed:
    session = session_of(table)
    game = session.game
    hand = game.hand(seat)
    my_turn = game.current_player == seat and game.status is Status.PLAYING
    embed = discord.Embed(
        title=t(locale, "hand.title"),
        colour=discord.Colour.green() if my_turn else discord.Colour.blurple(),
    )
    lines = [cards(hand) if hand else t(locale, "hand.empty")]
    drawn = [value for value in session.last_drawn.get(seat, []) if value in hand]
    if drawn:
        lines.append(t(locale, "hand.drawn", cards=cards(drawn)))
    lines.append("")
    lines.append(" · ".join(f"{ARROW[pile.direction]}{pile.name} {card(pile.top)}" for pile in game.piles))
    if game.is_over:
        lines.append(t(locale, "hand.game_over"))
    elif game.status is Status.CHOOSING_FIRST:
        lines.append(t(locale, "hand.choose_first"))
    elif my_turn:
        lines.append(t(locale, "hand.your_turn", played=game.played_this_turn, minimum=game.turn_minimum))
        fits = []
        ending = ending if ending is not None else ending_plays(game)
        for value, plays in sorted(_plays_by_card(game).items()):
            where = ", ".join(
                f"{play.pile}{'↩' if play.backwards else ''}{'⚠' if (value, play.pile) in ending else ''}"
                for play in plays
            )
            fits.append(f"{card(value)} → {where}")
        if fits:
            embed.add_field(name=t(locale, "hand.fits"), value="\n".join(fits), inline=False)
        elif game.can_end_turn():
            lines.append(t(locale, "hand.nothing_fits_end"))
    else:
        current = table.current_seat
        lines.append(t(locale, "hand.waiting", name=current.name if current else "—"))
    if notice:
        lines.append("")
        lines.append(notice)
    embed.description = "\n".join(lines)
    if any(ending or ()):
        embed.set_footer(text=t(locale, "hand.legend"))
    else:
        embed.set_footer(text=t(locale, "hand.legend_short"))
    return embed


def ending_plays(game: Game) -> set[tuple[int, str]]:
    """The legal plays after which the current player could no longer reach the minimum (the game would end)."""
    if game.played_this_turn >= game.turn_minimum:
        return set()
    return {
        (play.card, play.pile)
        for play in game.legal_plays()
        if not game.can_complete_minimum_after(play.card, play.pile)
    }


def hand_view(
    table: Table,
    seat: int,
    locale: str,
    *,
    selected: int | None = None,
    confirm: tuple[int, str] | None = None,
    ending: set[tuple[int, str]] | None = None,
    hints_enabled: bool = True,
) -> discord.ui.View:
    game = session_of(table).game
    view = discord.ui.View(timeout=None)
    my_turn = game.current_player == seat and game.status is Status.PLAYING
    if my_turn:
        plays = _plays_by_card(game)
        ending = ending if ending is not None else ending_plays(game)
        for index, value in enumerate(game.hand(seat)):
            style = discord.ButtonStyle.primary if value == selected else discord.ButtonStyle.secondary
            view.add_item(
                components.CardButton(
                    table.id, value, style=style, disabled=value not in plays, row=index // CARDS_PER_ROW
                )
            )
        if confirm is not None:
            confirm_card, confirm_pile = confirm
            view.add_item(
                components.PlayButton(
                    table.id,
                    confirm_card,
                    confirm_pile,
                    True,
                    label=t(locale, "button.play_anyway"),
                    style=discord.ButtonStyle.danger,
                    row=2,
                )
            )
        elif selected is not None and selected in game.hand(seat):
            legal = {play.pile: play for play in plays.get(selected, [])}
            for pile in game.piles:
                play = legal.get(pile.name)
                label = f"{'↩' if play and play.backwards else ARROW[pile.direction]} {pile.name}"
                risky = play is not None and (selected, pile.name) in ending
                view.add_item(
                    components.PlayButton(
                        table.id,
                        selected,
                        pile.name,
                        False,
                        label=label,
                        disabled=play is None,
                        row=2,
                        style=discord.ButtonStyle.danger if risky else discord.ButtonStyle.success,
                    )
                )
        end = components.EndTurnButton(
            table.id, label=t(locale, "button.end_turn"), disabled=not game.can_end_turn()
        )
        end.item.row = 3
        view.add_item(end)
        if hints_enabled:
            hint = shared.HintButton(table.id, label=t(locale, "button.hint"), emoji="💡")
            hint.item.row = 3
            view.add_item(hint)
    refresh = shared.RefreshButton(table.id, label=t(locale, "button.refresh"), emoji="🔄")
    refresh.item.row = 3 if my_turn else 0
    view.add_item(refresh)
    view.stop()
    return view
