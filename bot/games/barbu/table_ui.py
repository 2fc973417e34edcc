"""Barbu's views: the contract in play and its penalties on the board, the rules."""

from __future__ import annotations

from typing import Any

from bot.games.barbu.contracts import KING_OF_HEARTS_CARD, Contract
from bot.games.barbu.session import BarbuSession
from bot.games.cards import SUITS, Card
from bot.games.hand_recap import HandRecap
from bot.games.trick_log import LogEntry, LogNote
from bot.service.table import Table
from bot.storage.stats import GameRecord
from bot.ui.format import escape_name
from bot.ui.i18n import t
from bot.ui.render import TakenChip
from bot.ui.trick_views import TrickGameUI, session_of


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
        return barbu_of(table).history()

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

    # -- the picture -------------------------------------------------------------------------------------------
    def picture_header(self, table: Table) -> str:
        """The hand, its contract and the contract's penalties in a few words."""
        contract = barbu_of(table).engine.contract
        return f"{super().picture_header(table)} · {t(table.locale, f'barbu.short.{contract.value}')}"

    def seat_status(self, table: Table, seat: int) -> str:
        return t(table.locale, "barbu.picture.dealer") if seat == barbu_of(table).engine.dealer else ""

    def taken_chips(self, table: Table, hand: int, cards: tuple[Card, ...]) -> tuple[TakenChip, ...]:
        """The cards the hand's contract counts, the costliest first: the king of hearts, the queens (by suit), then
        every heart as one count."""
        contract = barbu_of(table).engine.options.contract_for(hand - 1)
        counted = [card for card in cards if contract.is_penalty_card(card)]
        chips = []
        if contract in (Contract.BARBU, Contract.SALAD) and KING_OF_HEARTS_CARD in counted:
            chips.append(TakenChip("K", "H", counted.count(KING_OF_HEARTS_CARD)))
        if contract in (Contract.NO_QUEENS, Contract.SALAD):
            for suit in SUITS:
                queens = counted.count(Card(suit, 12))
                if queens:
                    chips.append(TakenChip("Q", suit, queens))
        hearts = sum(card.suit == "H" for card in counted)
        if contract in (Contract.NO_HEARTS, Contract.SALAD) and hearts:
            chips.append(TakenChip("", "H", hearts))
        return tuple(chips)

    # -- between two hands -------------------------------------------------------------------------------------
    def result_title(self, table: Table, recap: HandRecap) -> str:
        engine = barbu_of(table).engine
        contract = t(table.locale, f"barbu.contract.{engine.options.contract_for(recap.number - 1).value}")
        return t(
            table.locale,
            "barbu.result_title",
            number=recap.number,
            total=engine.hands_total,
            contract=contract,
        )

    def recap_notes(self, table: Table, recap: HandRecap) -> list[str]:
        if not recap.last_trick:
            return [t(table.locale, "barbu.nothing_dealt")]
        return [t(table.locale, "barbu.log.ended_early")] if recap.ended_early else []

    def next_hand_text(self, table: Table, recap: HandRecap) -> str:
        engine = barbu_of(table).engine
        if engine.is_over or recap.number >= engine.hands_total:
            return ""
        options = engine.options
        return t(
            table.locale,
            "barbu.next_hand",
            number=recap.number + 1,
            total=engine.hands_total,
            contract=t(table.locale, f"barbu.contract.{options.contract_for(recap.number).value}"),
            name=escape_name(table.seats[options.dealer_for(recap.number)].name),
        )

    def hand_lines(self, table: Table, seat: int, locale: str) -> list[str]:
        engine = barbu_of(table).engine
        contract = t(locale, f"barbu.contract.{engine.contract.value}")
        return [t(locale, "barbu.hand_contract", contract=contract), self.waiting_line(table, seat, locale)]


UI = BarbuUI()
