"""The interface of a game's view in the Activity, and what every game shares: seats, lobby, the end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from discord.app_commands import TranslationContextLocation as Location

from bot.games.errors import GameError
from bot.games.new_options import NEW_OPTIONS
from bot.games.registry import GAMES
from bot.languages import language_of
from bot.service.table import Table, TableStatus
from bot.ui.game_ui import ended_early_text, ui_for, ui_for_key
from bot.ui.help import game_seats
from bot.ui.i18n import t
from bot.ui.translator import command_words


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A question asked before a move that cannot be taken back (Klondike's **Give up**): its sentence and the
    labels of its two buttons, in the reader's language. The page sends the move again with `"confirmed": true`."""

    question: str
    confirm: str
    cancel: str


class GameView(Protocol):
    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        """The game in play (or over) as `seat` sees it (None: a spectator): public parts and that seat's own
        hand, in the reader's `locale`."""
        ...

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        """The game's action for a message from the page; GameError("error.stale_button") when it cannot be
        read (nothing is done)."""
        ...

    def confirmation(
        self, table: Table, seat: int, message: dict[str, Any], locale: str
    ) -> Confirmation | None:
        """The question to ask before acting on `message` (None: act at once)."""
        ...


def table_state(view: GameView, table: Table, user_id: int, locale: str) -> dict[str, Any]:
    """A table as one person sees it: who sits where, the lobby's buttons, the game (their hand only), the end."""
    seat = table.seat_of(user_id)
    ui = ui_for(table)
    to_act = set(table.seats_to_act) if table.status is TableStatus.PLAYING else set()
    state: dict[str, Any] = {
        "id": table.id,
        "game": table.game_key,
        "name": ui.name(locale),
        "status": table.status.value,
        "seat": seat,
        "seats": [
            {"name": s.name, "ai": s.is_ai, "you": s.user_id == user_id, "to_act": index in to_act}
            for index, s in enumerate(table.seats)
        ],
    }
    if table.status is TableStatus.LOBBY:
        full = len(table.seats) >= table.max_seats
        state["lobby"] = {
            "can_join": seat is None and not full,
            "can_leave": seat is not None,
            "can_start": seat is not None,
            "can_add_ai": seat is not None and table.rules.ai_players and not full,
            "can_remove_ai": user_id == table.host_id and table.has_ai,
            "players": t(locale, "lobby.players", count=len(table.seats), maximum=table.max_seats),
            "help": ui.lobby_help(table, locale),
        }
    if table.session is not None:
        state["play"] = view.state(table, seat, locale)
    if table.status is TableStatus.FINISHED and table.session is not None:
        state["end"] = ui.end_line(table, locale)
    elif table.status is TableStatus.ABANDONED:
        state["end"] = ended_early_text(table, locale)
    elif table.status is TableStatus.EXPIRED:
        state["end"] = t(locale, f"summary.lobby_closed.{table.end_reason or 'closed'}")
    # The summary's **Play again (same seats)** and **Same deal**, for the game's players.
    state["again"] = seat is not None and table.session is not None and not table.status.is_active
    return state


def new_table_choices(locale: str) -> list[dict[str, Any]]:
    """The games a table can be opened for from the page of a channel with none: each key, its name, how many play
    it and what it is, as `/help` lists them, and its options of `/game new` as Discord words them."""
    return [
        {
            "key": key,
            "name": ui_for_key(key).name(locale),
            "seats": game_seats(key, locale),
            "pitch": t(locale, f"game.{key}.pitch"),
            "options": game_options(key, locale),
        }
        for key in GAMES
    ]


def game_options(key: str, locale: str) -> list[dict[str, Any]]:
    """A game's options of `/game new` (their order in the command): a yes/no option has no choices."""
    language = language_of(locale)
    game = ui_for_key(key).name("en")
    return [
        {
            "name": name,
            "label": under_its_game(
                command_words(language, option.description, Location.parameter_description), game
            ),
            "choices": [
                {"value": value, "label": command_words(language, english, Location.choice_name)}
                for english, value in option.choices
            ],
        }
        for name, option in NEW_OPTIONS.items()
        if name in GAMES[key].option_names
    ]


def under_its_game(label: str, game: str) -> str:
    """An option's words without the game's name they begin with on Discord, where every game's options share
    one list (`Klondike: turn one card...`): on the page they sit under their game. What followed the name stays
    ("The Game, expert: ..." reads "Expert: ...", "Klondike with several players: ..." "With several players:
    ..."); a label that does not begin with it is kept whole."""
    if not label.startswith(game):
        return label
    rest = label[len(game) :].lstrip(" ,:\xa0")
    return rest[:1].upper() + rest[1:] if rest else label


def chosen_options(key: str, sent: Any) -> dict[str, Any]:
    """The options a page sent for a new table of `key` (None: none), each one of the game's with a value it takes;
    anything else is a forged message."""
    if sent is None:
        return {}
    if not isinstance(sent, dict):
        raise GameError("error.stale_button")
    chosen: dict[str, Any] = {}
    for name, value in sent.items():
        option = NEW_OPTIONS.get(name) if name in GAMES[key].option_names else None
        if option is None:
            raise GameError("error.stale_button")
        allowed = [choice for _, choice in option.choices] if option.choices else [True, False]
        if isinstance(value, bool) != (not option.choices) or value not in allowed:
            raise GameError("error.stale_button")
        chosen[name] = value
    return chosen


def require_int(value: Any) -> int:
    """A number from the page (never a bool, never text): anything else is a forged or stale message."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError("error.stale_button")
    return value


def require_text(value: Any, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        raise GameError("error.stale_button")
    return value
