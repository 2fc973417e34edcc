"""Barbu's views: the contract in play and its penalties on the board, the rules."""

from __future__ import annotations

from typing import Any

from bot.games.barbu.contracts import Contract
from bot.games.barbu.history import history
from bot.games.barbu.session import BarbuSession
from bot.games.trick_log import LogEntry, LogNote
from bot.service.table import Table
from bot.storage.stats import GameRecord
from bot.ui.format import escape_name
from bot.ui.i18n import t
from bot.ui.trick_views import TrickGameUI, cards_text, session_of


def barbu_of(table: Table) -> BarbuSession:
    session = session_of(table)
    assert isinstance(session, BarbuSession)
    return session


class BarbuUI(TrickGameUI):
    key = "barbu"

    def record_variant(self, record: GameRecord, locale: str) -> str:
        if record.variant == "full_cycle":
            return f"{self.name(locale)} · {t(locale, 'barbu.full_cycle')}"
        return self.name(locale)

    def history(self, table: Table) -> list[LogEntry]:
        return history(barbu_of(table).engine)

    def log_heading(self, table: Table, about: Any, locale: str) -> str:
        contract, dealer = about
        return t(
            locale,
            "barbu.log.heading",
            contract=t(locale, f"barbu.contract.{contract.value}"),
            name=escape_name(table.seats[dealer].name),
        )

    def options_text(self, table: Table, locale: object) -> str:
        cycle = t(locale, "barbu.full_cycle" if table.options.get("full_cycle") else "barbu.one_cycle")
        if table.options.get("early_end"):
            cycle += " · " + t(locale, "barbu.early_end")
        return t(locale, "barbu.footer", code=table.deal_code, cycle=cycle)

    def log_note(self, table: Table, note: LogNote, locale: str) -> str:
        return t(locale, f"barbu.log.{note.kind}")

    def board_title(self, table: Table) -> str:
        engine = barbu_of(table).engine
        contract = t(table.locale, f"barbu.contract.{engine.contract.value}")
        return t(
            table.locale,
            "barbu.board_title",
            number=engine.hand_number + 1,
            total=engine.hands_total,
            contract=contract,
        )

    def board_lines(self, table: Table) -> list[str]:
        engine = barbu_of(table).engine
        locale = table.locale
        return [
            t(locale, f"barbu.penalties.{engine.contract.value}"),
            t(locale, "barbu.dealer", name=escape_name(table.seats[engine.dealer].name)),
        ]

    def seat_extra(self, table: Table, seat: int) -> str:
        engine = barbu_of(table).engine
        if engine.contract is Contract.FEWEST_TRICKS:
            return ""
        return cards_text(list(engine.penalty_cards(seat))) if engine.penalty_cards(seat) else ""

    def hand_lines(self, table: Table, seat: int, locale: str) -> list[str]:
        engine = barbu_of(table).engine
        contract = t(locale, f"barbu.contract.{engine.contract.value}")
        return [t(locale, "barbu.hand_contract", contract=contract), self.waiting_line(table, seat, locale)]


UI = BarbuUI()
