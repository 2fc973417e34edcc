"""Hearts' views: the board's pass and penalty cards, the private pass menu and moon buttons, the rules."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.cards import SUITS, Card
from bot.games.errors import GameError
from bot.games.hand_recap import HandRecap
from bot.games.hearts.options import Phase, pass_offset_for
from bot.games.hearts.rules import QUEEN_OF_SPADES
from bot.games.hearts.session import ChooseMoon, HeartsSession, PassCards
from bot.games.trick_log import LogEntry, LogNote
from bot.service.table import Table, TableStatus
from bot.ui import components
from bot.ui.card_emojis import card_option
from bot.ui.format import escape_name
from bot.ui.i18n import t
from bot.ui.render import TakenChip
from bot.ui.trick_views import TrickGameUI, cards_text, session_of

PASS_SIZE = 3
# The refusals a hand explains under its greyed-out cards (following suit needs no word).
_EXPLAINED = frozenset({"must_lead_lowest_card", "no_points_on_first_trick", "hearts_not_broken"})


def hearts_of(table: Table) -> HeartsSession:
    session = session_of(table)
    assert isinstance(session, HeartsSession)
    return session


def direction_key(players: int, offset: int | None) -> str:
    if offset is None:
        return "hearts.pass.hold"
    if offset == 1:
        return "hearts.pass.left"
    if offset == -1:
        return "hearts.pass.right"
    return "hearts.pass.across" if players % 2 == 0 else "hearts.pass.two_left"


class HeartsUI(TrickGameUI):
    key = "hearts"

    def history(self, table: Table) -> list[LogEntry]:
        return hearts_of(table).history()

    def log_heading(self, table: Table, about: Any, locale: str) -> str:
        return t(locale, direction_key(len(table.seats), about))

    def log_note(self, table: Table, note: LogNote, locale: str) -> str:
        name = escape_name(table.seats[note.seat].name) if note.seat is not None else ""
        if note.kind == "moon_choice":
            return t(locale, f"hearts.log.moon_choice.{note.detail}", name=name)
        return t(locale, f"hearts.log.{note.kind}", name=name)

    def options_text(self, table: Table, locale: object) -> str:
        return t(locale, "hearts.footer", code=table.deal_code, target=table.options.get("target", 100))

    def board_title(self, table: Table) -> str:
        engine = hearts_of(table).engine
        direction = t(table.locale, direction_key(engine.players, engine.pass_offset))
        return t(table.locale, "hearts.board_title", number=engine.hand_number + 1, direction=direction)

    def board_lines(self, table: Table) -> list[str]:
        locale = table.locale
        engine = hearts_of(table).engine
        lines = []
        if engine.phase is Phase.PASSING:
            waiting = ", ".join(escape_name(table.seats[seat].name) for seat in engine.to_act())
            lines.append(t(locale, "hearts.board_passing", names=waiting))
        elif engine.phase is Phase.MOON_CHOICE and engine.moon_shooter is not None:
            lines.append(
                t(locale, "hearts.board_moon", name=escape_name(table.seats[engine.moon_shooter].name))
            )
        else:
            lines.append(t(locale, "hearts.broken" if engine.hearts_broken else "hearts.not_broken"))
        return lines

    # -- the picture -------------------------------------------------------------------------------------------
    def seat_status(self, table: Table, seat: int) -> str:
        engine = hearts_of(table).engine
        if engine.phase is Phase.PASSING:
            key = (
                "hearts.picture.chosen" if engine.chosen_pass(seat) is not None else "hearts.picture.choosing"
            )
            return t(table.locale, key)
        if engine.phase is Phase.MOON_CHOICE and seat == engine.moon_shooter:
            return t(table.locale, "hearts.picture.moon")
        return ""

    def taken_chips(self, table: Table, hand: int, cards: tuple[Card, ...]) -> tuple[TakenChip, ...]:
        """The queen of spades first (with two decks, how many), then every heart as one count."""
        queens = sum(card == QUEEN_OF_SPADES for card in cards)
        hearts = sum(card.suit == "H" for card in cards)
        chips = [TakenChip("Q", "S", queens)] if queens else []
        return (*chips, TakenChip("", "H", hearts)) if hearts else tuple(chips)

    def centre_lines(self, table: Table) -> tuple[str, ...] | None:
        """During the pass: where the cards go; while the moon shooter chooses: who shot it."""
        engine = hearts_of(table).engine
        if engine.phase is Phase.PASSING:
            direction = t(table.locale, direction_key(engine.players, engine.pass_offset))
            return (direction[:1].upper() + direction[1:],)
        if engine.phase is Phase.MOON_CHOICE and engine.moon_shooter is not None:
            return (t(table.locale, "hearts.log.moon", name=table.seats[engine.moon_shooter].name),)
        return None

    # -- between two hands -------------------------------------------------------------------------------------
    def result_title(self, table: Table, recap: HandRecap) -> str:
        return t(table.locale, "hearts.result_title", number=recap.number)

    def recap_notes(self, table: Table, recap: HandRecap) -> list[str]:
        if recap.moon is None:
            return []
        name = escape_name(table.seats[recap.moon].name)
        if recap.moon_choice is None:
            return [t(table.locale, "hearts.log.moon", name=name)]
        return [t(table.locale, f"hearts.log.moon_choice.{recap.moon_choice}", name=name)]

    def next_hand_text(self, table: Table, recap: HandRecap) -> str:
        engine = hearts_of(table).engine
        if engine.is_over and recap.number >= len(engine.hand_history):
            return ""
        offset = pass_offset_for(engine.players, recap.number)  # the next hand's, 0-based
        direction = t(table.locale, direction_key(engine.players, offset))
        return t(table.locale, "hearts.next_hand", number=recap.number + 1, direction=direction)

    def hand_lines(self, table: Table, seat: int, locale: str) -> list[str]:
        engine = hearts_of(table).engine
        names = [escape_name(other.name) for other in table.seats]
        if engine.phase is Phase.PASSING:
            offset = engine.pass_offset or 0
            receiver = names[(seat + offset) % engine.players]
            chosen = engine.chosen_pass(seat)
            if chosen is not None:
                return [t(locale, "hearts.you_pass", cards=cards_text(list(chosen)), name=receiver)]
            return [t(locale, "hearts.choose_pass", name=receiver)]
        lines = []
        received = engine.received_cards(seat)
        if received and engine.trick_number == 0:
            lines.append(t(locale, "hearts.received", cards=cards_text(list(received))))
        if engine.phase is Phase.MOON_CHOICE:
            if seat == engine.moon_shooter:
                return [*lines, t(locale, "hearts.choose_moon")]
            return [*lines, self.waiting_line(table, seat, locale)]
        lines.append(self.waiting_line(table, seat, locale))
        if seat in engine.to_act():
            reasons: dict[str, dict[str, str]] = {}
            for card in set(engine.hand(seat)) - set(engine.legal_cards(seat)):
                refusal = engine.refusal(seat, card)
                if refusal is not None and refusal.code in _EXPLAINED:
                    reasons[refusal.code] = refusal.params
            lines += [t(locale, f"tricks.why.{code}", **params) for code, params in sorted(reasons.items())]
        return lines

    def hand_controls(self, table: Table, seat: int, locale: str, view: discord.ui.View) -> bool:
        engine = hearts_of(table).engine
        if engine.phase is Phase.PASSING:
            if seat in engine.to_act():
                cards = engine.hand(seat)
                options = []
                seen: dict[Card, int] = {}
                for card in sorted(cards, key=lambda card: (SUITS.index(card.suit), card.rank)):
                    copy = seen.get(card, 0)
                    seen[card] = copy + 1
                    label, emoji = card_option(card)
                    options.append(
                        discord.SelectOption(label=label, value=f"{card.code}.{copy}", emoji=emoji)
                    )
                view.add_item(
                    components.GameActionSelect(
                        table.id,
                        f"pass.{engine.hand_number}",
                        options,
                        placeholder=t(locale, "hearts.pass_placeholder"),
                        min_values=PASS_SIZE,
                        max_values=PASS_SIZE,
                        row=0,
                        owner=table.seats[seat].user_id,
                    )
                )
            return True
        if engine.phase is Phase.MOON_CHOICE:
            if seat == engine.moon_shooter:
                award = engine.options.moon_award
                for choice, style in (
                    ("minus_self", discord.ButtonStyle.success),
                    ("plus_others", discord.ButtonStyle.danger),
                ):
                    view.add_item(
                        components.GameActionButton(
                            table.id,
                            f"m.{engine.hand_number}.{choice}",
                            label=t(locale, f"hearts.moon_button.{choice}", points=award),
                            style=style,
                            row=0,
                        )
                    )
            return True
        return False

    def action(self, table: Table, payload: str, values: list[str]) -> tuple[Any, str]:
        parts = payload.split(".")
        if parts[0] == "pass" and len(parts) == 2 and parts[1].isdigit():
            try:
                cards = tuple(Card.from_code(value.split(".")[0]) for value in values)
            except ValueError:
                raise GameError("error.stale_button") from None
            return PassCards(cards, int(parts[1])), "hand"
        if (
            parts[0] == "m"
            and len(parts) == 3
            and parts[1].isdigit()
            and parts[2] in ("minus_self", "plus_others")
        ):
            return ChooseMoon(parts[2], int(parts[1])), "hand"
        return super().action(table, payload, values)

    def turn_text(self, table: Table) -> str | None:
        if table.status is not TableStatus.PLAYING:
            return None
        engine = hearts_of(table).engine
        if engine.phase is Phase.PASSING:
            humans = [
                f"<@{table.seats[seat].user_id}>" for seat in engine.to_act() if not table.seats[seat].is_ai
            ]
            if not humans:
                return None
            direction = t(table.locale, direction_key(engine.players, engine.pass_offset))
            return t(
                table.locale,
                "hearts.turn_pass",
                count=len(humans),
                mentions=" ".join(humans),
                direction=direction,
            )
        if engine.phase is Phase.MOON_CHOICE and engine.moon_shooter is not None:
            shooter = table.seats[engine.moon_shooter]
            mention = escape_name(shooter.name) if shooter.is_ai else f"<@{shooter.user_id}>"
            return t(table.locale, "hearts.turn_moon", mention=mention)
        return super().turn_text(table)


UI = HeartsUI()
