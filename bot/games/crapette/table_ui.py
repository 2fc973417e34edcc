"""Crapette's views: the table as a picture, the legal moves of the player on turn in one menu, Turn / Discard /
End turn buttons, and the opponent's live **Crapette!** button. Everything is public but the order of
face-down cards, so the controls sit on the board itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.games.crapette.definition import RULES
from bot.games.crapette.description import crapette_description
from bot.games.crapette.engine import Crapette
from bot.games.crapette.history import TurnTold, history
from bot.games.crapette.layout import OwnedCard
from bot.games.crapette.menu import MenuEntry, menu_entries
from bot.games.crapette.moves import (
    CALL_CRAPETTE,
    DISCARD_TURNED,
    END_TURN,
    TURN_STOCK,
    Action,
    LoggedAction,
    Move,
)
from bot.games.crapette.recent import SHOWN_STEPS
from bot.games.crapette.session import CrapetteAction, CrapetteSession, read_action
from bot.games.crapette.shorthand import EXAMPLES, SHORTHAND, typed
from bot.games.crapette.words import describe, move_notice, top_card
from bot.games.errors import GameError
from bot.service.table import Table, TableStatus
from bot.storage.stats import GameRecord, SeatRecord
from bot.ui import components
from bot.ui.format import duration, escape_name, plural
from bot.ui.game_ui import GameUI, TypedMove, ended_early_text, log_pages_of, render_notice
from bot.ui.i18n import t
from bot.ui.lobby import BoardImage, seat_name
from bot.ui.member_names import seat_name as record_seat_name
from bot.ui.menu_values import read_seen_card, with_seen_card
from bot.ui.render import (
    CrapetteLabels,
    CrapetteLayout,
    CrapettePlayerLayout,
    render_crapette,
)
from bot.ui.render.drawing import Drawing, KeptDrawings

IMAGE = "crapette.png"
_png = KeptDrawings(render_crapette)  # the same state draws the same picture, once
MENU_SIZE = 25
# Turns on one page of the full log (fewer when their lines are long).
LOG_TURNS_PER_PAGE = 15


def session_of(table: Table) -> CrapetteSession:
    session = table.require_session()
    assert isinstance(session, CrapetteSession)
    return session


def _card(owned: OwnedCard | None) -> Any:
    return owned.card if owned is not None else None


def board_layout(table: Table, engine: Crapette) -> CrapetteLayout:
    """What the picture shows. Whose turn it is, the board's text says (its turn line); the picture marks the
    player to play with ▶ and a gold outline, without saying it again."""
    locale = table.locale
    players = []
    for seat in (0, 1):
        discard = engine.discard(seat)
        penalty = engine.penalties[seat]
        players.append(
            CrapettePlayerLayout(
                name=table.seats[seat].name,
                crapette_count=engine.crapette_count(seat),
                crapette_top=_card(engine.crapette_top(seat)),
                stock_count=engine.stock_count(seat),
                turned=_card(engine.stock_turned(seat)),
                discard_top=discard[-1].card if discard else None,
                discard_count=len(discard),
                status=plural(locale, "crapette.skips", penalty) if penalty else None,
            )
        )
    # A finished or stopped game (its summary) has nobody to play.
    playing = table.status is TableStatus.PLAYING and not engine.is_over
    current = engine.current_player if playing else None
    recent = session_of(table).recent
    return CrapetteLayout(
        players=(players[0], players[1]),
        side_piles=tuple(tuple(owned.card for owned in pile) for pile in engine.side_piles),
        foundations=tuple(pile[-1].card if pile else None for pile in engine.foundations),
        current_player=current,
        highlight=recent.latest_places() if recent is not None else frozenset(),
        labels=CrapetteLabels(
            crapette=t(locale, "crapette.label.crapette"),
            stock=t(locale, "crapette.label.stock"),
            turned=t(locale, "crapette.label.turned"),
            discard=t(locale, "crapette.label.discard"),
        ),
    )


def board_image(table: Table, engine: Crapette) -> BoardImage:
    shown = board_layout(table, engine)
    return BoardImage(Drawing(_png, shown), IMAGE, crapette_description(shown, table.locale))


def _code(card: OwnedCard | None) -> str | None:
    return card.code if card is not None else None


def _entry_note(locale: str, entry: MenuEntry) -> str | None:
    if entry.first:
        return t(locale, "crapette.menu.first")
    if entry.turned_card:
        return t(locale, "crapette.menu.place_turned")
    return None


def recent_line(table: Table, locale: str) -> str | None:
    """What the player on turn did so far this turn (or, until the next player acts, what the last one did), the
    last steps when there are many, for everyone at the table: an AI's turn can be followed move by move."""
    recent = session_of(table).recent
    if recent is None:
        return None
    steps = recent.steps(table.seats[1 - recent.seat].name)
    if not steps:
        return None
    shown = " · ".join(render_notice(locale, step, emojis=True) for step in steps[-SHOWN_STEPS:])
    if len(steps) > SHOWN_STEPS:
        shown = "… " + shown
    return t(locale, "crapette.recent", name=escape_name(table.seats[recent.seat].name), steps=shown)


def call_line(table: Table, locale: str) -> str | None:
    """The last "Crapette!" call, for everyone at the table, until the end of the turn after it: the player called
    on would otherwise only see their turn end."""
    session = session_of(table)
    call = session.last_call
    if call is None or session.engine.turn_number > call.turn + 1:
        return None
    caller = escape_name(table.seats[call.caller].name)
    if not call.right or call.missed is None:
        return t(locale, "crapette.board.called_wrong", caller=caller)
    missed = render_notice(locale, move_notice(call.card, call.missed, caller), emojis=True)
    offender = escape_name(table.seats[1 - call.caller].name)
    return t(locale, "crapette.board.called_right", caller=caller, offender=offender, missed=missed)


class CrapetteUI(GameUI):
    key = "crapette"
    has_hand = False
    hints_in_place = True  # a hint a move: one private message, edited, not one under the board each time
    off_turn_payloads = frozenset({"call"})
    has_log = True
    records = "rating"
    record_turns_field = "history.turns"
    rating_average_key = "rating.average_cards_left"  # a seat's points are the cards it had left

    def log_pages(self, table: Table, locale: str) -> list[str]:
        """Every turn in one line (what the player did, in order), with the calls, the missed turns and the end
        between them; `LOG_TURNS_PER_PAGE` turns a page."""
        names = [escape_name(seat.name) for seat in table.seats]
        lines = []
        for told in history(session_of(table).engine, names):
            if isinstance(told, TurnTold):
                steps = " · ".join(render_notice(locale, step, emojis=True) for step in told.steps)
                lines.append(
                    t(locale, "crapette.log.turn", number=told.number, name=names[told.seat], steps=steps)
                )
            else:
                lines.append(render_notice(locale, told, emojis=True))
        if table.status is TableStatus.ABANDONED:
            lines.append(ended_early_text(table, locale))
        return log_pages_of(lines, LOG_TURNS_PER_PAGE)

    def record_result(self, record: GameRecord, names: Mapping[int, str | None], locale: str) -> str:
        winners = [seat for seat in record.seats if seat.won]
        if not winners:
            return t(locale, "history.crapette_drawn", game=self.name(locale))
        name = record_seat_name(winners[0], names, locale)
        return t(locale, "history.crapette_won", game=self.name(locale), name=name)

    def record_seat_points(self, seat: SeatRecord, locale: str) -> str | None:
        return plural(locale, "crapette.cards", seat.points) if seat.points is not None else None

    def record_variant(self, record: GameRecord, locale: str) -> str:
        options = RULES.replay_options(record.variant)
        parts = [self.name(locale), t(locale, f"crapette.build.{options['opponent_build'] or 'suit'}")]
        if options["strict"]:
            parts.append(t(locale, "crapette.strict"))
        return " · ".join(parts)

    def options_text(self, table: Table, locale: object) -> str:
        options = table.options
        parts = [
            t(locale, "crapette.deal", code=table.deal_code),
            t(locale, f"crapette.build.{options.get('opponent_build', 'suit')}"),
        ]
        if options.get("strict"):
            parts.append(t(locale, "crapette.strict"))
        return " · ".join(parts)

    def started_notice(self, locale: object) -> str:
        return t(locale, "crapette.started")

    def lobby_help(self, table: Table, locale: object) -> str:
        return t(locale, "crapette.lobby_help")

    def board(self, table: Table) -> dict[str, Any]:
        locale = table.locale
        engine = session_of(table).engine
        current = engine.current_player
        embed = discord.Embed(title=t(locale, "crapette.title"), colour=discord.Colour.dark_green())
        name = escape_name(table.seats[current].name)
        lines = [t(locale, "crapette.turn_line", name=name, turn=engine.turn_number)]
        for seat in (0, 1):
            lines.append(
                t(locale, "crapette.cards_left", name=seat_name(table, seat), count=engine.cards_left(seat))
            )
        if text := recent_line(table, locale):
            lines.append(text)
        called = call_line(table, locale)
        if called:
            lines.append(called)
        # Always the same line (never only after a broken rule: that would give the call away), for a person
        # watching: an AI seat calls on its own. Not beside a call just made: its verdict is what to read then.
        watching = table.seats[1 - current]
        if not table.options.get("strict") and not watching.is_ai and not called:
            lines.append(t(locale, "crapette.call_help", name=escape_name(watching.name)))
        embed.description = "\n".join(lines)
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(text=self.options_text(table, locale))
        return {"embed": embed, "view": self.controls(table), "image": board_image(table, engine)}

    def controls(self, table: Table) -> discord.ui.View:
        """The same rows and buttons all game long, so nothing moves under a thumb (Klondike's board does the
        same): the move menu on row 0 (disabled, saying why, when no card can move), **Turn a card** (**End turn**
        in its place once nothing is left to turn) and **Discard** on row 1, **Hint** and **Crapette!** on row 2
        (none on a strict table). A button that cannot be used now is greyed, never removed: Turn and Discard
        take turns in a turn, each in its own place, so a double tap on one never presses the other."""
        locale = table.locale
        engine = session_of(table).engine
        seat = engine.current_player
        view = discord.ui.View(timeout=None)
        # An AI seat's moves are not offered to the humans watching it play.
        ai_plays = table.seats[seat].is_ai
        actions = [] if ai_plays else engine.legal_actions(seat)
        view.add_item(self.move_menu(table, actions))
        # **End turn** takes Turn's place when nothing is left to turn: Turn cannot come back within the turn.
        ends = engine.nothing_to_turn(seat)
        first = (END_TURN, "crapette.button.end", "⏭️") if ends else (TURN_STOCK, "crapette.button.turn", "🂠")
        for action, label, emoji in (first, (DISCARD_TURNED, "crapette.button.discard", "⤵️")):
            view.add_item(
                components.GameActionButton(
                    table.id, str(action), label=t(locale, label), emoji=emoji,
                    style=discord.ButtonStyle.primary, disabled=action not in actions, row=1,
                )
            )  # fmt: skip
        # Only the player on turn may ask: nobody while the AI plays.
        hint = components.HintButton(table.id, label=t(locale, "button.hint"), emoji="💡", disabled=ai_plays)
        hint.row = 2
        view.add_item(hint)
        if not table.options.get("strict"):
            # For the person watching the turn (not while the AI watches: it calls itself); and for the person
            # whose turn starts after a discard, which they may call before their first move.
            may_call = not table.seats[1 - seat].is_ai or (engine.closing is not None and not ai_plays)
            view.add_item(
                components.GameActionButton(
                    table.id, "call", label=t(locale, "crapette.button.call"), emoji="📣",
                    style=discord.ButtonStyle.danger, disabled=not may_call, row=2,
                )
            )  # fmt: skip
        view.add_item(
            components.HowToPlayButton(table.game_key, label=t(locale, "button.how_to_play"), row=3)
        )
        view.stop()
        return view

    @staticmethod
    def move_menu(table: Table, actions: list[Action]) -> components.GameActionSelect:
        """The moves of the player on turn (`actions`: none while an AI plays), or, when no card can move, the
        same menu disabled, its placeholder saying what is left to do."""
        locale = table.locale
        engine = session_of(table).engine
        seat = engine.current_player
        entries = menu_entries(engine, seat) if any(isinstance(action, Move) for action in actions) else []
        options = [
            discord.SelectOption(
                label=render_notice(locale, entry.words)[:100],
                value=with_seen_card(str(entry.move), _code(top_card(engine, seat, entry.move.source))),
                emoji="❗" if entry.first else ("⬆️" if entry.to_foundation else None),
                description=_entry_note(locale, entry),
            )
            for entry in entries[:MENU_SIZE]
        ]
        if options:
            placeholder = t(locale, "crapette.move_placeholder")
        elif not actions:
            placeholder = t(locale, "crapette.no_move.ai")
        else:
            left = next((action for action in actions if not isinstance(action, Move)), TURN_STOCK)
            placeholder = t(locale, f"crapette.no_move.{left}")
        return components.GameActionSelect(
            table.id, "mv", options, placeholder=placeholder[:150], row=0, disabled=not options
        )

    def summary_content(self, table: Table) -> dict[str, Any]:
        locale = table.locale
        engine = session_of(table).engine
        winner = 1 - table.forfeits[0] if table.forfeits else engine.winner  # given up: the other player won
        if table.status is TableStatus.ABANDONED and not table.forfeits:
            title = t(locale, "crapette.summary.abandoned")
        elif winner is not None:
            title = t(locale, "crapette.summary.won", name=escape_name(table.seats[winner].name))
        else:
            title = t(locale, "crapette.summary.drawn")
        embed = discord.Embed(
            title=title, colour=discord.Colour.gold() if winner is not None else discord.Colour.dark_grey()
        )
        lines = [
            t(
                locale,
                "crapette.final_line",
                name=seat_name(table, seat),
                cards=plural(locale, "crapette.cards", engine.cards_left(seat)),
                calls=plural(locale, "crapette.calls", engine.crapettes_called(seat)),
            )
            for seat in (0, 1)
        ]
        if table.forfeits:
            lines.insert(0, ended_early_text(table, locale))
        embed.description = "\n".join(lines)
        if table.started_at is not None and table.ended_at is not None:
            embed.add_field(
                name=t(locale, "summary.duration"), value=duration(table.ended_at - table.started_at, locale)
            )
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(text=self.options_text(table, locale))
        return {"embed": embed, "image": board_image(table, engine)}

    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        embed = discord.Embed(title=t(locale, "crapette.title"), colour=discord.Colour.dark_green())
        embed.description = "\n".join(line for line in (notice, t(locale, "crapette.no_hand")) if line)
        return {"embed": embed, "view": discord.ui.View()}

    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        if payload == "mv" and len(values) == 1:
            return read_action(*read_seen_card(values[0])), "board"
        if payload in ("turn", "discard", "end", "call"):
            return read_action(payload), "board"
        raise GameError("error.stale_button")

    shorthand = SHORTHAND
    shorthand_examples = EXAMPLES

    def typed_action(self, read: LoggedAction) -> CrapetteAction:
        return CrapetteAction(read)

    def legal_moves_typed(self, table: Table, seat: int, locale: str) -> Iterable[TypedMove]:
        engine = session_of(table).engine
        for action in engine.legal_actions(seat):
            name = (
                render_notice(locale, describe(engine, seat, action))
                if isinstance(action, Move)
                else t(locale, f"crapette.button.{action}")
            )
            yield TypedMove(name, typed(action, locale), str(action))
        if engine.can_call_crapette(seat):
            yield TypedMove(
                t(locale, "crapette.button.call"), typed(CALL_CRAPETTE, locale), str(CALL_CRAPETTE)
            )

    def turn_text(self, table: Table) -> str | None:
        if table.status is not TableStatus.PLAYING:
            return None
        seat = table.seats[session_of(table).engine.current_player]
        if seat.is_ai:
            return t(table.locale, "tricks.turn_ai", name=escape_name(seat.name))
        return t(table.locale, "crapette.turn_ping", mention=f"<@{seat.user_id}>")

    def end_line(self, table: Table, locale: str | None = None) -> str:
        engine = session_of(table).engine
        if engine.winner is None:
            return t(locale or table.locale, "crapette.end_drawn")
        return t(
            locale or table.locale, "crapette.end_won", name=escape_name(table.seats[engine.winner].name)
        )


UI = CrapetteUI()
