"""The Game at a table: the engine plus what the table shows about it (markers, the last plays, what was drawn).

Pure: no Discord, no I/O. Seats are indexes (0 = the first seat); the interface maps them to Discord users.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import ActionResult, InWords, Notice, Outcome, SeatResult, Session
from bot.games.errors import GameError
from bot.games.thegame.ai import strong_strategy
from bot.games.thegame.engine import (
    PILE_NAMES,
    CardPlayed,
    Event,
    FirstPlayerChosen,
    Game,
    GameEnded,
    IllegalAction,
    PlayerSkipped,
    Status,
    TurnEnded,
    TurnStarted,
)

RECENT_PLAYS = 5
MARKER_ORDER: tuple[str | None, ...] = (None, "keep_off", "small_steps")
MARKER_KINDS = ("keep_off", "small_steps")
_STRATEGY = strong_strategy()
# How good a start a hand allows, from the strong AI's cost of its best first turn (lower is better): about a
# quarter of hands start "well", a quarter "poorly" (measured over random deals of 1 to 5 players).
START_WELL, START_POORLY = 15.0, 27.0


# -- actions (what a seat asks for) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseFirst:
    """The team decided who starts: the seat that acts (`seat` None), or the seat it names (an AI seat too)."""

    seat: int | None = None


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
    """Table talk: none -> keep off -> small steps -> none on a pile (the buttons of boards posted before the
    marker menu)."""

    pile: str


@dataclass(frozen=True, slots=True)
class SetMarker:
    """Table talk from the marker menu: put `kind` ("keep_off" or "small_steps") on a pile, or clear it (None)."""

    pile: str
    kind: str | None


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One turn of a finished or running game, as everyone saw it (for the summary and the full log)."""

    number: int
    seat: int
    plays: tuple[tuple[int, str, bool], ...]  # (card, pile, backwards), in order
    drawn: int  # how many cards the player drew at the end (never which)
    skipped: tuple[int, ...] = ()  # the seats without cards passed over after this turn


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
        self._start_quality: dict[int, str] = {}  # seat -> start_quality(seat), not saved

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

    def copy(self) -> TheGameSession:
        """An independent copy, equal to this session, made from its state (loading `to_dict` replays the log)."""
        copied = TheGameSession(
            self.game.copy(),
            sorted(self.ai_seats),
            markers=self.markers,
            marker_by=self.marker_by,
            recent_plays=self.recent_plays,
            last_drawn=self.last_drawn,
        )
        copied._start_quality = dict(self._start_quality)  # the same hands, the same answers
        return copied

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
            starter = seat if action.seat is None else action.seat
            if not isinstance(starter, int) or not 0 <= starter < game.players:
                raise self.refusal("engine.unknown_player")
            return ActionResult(self._engine(lambda: game.choose_first_player(starter)))
        if isinstance(action, SelectCard):
            self._require_turn(seat)
            if action.card not in game.hand(seat):
                raise self.missing_card(seat, action.card)
            return ActionResult(changed=False, hand_options={"selected": action.card})
        if isinstance(action, PlayOnPile):
            return self._play(seat, action)
        if isinstance(action, FinishTurn):
            events = self._engine(lambda: game.end_turn(seat))
            ended = next((event for event in events if isinstance(event, TurnEnded)), None)
            drawn = list(ended.drawn) if ended is not None else []
            notice = (
                Notice(
                    "hand.turn_ended",
                    {
                        "count": len(drawn),
                        "drawn": InWords(len(drawn)),
                        "cards": ", ".join(f"`{c}`" for c in drawn),
                    },
                )
                if drawn
                else Notice("hand.turn_ended_no_draw")
            )
            return ActionResult(events, notice=notice)
        if isinstance(action, CycleMarker):
            if action.pile not in PILE_NAMES:
                raise self.refusal("engine.unknown_pile")
            current = self.markers.get(action.pile)
            following = MARKER_ORDER[(MARKER_ORDER.index(current) + 1) % len(MARKER_ORDER)]
            return self._mark(seat, action.pile, following)
        if isinstance(action, SetMarker):
            if action.pile not in PILE_NAMES:
                raise self.refusal("engine.unknown_pile")
            if action.kind is not None and action.kind not in MARKER_KINDS:
                raise GameError("error.stale_button")
            return self._mark(seat, action.pile, action.kind)
        raise GameError("error.stale_button")

    def _mark(self, seat: int, pile: str, kind: str | None) -> ActionResult:
        """Table talk on a pile. The setter is told what is set (a click on the board answers with the board,
        so the notice comes with it), and every hand shows the team's markers."""
        self.set_marker(pile, kind, seat)
        key = f"marker.set_{kind}" if kind else "marker.cleared"
        return ActionResult(notice=Notice(key, {"pile": pile}), notice_with_board=True, hands_changed=True)

    def _play(self, seat: int, action: PlayOnPile) -> ActionResult:
        game = self.game
        card, pile = action.card, action.pile.upper()
        if not action.confirmed and game.current_player == seat and card in game.hand(seat):
            warning = self._warning(seat, card, pile)
            if warning is not None:
                return ActionResult(
                    changed=False,
                    notice=Notice(warning, {"card": card, "pile": pile}),
                    hand_options={"selected": card, "confirm": (card, pile)},
                )
        if game.current_player == seat and game.status is Status.PLAYING and card not in game.hand(seat):
            raise self.missing_card(seat, card)
        events = self._engine(lambda: game.play(seat, card, pile))
        played = next((event for event in events if isinstance(event, CardPlayed)), None)
        key = "hand.played_backwards" if played is not None and played.backwards else "hand.played"
        return ActionResult(events, notice=Notice(key, {"card": card, "pile": pile}))

    def _warning(self, seat: int, card: int, pile: str) -> str | None:
        """What to say before a legal play that the player should confirm (None: play it at once): one after which
        the turn's minimum cannot be reached (the game ends), or a forward one on a pile a teammate asked to keep
        off (a backwards move only gives room)."""
        game = self.game
        play = next((p for p in game.legal_plays() if p.card == card and p.pile == pile), None)
        if play is None:
            return None
        if not game.can_complete_minimum_after(card, pile):
            return "hand.confirm"
        if not play.backwards and self.markers_seen_by(seat).get(pile) == "keep_off":
            return "hand.confirm_keep_off"
        return None

    def missing_card(self, seat: int, card: int) -> GameError:
        """A card the player does not hold: "you just played it" when it is one of their last plays (a second
        click on a card button), else "not in your hand"."""
        for player, value, pile, _ in reversed(self.recent_plays):
            if player == seat and value == card:
                return self.refusal("engine.just_played", card=card, pile=pile)
        return self.refusal("engine.card_not_in_hand")

    def _require_turn(self, seat: int) -> None:
        game = self.game
        if game.status is Status.CHOOSING_FIRST:
            raise self.refusal("engine.first_player_not_chosen")
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise self.refusal("engine.not_your_turn" if not game.is_over else "engine.game_over")

    def refusal(self, key: str, **params: Any) -> GameError:
        """A refusal with what the interface needs to name the situation: the minimum (also as `count`, for
        the texts whose plural follows it), the seat on turn and how many cards it played (`seat` is -1 while
        nobody is on turn)."""
        game = self.game
        current = game.current_player if game.status is Status.PLAYING else None
        situation: dict[str, Any] = {
            "minimum": game.turn_minimum,
            "count": game.turn_minimum,
            "played": game.played_this_turn,
            "seat": current if current is not None else -1,
        }
        return GameError(key, **{**situation, **params})

    def _engine(self, action: Any) -> list[Event]:
        try:
            events: list[Event] = action()
        except IllegalAction as error:
            raise self.refusal(f"engine.{error.code}") from error
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
            elif isinstance(event, TurnStarted):
                # The cards a player drew are "just drawn" until their own next turn starts.
                self.last_drawn.pop(event.player, None)
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
        """ "Play 11 on B, then 23 on A — the smallest gaps"."""
        self._require_turn(seat)
        plan = _STRATEGY.plan_turn(self.game, seat, self.markers_seen_by(seat))
        plays = Notice("hint.end_turn")
        for index in reversed(range(len(plan.plays))):
            card, pile = plan.plays[index]
            step = Notice("hint.play" if index == 0 else "hint.play_next", {"card": card, "pile": pile})
            plays = (
                step if index == len(plan.plays) - 1 else Notice("hint.then", {"first": step, "then": plays})
            )
        reason = Notice(f"hint.reason.{plan.reason}", {"pile": plan.reason_pile or ""})
        return Notice("hint.line", {"plays": plays, "reason": reason})

    def start_quality(self, seat: int) -> str:
        """How good a start `seat`'s own hand allows, in words for the board ("well", "fair", "poorly"), from
        the strong AI's cost of its best first turn; only that seat's hand is read. Cached (a few ms)."""
        cache = self._start_quality
        if seat not in cache:
            score = _STRATEGY.opening_score(self.game, seat)
            cache[seat] = "well" if score <= START_WELL else "fair" if score <= START_POORLY else "poorly"
        return cache[seat]

    # -- what happened ---------------------------------------------------------------------------------------
    def turns(self) -> list[TurnRecord]:
        """Every turn so far, replayed from the engine's log (the plays everyone saw; never a drawn card)."""
        game = self.game
        replay = Game.from_deck(game.players, game.deck, game.variant)
        records: list[TurnRecord] = []
        seat, plays = -1, []
        for action in game.log:
            for event in replay.apply(action):
                if isinstance(event, FirstPlayerChosen | TurnStarted):
                    seat = event.player
                elif isinstance(event, CardPlayed):
                    plays.append((event.card, event.pile, event.backwards))
                elif isinstance(event, TurnEnded):
                    records.append(TurnRecord(len(records) + 1, seat, tuple(plays), len(event.drawn)))
                    plays = []
                elif isinstance(event, PlayerSkipped) and records:
                    last = records[-1]
                    records[-1] = TurnRecord(
                        last.number, last.seat, last.plays, last.drawn, (*last.skipped, event.player)
                    )
                elif isinstance(event, GameEnded) and seat >= 0:
                    records.append(TurnRecord(len(records) + 1, seat, tuple(plays), 0))
                    plays = []
        if plays or (game.status is Status.PLAYING and seat >= 0):
            records.append(TurnRecord(len(records) + 1, seat, tuple(plays), 0))
        return records

    def plays_by_seat(self) -> list[tuple[int, int]]:
        """For each seat: the cards it played and how many of them were backwards moves."""
        counts = [[0, 0] for _ in range(self.game.players)]
        for turn in self.turns():
            for _, _, backwards in turn.plays:
                counts[turn.seat][0] += 1
                counts[turn.seat][1] += int(backwards)
        return [(played, backwards) for played, backwards in counts]

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
