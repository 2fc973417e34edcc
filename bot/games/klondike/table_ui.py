"""Klondike's views: the table as a picture, every legal move in one menu, Draw / Auto / Undo / Hint / Give up.

Nothing in Klondike is private, so the controls sit on the public board itself; a player's private message only
says so. The picture is redrawn on every change (about 20 ms) and its alt text describes the position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.klondike.definition import RULES
from bot.games.klondike.description import klondike_description
from bot.games.klondike.engine import Klondike
from bot.games.klondike.history import history
from bot.games.klondike.jobs import VerdictJob
from bot.games.klondike.moves import DRAW, Move
from bot.games.klondike.session import (
    AutoPlay,
    GiveUp,
    KlondikeSession,
    MakeMove,
    PassDeal,
    UndoMove,
    read_move,
    stepped,
)
from bot.games.klondike.shorthand import EXAMPLES, SHORTHAND, typed
from bot.games.klondike.solver import UNWINNABLE, WINNABLE
from bot.games.klondike.wording import describe, moving_cards
from bot.service.solver_pool import solver_pool
from bot.service.table import Table, TableStatus
from bot.storage.stats import GameRecord, SeatRecord
from bot.ui import components
from bot.ui.card_emojis import card_emoji, cards_in_text
from bot.ui.format import duration, escape_name, plural
from bot.ui.game_ui import GameUI, TypedMove, ended_early_text, log_pages_of, render_notice
from bot.ui.i18n import t
from bot.ui.lobby import BoardImage
from bot.ui.menu_values import read_seen_card, with_seen_card
from bot.ui.render import ColumnLayout, KlondikeLabels, KlondikeLayout, render_klondike
from bot.ui.render.drawing import Drawing, KeptDrawings

IMAGE = "klondike.png"
_png = KeptDrawings(render_klondike)  # the same state draws the same picture, once
MENU_SIZE = 25


def _first_code(cards: tuple[Card, ...]) -> str | None:
    return cards[0].code if cards else None


def session_of(table: Table) -> KlondikeSession:
    session = table.require_session()
    assert isinstance(session, KlondikeSession)
    return session


def layout(engine: Klondike, locale: str) -> KlondikeLayout:
    return KlondikeLayout(
        stock_count=engine.stock_count,
        waste=engine.waste,
        foundations=engine.foundations,
        columns=tuple(ColumnLayout(column.face_down, column.face_up) for column in engine.columns),
        labels=KlondikeLabels(stock=t(locale, "klondike.stock"), waste=t(locale, "klondike.waste")),
    )


def board_image(engine: Klondike, locale: str) -> BoardImage:
    shown = layout(engine, locale)
    return BoardImage(Drawing(_png, shown), IMAGE, klondike_description(shown, locale))


# Moves on one page of the full log.
LOG_MOVES_PER_PAGE = 30


class KlondikeUI(GameUI):
    key = "klondike"
    has_hand = False
    has_log = True
    records = "solitaire"
    record_score_field = "history.foundations"
    record_turns_field = "history.moves"

    def record_result(self, record: GameRecord, names: Mapping[int, str | None], locale: str) -> str:
        """Won, or lost with the cards the team got up (a stored Klondike game's `cards_left`)."""
        if record.outcome == "won":
            return t(locale, "history.klondike_won", game=self.name(locale))
        return t(locale, "history.klondike_lost", game=self.name(locale), count=record.cards_left)

    def record_seat_points(self, seat: SeatRecord, locale: str) -> str | None:
        return None  # the team's cards on the foundations, shown once for the game

    def record_variant(self, record: GameRecord, locale: str) -> str:
        options = RULES.replay_options(record.variant)
        parts = [
            self.name(locale),
            t(locale, "klondike.draw_one" if options["draw_one"] else "klondike.draw_three"),
        ]
        if options["any_colour"]:
            parts.append(t(locale, "klondike.any_colour"))
        return " · ".join(parts)

    def log_pages(self, table: Table, locale: str) -> list[str]:
        """Every move in words, numbered, `LOG_MOVES_PER_PAGE` a page; the end of a game stopped early last."""
        lines = [
            f"{number}. {render_notice(locale, notice, emojis=True)}"
            for number, notice in enumerate(history(session_of(table).engine), start=1)
        ]
        if table.status is TableStatus.ABANDONED:
            lines.append(ended_early_text(table, locale))
        return log_pages_of(lines, LOG_MOVES_PER_PAGE)

    def options_text(self, table: Table, locale: object) -> str:
        options = table.options
        parts = [
            t(locale, "klondike.deal", code=table.deal_code),
            t(locale, "klondike.draw_one" if options.get("draw") == 1 else "klondike.draw_three"),
        ]
        if options.get("any_colour"):
            parts.append(t(locale, "klondike.any_colour"))
        if (
            len(table.seats) > 1 or table.status is TableStatus.LOBBY
        ):  # how a team would play, before it joins
            parts.append(t(locale, f"klondike.mode.{options.get('mode', 'turns')}"))
        if table.daily:
            parts.append(t(locale, "board.daily", date=table.daily))
        return " · ".join(parts)

    def started_notice(self, locale: object) -> str:
        return t(locale, "klondike.started")

    def lobby_help(self, table: Table, locale: object) -> str:
        return t(locale, "klondike.lobby_help")

    # -- the board ---------------------------------------------------------------------------------------------
    def board(self, table: Table) -> dict[str, Any]:
        locale = table.locale
        session = session_of(table)
        engine = session.engine
        embed = discord.Embed(title=t(locale, "klondike.title"), colour=discord.Colour.dark_green())
        lines = [
            t(
                locale,
                "klondike.progress",
                score=engine.score,
                moves=engine.moves_made,
                undos=engine.undos_used,
            ),
        ]
        if len(table.seats) > 1:
            if session.mode == "turns":
                lines.append(
                    t(locale, "klondike.turn_of", name=escape_name(table.seats[session.current].name))
                )
            else:
                lines.append(t(locale, "klondike.everyone"))
        embed.description = "\n".join(lines)
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(text=self.options_text(table, locale))
        return {"embed": embed, "view": self.controls(table), "image": board_image(engine, locale)}

    def controls(self, table: Table) -> discord.ui.View:
        """The same rows and buttons after every move, so nothing moves under a thumb: the move menu on row 0
        (disabled, saying why, when no card can move), Draw / Auto / Undo on row 1, Hint, (Pass and) Give up on
        row 2: three buttons a row at most, so a 390 px phone shows each row on one line. A button that cannot be
        used now is greyed, never removed."""
        locale = table.locale
        session = session_of(table)
        engine = session.engine
        view = discord.ui.View(timeout=None)
        view.add_item(self.move_menu(table))
        safe = engine.auto_moves()
        draw_label = "klondike.button.draw" if engine.stock_count else "klondike.button.redeal"
        # Draw and Undo carry the table's step: pressed again on a board the table has left behind (a double tap,
        # a teammate faster), they are refused instead of drawing or taking back once more.
        step = session.step
        buttons = [
            (
                f"draw.{step}",
                t(locale, draw_label),
                "🂠",
                discord.ButtonStyle.primary,
                not engine.stock_count and not engine.waste,
            ),
            ("auto", t(locale, "klondike.button.auto"), "⏫", discord.ButtonStyle.success, not safe),
            (
                f"undo.{step}",
                t(locale, "klondike.button.undo"),
                "↩️",
                discord.ButtonStyle.secondary,
                not engine.can_undo,
            ),
        ]
        for payload, label, emoji, style, disabled in buttons:
            view.add_item(
                components.GameActionButton(
                    table.id, payload, label=label, emoji=emoji, style=style, disabled=disabled, row=1
                )
            )
        hint = components.HintButton(table.id, label=t(locale, "button.hint"), emoji="💡")
        hint.row = 2
        view.add_item(hint)
        if session.mode == "turns" and len(table.seats) > 1:
            view.add_item(
                components.GameActionButton(
                    table.id, "pass", label=t(locale, "klondike.button.pass"), emoji="🤝", row=2
                )
            )
        view.add_item(
            components.GameActionButton(
                table.id,
                "giveup",
                label=t(locale, "klondike.button.give_up"),
                emoji="🏳️",
                style=discord.ButtonStyle.danger,
                row=2,
            )
        )
        view.add_item(
            components.HowToPlayButton(table.game_key, label=t(locale, "button.how_to_play"), row=3)
        )
        view.stop()
        return view

    @staticmethod
    def move_menu(table: Table) -> components.GameActionSelect:
        """Every legal move but the draw (foundation moves first), or, when there is none, the same menu
        disabled, its placeholder saying to draw."""
        locale = table.locale
        engine = session_of(table).engine
        moves = [move for move in engine.legal_moves() if move != DRAW]
        safe = set(engine.auto_moves())
        # Foundation moves first (what players want most often), then the rest.
        moves.sort(key=lambda move: (move not in safe, move.target != "foundation"))
        options = []
        for move in moves[:MENU_SIZE]:
            words = describe(engine, move)
            # The card that moves (the top of a run) as its picture, legible where ♠ and ♣ are not; ⬆️ for a
            # foundation move until the pictures are uploaded.
            moving = cards_in_text(str(words.params.get("cards", "")))
            emoji: discord.PartialEmoji | str | None = card_emoji(moving[0]) if moving else None
            if emoji is None and move.target == "foundation":
                emoji = "⬆️"
            options.append(
                discord.SelectOption(
                    label=render_notice(locale, words)[:100],
                    value=with_seen_card(move.code, _first_code(moving_cards(engine, move))),
                    emoji=emoji,
                )
            )
        # With no card to move, only drawing is left (else the game would have ended: nothing could change).
        placeholder = t(locale, "klondike.move_placeholder" if options else "klondike.no_move_draw")
        return components.GameActionSelect(
            table.id, "mv", options, placeholder=placeholder, row=0, disabled=not options
        )

    def summary_content(self, table: Table) -> dict[str, Any]:
        locale = table.locale
        engine = session_of(table).engine
        if table.status is TableStatus.ABANDONED:
            title = t(locale, "klondike.summary.abandoned")
        elif engine.is_won:
            title = t(locale, "klondike.summary.won")
        elif (by := given_up_by(table)) is not None:
            title = t(locale, "klondike.summary.gave_up_by", name=by)
        else:
            title = t(locale, f"klondike.summary.{engine.end_reason or 'lost'}")
        embed = discord.Embed(
            title=title, colour=discord.Colour.gold() if engine.is_won else discord.Colour.dark_grey()
        )
        embed.description = t(
            locale, "klondike.progress", score=engine.score, moves=engine.moves_made, undos=engine.undos_used
        )
        if table.started_at is not None and table.ended_at is not None:
            embed.add_field(
                name=t(locale, "summary.duration"), value=duration(table.ended_at - table.started_at, locale)
            )
        embed.add_field(
            name=t(locale, "board.players"), value=", ".join(escape_name(seat.name) for seat in table.seats)
        )
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(text=self.options_text(table, locale))
        return {"embed": embed, "image": board_image(engine, locale)}

    # -- the private message -----------------------------------------------------------------------------------
    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        embed = discord.Embed(title=t(locale, "klondike.title"), colour=discord.Colour.dark_green())
        embed.description = "\n".join(line for line in (notice, t(locale, "klondike.no_hand")) if line)
        return {"embed": embed, "view": discord.ui.View()}

    # -- actions -----------------------------------------------------------------------------------------------
    def confirmation(
        self, table: Table, payload: str, locale: str, user_id: int
    ) -> tuple[str, discord.ui.View] | None:
        """**Give up** asks first: one tap next to Draw and Undo, on a phone, would end the deal for the whole
        team."""
        if payload != "giveup":
            return None
        view = discord.ui.View(timeout=None)
        label = t(locale, "klondike.button.give_up_confirm")
        danger = discord.ButtonStyle.danger
        view.add_item(
            components.GameActionButton(table.id, "giveup.yes", label=label, style=danger, owner=user_id)
        )
        keep = t(locale, "button.keep_playing")
        view.add_item(components.GameActionButton(table.id, "giveup.no", label=keep, owner=user_id))
        view.stop()
        return t(locale, "klondike.give_up_question", count=len(table.seats)), view

    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        if payload == "mv" and len(values) == 1:
            code, seen_card = read_seen_card(values[0])
            return MakeMove(read_move(code), seen_card), "board"
        name, _, step = payload.partition(".")
        if name in ("draw", "undo") and step:
            if not step.isdigit():
                raise GameError("error.stale_button")
            return stepped(name, int(step)), "board"
        simple = {  # and Draw, Undo of a board drawn before they carried the table's step
            "draw": MakeMove(DRAW),
            "auto": AutoPlay(),
            "undo": UndoMove(),
            "giveup.yes": GiveUp(),
            "pass": PassDeal(),
        }
        if payload in simple:
            return simple[payload], "board"
        raise GameError("error.stale_button")

    shorthand = SHORTHAND
    shorthand_examples = EXAMPLES

    def typed_action(self, read: Move) -> MakeMove:
        return MakeMove(read)

    def legal_moves_typed(self, table: Table, seat: int, locale: str) -> Iterable[TypedMove]:
        engine = session_of(table).engine
        for move in engine.legal_moves():
            yield TypedMove(render_notice(locale, describe(engine, move)), typed(move, locale), move.code)

    # -- turns and the end -------------------------------------------------------------------------------------
    def turn_text(self, table: Table) -> str | None:
        session = session_of(table)
        if table.status is not TableStatus.PLAYING or session.mode != "turns" or len(table.seats) < 2:
            return None
        return t(table.locale, "klondike.turn_ping", mention=f"<@{table.seats[session.current].user_id}>")

    def end_line(self, table: Table, locale: str | None = None) -> str:
        engine = session_of(table).engine
        locale = locale or table.locale
        if engine.is_won:
            return t(locale, "klondike.end_won", moves=engine.moves_made)
        if (by := given_up_by(table)) is not None:
            return t(locale, "klondike.end_given_up", name=by, count=engine.score)
        return plural(locale, "klondike.end_lost", engine.score)

    async def end_details(self, table: Table, locale: str | None = None) -> str | None:
        """After a lost game: could the deal have been won from the start? The solver reads every card of the
        deal here (the game is over), and the verdict says so."""
        engine = session_of(table).engine
        if engine.is_won or (
            table.status is not TableStatus.FINISHED and table.status is not TableStatus.ABANDONED
        ):
            return None
        if engine.seed is None:
            return None
        status = await solver_pool().run(table.id, VerdictJob(engine.options, table.seed), wait=True)
        locale = locale or table.locale
        if status == WINNABLE:
            return t(locale, "klondike.verdict.winnable")
        if status == UNWINNABLE:
            return t(locale, "klondike.verdict.unwinnable")
        return t(locale, "klondike.verdict.unknown")


UI = KlondikeUI()


def given_up_by(table: Table) -> str | None:
    """The name of the player who gave the deal up, for a team's summary and end line (a player alone is named
    too: the channel reads it); None when the deal was not given up, or was before the seat was kept."""
    session = session_of(table)
    seat = session.given_up_by
    if session.engine.end_reason != "gave_up" or seat is None or table.status is TableStatus.ABANDONED:
        return None
    return escape_name(table.seats[seat].name)
