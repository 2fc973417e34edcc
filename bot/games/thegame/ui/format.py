"""Small text helpers for The Game's public and private views."""

from __future__ import annotations

from bot.games.thegame.engine import Direction, Pile
from bot.ui.i18n import t

ARROW = {Direction.UP: "▲", Direction.DOWN: "▼"}
MARKER_EMOJI = {"keep_off": "🚫", "small_steps": "🐢"}


def card(value: int) -> str:
    return f"`{value}`"


def cards(values: list[int] | tuple[int, ...]) -> str:
    return " ".join(card(value) for value in values) if values else "—"


def pile_label(pile: Pile) -> str:
    return f"{ARROW[pile.direction]} {pile.name}"


def pile_line(locale: str, pile: Pile, marker: str | None = None, *, with_target: bool = True) -> str:
    """'▲ **A** `23` · ↩ 13' — the name, direction, top card and the backwards target, for phones too."""
    top = card(pile.top)
    target = pile.backwards_target if with_target else None
    back = f" · ↩ {target}" if target is not None else ""
    flag = f" {MARKER_EMOJI[marker]}" if marker in MARKER_EMOJI else ""
    return f"{ARROW[pile.direction]} **{pile.name}** {top}{back}{flag}" + (
        f" — *{t(locale, f'marker.{marker}')}*" if marker else ""
    )
