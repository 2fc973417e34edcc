"""A player's private hand: the cards, every move with its size and a colour that says how good it is, and the
buttons to play them.

Phone first: cards are big buttons (four a row), piles one row under them once a card is chosen. Colours mean the
same in the text and on the buttons: green a backwards move (↩), blue a small step, grey a big jump, red a play
that ends the game (it asks first, the warning on top, with **Choose another card**). A move against a teammate's
marker says so (🚫 keep off, 🐢 small steps, see `moves`); one onto a pile asked to keep off comes last and asks
first too.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.games.thegame.engine import Game, Status
from bot.games.thegame.ui import components
from bot.games.thegame.ui.board import marker_lines, session_of
from bot.games.thegame.ui.format import ARROW, MARKER_EMOJI, card, game_progress, text_name, tops_line
from bot.games.thegame.ui.moves import KIND_EMOJI, Move, best_first, moves_now, position_now
from bot.service.table import Table
from bot.ui import components as shared
from bot.ui.component_rows import ComponentRows, button
from bot.ui.i18n import language_of, t

CARDS_PER_ROW = 4
DRAWN_MARK = "✨"
BUTTON_STYLE = {
    "backwards": discord.ButtonStyle.success,
    "small": discord.ButtonStyle.primary,
    "big": discord.ButtonStyle.secondary,
    "keep_off": discord.ButtonStyle.secondary,
    "ending": discord.ButtonStyle.danger,
}


def my_turn(game: Game, seat: int) -> bool:
    return game.current_player == seat and game.status is Status.PLAYING and not game.is_over


def move_text(move: Move, locale: str) -> str:
    text = f"{move.pile} {move.size}"
    if move.kind in ("backwards", "small"):
        text = f"**{text}**"
    if move.against:
        text += f" {MARKER_EMOJI[move.against]}"
    if move.ends_game:
        text += f" ({t(locale, 'hand.ends_game')})"
    return text


def moves_lines(game: Game, locale: str, markers: Mapping[str, str] | None = None) -> str:
    """The player on turn's moves, a line a card, best first ("🟢 `12` → **A ↩** · C −20 🐢"), under the markers
    they read (`markers`); empty when no card fits. Written once per position and language (`Position.texts`): a
    card chosen shows the same lines."""
    position = position_now(game, markers)
    written_for = ("moves", language_of(locale))
    text = position.texts.get(written_for)
    if text is None:
        text = "\n".join(
            f"{KIND_EMOJI[options[0].kind]} {card(value)} → {' · '.join(move_text(m, locale) for m in options)}"
            for value, options in best_first(position.moves)
        )
        position.texts[written_for] = text
    return text


def hand_embed(
    table: Table,
    seat: int,
    locale: str,
    *,
    notice: str | None = None,
    hints: bool = True,
) -> discord.Embed:
    session = session_of(table)
    game = session.game
    hand = game.hand(seat)
    playing = my_turn(game, seat)
    embed = discord.Embed(
        title=t(locale, "hand.title_turn" if playing else "hand.title"),
        colour=discord.Colour.green() if playing else discord.Colour.blurple(),
    )
    lines = []
    if notice:  # what just happened, or the warning to read before playing on
        lines += [notice, ""]
    drawn = set(session.last_drawn.get(seat, [])) & set(hand)
    if hand:
        lines.append(" ".join(card(value) + (DRAWN_MARK if value in drawn else "") for value in hand))
    else:
        lines.append(t(locale, "hand.empty"))
    lines.append(tops_line(game))
    lines += marker_lines(table, session, locale)  # what the team asked, in the reader's language
    lines.append("")
    if game.is_over:
        lines.append(t(locale, "hand.game_over"))
    elif game.status is Status.CHOOSING_FIRST:
        lines.append(t(locale, "hand.choose_first", buttons=table.locale))
        if hints and hand:
            lines.append(t(locale, f"hand.start.{session.start_quality(seat)}"))
    elif playing:
        rows = moves_lines(game, locale, session.markers_seen_by(seat))
        # One instruction, the one that applies: choose a card while one fits, else end the turn.
        nothing_fits = not rows and game.can_end_turn()
        key = "hand.your_turn_nothing_fits" if nothing_fits else "hand.your_turn"
        lines.append(t(locale, key, progress=game_progress(locale, game, yours=True)))
        if rows:
            embed.add_field(name=t(locale, "hand.moves"), value=rows, inline=False)
    else:
        current = game.current_player
        lines.append(
            t(
                locale,
                "hand.waiting",
                name=text_name(table, current if current is not None else -1),
                progress=game_progress(locale, game),
            )
        )
    embed.description = "\n".join(lines)
    legend = [t(locale, "hand.legend")] if playing else []
    if playing:  # what 🚫 and 🐢 mean, when a move shows one
        moves = moves_now(game, session.markers_seen_by(seat)).values()
        against = {move.against for options in moves for move in options}
        legend += [t(locale, f"hand.legend_against.{kind}") for kind in MARKER_EMOJI if kind in against]
    if drawn:
        legend.append(t(locale, "hand.legend_drawn"))
    if legend:
        embed.set_footer(text=" · ".join(legend))
    return embed


def hand_view(
    table: Table,
    seat: int,
    locale: str,
    *,
    selected: int | None = None,
    confirm: tuple[int, str] | None = None,
    hints_enabled: bool = True,
) -> discord.ui.View:
    """The hand's buttons. They are drawn again for every card chosen and every play, so they are written as
    Discord's payload (`ComponentRows`); the registered buttons of `components` answer them."""
    session = session_of(table)
    game = session.game
    owner = table.seats[seat].user_id
    rows = ComponentRows()
    playing = my_turn(game, seat)
    if playing:
        moves = moves_now(game, session.markers_seen_by(seat))
        drawn = set(session.last_drawn.get(seat, []))
        for index, value in enumerate(game.hand(seat)):
            options = moves.get(value, [])
            backwards = any(move.backwards for move in options)
            kind = options[0].kind if options else "big"
            card_button = button(
                components.CardButton.id_for(table.id, value, owner),
                label=f"{value} ↩" if backwards else str(value),
                emoji="👉" if value == selected else (DRAWN_MARK if value in drawn else None),
                style=BUTTON_STYLE[kind],
                disabled=not options,
            )
            rows.add(card_button, row=index // CARDS_PER_ROW)
        if confirm is not None:
            confirm_card, confirm_pile = confirm
            play_anyway = button(
                components.PlayButton.id_for(table.id, confirm_card, confirm_pile, True, owner),
                label=t(locale, "button.play_anyway", card=confirm_card, pile=confirm_pile),
                style=discord.ButtonStyle.danger,
            )
            rows.add(play_anyway, row=2)
            choose_another = button(
                components.ChooseAnotherButton.id_for(table.id, owner),
                label=t(locale, "button.choose_another"),
                emoji="↩️",
            )
            rows.add(choose_another, row=2)
        elif selected is not None and selected in game.hand(seat):
            legal = {move.pile: move for move in moves.get(selected, [])}
            for pile in game.piles:
                move = legal.get(pile.name)
                pile_button = button(
                    components.PlayButton.id_for(table.id, selected, pile.name, False, owner),
                    label=f"{pile.name} {move.size}" if move else f"{pile.name} {ARROW[pile.direction]}",
                    emoji=MARKER_EMOJI[move.against] if move and move.against else None,
                    disabled=move is None,
                    style=BUTTON_STYLE[move.kind] if move else discord.ButtonStyle.secondary,
                )
                rows.add(pile_button, row=2)
        end_turn = button(
            components.EndTurnButton.id_for(table.id, owner),
            label=t(locale, "button.end_turn"),
            style=discord.ButtonStyle.primary,
            disabled=not game.can_end_turn(),
        )
        rows.add(end_turn, row=3)
        if hints_enabled:
            hint = button(shared.HintButton.id_for(table.id), label=t(locale, "button.hint"), emoji="💡")
            rows.add(hint, row=3)
    if not game.is_over:  # a finished game's hand has nothing left to bring up to date
        refresh = button(
            shared.RefreshButton.id_for(table.id, owner), label=t(locale, "button.refresh"), emoji="🔄"
        )
        rows.add(refresh, row=3 if playing else 0)
    return rows
