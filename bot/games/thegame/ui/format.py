"""Small text helpers for The Game's public and private views."""

from __future__ import annotations

from bot.games.thegame.engine import Direction, Game, Pile, Status
from bot.service.table import Table
from bot.ui.format import escape_name
from bot.ui.i18n import t

ARROW = {Direction.UP: "▲", Direction.DOWN: "▼"}
MARKER_EMOJI = {"keep_off": "🚫", "small_steps": "🐢"}
DRAW_PILE_EMOJI = "🂠"


def card(value: int) -> str:
    return f"`{value}`"


def cards(values: list[int] | tuple[int, ...]) -> str:
    return " ".join(card(value) for value in values) if values else "—"


def pile_label(pile: Pile) -> str:
    return f"{ARROW[pile.direction]} {pile.name}"


def tops_line(game: Game) -> str:
    """'▲A `23` · ▲B `1` · ▼C `87` · ▼D `100`': the four piles in one short line."""
    return " · ".join(f"{ARROW[pile.direction]}{pile.name} {card(pile.top)}" for pile in game.piles)


def number_word(locale: object, value: int) -> str:
    """A small count in words ("two", French "deux"; "une" since The Game counts cartes), digits above ten."""
    words = t(locale, "number.words").split("|")
    return words[value] if 0 <= value < len(words) else str(value)


def progress(locale: object, played: int, minimum: int) -> str:
    """Where the turn stands: "at least two cards to play", "one of two played", "two played, the turn may
    end"."""
    words = {"played": number_word(locale, played), "minimum": number_word(locale, minimum)}
    if played == 0:
        return t(locale, "progress.start", count=minimum, **words)
    if played < minimum:
        return t(locale, "progress.some", count=played, **words)
    return t(locale, "progress.done", count=played, **words)


def game_progress(locale: object, game: Game) -> str:
    return progress(locale, game.played_this_turn, game.turn_minimum)


def seat_name(table: Table, index: int) -> str:
    """A seat's name for text (markdown), with the AI mark: "🤖 Ada"."""
    seat = table.seats[index]
    return f"🤖 {escape_name(seat.name)}" if seat.is_ai else escape_name(seat.name)


def plain_name(table: Table, index: int) -> str:
    """A seat's name as it is, for plain-text places: the picture and its description, menu options."""
    return table.seats[index].name if 0 <= index < len(table.seats) else "—"


def text_name(table: Table, index: int) -> str:
    """A seat's name inside a sentence of text (markdown): never a link, a mention or formatting."""
    return escape_name(plain_name(table, index))


def is_playing(game: Game) -> bool:
    return game.status is Status.PLAYING and not game.is_over
