"""Hearts and Barbu in the Activity: the trick table as the board's picture shows it, and the player's own hand.

The table is the picture's own layout (`bot.ui.trick_picture.layout_and_description`) of the hand in play, built in
the reader's language: the seats around it with their points, tricks and penalty cards taken, whose turn it is, the
trick's cards in front of the seats that played them, the leader and the winning card, the last trick and who took
it. From the end of a hand until the next one's first card (`TrickSession.shown_hand`, as long as the channel's
picture shows it), the finished hand comes apart from the table, as its result: its last trick and who took it, each
seat's points, what comes next. The new hand is already dealt then (its pass, its first lead): the table shows it, so
a plate never shows the finished hand's points under the new hand's lines. Everything there is public: it is what
the channel's picture shows.

The hand is the reader's own (their seat comes from their ticket, never from the page): its cards, those they may
play now (the engine's `legal_cards`) and why the others may not (`why`: the reasons worth a line; `refused`: for each
card, the sentence the bot would answer if it were played, shown when it is tapped). A card is played with `{"kind": "play", "card":
"QS", "hand": <hand number>}`: the hand number makes a card dragged from a hand that has just ended stale. Hearts
adds its pass and moon (`views/hearts.py`).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from bot.activity.views.base import require_int, require_text
from bot.games.cards import RED_SUITS, Card
from bot.games.errors import GameError
from bot.games.hand_recap import HandRecap
from bot.games.trick_session import PlayTrickCard, refused
from bot.games.tricks import TrickPlay
from bot.service.table import Table, TableStatus
from bot.ui.card_emojis import plain_text
from bot.ui.game_ui import refusal_text
from bot.ui.i18n import catalog, t
from bot.ui.render import PlayedCard, TrickTableLayout
from bot.ui.trick_picture import layout_and_description
from bot.ui.trick_views import TrickGameUI, session_of, trick_ui

CARD_CODE = re.compile(r"^(10|[2-9JQKA])([CDHS])$")


def read_card(value: Any) -> Card:
    """A card the page names by its code (`QS`, `10H`); anything else is a stale or forged message."""
    code = require_text(value)
    if CARD_CODE.match(code) is None:
        raise GameError("error.stale_button")
    return Card.from_code(code)


def in_language(table: Table, locale: str) -> Table:
    """The same table, its texts in the reader's language: the picture's words, written for this reader."""
    return dataclasses.replace(table, locale=locale)


def on_screen(text: str) -> str:
    """A line as the page shows it: no markdown escapes nor bold marks (to tell two lines apart)."""
    return re.sub(r"\\(.)", r"\1", text).replace("**", "").strip()


def _cards(plays: tuple[PlayedCard, ...] | tuple[TrickPlay, ...]) -> list[dict[str, Any]]:
    return [{"seat": play.seat, "card": play.card.code} for play in plays]


class TrickTableView:
    """The trick table and the reader's hand; `HeartsView` adds the pass and the moon."""

    # -- what the page shows ---------------------------------------------------------------------------------
    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        shown = in_language(table, locale)
        ui = trick_ui(shown)
        session = session_of(shown)
        engine = session.engine
        # The hand in play on the table: the finished hand is the result's, apart.
        layout, description = layout_and_description(shown, ui, finished_hand=False)
        trick = layout.trick
        status_line = self.status_line(shown, seat) if table.status is TableStatus.PLAYING else ""
        lines = [plain_text(line) for line in ui.board_lines(shown) if line]
        state: dict[str, Any] = {
            "kind": "tricks",
            "header": layout.header,
            # Each line once: the status line may say what a board line says (who is still choosing the pass).
            "lines": [line for line in lines if on_screen(line) != on_screen(status_line)],
            "description": description,
            "seats": self._seats(layout, table),
            "trick": _cards(trick),
            "leader": trick[0].seat if trick else None,
            "winning": layout.winning,
            "centre": list(layout.centre),
            "last_trick": _cards(layout.last_trick),
            "last_winner": layout.last_winner,
            "footer": layout.footer,
            "lead_label": layout.labels.lead,
            "hand_number": engine.hand_number,
            "status_line": status_line,
            "result": None,
        }
        recap = session.shown_hand()
        if recap is not None:
            state["result"] = self._result(shown, ui, recap)
        if seat is not None:
            state["hand"] = self.hand(shown, seat)
        return state

    @staticmethod
    def _seats(layout: TrickTableLayout, table: Table) -> list[dict[str, Any]]:
        return [
            {
                "name": plate.name,
                "ai": table.seats[index].is_ai,
                "score_line": plate.score_line,
                "detail_line": plate.detail_line,
                "taken": [
                    {"index": chip.index, "times": chip.times, "red": chip.suit in RED_SUITS}
                    for chip in plate.taken
                ],
                "to_act": plate.to_act,
                "status": plate.status,
            }
            for index, plate in enumerate(layout.seats)
        ]

    @staticmethod
    def _result(table: Table, ui: TrickGameUI, recap: HandRecap) -> dict[str, Any]:
        """A finished hand, as its message in the channel tells it: its last trick and who took it, each seat's
        points, the totals, what next."""
        winner = recap.last_winner if recap.last_trick else None
        return {
            "number": recap.number,
            "title": plain_text(ui.result_title(table, recap)),
            "last_trick": _cards(recap.last_trick) if winner is not None else [],
            "last_winner": winner,
            "last_caption": (
                t(table.locale, "tricks.picture.last_trick", name=table.seats[winner].name)
                if winner is not None
                else ""
            ),
            "notes": [plain_text(note) for note in ui.recap_notes(table, recap)],
            "rows": [
                {"name": seat.name, "points": recap.points[index], "total": recap.totals[index]}
                for index, seat in enumerate(table.seats)
            ],
            "next": plain_text(ui.next_hand_text(table, recap)),
        }

    def status_line(self, table: Table, seat: int | None) -> str:
        """Whose turn it is, said to this reader (`table` is in their language)."""
        acting = session_of(table).engine.to_act()
        if seat is not None and seat in acting:
            return t(table.locale, "activity.tricks.your_turn")
        if len(acting) == 1:
            return t(table.locale, "activity.tricks.turn", name=table.seats[acting[0]].name)
        names = ", ".join(table.seats[index].name for index in acting)
        return t(table.locale, "tricks.waiting", names=names) if names else ""

    def hand(self, table: Table, seat: int) -> dict[str, Any]:
        """The reader's own cards (`table` is in their language), which they may play now, and why not the others."""
        engine = session_of(table).engine
        cards = engine.hand(seat)
        playing = table.status is TableStatus.PLAYING
        my_turn = playing and seat in engine.to_act() and self.plays_cards(table)
        legal = set(engine.legal_cards(seat)) if my_turn else set()
        return {
            "cards": [card.code for card in cards],
            "legal": sorted({card.code for card in legal}),
            "my_turn": my_turn,
            "step": "play" if my_turn else "wait",
            "why": self._why_not(table, seat, cards, legal) if my_turn else [],
            "refused": self._refusals(table, seat, cards, legal) if my_turn else {},
        }

    def plays_cards(self, table: Table) -> bool:
        """Whether the step the game waits for is a card played (Hearts: not its pass, not its moon)."""
        return session_of(table).plays_cards_now()

    @staticmethod
    def _why_not(table: Table, seat: int, cards: tuple[Card, ...], legal: set[Card]) -> list[str]:
        """Why the cards the reader may not play are refused, once each reason, when it is not just "follow the
        suit led" (as the hand on Discord explains them)."""
        engine: Any = session_of(table).engine
        explained = catalog("en")
        reasons: dict[str, dict[str, Any]] = {}
        for card in set(cards) - legal:
            refusal = engine.refusal(seat, card)
            if refusal is not None and f"tricks.why.{refusal.code}" in explained:
                reasons[refusal.code] = dict(refusal.params)
        return [
            plain_text(t(table.locale, f"tricks.why.{code}", **params))
            for code, params in sorted(reasons.items())
        ]

    @staticmethod
    def _refusals(table: Table, seat: int, cards: tuple[Card, ...], legal: set[Card]) -> dict[str, str]:
        """What the bot would answer to each card the reader may not play, if they played it (a tap on a greyed
        card shows it): the engine's refusal, in the sentence a refused play gets."""
        engine: Any = session_of(table).engine
        sentences = {}
        for card in set(cards) - legal:
            refusal = engine.refusal(seat, card)
            if refusal is not None:
                sentences[card.code] = refusal_text(table, refused(refusal), table.locale)
        return sentences

    # -- what the page sends -----------------------------------------------------------------------------------
    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        if message.get("kind") == "play":
            return PlayTrickCard(read_card(message.get("card")), require_int(message.get("hand")))
        raise GameError("error.stale_button")

    def confirmation(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> None:
        return None
