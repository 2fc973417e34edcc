"""A table: one lobby or game in one channel, with everything the bot must remember about it.

It is a plain data object that converts to and from JSON; the service owns it and the storage saves it whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.games.base import GameRules, Session
from bot.games.deal_codes import seed_to_deal_code
from bot.games.registry import DEFAULT_GAME, rules_for
from bot.languages import language_of

TABLE_FORMAT_VERSION = 2


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"  # played to its end: the game decided
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
    seed: int
    game_key: str = DEFAULT_GAME
    options: dict[str, Any] = field(default_factory=dict)  # the game's options, validated by its rules
    status: TableStatus = TableStatus.LOBBY
    daily: str | None = None  # the date of a daily deal, "YYYY-MM-DD"
    locale: str = "en-US"  # the language of its public messages: the server's (`GameService.set_language`)
    seats: list[Seat] = field(default_factory=list)
    session: Session | None = None  # the game in play, with its own state (engine, markers, ...)
    started_at: float | None = None
    ended_at: float | None = None
    board_message_id: int | None = None
    ping_message_id: int | None = None
    # Since when the table waits: the turn's start, or the last action of the one player it waits for.
    turn_started_at: float | None = None
    reminded: bool = False
    end_votes: set[int] = field(default_factory=set)
    violations: dict[int, int] = field(default_factory=dict)
    hints: dict[int, int] = field(default_factory=dict)
    end_reason: str | None = None
    # The seats that gave the game up when it ended early (a rated game: docs/games.md, "Ending a game early").
    forfeits: tuple[int, ...] = ()

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

    @property
    def ai_seat_indexes(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_ai]

    @property
    def host_id(self) -> int | None:
        """Who runs the lobby (removes an AI seat): whoever opened the table, or once they left, the first person
        still seated (None: nobody is)."""
        humans = [seat.user_id for seat in self.human_seats]
        if self.created_by in humans:
            return self.created_by
        return humans[0] if humans else None

    @property
    def language(self) -> str:
        """The language everyone at the table reads ("en", "fr", "de"): its board, its turn lines, the chat rule's."""
        return language_of(self.locale)

    # -- game ----------------------------------------------------------------------------------------------
    @property
    def rules(self) -> GameRules:
        return rules_for(self.game_key)

    @property
    def max_seats(self) -> int:
        return self.rules.max_seats

    def require_session(self) -> Session:
        if self.session is None:
            raise RuntimeError(f"table {self.id} has no game yet")
        return self.session

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now (none in the lobby or once the game is over)."""
        if self.session is None or self.status is not TableStatus.PLAYING:
            return ()
        return self.session.to_act()

    @property
    def current_seat(self) -> Seat | None:
        """The one seat on turn, when exactly one seat may act."""
        acting = self.seats_to_act
        return self.seats[acting[0]] if len(acting) == 1 else None

    @property
    def deal_code(self) -> str:
        return seed_to_deal_code(self.seed)

    # -- persistence ---------------------------------------------------------------------------------------
    def copy(self) -> Table:
        """An independent copy, equal to this table (`Table.from_dict(self.to_dict())`, without the game's log
        replayed: see `GameRules.copy`)."""
        return Table(
            id=self.id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            created_by=self.created_by,
            created_at=self.created_at,
            game_key=self.game_key,
            options=dict(self.options),
            seed=self.seed,
            status=self.status,
            daily=self.daily,
            locale=self.locale,
            seats=[Seat(seat.user_id, seat.name, seat.is_ai, seat.locale) for seat in self.seats],
            session=self.rules.copy(self.session) if self.session is not None else None,
            started_at=self.started_at,
            ended_at=self.ended_at,
            board_message_id=self.board_message_id,
            ping_message_id=self.ping_message_id,
            turn_started_at=self.turn_started_at,
            reminded=self.reminded,
            end_votes=set(self.end_votes),
            violations=dict(self.violations),
            hints=dict(self.hints),
            end_reason=self.end_reason,
            forfeits=self.forfeits,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format_version": TABLE_FORMAT_VERSION,
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "created_by": self.created_by,
            "created_at": self.created_at,
            "game_key": self.game_key,
            "options": dict(self.options),
            "seed": self.seed,
            "status": self.status.value,
            "daily": self.daily,
            "locale": self.locale,
            "seats": [seat.to_dict() for seat in self.seats],
            "session": self.session.to_dict() if self.session is not None else None,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "board_message_id": self.board_message_id,
            "ping_message_id": self.ping_message_id,
            "turn_started_at": self.turn_started_at,
            "reminded": self.reminded,
            "end_votes": sorted(self.end_votes),
            "violations": {str(user): count for user, count in self.violations.items()},
            "hints": {str(user): count for user, count in self.hints.items()},
            "end_reason": self.end_reason,
            "forfeits": list(self.forfeits),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        if data.get("format_version") == 1:
            data = upgrade_from_version_1(data)
        if data.get("format_version") != TABLE_FORMAT_VERSION:
            raise ValueError(f"unknown table format {data.get('format_version')!r}")
        game_key = str(data.get("game_key", DEFAULT_GAME))
        session_data = data.get("session")
        return cls(
            id=int(data["id"]),
            guild_id=int(data["guild_id"]),
            channel_id=int(data["channel_id"]),
            created_by=int(data["created_by"]),
            created_at=float(data["created_at"]),
            game_key=game_key,
            options=dict(data.get("options", {})),
            seed=int(data["seed"]),
            status=TableStatus(data["status"]),
            daily=data.get("daily"),
            locale=str(data.get("locale", "en-US")),
            seats=[Seat.from_dict(seat) for seat in data["seats"]],
            session=rules_for(game_key).load(session_data) if session_data is not None else None,
            started_at=data.get("started_at"),
            ended_at=data.get("ended_at"),
            board_message_id=data.get("board_message_id"),
            ping_message_id=data.get("ping_message_id"),
            turn_started_at=data.get("turn_started_at"),
            reminded=bool(data.get("reminded", False)),
            end_votes={int(user) for user in data.get("end_votes", [])},
            violations={int(user): int(count) for user, count in data.get("violations", {}).items()},
            hints={int(user): int(count) for user, count in data.get("hints", {}).items()},
            end_reason=data.get("end_reason"),
            forfeits=tuple(int(seat) for seat in data.get("forfeits", ())),
        )


def upgrade_from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A table saved before the card table hosted several games (always The Game): its game-specific fields
    (variant, markers, last plays, cards drawn) move into The Game's session, keyed by seat instead of user id."""
    seats = [int(seat["user_id"]) for seat in data["seats"]]
    seat_of = {user: index for index, user in enumerate(seats)}
    variant = data.get("variant", {})
    upgraded = {
        key: value
        for key, value in data.items()
        if key not in ("variant", "game", "markers", "marker_by", "recent_plays", "last_drawn")
    }
    upgraded["format_version"] = TABLE_FORMAT_VERSION
    upgraded["game_key"] = "thegame"
    upgraded["options"] = {
        "three_cards": bool(variant.get("higher_minimum", False)),
        "smaller_hand": bool(variant.get("smaller_hand", False)),
    }
    upgraded["session"] = None
    if data.get("game") is not None:
        marker_by = {
            pile: seat_of[int(user)]
            for pile, user in data.get("marker_by", {}).items()
            if int(user) in seat_of
        }
        upgraded["session"] = {
            "game": data["game"],
            "ai_seats": [index for index, seat in enumerate(data["seats"]) if seat.get("is_ai")],
            "markers": dict(data.get("markers", {})),
            "marker_by": marker_by,
            "recent_plays": data.get("recent_plays", []),
            "last_drawn": {
                str(seat_of[int(user)]): cards
                for user, cards in data.get("last_drawn", {}).items()
                if int(user) in seat_of
            },
        }
    return upgraded
