"""The leaderboard screens' pieces: page buttons that survive a restart, names, French numbers, the chart."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.storage.stats import LeaderboardFilters, LeaderboardPage, SeatRecord, TeamStanding
from bot.ui.format import decimal, plural
from bot.ui.leaderboard import LEADERBOARD_ID, leaderboard_custom_id, leaderboard_embed, parse_leaderboard_id
from bot.ui.member_names import MemberNames

GUILD = 123_456_789_012_345_678


@pytest.mark.parametrize(
    "filters",
    [
        LeaderboardFilters(),
        LeaderboardFilters(players=5, variant="expert", daily="2025-12-31", ai=True),
        LeaderboardFilters(players=1, variant="standard"),
    ],
)
def test_a_page_button_carries_the_server_page_and_filters(filters: LeaderboardFilters) -> None:
    custom_id = leaderboard_custom_id(GUILD, 42, filters)
    assert len(custom_id) <= 100
    match = LEADERBOARD_ID.fullmatch(custom_id)
    assert match is not None
    assert parse_leaderboard_id(match) == (GUILD, 42, filters)


def test_french_plurals_and_decimals() -> None:
    assert plural("fr", "lb.wins", 0) == "0 victoire"
    assert plural("fr", "lb.wins", 2) == "2 victoires"
    assert plural("en-US", "lb.wins", 0) == "0 wins"
    assert plural("en-US", "lb.wins", 1) == "1 win"
    assert decimal("fr", 8.44) == "8,4"
    assert decimal("en-GB", 8.44) == "8.4"


def _team(position: int, names: list[str], key: str) -> TeamStanding:
    seats = tuple(SeatRecord(index + 1, name, False) for index, name in enumerate(names))
    return TeamStanding(position, key, 3, 100.0, 2, 5, 7.25, 200.0, seats)


def test_long_names_keep_the_page_within_discords_limits() -> None:
    teams = tuple(_team(position, ["N" * 32] * 5, "1,2,3,4,5") for position in range(1, 11))
    page = LeaderboardPage(LeaderboardFilters(players=5, variant="expert"), 0, 10, 10, teams, teams[0])
    embed = leaderboard_embed(page, {}, "fr", guild_name="S" * 100, viewer_id=3, viewer_name="V" * 32)
    assert len(embed.description or "") <= 4096
    assert len(embed) <= 6000
    assert (embed.description or "").count("⭐") == 10
    assert "moy. 7,2" in (embed.description or "")


class FakeGuild:
    def __init__(self, members: dict[int, str], *, slow: frozenset[int] = frozenset()) -> None:
        self.id = GUILD
        self.members = members
        self.slow = slow
        self.fetches: list[int] = []

    def get_member(self, user_id: int) -> Any:
        return None  # no members intent: nothing cached

    async def fetch_member(self, user_id: int) -> Any:
        self.fetches.append(user_id)
        if user_id in self.slow:
            await asyncio.sleep(5)
        if user_id not in self.members:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Member")
        return SimpleNamespace(display_name=self.members[user_id])


async def test_names_are_fetched_once_then_cached_until_they_expire() -> None:
    now = [0.0]
    names = MemberNames(ttl=60, clock=lambda: now[0])
    guild = FakeGuild({1: "Alice"})
    assert await names.resolve(guild, [1, 2]) == {1: "Alice", 2: None}  # type: ignore[arg-type]
    assert await names.resolve(guild, [1, 2]) == {1: "Alice", 2: None}  # type: ignore[arg-type]
    assert sorted(guild.fetches) == [1, 2]  # a member who left is remembered as gone too
    guild.members[1] = "Ally"
    now[0] = 61
    assert await names.resolve(guild, [1]) == {1: "Ally"}  # type: ignore[arg-type]
    assert len(guild.fetches) == 3


async def test_slow_answers_do_not_delay_the_reply_beyond_the_budget() -> None:
    names = MemberNames(budget=0.5)
    guild = FakeGuild({1: "Alice", 2: "Bob"}, slow={2})
    resolved = await asyncio.wait_for(names.resolve(guild, [1, 2]), timeout=4)  # type: ignore[arg-type]
    assert resolved == {1: "Alice", 2: None}  # Bob's stored name will be shown
