"""Players' names on the record screens: members' current display names when Discord knows them (`MemberNames`),
else the name stored with the game; an AI seat and a forgotten player named their way."""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.storage.stats import SeatRecord
from bot.ui.format import escape_name
from bot.ui.i18n import t

# A current name is a current name for ten minutes; a member who left stays "left" as long.
NAME_TTL = 600.0
NAME_CACHE_LIMIT = 10_000
NAME_BUDGET = 1.5  # seconds spent at most asking Discord for names before answering with the stored ones
NAME_CONCURRENCY = 4


Names = dict[int, str | None]  # user id -> current display name, None when unknown or gone


class MemberNames:
    """Current display names without the privileged members intent.

    The member cache (members who interacted) first, then a small in-memory cache, then `guild.fetch_member` — a
    few at a time and within a time budget, so a page of fifty players never makes the answer late. NotFound means
    the member left the server: remembered, and the caller shows the name stored with the game.
    """

    def __init__(
        self,
        *,
        ttl: float = NAME_TTL,
        budget: float = NAME_BUDGET,
        concurrency: int = NAME_CONCURRENCY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl = ttl
        self.budget = budget
        self._clock = clock
        self._cache: dict[tuple[int, int], tuple[float, str | None]] = {}
        self._concurrency = concurrency
        self._semaphore: asyncio.Semaphore | None = None

    def remember(self, member: discord.abc.User) -> None:
        guild = getattr(member, "guild", None)
        if guild is not None:
            self._store(guild.id, member.id, member.display_name)

    def _store(self, guild_id: int, user_id: int, name: str | None) -> None:
        if len(self._cache) >= NAME_CACHE_LIMIT:
            now = self._clock()
            self._cache = {key: value for key, value in self._cache.items() if value[0] > now}
            if len(self._cache) >= NAME_CACHE_LIMIT:
                self._cache.clear()
        self._cache[(guild_id, user_id)] = (self._clock() + self.ttl, name)

    async def resolve(self, guild: discord.Guild, user_ids: Iterable[int]) -> Names:
        names: Names = {}
        missing = []
        now = self._clock()
        for user_id in sorted(set(user_ids)):
            member = guild.get_member(user_id)
            cached = self._cache.get((guild.id, user_id))
            if member is not None:
                names[user_id] = member.display_name
            elif cached is not None and cached[0] > now:
                names[user_id] = cached[1]
            else:
                missing.append(user_id)
        if missing:
            tasks = {user_id: asyncio.ensure_future(self._fetch(guild, user_id)) for user_id in missing}
            done, pending = await asyncio.wait(tasks.values(), timeout=self.budget)
            for task in pending:
                task.cancel()
            for user_id, task in tasks.items():
                names[user_id] = task.result() if task in done else None
        return names

    async def _fetch(self, guild: discord.Guild, user_id: int) -> str | None:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self._concurrency)
        async with self._semaphore:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                self._store(guild.id, user_id, None)
                return None
            except discord.HTTPException:
                return None  # not remembered: try again next time
        self._store(guild.id, user_id, member.display_name)
        return member.display_name


_names: weakref.WeakKeyDictionary[Any, MemberNames] = weakref.WeakKeyDictionary()


def member_names(client: Any) -> MemberNames:
    """The bot's one name cache, shared by the leaderboard, stats and history screens."""
    names = _names.get(client)
    if names is None:
        names = _names[client] = MemberNames()
    return names


def seat_ids(seats: Iterable[SeatRecord]) -> set[int]:
    return {seat.user_id for seat in seats if seat.user_id is not None and not seat.is_ai}


def seat_name(seat: SeatRecord, names: Mapping[int, str | None], locale: str) -> str:
    if seat.is_ai:
        return f"🤖 {escape_name(seat.name)}"
    if seat.user_id is None:
        return t(locale, "lb.anonymous")
    return escape_name(names.get(seat.user_id) or seat.name)


def team_names(seats: Sequence[SeatRecord], names: Names, locale: str) -> str:
    return " · ".join(seat_name(seat, names, locale) for seat in seats) or "—"
