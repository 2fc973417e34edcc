"""The trick games' board as a picture (Hearts, Barbu): the table wrapped into the renderer's `TrickTableLayout`, and
the picture's description in the table's language (what a screen reader says; it says everything the picture shows).

The picture is public: it shows the cards played and the penalty cards taken, never a hand. From the end of a hand
until the next hand's first card (Hearts' pass included), it shows the finished hand (`TrickSession.shown_hand`):
its last trick in front of the seats that played it, who took it, each seat's points that hand and the totals.

What is a game's own (Hearts' pass, Barbu's contract) comes from its UI through `PictureHooks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.games.cards import Card
from bot.games.hand_recap import HandRecap
from bot.games.trick_session import TrickSession
from bot.games.tricks import TrickPlay, trick_winner
from bot.service.table import Table
from bot.ui.i18n import t
from bot.ui.lobby import BoardImage
from bot.ui.render import (
    PlayedCard,
    TakenChip,
    TrickSeat,
    TrickTableLabels,
    TrickTableLayout,
    render_trick_table,
)
from bot.ui.render.drawing import Drawing, KeptDrawings
from bot.ui.render.pieces import limited
from bot.ui.render.tricks import LEAD_MARK, WINNING_MARK

IMAGE = "trick-table.png"
_png = KeptDrawings(render_trick_table)  # the same state draws the same picture, once


class PictureHooks(Protocol):
    """What a trick game's UI adds to the picture (`TrickGameUI` implements it)."""

    def picture_header(self, table: Table) -> str:
        """The line above the table: the hand and what it is about (the pass, the contract and its penalties)."""
        ...

    def seat_status(self, table: Table, seat: int) -> str:
        """A word or two on a seat's plate ("choosing…", "dealer"), or ""."""
        ...

    def taken_chips(self, table: Table, hand: int, cards: tuple[Card, ...]) -> tuple[TakenChip, ...]:
        """The penalty cards a seat took in hand `hand` (1-based), as chips, the costliest first."""
        ...

    def centre_lines(self, table: Table) -> tuple[str, ...] | None:
        """The middle of the table when no trick is played (Hearts' pass, its moon choice), else None."""
        ...

    def recap_footer(self, table: Table, recap: HandRecap) -> str:
        """The line under a finished hand: its moon or early end, or what comes next."""
        ...


@dataclass(frozen=True, slots=True)
class _SeatShown:
    """What a seat's plate shows, from the hand in play or from the finished hand on show."""

    points: int
    total: int
    tricks: int
    taken: tuple[Card, ...]


def board_image(table: Table, hooks: PictureHooks) -> BoardImage:
    """The board's picture and its description."""
    layout, description = layout_and_description(table, hooks)
    return BoardImage(Drawing(_png, layout), IMAGE, description)


def layout_and_description(
    table: Table, hooks: PictureHooks, *, finished_hand: bool = True
) -> tuple[TrickTableLayout, str]:
    """The layout of the table as it is now, and its description, in the table's language. `finished_hand`: the
    finished hand shown while the board shows it (`TrickSession.shown_hand`); False: the hand in play, always (the
    Activity's table, which shows the finished hand apart)."""
    locale = table.locale
    session = table.require_session()
    assert isinstance(session, TrickSession)
    engine = session.engine
    names = [seat.name for seat in table.seats]
    recap = session.shown_hand() if finished_hand else None
    acting = set(engine.to_act())
    hand = recap.number if recap is not None else engine.hand_number + 1
    seats: list[TrickSeat] = []
    described: list[str] = []
    for index, name in enumerate(names):
        shown = _seat_shown(session, recap, index)
        seat = TrickSeat(
            name,
            t(locale, "tricks.picture.score", count=shown.points, total=shown.total),
            t(locale, "tricks.picture.tricks", count=shown.tricks),
            hooks.taken_chips(table, hand, shown.taken),
            index in acting,
            hooks.seat_status(table, index),
        )
        seats.append(seat)
        lines = [seat.score_line, seat.detail_line] + ([seat.status] if seat.status else [])
        if shown.taken:
            lines.append(t(locale, "tricks.alt.taken", cards=_cards(shown.taken)))
        described.append(t(locale, "tricks.alt.seat", name=name, lines=", ".join(lines)))
    header = hooks.picture_header(table)
    parts = [header]
    if recap is not None:
        layout = _finished_hand(table, hooks, recap, tuple(seats), header)
        parts.append(f"{layout.centre[0]}.")
        if recap.last_trick and recap.last_winner is not None:
            parts.append(_last_trick_sentence(table, recap.last_trick, recap.last_winner))
    else:
        layout = _hand_in_play(table, hooks, session, tuple(seats), header)
        trick = engine.current_trick
        if trick:
            number = _trick_number(session) + 1
            parts.append(
                t(
                    locale,
                    "tricks.alt.trick",
                    number=number,
                    name=names[trick[0].seat],
                    plays=_plays(table, trick),
                )
            )
            parts.append(t(locale, "tricks.alt.winning", name=names[trick_winner(trick)]))
        elif layout.centre:
            parts.append(". ".join(layout.centre))
    if acting:
        parts.append(t(locale, "tricks.waiting", names=", ".join(names[seat] for seat in sorted(acting))))
    if recap is not None:
        parts.append(layout.footer)
    elif layout.last_trick and layout.last_winner is not None:
        last = tuple(TrickPlay(play.seat, play.card) for play in layout.last_trick)
        parts.append(_last_trick_sentence(table, last, layout.last_winner))
    # The seats last: on a crowded table it is their list of cards taken that Discord's limit cuts.
    parts += described
    return layout, limited(" ".join(_sentence(part) for part in parts if part))


def _seat_shown(session: TrickSession, recap: HandRecap | None, seat: int) -> _SeatShown:
    if recap is not None:
        return _SeatShown(
            recap.points[seat], recap.totals[seat], recap.tricks_taken[seat], recap.penalty_cards[seat]
        )
    engine = session.engine
    return _SeatShown(
        engine.hand_points(seat), engine.scores[seat], engine.tricks_taken(seat), engine.penalty_cards(seat)
    )


def _finished_hand(
    table: Table, hooks: PictureHooks, recap: HandRecap, seats: tuple[TrickSeat, ...], header: str
) -> TrickTableLayout:
    """The finished hand: its last trick on the table, its taker marked, what comes next under it."""
    locale = table.locale
    centre = [t(locale, "tricks.picture.hand_over", number=recap.number)]
    if recap.last_winner is not None:
        centre.append(
            f"{WINNING_MARK} {t(locale, 'tricks.picture.took', name=table.seats[recap.last_winner].name)}"
        )
    return TrickTableLayout(
        seats=seats,
        trick=tuple(PlayedCard(play.seat, play.card) for play in recap.last_trick),
        winning=recap.last_winner,
        header=header,
        centre=tuple(centre),
        footer=hooks.recap_footer(table, recap),
        labels=TrickTableLabels(lead=t(locale, "tricks.picture.lead")),
    )


def _hand_in_play(
    table: Table, hooks: PictureHooks, session: TrickSession, seats: tuple[TrickSeat, ...], header: str
) -> TrickTableLayout:
    """The hand in play: the trick on the table, the leader and the winning card marked, the last trick under it."""
    locale = table.locale
    engine = session.engine
    names = [seat.name for seat in table.seats]
    trick = engine.current_trick
    winning = trick_winner(trick) if trick else None
    centre = hooks.centre_lines(table)
    if centre is None:
        centre = (t(locale, "tricks.picture.trick", number=_trick_number(session) + 1),)
        if trick and winning is not None:
            centre += (
                f"{LEAD_MARK} {t(locale, 'tricks.picture.led', name=names[trick[0].seat])}",
                f"{WINNING_MARK} {names[winning]}",
            )
    last: tuple[TrickPlay, ...] = getattr(engine, "last_trick", ())
    last_winner: int | None = getattr(engine, "last_trick_winner", None)
    footer = (
        t(locale, "tricks.picture.last_trick", name=names[last_winner])
        if last and last_winner is not None
        else ""
    )
    return TrickTableLayout(
        seats=seats,
        trick=tuple(PlayedCard(play.seat, play.card) for play in trick),
        winning=winning,
        header=header,
        centre=centre,
        last_trick=tuple(PlayedCard(play.seat, play.card) for play in last) if footer else (),
        last_winner=last_winner if footer else None,
        footer=footer,
        labels=TrickTableLabels(lead=t(locale, "tricks.picture.lead")),
    )


def _trick_number(session: TrickSession) -> int:
    """The trick in play, 0-based."""
    engine = session.engine
    number = getattr(engine, "trick_number", None)
    if isinstance(number, int):
        return number
    return sum(engine.tricks_taken(seat) for seat in range(engine.players))


def _last_trick_sentence(table: Table, plays: tuple[TrickPlay, ...], winner: int) -> str:
    return t(table.locale, "tricks.alt.last_trick", name=table.seats[winner].name, plays=_plays(table, plays))


def _plays(table: Table, plays: Sequence[TrickPlay]) -> str:
    """`Alice 9♥, Bob K♥`: who played what, in order (plain suit symbols: a screen reader reads them)."""
    return ", ".join(f"{table.seats[play.seat].name} {play.card}" for play in plays)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text[-1:] in ".!?…:" else f"{text}."
