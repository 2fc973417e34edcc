"""The interface side of a game: what the shared controller and display ask a game's views for.

Each game's package has a module (its `GameRules.ui_module`) that defines `UI`, an instance of a `GameUI`
subclass. The shared layer never knows a game's rules: it asks that object for the board, a player's hand, the
turn announcement, the summary, and how to read `/play`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

import discord
from discord import app_commands

from bot.games.base import InWords, Notice
from bot.games.errors import GameError
from bot.games.registry import GAMES, rules_for
from bot.games.shorthand import Shorthand, normalize
from bot.storage.records import Kind as RecordKind
from bot.ui.card_emojis import cards_in_words, fit
from bot.ui.components import FullLogButton, PlayAgainButton
from bot.ui.format import escape_name, number_word
from bot.ui.i18n import t

if TYPE_CHECKING:
    from bot.service.table import Table
    from bot.storage.stats import GameRecord, SeatRecord


class TypedMove(NamedTuple):
    """A legal move as `/move` suggests it: in words, as the reader types it, and in the English code."""

    words: str
    typed: str
    code: str


# A notice's parameters that name cards, written as `str(card)` writes them (`Q♠`, `8♠…6♥`, `Q♠ 3♥ 4♦`).
CARD_PARAMETERS = frozenset({"card", "cards"})


def render_notice(locale: object, notice: Notice, *, buttons: object = None, emojis: bool = False) -> str:
    """A notice's text in the reader's language; parameters that are notices themselves are rendered first.
    `buttons`: the language of the table's public messages, for the buttons a notice names (see `bot.ui.i18n`).
    The cards a notice names (its `card` and `cards` parameters, as `str(card)` writes them) are shown with the
    card emojis where the text goes to a message (`emojis`); as they are written in a menu's label, a suggestion."""

    def shown(name: str, value: object) -> object:
        if isinstance(value, Notice):
            return render_notice(locale, value, buttons=buttons, emojis=emojis)
        if isinstance(value, InWords):
            return number_word(locale, value.value)
        if emojis and name in CARD_PARAMETERS and isinstance(value, str):
            return cards_in_words(value)
        return value

    params = {name: shown(name, value) for name, value in notice.params.items()}
    return t(locale, notice.key, buttons=buttons, **params)


class GameUI:
    """Defaults suit a game played from a private hand of cards; a game overrides what it shows differently."""

    key = ""
    # A private hand to show (False for games played entirely on the public board: Klondike, Crapette).
    has_hand = True
    # For a game played on the board: the payloads of its buttons a player may press while another is on turn
    # (Crapette's call); the others are left out of that player's Activity page.
    off_turn_payloads: frozenset[str] = frozenset()
    # Hints shown in one private message per player, edited in place (`HintMessages`), rather than one message
    # each (the solver's hints always are: Klondike).
    hints_in_place = False
    # Buttons and menus of the game's own, registered once at start-up (persistent across restarts).
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    # A finished game's every play as pages of text (`log_pages`), behind the summary's **Full log**.
    has_log = False
    # What a finished game's end announcement tells of the records (`bot.storage.records`): the bests it beat, a
    # team's (The Game) or each player's per deal type (Klondike), or each player's new rating (the rated games).
    records: RecordKind | None = None

    def name(self, locale: object) -> str:
        return t(locale, f"game.{self.key}.name")

    def options_text(self, table: Table, locale: object) -> str:
        """The options chosen at `/game new`, in one short line (lobby and board footers)."""
        return ""

    def lobby_help(self, table: Table, locale: object) -> str:
        return t(locale, "lobby.description")

    def board(self, table: Table) -> dict[str, Any]:
        """The public board of a game in play: `embed` and `view` (and `attachments` for an image)."""
        raise NotImplementedError

    def summary(self, table: Table) -> dict[str, Any]:
        """The board once the game is over (finished or abandoned): the game's `summary_content` under the buttons
        every game offers (`summary_view`), unless the content says it has none."""
        content = self.summary_content(table)
        if "view" not in content:
            content["view"] = self.summary_view(table)
        return content

    def summary_content(self, table: Table) -> dict[str, Any]:
        """A finished or abandoned game's summary: `embed` (and `image`), without the buttons."""
        raise NotImplementedError

    def summary_view(self, table: Table) -> discord.ui.View:
        """The buttons under a game's summary: **Play again (same seats)** and **Same deal** (a new lobby with the
        same seats, AI seats too, on a new deal or on this one), and **Full log** when the game keeps one."""
        locale = table.locale
        view = discord.ui.View(timeout=None)
        primary = discord.ButtonStyle.primary
        view.add_item(PlayAgainButton(table.id, False, label=t(locale, "button.play_again"), style=primary))
        view.add_item(PlayAgainButton(table.id, True, label=t(locale, "button.same_deal")))
        if self.has_log:
            view.add_item(FullLogButton(table.id, 0, label=t(locale, "button.full_log")))
        view.stop()
        return view

    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        """A player's private message (`embed` and `view`); `options` come from the game's last action."""
        raise NotImplementedError

    def turn_text(self, table: Table) -> str | None:
        """The public line that calls the next player(s), or None."""
        return None

    def end_line(self, table: Table, locale: str | None = None) -> str:
        """The public line that tells the channel the result (in `locale`, the table's language by default)."""
        raise NotImplementedError

    def announcements(self, table: Table, events: Sequence[Any]) -> list[dict[str, Any]]:
        """Messages of the game's own for the channel, where they stay, after a change that caused `events` (the
        trick games: a finished hand's result); posted before the next turn line, or before the end line. None by
        default."""
        return []

    def started_notice(self, locale: object) -> str:
        return t(locale, "hand.started")

    def started_notice_at(self, table: Table, locale: object) -> str:
        """What the player who pressed **Start** is told, at this table (`started_notice` by default)."""
        return self.started_notice(locale)

    def parse_play(self, table: Table, seat: int, card: str, pile: str | None) -> Any:
        """The action for `/play card:<card> [pile:<pile>]`; GameError when it makes no sense."""
        raise GameError("error.no_play_command")

    def confirmation(
        self, table: Table, payload: str, locale: str, user_id: int
    ) -> tuple[str, discord.ui.View] | None:
        """The question to ask, privately, before one of the game's own buttons acts (and the view that confirms
        it), for a button that cannot be taken back; None to act at once (the default)."""
        return None

    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        """The action behind one of the game's own buttons or menus (`GameActionButton`, `GameActionSelect`),
        and how to answer ("hand" or "board"); GameError("error.stale_button") for a payload it cannot read."""
        raise GameError("error.stale_button")

    # `/move`, for games played on the table itself (Klondike, Crapette): the shorthand a move is typed in
    # (`bot.games.shorthand`), and the moves the refusal of an unreadable one shows as examples (in its code).
    shorthand: Shorthand[Any] | None = None
    shorthand_examples: tuple[str, ...] = ()

    def typed_action(self, read: Any) -> Any:
        """The action a move read from the shorthand is played as (the game's wrapper around it)."""
        return read

    def parse_move(self, table: Table, text: str, locale: str) -> Any:
        """The action for `/move <text>`, typed in the shorthand of the reader's `locale`; a text it cannot read
        is refused by the game's `<key>.unreadable_move`, which `explain` completes with the examples."""
        if self.shorthand is None:
            raise GameError("error.no_move_command")
        read = self.shorthand.read(text, locale)
        if read is None:
            raise GameError(f"{self.key}.unreadable_move", text=text[:20])
        return self.typed_action(read)

    def legal_moves_typed(self, table: Table, seat: int, locale: str) -> Iterable[TypedMove]:
        """The moves `seat` may make now, each in the words of the reader's `locale`, in their shorthand and in
        the English code (none by default)."""
        return ()

    def move_suggestions(
        self, table: Table, seat: int, current: str, locale: str
    ) -> list[app_commands.Choice[str]]:
        """Suggestions for `/move`: the legal moves now ("words (shorthand)"), kept when what is typed so far is
        in the shorthand, the English code or the words; Discord shows 25 at most."""
        wanted = normalize(current)
        return [
            app_commands.Choice(name=f"{move.words} ({move.typed})"[:100], value=move.typed)
            for move in self.legal_moves_typed(table, seat, locale)
            if not wanted or any(wanted in normalize(text) for text in move)
        ][:25]

    async def end_details(self, table: Table, locale: str | None = None) -> str | None:
        """A line added to the end announcement once the game is over (computed off the event loop if slow), in
        `locale` (the table's language by default)."""
        return None

    def end_turn_action(self, table: Table) -> Any:
        """The action of `/endturn`, for a game with turns of several moves."""
        raise GameError("error.no_end_turn")

    def autocomplete(self, table: Table, seat: int, current: str) -> list[app_commands.Choice[str]]:
        """Suggestions for `/play`'s card: the caller's own cards only."""
        return []

    def rules(self, locale: object, buttons: object = None) -> tuple[str, str]:
        """The `/rules` title and body in the reader's `locale`; the buttons it names in the language of the
        public messages they are on (`buttons`: the table's, or the server's)."""
        return t(locale, f"rules.{self.key}.title"), t(locale, f"rules.{self.key}.body", buttons=buttons)

    def explain(self, table: Table, key: str, params: dict[str, Any], locale: object) -> dict[str, Any]:
        """The parameters of a refusal's sentence in the reader's `locale`, completed from the table (e.g. the
        name of the seat on turn); by default only the examples of an unreadable `/move`."""
        if self.shorthand is not None and key == f"{self.key}.unreadable_move":
            return {**params, "examples": self.shorthand.examples(self.shorthand_examples, locale)}
        return params

    def log_pages(self, table: Table, locale: str) -> list[str]:
        """A finished game's every public play, as pages of text for **Full log** (none by default)."""
        return []

    # -- its stored games in /history (a `GameRecord`); the defaults suit the trick games --------------------
    # What a game's details call its record's `cards_left` (None: not shown) and `turns`.
    record_score_field: str | None = None
    record_turns_field = "history.hands"
    # What its seats' stored points are, averaged on its rating leaderboard and in /stats.
    rating_average_key = "rating.average_points"

    def record_outcome(self, record: GameRecord, names: Mapping[int, str | None], locale: str) -> str:
        """A stored game's result in one line of `/history` (`names`: the members' display names by id); an
        abandoned game is said the same way for every game unless the game says otherwise."""
        if record.outcome == "abandoned":
            return t(locale, "history.abandoned_game", game=self.name(locale))
        return self.record_result(record, names, locale)

    def record_result(self, record: GameRecord, names: Mapping[int, str | None], locale: str) -> str:
        """A game played to its end, in one line: the trick games' winning (lowest) total by default."""
        return t(locale, "history.finished_game", game=self.name(locale), count=record.cards_left)

    def record_variant(self, record: GameRecord, locale: str) -> str:
        """The rules a stored game was played by, in a few words."""
        return self.name(locale)

    def record_seat_points(self, seat: SeatRecord, locale: str) -> str | None:
        """What a seat's own `points` say in a game's details (None: nothing)."""
        return t(locale, "tricks.final_points", count=seat.points) if seat.points is not None else None


# A page of **Full log** stays well inside an embed's 4,096 characters, and short enough to read on a phone.
LOG_PAGE_CHARACTERS = 2000


def log_pages_of(lines: list[str], per_page: int, characters: int = LOG_PAGE_CHARACTERS) -> list[str]:
    """`lines` as pages of at most `per_page` lines and `characters` characters (a longer line is a page alone,
    cut to fit)."""
    pages: list[list[str]] = []
    size = 0
    for line in lines:
        line = fit(line, characters)  # a line too long is written in text (no emojis), then cut
        if not pages or len(pages[-1]) >= per_page or size + len(line) + 1 > characters:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return ["\n".join(page) for page in pages]


def ended_early_text(table: Table, locale: object) -> str:
    """Why a game ended before its end (stopped, voted, timed out; given up by a player), in one sentence."""
    if table.forfeits:  # between two players, the other one won: nobody else to rank
        duel = "_duel" if len(table.seats) == 2 else ""
        return t(locale, f"summary.forfeit.{table.end_reason}{duel}", name=forfeiters_names(table))
    return t(locale, f"summary.abandoned.{table.end_reason or 'stopped'}")


def forfeiters_names(table: Table) -> str:
    """The names of the seats that gave the game up, for text (never formatting or a mention)."""
    return ", ".join(escape_name(table.seats[seat].name) for seat in table.forfeits)


@cache
def ui_for_key(key: str) -> GameUI:
    module = importlib.import_module(rules_for(key).ui_module)
    ui = module.UI
    if not isinstance(ui, GameUI):
        raise TypeError(f"{module.__name__}.UI is not a GameUI")
    return ui


def ui_for(table: Table) -> GameUI:
    return ui_for_key(table.game_key)


def refusal_text(table: Table | None, error: GameError, locale: object) -> str:
    """A refusal's one sentence in the reader's `locale`, as the bot answers the click refused: the game at the
    table may complete its parameters (the name of the seat on turn); the buttons it names are the table's."""
    params = dict(error.params)
    if table is not None and table.session is not None:
        params = ui_for(table).explain(table, error.key, params, locale)
    buttons = table.locale if table is not None else None
    return render_notice(locale, Notice(error.key, params), buttons=buttons)


def all_uis() -> list[GameUI]:
    return [ui_for_key(key) for key in GAMES]
