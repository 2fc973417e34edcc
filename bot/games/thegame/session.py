"""The Game at a table: the engine plus what the table shows about it (markers, the last plays, what was drawn).

Pure: no Discord, no I/O. Seats are indexes (0 = the first seat); the interface maps them to Discord users.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import ActionResult, Notice, Outcome, SeatResult, Session
from bot.games.errors import GameError
from bot.games.thegame.ai import strong_strategy
from bot.games.thegame.engine import (
    PILE_NAMES,
    CardPlayed,
    Event,
    Game,
    IllegalAction,
    Status,
    TurnEnded,
    TurnStarted,
)

RECENT_PLAYS = 5
MARKER_ORDER: tuple[str | None, ...] = (None, "keep_off", "small_steps")
_STRATEGY = strong_strategy()


# -- actions (what a seat asks for) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseFirst:
    """The team decided: this seat starts."""


@dataclass(frozen=True, slots=True)
class SelectCard:
    """Show the piles a card can go on (changes nothing but the actor's view)."""

    card: int


@dataclass(frozen=True, slots=True)
class PlayOnPile:
    card: int
    pile: str
    confirmed: bool = False  # skip the warning for a play after which the minimum can't be reached


@dataclass(frozen=True, slots=True)
class FinishTurn:
    pass


@dataclass(frozen=True, slots=True)
class CycleMarker:
    """Table talk: none -> keep off -> small steps -> none on a pile."""

    pile: str


class TheGameSession(Session):
    def __init__(
        self,
        game: Game,
        ai_seats: Sequence[int],
        *,
        markers: Mapping[str, str] | None = None,
        marker_by: Mapping[str, int] | None = None,
        recent_plays: Sequence[tuple[int, int, str, bool]] = (),
        last_drawn: Mapping[int, list[int]] | None = None,
    ) -> None:
        self.game = game
        self.ai_seats = frozenset(ai_seats)
        self.markers: dict[str, str] = dict(markers or {})  # pile -> "keep_off" | "small_steps"
        self.marker_by: dict[str, int] = dict(marker_by or {})  # pile -> the seat that set it
        self.recent_plays: list[tuple[int, int, str, bool]] = list(recent_plays)  # (seat, card, pile, back)
        self.last_drawn: dict[int, list[int]] = {
            seat: list(cards) for seat, cards in (last_drawn or {}).items()
        }

    # -- persistence -----------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.to_dict(),
            "ai_seats": sorted(self.ai_seats),
            "markers": dict(self.markers),
            "marker_by": dict(self.marker_by),
            "recent_plays": [list(play) for play in self.recent_plays],
            "last_drawn": {str(seat): cards for seat, cards in self.last_drawn.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TheGameSession:
        return cls(
            Game.from_dict(dict(data["game"])),
            [int(seat) for seat in data.get("ai_seats", [])],
            markers={str(pile): str(kind) for pile, kind in data.get("markers", {}).items()},
            marker_by={str(pile): int(seat) for pile, seat in data.get("marker_by", {}).items()},
            recent_plays=[(int(s), int(c), str(p), bool(b)) for s, c, p, b in data.get("recent_plays", [])],
            last_drawn={int(seat): list(cards) for seat, cards in data.get("last_drawn", {}).items()},
        )

    # -- the table's questions -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        game = self.game
        if game.is_over:
            return ()
        if game.status is Status.CHOOSING_FIRST:
            return tuple(range(game.players))
        return (game.current_player,) if game.current_player is not None else ()

    def progress(self) -> tuple[int, ...]:
        game = self.game
        return (game.turn_number, game.current_player if game.current_player is not None else -1)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def current_player(self) -> int | None:
        game = self.game
        if game.is_over or game.status is not Status.PLAYING:
            return None
        return game.current_player

    # -- actions ---------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> ActionResult:
        game = self.game
        if isinstance(action, ChooseFirst):
            return ActionResult(self._engine(lambda: game.choose_first_player(seat)))
        if isinstance(action, SelectCard):
            self._require_turn(seat)
            if action.card not in game.hand(seat):
                raise GameError("engine.card_not_in_hand", minimum=game.turn_minimum)
            return ActionResult(changed=False, hand_options={"selected": action.card})
        if isinstance(action, PlayOnPile):
            return self._play(seat, action)
        if isinstance(action, FinishTurn):
            events = self._engine(lambda: game.end_turn(seat))
            drawn = self.last_drawn.get(seat, []) if any(isinstance(e, TurnEnded) for e in events) else []
            notice = (
                Notice("hand.turn_ended", {"count": len(drawn)})
                if drawn
                else Notice("hand.turn_ended_no_draw")
            )
            return ActionResult(events, notice=notice)
        if isinstance(action, CycleMarker):
            if action.pile not in PILE_NAMES:
                raise GameError("engine.unknown_pile", minimum=game.turn_minimum)
            current = self.markers.get(action.pile)
            following = MARKER_ORDER[(MARKER_ORDER.index(current) + 1) % len(MARKER_ORDER)]
            self.set_marker(action.pile, following, seat)
            return ActionResult(notice=Notice("marker.set"))
        raise GameError("error.stale_button")

    def _play(self, seat: int, action: PlayOnPile) -> ActionResult:
        game = self.game
        card, pile = action.card, action.pile.upper()
        if not action.confirmed and game.current_player == seat and card in game.hand(seat):
            legal = any(play.card == card and play.pile == pile for play in game.legal_plays())
            if legal and not game.can_complete_minimum_after(card, pile):
                return ActionResult(
                    changed=False,
                    notice=Notice("hand.confirm", {"card": card, "pile": pile}),
                    hand_options={"selected": card, "confirm": (card, pile)},
                )
        events = self._engine(lambda: game.play(seat, card, pile))
        played = next((event for event in events if isinstance(event, CardPlayed)), None)
        key = "hand.played_backwards" if played is not None and played.backwards else "hand.played"
        return ActionResult(events, notice=Notice(key, {"card": card, "pile": pile}))

    def _require_turn(self, seat: int) -> None:
        game = self.game
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise GameError("engine.not_your_turn", minimum=game.turn_minimum)

    def _engine(self, action: Any) -> list[Event]:
        game = self.game
        try:
            events: list[Event] = action()
        except IllegalAction as error:
            raise GameError(f"engine.{error.code}", minimum=game.turn_minimum) from error
        self._record(events)
        return events

    def _record(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, CardPlayed):
                self.recent_plays = [
                    *self.recent_plays[-(RECENT_PLAYS - 1) :],
                    (event.player, event.card, event.pile, event.backwards),
                ]
            elif isinstance(event, TurnEnded):
                self.last_drawn[event.player] = list(event.drawn)
        if any(isinstance(event, TurnStarted) for event in events) and not self.game.is_over:
            self.refresh_ai_markers()

    # -- markers ---------------------------------------------------------------------------------------------
    def markers_seen_by(self, seat: int) -> dict[str, str]:
        """The markers a seat reads as its teammates' requests: all but the ones it set itself."""
        return {pile: kind for pile, kind in self.markers.items() if self.marker_by.get(pile) != seat}

    def set_marker(self, pile: str, kind: str | None, by: int) -> None:
        if kind is None:
            self.markers.pop(pile, None)
            self.marker_by.pop(pile, None)
        else:
            self.markers[pile] = kind
            self.marker_by[pile] = by

    def apply_ai_markers(self, seat: int, wanted: Mapping[str, str | None]) -> None:
        """An AI seat's wishes: it sets a marker on a pile nobody else marked, and clears only its own."""
        for pile, kind in wanted.items():
            setter = self.marker_by.get(pile)
            if kind is None:
                if setter == seat:
                    self.set_marker(pile, None, seat)
            elif setter is None or setter == seat:
                self.set_marker(pile, kind, seat)

    def refresh_ai_markers(self) -> None:
        """After a turn passed, each AI seat updates its markers from its own hand and the piles."""
        for seat in sorted(self.ai_seats):
            self.apply_ai_markers(seat, _STRATEGY.desired_markers(self.game, seat))

    # -- AI and hints ----------------------------------------------------------------------------------------
    def play_ai(self, seat: int) -> list[Any]:
        game = self.game
        if game.is_over or game.current_player != seat or game.status is not Status.PLAYING:
            return []
        plan = _STRATEGY.plan_turn(game, seat, self.markers_seen_by(seat))
        events: list[Any] = []
        for card, pile in plan.plays:
            events += self._engine(lambda card=card, pile=pile: game.play(seat, card, pile))
            if self.is_over:
                return events
        self.apply_ai_markers(seat, plan.markers)
        events += self._engine(lambda: game.end_turn(seat))
        return events

    def hint(self, seat: int) -> Notice:
        self._require_turn(seat)
        plan = _STRATEGY.plan_turn(self.game, seat, self.markers_seen_by(seat))
        plays: str | Notice = " → ".join(f"{card} {pile}" for card, pile in plan.plays) or Notice(
            "hint.end_turn"
        )
        reason = Notice(f"hint.reason.{plan.reason}", {"pile": plan.reason_pile or ""})
        return Notice("hint.line", {"plays": plays, "reason": reason})

    # -- results ---------------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        game = self.game
        won = game.status is Status.WON
        variant = game.variant
        return Outcome(
            outcome="won" if won else "lost",
            score=game.cards_left,
            turns=game.turn_number,
            variant="expert" if variant.is_expert else "standard",
            deal_code=game.deal_code or "",
            seats=tuple(SeatResult(points=game.cards_left, place=1, won=won) for _ in range(game.players)),
            extra={"expert_minimum": variant.higher_minimum, "expert_hand": variant.smaller_hand},
        )

    def public_log(self, events: Sequence[Any]) -> list[str]:
        """One line per event that everyone saw (never a drawn card)."""
        lines = []
        for event in events:
            if isinstance(event, CardPlayed):
                back = " (backwards)" if event.backwards else ""
                lines.append(f"seat {event.player} played {event.card} on {event.pile}{back}")
            elif isinstance(event, TurnEnded):
                lines.append(f"seat {event.player} ended the turn and drew {len(event.drawn)} cards")
        return lines
