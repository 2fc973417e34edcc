"""Small text helpers for The Game's public and private views."""

from __future__ import annotations

from functools import lru_cache

from bot.games.thegame.engine import Direction, Game, Pile, Status
from bot.service.table import Table
from bot.ui.format import escape_name, number_word
from bot.ui.i18n import language_of, t

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


def progress(locale: object, played: int, minimum: int, *, yours: bool = False) -> str:
    """Where the turn stands: "at least two cards to play", "one of two played", "two played, the turn may
    end"; `yours`: said to the player on turn, who is told what to do ("play at least two cards"). Written once
    per language and count (every hand and turn line says it)."""
    return _progress(language_of(locale), played, minimum, yours)


@lru_cache(maxsize=256)
def _progress(language: str, played: int, minimum: int, yours: bool) -> str:
    words = {"played": number_word(language, played), "minimum": number_word(language, minimum)}
    if played == 0:
        return t(language, "progress.your_start" if yours else "progress.start", count=minimum, **words)
    if played < minimum:
        return t(language, "progress.some", count=played, **words)
    return t(language, "progress.done", count=played, **words)


def game_progress(locale: object, game: Game, *, yours: bool = False) -> str:
    return progress(locale, game.played_this_turn, game.turn_minimum, yours=yours)


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
