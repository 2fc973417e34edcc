"""The Game's board as a picture: the table's state wrapped into the renderer's layout, and its alternative text
in the table's language (what a screen reader says, and what shows while the picture loads)."""

from __future__ import annotations

from typing import cast

from bot.games.thegame.engine import Direction, Game, Status
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui.format import game_progress, plain_name
from bot.service.table import Table
from bot.ui.i18n import t
from bot.ui.lobby import BoardImage
from bot.ui.render import TheGameLabels, TheGameLayout, TheGamePile, render_thegame
from bot.ui.render.drawing import Drawing, KeptDrawings
from bot.ui.render.pieces import limited
from bot.ui.render.thegame import Marker

IMAGE_FILE = "thegame-board.png"


def turn_line(table: Table, game: Game) -> str:
    """ "Bob's turn · one of two played", or who-starts while the team decides."""
    locale = table.locale
    if game.status is Status.CHOOSING_FIRST:
        return t(locale, "board.choosing_image")
    current = game.current_player
    if current is None or game.is_over:
        return ""
    return t(
        locale, "board.whose_turn", name=plain_name(table, current), progress=game_progress(locale, game)
    )


def layout_of(table: Table, session: TheGameSession) -> TheGameLayout:
    game = session.game
    locale = table.locale
    piles = []
    for pile in game.piles:
        marker = session.markers.get(pile.name)
        setter = session.marker_by.get(pile.name)
        piles.append(
            TheGamePile(
                pile.name,
                pile.direction is Direction.UP,
                pile.top,
                cast("Marker", marker) if marker in ("keep_off", "small_steps") else None,
                plain_name(table, setter) if marker and setter is not None else None,
            )
        )
    # The piles the player on turn has played on this turn stand out.
    this_turn = session.recent_plays[-game.played_this_turn :] if game.played_this_turn else []
    labels = TheGameLabels(
        draw_pile=t(locale, "board.draw_pile_label"),  # French ends with a no-break space: "Pioche : 42"
        keep_off=t(locale, "board.marker_short.keep_off"),
        small_steps=t(locale, "board.marker_short.small_steps"),
    )
    return TheGameLayout(
        piles=tuple(piles),
        draw_pile_count=game.draw_pile_count,
        turn_text=turn_line(table, game),
        highlight=frozenset(pile for _, _, pile, _ in this_turn),
        labels=labels,
    )


_png = KeptDrawings(render_thegame)  # the same state draws the same picture, once


def alt_text(table: Table, layout: TheGameLayout) -> str:
    """The picture in words, in the table's language, under Discord's 1,024 characters."""
    locale = table.locale
    parts = [layout.turn_text.rstrip(".") + "." if layout.turn_text else ""]
    for pile in layout.piles:
        text = t(locale, "alt.pile_up" if pile.ascending else "alt.pile_down", pile=pile.name, top=pile.top)
        details = []
        if pile.top == pile.base:
            details.append(t(locale, "alt.untouched"))
        if pile.backwards_target is not None:
            details.append(t(locale, "alt.backwards", target=pile.backwards_target))
        if pile.marker is not None:
            details.append(
                t(locale, "alt.marker", marker=t(locale, f"marker.{pile.marker}"), name=pile.marker_by or "—")
            )
        parts.append(", ".join([text, *details]) + ".")
    parts.append(t(locale, "alt.draw_pile", count=layout.draw_pile_count))
    return limited(" ".join(part for part in parts if part))


def board_image(table: Table, session: TheGameSession) -> BoardImage:
    layout = layout_of(table, session)
    # Put together from kept parts (`render_thegame`): drawn on the loop, without a trip to the picture thread.
    return BoardImage(Drawing(_png, layout), IMAGE_FILE, alt_text(table, layout), in_thread=False)
