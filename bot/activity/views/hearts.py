"""Hearts in the Activity: the trick table (`views/tricks.py`), and Hearts' own steps in the reader's hand: the pass
(choose three cards, then confirm: `{"kind": "pass", "cards": [...], "hand": n}`), the cards received, and the moon
choice of the player who shot it (`{"kind": "moon", "choice": "minus_self" | "plus_others", "hand": n}`).

During the pass a seat knows only its own choice; the others are told who is still choosing (the picture's plates).
"""

from __future__ import annotations

from typing import Any

from bot.activity.views.base import require_int, require_text
from bot.activity.views.tricks import TrickTableView, read_card
from bot.games.errors import GameError
from bot.games.hearts.options import Phase
from bot.games.hearts.session import ChooseMoon, HeartsSession, PassCards
from bot.games.hearts.table_ui import PASS_SIZE, direction_key
from bot.service.table import Table, TableStatus
from bot.ui.i18n import t
from bot.ui.trick_views import session_of

MOON_CHOICES = ("minus_self", "plus_others")


def hearts_of(table: Table) -> HeartsSession:
    session = session_of(table)
    assert isinstance(session, HeartsSession)
    return session


class HeartsView(TrickTableView):
    def status_line(self, table: Table, seat: int | None) -> str:
        engine = hearts_of(table).engine
        locale = table.locale
        if engine.phase is Phase.PASSING:
            if seat is not None and seat in engine.to_act():
                receiver = table.seats[(seat + (engine.pass_offset or 0)) % engine.players].name
                return t(locale, "activity.hearts.pass_choose", count=PASS_SIZE, name=receiver)
            names = ", ".join(table.seats[index].name for index in engine.to_act())
            return t(locale, "hearts.board_passing", names=names)
        if engine.phase is Phase.MOON_CHOICE and engine.moon_shooter is not None:
            if seat == engine.moon_shooter:
                return t(locale, "hearts.choose_moon")
            return t(locale, "hearts.board_moon", name=table.seats[engine.moon_shooter].name)
        return super().status_line(table, seat)

    def hand(self, table: Table, seat: int) -> dict[str, Any]:
        hand = super().hand(table, seat)
        engine = hearts_of(table).engine
        locale = table.locale
        received = engine.received_cards(seat)
        if received and engine.trick_number == 0 and engine.phase is not Phase.PASSING:
            giver = table.seats[(seat - (engine.pass_offset or 0)) % engine.players].name
            hand["received"] = {
                "cards": [card.code for card in received],
                "caption": t(locale, "activity.hearts.received_from", name=giver),
            }
        if table.status is not TableStatus.PLAYING:
            return hand
        if engine.phase is Phase.PASSING:
            chosen = engine.chosen_pass(seat)
            receiver = table.seats[(seat + (engine.pass_offset or 0)) % engine.players].name
            direction = t(locale, direction_key(engine.players, engine.pass_offset))
            hand["step"] = "pass" if chosen is None else "wait"
            hand["pass"] = {
                "count": PASS_SIZE,
                "to": receiver,
                "direction": direction,
                "chosen": [card.code for card in chosen] if chosen is not None else None,
                "chosen_caption": t(locale, "activity.hearts.your_pass", name=receiver),
                "button": t(locale, "activity.hearts.pass_button", name=receiver),
            }
        elif engine.phase is Phase.MOON_CHOICE and seat == engine.moon_shooter:
            award = engine.options.moon_award
            hand["step"] = "moon"
            hand["moon"] = [
                {"choice": choice, "label": t(locale, f"hearts.moon_button.{choice}", points=award)}
                for choice in MOON_CHOICES
            ]
        return hand

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        kind = message.get("kind")
        if kind == "pass":
            cards = message.get("cards")
            if not isinstance(cards, list) or len(cards) > 2 * PASS_SIZE:
                raise GameError("error.stale_button")
            chosen = tuple(read_card(card) for card in cards)
            return PassCards(chosen, require_int(message.get("hand")))
        if kind == "moon":
            return ChooseMoon(
                require_text(message.get("choice"), MOON_CHOICES), require_int(message.get("hand"))
            )
        return super().action(table, seat, message, locale)
