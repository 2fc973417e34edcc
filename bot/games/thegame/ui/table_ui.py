"""The Game's views for the shared table: its board, summary, private hand, turn line and `/play`."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games.errors import GameError
from bot.games.thegame.engine import PILE_NAMES, Status
from bot.games.thegame.session import FinishTurn, PlayOnPile
from bot.games.thegame.ui import board, components, hand
from bot.games.thegame.ui.board import game_of, session_of
from bot.service.table import Table, TableStatus
from bot.ui.game_ui import GameUI
from bot.ui.i18n import t


class TheGameUI(GameUI):
    key = "thegame"
    dynamic_items = components.DYNAMIC_ITEMS

    def options_text(self, table: Table, locale: object) -> str:
        return board.footer(table, str(locale))

    def board(self, table: Table) -> dict[str, Any]:
        return {"embed": board.board_embed(table), "view": board.board_view(table)}

    def summary(self, table: Table) -> dict[str, Any]:
        return {"embed": board.summary_embed(table), "view": None}

    def hand(
        self, table: Table, seat: int, locale: str, *, notice: str | None, hints: bool, **options: Any
    ) -> dict[str, Any]:
        game = game_of(table)
        ending = hand.ending_plays(game) if game.current_player == seat and not game.is_over else set()
        return {
            "embed": hand.hand_embed(table, seat, locale, notice=notice, ending=ending),
            "view": hand.hand_view(
                table,
                seat,
                locale,
                selected=options.get("selected"),
                confirm=options.get("confirm"),
                ending=ending,
                hints_enabled=hints,
            ),
        }

    def turn_text(self, table: Table) -> str | None:
        seat = table.current_seat
        if seat is None or table.status is not TableStatus.PLAYING:
            return None
        return t(
            table.locale,
            "turn.ai" if seat.is_ai else "turn.ping",
            mention=seat.name if seat.is_ai else f"<@{seat.user_id}>",
            minimum=game_of(table).turn_minimum,
        )

    def end_line(self, table: Table) -> str:
        game = game_of(table)
        return t(
            table.locale,
            "end.line",
            cards=game.cards_left,
            rating=t(table.locale, f"rating.{game.rating.value}"),
        )

    def parse_play(self, table: Table, seat: int, card: str, pile: str | None) -> PlayOnPile:
        """`/play card:45 [pile:A]`: the pile may be left out when only one pile takes the card."""
        game = game_of(table)
        text = card.strip()
        if not text.isdigit():
            raise GameError("engine.card_not_in_hand", minimum=game.turn_minimum)
        value = int(text)
        if pile:
            if pile.upper() not in PILE_NAMES:
                raise GameError("engine.unknown_pile", minimum=game.turn_minimum)
            return PlayOnPile(value, pile.upper())
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise GameError("engine.not_your_turn", minimum=game.turn_minimum)
        if value not in game.hand(seat):
            raise GameError("engine.card_not_in_hand", minimum=game.turn_minimum)
        piles = sorted({play.pile for play in game.legal_plays() if play.card == value})
        if not piles:
            raise GameError("engine.card_does_not_fit", minimum=game.turn_minimum)
        if len(piles) > 1:
            raise GameError("error.choose_pile", piles=", ".join(piles))
        return PlayOnPile(value, piles[0])

    def end_turn_action(self, table: Table) -> FinishTurn:
        return FinishTurn()

    def autocomplete(self, table: Table, seat: int, current: str) -> list[app_commands.Choice[str]]:
        """The caller's own cards, each with the piles it fits (↩ backwards move)."""
        game = session_of(table).game
        my_turn = game.current_player == seat and game.status is Status.PLAYING
        fits: dict[int, list[str]] = {}
        if my_turn:
            for option in game.legal_plays():
                fits.setdefault(option.card, []).append(option.pile + ("↩" if option.backwards else ""))
        typed = current.strip()
        choices = []
        for value in game.hand(seat):
            if typed and not str(value).startswith(typed):
                continue
            where = ", ".join(fits.get(value, [])) if my_turn else ""
            name = f"{value} → {where}" if where else (f"{value} ✗" if my_turn else str(value))
            choices.append(app_commands.Choice(name=name, value=str(value)))
        return choices[:25]

    def rules(self, locale: object) -> tuple[str, str]:
        return t(locale, "rules.title"), t(locale, "rules.body")


UI = TheGameUI()
