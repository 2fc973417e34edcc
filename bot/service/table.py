"""A table: one lobby or game in one channel, with everything the bot must remember about it.

It is a plain data object that converts to and from JSON; the service owns it and the storage saves it whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.games.thegame.engine import Game, Variant

MAX_PLAYERS = 5
TABLE_FORMAT_VERSION = 1


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"  # won or lost: the engine decided
    ABANDONED = "abandoned"  # stopped early or ended by a vote
    EXPIRED = "expired"  # a lobby nobody started

    @property
    def is_active(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


@dataclass(slots=True)
class Seat:
    user_id: int  # AI seats use small negative ids
    name: str
    is_ai: bool = False
    locale: str = "en-US"

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "is_ai": self.is_ai, "locale": self.locale}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(int(data["user_id"]), str(data["name"]), bool(data["is_ai"]), str(data["locale"]))


@dataclass(slots=True)
class Table:
    id: int
    guild_id: int
    channel_id: int
    created_by: int
    created_at: float
    variant: Variant
    seed: int
    status: TableStatus = TableStatus.LOBBY
    daily: str | None = None  # the date of a daily deal, "YYYY-MM-DD"
    locale: str = "en-US"  # the server's locale, for public messages
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    started_at: float | None = None
    ended_at: float | None = None
    board_message_id: int | None = None
    ping_message_id: int | None = None
    turn_started_at: float | None = None
    reminded: bool = False
    end_votes: set[int] = field(default_factory=set)
    last_drawn: dict[int, list[int]] = field(default_factory=dict)
    violations: dict[int, int] = field(default_factory=dict)
    hints: dict[int, int] = field(default_factory=dict)
    markers: dict[str, str] = field(default_factory=dict)  # pile name -> "keep_off" | "small_steps"
    marker_by: dict[str, int] = field(
        default_factory=dict
    )  # pile name -> the user id (or AI seat id) who set it
    # The last plays everyone saw, newest last: (seat, card, pile, backwards).
    recent_plays: list[tuple[int, int, str, bool]] = field(default_factory=list)
    end_reason: str | None = None

    # -- seats ---------------------------------------------------------------------------------------------
    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def is_seated(self, user_id: int) -> bool:
        return self.seat_of(user_id) is not None

    @property
    def human_seats(self) -> list[Seat]:
        return [seat for seat in self.seats if not seat.is_ai]

    @property
    def has_ai(self) -> bool:
        return any(seat.is_ai for seat in self.seats)

    # -- game ----------------------------------------------------------------------------------------------
    def require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError(f"table {self.id} has no game yet")
        return self.game

    @property
    def current_seat(self) -> Seat | None:
        if self.game is None or self.game.current_player is None or self.game.is_over:
            return None
        return self.seats[self.game.current_player]

    def markers_seen_by(self, seat: int) -> dict[str, str]:
        """The markers a seat reads as its teammates' requests: all but the ones it set itself."""
        own = self.seats[seat].user_id
        return {pile: kind for pile, kind in self.markers.items() if self.marker_by.get(pile) != own}

    def set_marker(self, pile: str, kind: str | None, by: int) -> None:
        if kind is None:
            self.markers.pop(pile, None)
            self.marker_by.pop(pile, None)
        else:
            self.markers[pile] = kind
            self.marker_by[pile] = by

    def apply_ai_markers(self, seat: int, wanted: Mapping[str, str | None]) -> None:
        """An AI seat's wishes: it sets a marker on a pile nobody else marked, and clears only its own."""
        own = self.seats[seat].user_id
        for pile, kind in wanted.items():
            setter = self.marker_by.get(pile)
            if kind is None:
                if setter == own:
                    self.set_marker(pile, None, own)
            elif setter is None or setter == own:
                self.set_marker(pile, kind, own)

    @property
    def deal_code(self) -> str:
        from bot.games.thegame.engine import seed_to_deal_code

        return seed_to_deal_code(self.seed)

    # -- persistence ---------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format_version": TABLE_FORMAT_VERSION,
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "created_by": self.created_by,
            "created_at": self.created_at,
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "status": self.status.value,
            "daily": self.daily,
            "locale": self.locale,
            "seats": [seat.to_dict() for seat in self.seats],
            "game": self.game.to_dict() if self.game is not None else None,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "board_message_id": self.board_message_id,
            "ping_message_id": self.ping_message_id,
            "turn_started_at": self.turn_started_at,
            "reminded": self.reminded,
            "end_votes": sorted(self.end_votes),
            "last_drawn": {str(user): cards for user, cards in self.last_drawn.items()},
            "violations": {str(user): count for user, count in self.violations.items()},
            "hints": {str(user): count for user, count in self.hints.items()},
            "markers": dict(self.markers),
            "marker_by": dict(self.marker_by),
            "recent_plays": [list(play) for play in self.recent_plays],
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        if data.get("format_version") != TABLE_FORMAT_VERSION:
            raise ValueError(f"unknown table format {data.get('format_version')!r}")
        return cls(
            id=int(data["id"]),
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            created_by=int(data["created_by"]),
            created_at=float(data["created_at"]),
            variant=Variant.from_dict(data["variant"]),
            seed=int(data["seed"]),
            status=TableStatus(data["status"]),
            daily=data.get("daily"),
            locale=str(data.get("locale", "en-US")),
            seats=[Seat.from_dict(seat) for seat in data["seats"]],
            game=Game.from_dict(data["game"]) if data.get("game") is not None else None,
            started_at=data.get("started_at"),
            ended_at=data.get("ended_at"),
            board_message_id=data.get("board_message_id"),
            ping_message_id=data.get("ping_message_id"),
            turn_started_at=data.get("turn_started_at"),
            reminded=bool(data.get("reminded", False)),
            end_votes={int(user) for user in data.get("end_votes", [])},
            last_drawn={int(user): list(cards) for user, cards in data.get("last_drawn", {}).items()},
            violations={int(user): int(count) for user, count in data.get("violations", {}).items()},
            hints={int(user): int(count) for user, count in data.get("hints", {}).items()},
            markers={str(pile): str(kind) for pile, kind in data.get("markers", {}).items()},
            marker_by={str(pile): int(user) for pile, user in data.get("marker_by", {}).items()},
            recent_plays=[(int(s), int(c), str(p), bool(b)) for s, c, p, b in data.get("recent_plays", [])],
            end_reason=data.get("end_reason"),
        )
