"""The Game's views for the shared table: its board, summary, private hand, turn line, `/play`, and its menus."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord import app_commands

from bot.games.errors import GameError
from bot.games.numerals import ascii_number
from bot.games.thegame.engine import PILE_NAMES, Status
from bot.games.thegame.session import MARKER_KINDS, ChooseFirst, FinishTurn, PlayOnPile, SetMarker
from bot.games.thegame.ui import board, components, hand, summary
from bot.games.thegame.ui.board import CLEAR, FIRST_PAYLOAD, MARKER_PAYLOAD, game_of, session_of
from bot.games.thegame.ui.format import DRAW_PILE_EMOJI, game_progress, progress, text_name, tops_line
from bot.games.thegame.ui.moves import moves_now
from bot.service.table import Table, TableStatus
from bot.storage.stats import GameRecord, SeatRecord
from bot.ui.format import escape_name, number_word
from bot.ui.game_ui import GameUI
from bot.ui.i18n import t


class TheGameUI(GameUI):
    key = "thegame"
    dynamic_items = components.DYNAMIC_ITEMS
    has_log = True
    records = "team"
    record_score_field = "history.cards_left"
    record_turns_field = "history.turns"

    def record_outcome(self, record: GameRecord, names: Mapping[int, str | None], locale: str) -> str:
        game = self.name(locale)  # a line of /history says which game, as the other games' lines do
        if record.outcome == "won":
            return t(locale, "history.won", game=game)
        key = "history.abandoned" if record.outcome == "abandoned" else "history.lost"
        return t(locale, key, game=game, count=record.cards_left)

    def record_seat_points(self, seat: SeatRecord, locale: str) -> str | None:
        return None  # a cooperative game: the team's cards left, shown once for the game

    def record_variant(self, record: GameRecord, locale: str) -> str:
        if record.expert_minimum and record.expert_hand:
            return t(locale, "variant.both")
        if record.expert_minimum:
            return t(locale, "variant.higher_minimum")
        if record.expert_hand:
            return t(locale, "variant.smaller_hand")
        return t(locale, "variant.standard")

    def options_text(self, table: Table, locale: object) -> str:
        return board.footer(table, str(locale))

    def lobby_help(self, table: Table, locale: object) -> str:
        return t(locale, "lobby.thegame_help")

    def started_notice_at(self, table: Table, locale: object) -> str:
        """Alone, the game starts on the player's turn: no team to choose who starts."""
        choosing = game_of(table).status is Status.CHOOSING_FIRST
        return t(locale, "hand.started" if choosing else "hand.started_alone")

    def board(self, table: Table) -> dict[str, Any]:
        return board.board_content(table)

    def summary_content(self, table: Table) -> dict[str, Any]:
        return summary.summary_content(table)

    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        return {
            "embed": hand.hand_embed(table, seat, locale, notice=notice, hints=hints),
            "view": hand.hand_view(
                table,
                seat,
                locale,
                selected=options.get("selected"),
                confirm=options.get("confirm"),
                hints_enabled=hints,
            ),
        }

    def turn_text(self, table: Table) -> str | None:
        """The call to the player on turn, with where the game stands (the turn so far, the pile tops, the draw
        pile), so the latest message is enough to follow the game."""
        seat = table.current_seat
        if seat is None or table.status is not TableStatus.PLAYING:
            return None
        game = game_of(table)
        locale = table.locale
        state = (
            f"{tops_line(game)} · {DRAW_PILE_EMOJI} {t(locale, 'turn.draw_pile', count=game.draw_pile_count)}"
        )
        if seat.is_ai:
            return t(locale, "turn.ai", mention=escape_name(seat.name), state=state)
        return t(
            locale,
            "turn.ping",
            mention=f"<@{seat.user_id}>",
            progress=game_progress(locale, game, yours=True),
            state=state,
        )

    def end_line(self, table: Table, locale: str | None = None) -> str:
        return summary.end_line(table, locale)

    def log_pages(self, table: Table, locale: str) -> list[str]:
        return summary.log_pages(table, locale)

    def explain(self, table: Table, key: str, params: dict[str, Any], locale: object) -> dict[str, Any]:
        """Name the situation in a refusal: whose turn it is and how far it got, the minimum in words."""
        if "seat" not in params:
            return params
        played, minimum = int(params.get("played", 0)), int(params.get("minimum", 0))
        return {
            **params,
            "name": text_name(table, int(params["seat"])),
            "progress": progress(locale, played, minimum),
            "minimum": number_word(locale, minimum),
        }

    def parse_play(self, table: Table, seat: int, card: str, pile: str | None) -> PlayOnPile:
        """`/play card:45 [pile:A]`: the pile may be left out when only one pile takes the card."""
        session = session_of(table)
        game = session.game
        value = ascii_number(card.strip(), max_digits=3)
        if value is None:  # "²", "①", "forty": only digits can name a card
            raise GameError("error.unreadable_card")
        if pile:
            if pile.upper() not in PILE_NAMES:
                raise session.refusal("engine.unknown_pile")
            return PlayOnPile(value, pile.upper())
        if game.status is Status.CHOOSING_FIRST:
            raise session.refusal("engine.first_player_not_chosen")
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise session.refusal("engine.not_your_turn")
        if value not in game.hand(seat):
            raise session.missing_card(seat, value)
        piles = sorted({play.pile for play in game.legal_plays() if play.card == value})
        if not piles:
            raise session.refusal("engine.card_does_not_fit")
        if len(piles) > 1:
            raise GameError("error.choose_pile", piles=", ".join(piles))
        return PlayOnPile(value, piles[0])

    def end_turn_action(self, table: Table) -> FinishTurn:
        return FinishTurn()

    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        """The board's menus: a pile's marker ("A.keep_off", "A.clear"), and who starts (a seat index)."""
        session = session_of(table)
        value = values[0] if len(values) == 1 else ""
        if payload == MARKER_PAYLOAD:
            pile, _, kind = value.partition(".")
            if pile in PILE_NAMES and (kind in MARKER_KINDS or kind == CLEAR):
                return SetMarker(pile, None if kind == CLEAR else kind), "board"
        elif (
            payload == FIRST_PAYLOAD and (seat := ascii_number(value)) is not None and seat < len(table.seats)
        ):
            if session.game.status is not Status.CHOOSING_FIRST:
                raise session.refusal("engine.first_player_already_chosen")
            return ChooseFirst(seat), "board"
        raise GameError("error.stale_button")

    def autocomplete(self, table: Table, seat: int, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own cards, each with where it fits and how big the move is ("48 → B +4, D ↩")."""
        session = session_of(table)
        game = session.game
        playing = hand.my_turn(game, seat)
        moves = moves_now(game, session.markers_seen_by(seat)) if playing else {}
        typed = current.strip()
        choices = []
        for value in game.hand(seat):
            if typed and not str(value).startswith(typed):
                continue
            where = ", ".join(f"{move.pile} {move.size}" for move in moves.get(value, []))
            name = f"{value} → {where}" if where else (f"{value} ✗" if playing else str(value))
            choices.append(app_commands.Choice(name=name, value=str(value)))
        return choices[:25]

    def rules(self, locale: object, buttons: object = None) -> tuple[str, str]:
        return t(locale, "rules.title"), t(locale, "rules.body", buttons=buttons)


UI = TheGameUI()
